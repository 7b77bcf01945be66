/**
 * Dry Run's user (actions/user/upsert/projection.ts) as a table: what Engagedly would answer after
 * the write, from the user as an answer gives them (or nobody, for a creation) and the body the
 * write would send, with the lists and people the run has read handed in.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { projectedUser } from '../../nodes/Engagedly/actions/user/upsert/projection';
import type { Lists } from '../../nodes/Engagedly/actions/user/upsert/lookups';
import type { People } from '../../nodes/Engagedly/actions/user/upsert/write';
import type { RecordKind } from '../../nodes/Engagedly/actions/records/kinds';
import type { UserAttribute } from '../../nodes/Engagedly/people/attributeDefinitions';
import { UserSchema } from '../schemas/engagedly';

const RECORDS: Record<string, IDataObject[]> = {
	'/job_titles': [{ id: 'jt-1', name: 'Engineer' }],
	'/locations': [{ id: 7, name: 'Pune' }],
	'/departments': [
		{ id: 'd-1', name: 'R&D' },
		{ id: 'd-2', name: 'Ops' },
	],
	'/businesses': [{ id: 'b-1', name: 'EMEA' }],
};
const lists: Lists = {
	read: async (kind: RecordKind) => RECORDS[kind.path],
	readAlready: async () => [],
};

const ADA: IDataObject = {
	id: 'u-1',
	name: 'Ada Lovelace',
	email: 'ada@example.com',
	primary_reporter: { id: 'u-0' },
	direct_reports: [{ id: 'u-3' }],
	hr_managers: [],
	secondary_managers: [],
};
const people: People = (id) => (id === 'u-1' ? ADA : undefined);

const attribute = (attribute_key: string, data_type: string, preset = false): UserAttribute => ({
	name: `The ${attribute_key}`,
	attribute_key,
	preset,
	mandatory: false,
	data_type,
	attribute_options: null,
});
const ATTRIBUTES = [attribute('shirt', 'single-select'), attribute('skills', 'multiple-select'), attribute('gender', 'single-select', true)];

const project = async (base: IDataObject | null, body: IDataObject) =>
	await projectedUser.call({} as IExecuteFunctions, base, body, { itemIndex: 0, maxRateLimitWaitSeconds: 0 }, { lists, people, attributes: ATTRIBUTES });

test('a user the run would create is every field of the contract’s User, blank, with the non-preset attributes blank and the name from the names given', async () => {
	// The contract's single-user fields (its User table, as test/schemas holds it), not this file's copy of them.
	const contractFields = Object.keys(UserSchema.shape).filter((key) => !UserSchema.shape[key as keyof typeof UserSchema.shape].isOptional());
	expect(await project(null, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' })).toEqual({
		...Object.fromEntries(contractFields.map((key) => [key, null])),
		name: 'Grace Hopper',
		status: 'Active',
		email: 'grace@example.com',
		first_name: 'Grace',
		last_name: 'Hopper',
		custom_attributes: { shirt: { name: 'The shirt', value: null }, skills: { name: 'The skills', value: [] } },
		departments: [],
		business_unit: [],
	});
});

const BASE: IDataObject = {
	id: 'u-9',
	// Engagedly's name is its own: here not the first and last names joined.
	name: 'Old M. Name',
	first_name: 'Old',
	middle_name: 'M.',
	last_name: 'Name',
	level: 'L1',
	job_title: null,
	location: null,
	departments: [{ id: 'd-2', name: 'Ops', is_admin: true }],
	business_unit: [],
	primary_reporter: null,
	hr_managers: [],
	joining_date: '2020-01-01',
	promotion_date: '2021-05-01T00:00:00.000Z',
	review_date: null,
	birthdate: null,
	custom_attributes: null,
};

test.each<[string, IDataObject, IDataObject]>([
	['a job title becomes its id and the name the list gives it', { job_title: 'jt-1' }, { job_title: { id: 'jt-1', name: 'Engineer' } }],
	['an id the list does not have keeps it, with no name', { job_title: 'jt-404' }, { job_title: { id: 'jt-404', name: null } }],
	['a number id in the list matches its string', { location: '7' }, { location: { id: '7', name: 'Pune' } }],
	['a blank reference clears it', { location: '' }, { location: null }],
	[
		'departments keep whether the user administers each one they keep',
		{ departments: ['d-1', 'd-2'] },
		{
			departments: [
				{ id: 'd-1', name: 'R&D', is_admin: false },
				{ id: 'd-2', name: 'Ops', is_admin: true },
			],
		},
	],
	['departments given as no list are none', { departments: 'd-1' }, { departments: [] }],
	['businesses show where answers show them', { businesses: ['b-1'] }, { business_unit: [{ id: 'b-1', name: 'EMEA', is_admin: false }] }],
	[
		'a manager the run knows is their record without its own embeds',
		{ manager_id: 'u-1' },
		{ primary_reporter: { id: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com' } },
	],
	['a manager the run does not know is their id', { manager_id: 'u-2' }, { primary_reporter: { id: 'u-2' } }],
	['a blank manager is none', { manager_id: '' }, { primary_reporter: null }],
	['HR managers are people too', { hr_managers: ['u-2'] }, { hr_managers: [{ id: 'u-2' }] }],
	['HR managers given as no list are none', { hr_managers: 'u-2' }, { hr_managers: [] }],
	['a birth date shows day first', { birth_date: '1990-12-31' }, { birthdate: '31-12-1990' }],
	['a blank birth date is none', { birth_date: '' }, { birthdate: null }],
	['a date where the answer has a day stays a day', { joining_date: '2024-02-03' }, { joining_date: '2024-02-03' }],
	['a date where the answer has a timestamp becomes one', { promotion_date: '2024-02-03' }, { promotion_date: '2024-02-03T00:00:00.000Z' }],
	['a date where the answer has none is a timestamp', { review_date: '2024-02-03' }, { review_date: '2024-02-03T00:00:00.000Z' }],
	['a blank date is none', { joining_date: '' }, { joining_date: null }],
	['a text field takes its value', { level: 'L2' }, { level: 'L2' }],
	['a blank text field is none', { level: '' }, { level: null }],
	['a field the answer never shows stays unshown', { title: 'Dr' }, {}],
	['an attribute becomes its name and value', { shirt: 'M' }, { custom_attributes: { shirt: { name: 'The shirt', value: 'M' } } }],
	['a number attribute value is written as text', { shirt: 3 }, { custom_attributes: { shirt: { name: 'The shirt', value: '3' } } }],
	['a multiple-select attribute is its values as text', { skills: ['go', 2] }, { custom_attributes: { skills: { name: 'The skills', value: ['go', '2'] } } }],
	['a blank attribute is none', { shirt: '' }, { custom_attributes: { shirt: { name: 'The shirt', value: null } } }],
	['a preset attribute is not a custom one', { gender: 'f' }, {}],
	['a new first name renames the user', { first_name: 'New' }, { first_name: 'New', name: 'New Name' }],
	['a new last name renames the user', { last_name: 'Newer' }, { last_name: 'Newer', name: 'Old Newer' }],
	['names cleared leave no name', { first_name: '', last_name: '' }, { first_name: null, last_name: null, name: null }],
])('an update: %s', async (_title, body, changed) => {
	// The base's null attributes become none, then what the row changes.
	expect(await project(BASE, body)).toEqual({ ...BASE, custom_attributes: {}, ...changed });
});

test('a birth date where the answer also shows it as a day is written there too', async () => {
	const base = { ...BASE, birthdate: '01-01-1980', birthdate_as_date: '1980-01-01' };
	expect(await project(base, { birth_date: '1990-12-31' })).toMatchObject({ birthdate: '31-12-1990', birthdate_as_date: '1990-12-31' });
	expect(await project(base, { birth_date: '' })).toMatchObject({ birthdate: null, birthdate_as_date: null });
});

test('an update keeps the attributes the user has and does not add the blank ones a creation shows', async () => {
	const base = { ...BASE, custom_attributes: { skills: { name: 'The skills', value: ['go'] } } };
	expect((await project(base, { shirt: 'L' })).custom_attributes).toEqual({
		skills: { name: 'The skills', value: ['go'] },
		shirt: { name: 'The shirt', value: 'L' },
	});
});

test('the lists are read only for a reference the body gives, and the base is not changed', async () => {
	const read: string[] = [];
	const counting: Lists = { read: async (kind: RecordKind) => (read.push(kind.path), RECORDS[kind.path]), readAlready: async () => [] };
	const base = structuredClone(BASE);
	await projectedUser.call({} as IExecuteFunctions, base, { level: 'L3', location: '' }, { itemIndex: 0, maxRateLimitWaitSeconds: 0 }, {
		lists: counting,
		people,
		attributes: ATTRIBUTES,
	});
	expect(read).toEqual([]);
	expect(base).toEqual(BASE);
});
