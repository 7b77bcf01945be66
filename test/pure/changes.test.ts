/**
 * What Create or Update and Sync would change on a user: the write body against the user as either
 * profile of the API renders it (test/simulator/README.md, "Profiles"): the same value in another
 * form is no change, another value is. No n8n, no simulator.
 */
import type { IDataObject } from 'n8n-workflow';

import type { UserAttribute } from '../../nodes/Engagedly/people/attributeDefinitions';
import { changesFor, comparedValues, fieldsNotCarried, FULL_USER_INCLUDE, namedChanges, patchBody } from '../../nodes/Engagedly/actions/user/upsert/changes';
import { answerKey, USER_FIELDS } from '../../nodes/Engagedly/people/userFields';

const attribute = (attribute_key: string, data_type: string): UserAttribute => ({
	name: attribute_key,
	attribute_key,
	preset: false,
	mandatory: false,
	data_type,
	attribute_options: null,
});

const ATTRIBUTES = [
	attribute('custom-attribute-num', 'number'),
	attribute('custom-attribute-day', 'date'),
	attribute('custom-attribute-yes', 'boolean'),
	attribute('custom-attribute-many', 'multiple-select'),
	attribute('custom-attribute-text', 'text'),
];

/** A user as the contract profile renders the single user (the list element lacks departments, business units and birth date). */
const contractUser: IDataObject = {
	id: 'u1',
	email: 'Ana.Lima@example.test',
	first_name: 'Ana',
	last_name: 'Lima',
	middle_name: null,
	employee_id: null,
	phone_number: '+1-555-0100',
	job_title: { id: '11420', name: 'Engineer' },
	location: null,
	departments: [
		{ id: 'd2', name: 'Two', is_admin: false },
		{ id: 'd1', name: 'One', is_admin: true },
	],
	business_unit: [],
	birthdate: '02-04-1990',
	joining_date: '2024-09-01T00:00:00.000Z',
	primary_reporter: { id: 'm1', name: 'Max Manager' },
	custom_attributes: {
		'custom-attribute-num': { name: 'Years', value: '4' },
		'custom-attribute-day': { name: 'Day', value: '2024-01-15' },
		'custom-attribute-yes': { name: 'Remote', value: 'false' },
		'custom-attribute-many': { name: 'Languages', value: ['French', 'English'] },
		'custom-attribute-text': { name: 'Desk', value: null },
	},
};

/** The same user as the vendor profile renders it. */
const vendorUser: IDataObject = {
	...contractUser,
	employee_id: '',
	job_title: { id: 11420, name: 'Engineer' },
	joining_date: '2024-09-01',
	custom_attributes: {
		...(contractUser.custom_attributes as IDataObject),
		'custom-attribute-text': { name: 'Desk', value: '' },
	},
};

/** What Create's reader sends for that user. */
const sameUser: IDataObject = {
	email: 'ana.lima@example.test',
	first_name: 'Ana',
	last_name: 'Lima',
	phone_number: '+1-555-0100',
	job_title: '11420',
	departments: ['d1', 'd2'],
	birth_date: '1990-04-02',
	joining_date: '2024-09-01',
	manager_id: 'm1',
	employee_type: 'Intern',
	'custom-attribute-num': 4,
	'custom-attribute-day': '2024-01-15',
	'custom-attribute-yes': false,
	'custom-attribute-many': ['English', 'French'],
};

describe.each([
	['contract', contractUser],
	['vendor', vendorUser],
])('against the %s profile', (_profile, user) => {
	test('the same values in other forms: no change (ids as numbers, sets in another order, days, numbers and booleans as text, the email in another case, the create-only employee type)', () => {
		expect(changesFor(user, sameUser, ATTRIBUTES)).toEqual({});
	});

	test('other values: each field with its value before and the value to write, in the compared form', () => {
		const changed = {
			job_title: '11421',
			departments: ['d1'],
			manager_id: 'm2',
			joining_date: '2024-10-01',
			'custom-attribute-num': 5,
			'custom-attribute-yes': true,
			'custom-attribute-text': 'B-12',
		};
		const body = { ...sameUser, ...changed };
		const changes = changesFor(user, body, ATTRIBUTES);
		expect(changes).toEqual({
			job_title: { from: '11420', to: '11421' },
			departments: { from: ['d1', 'd2'], to: ['d1'] },
			manager_id: { from: 'm1', to: 'm2' },
			joining_date: { from: '2024-09-01', to: '2024-10-01' },
			'custom-attribute-num': { from: 4, to: 5 },
			'custom-attribute-yes': { from: false, to: true },
			'custom-attribute-text': { from: null, to: 'B-12' },
		});
		// The PATCH carries exactly the changed values, as the write body had them.
		expect(patchBody(body, Object.keys(changes))).toEqual(changed);
	});
});

test('a field the record does not carry is no change of its own, neither assumed changed nor unchanged: it is named, to be read where it is carried or written uncompared (title and gender, which the contract never shows)', () => {
	const withoutManager = { ...contractUser };
	delete withoutManager.primary_reporter;
	const body = { manager_id: 'm1', title: 'Dr.', gender: 'Female', last_name: 'Lima' };
	expect(changesFor(withoutManager, body, ATTRIBUTES)).toEqual({});
	expect(fieldsNotCarried(withoutManager, body, ATTRIBUTES)).toEqual(['manager_id', 'title', 'gender']);
	// Where the answer shows them (the vendor's User does), they are compared like any other field.
	expect(changesFor({ ...contractUser, title: 'Mr.', gender: 'Female' }, body, ATTRIBUTES)).toEqual({ title: { from: 'Mr.', to: 'Dr.' } });
});

test('a phone number of digits only is one value as a number or as text ("string or number")', () => {
	const digits = { ...contractUser, phone_number: 15550100 };
	expect(changesFor(digits, { phone_number: '15550100' }, ATTRIBUTES)).toEqual({});
	expect(changesFor({ ...contractUser, phone_number: '15550100' }, { phone_number: 15550100 }, ATTRIBUTES)).toEqual({});
	expect(changesFor(digits, { phone_number: '15550101' }, ATTRIBUTES)).toEqual({ phone_number: { from: '15550100', to: '15550101' } });
});

test('the fields a record does not carry are named, so they are read where they are carried (the contract list lacks memberships and the birth date; every list lacks HR managers and review dates)', () => {
	const listElement = { ...contractUser };
	for (const key of ['departments', 'business_unit', 'birthdate']) delete listElement[key];
	expect(fieldsNotCarried(contractUser, sameUser, ATTRIBUTES)).toEqual([]);
	expect(fieldsNotCarried(vendorUser, sameUser, ATTRIBUTES)).toEqual([]);
	expect(fieldsNotCarried(listElement, sameUser, ATTRIBUTES)).toEqual(['departments', 'birth_date']);
	expect(fieldsNotCarried(contractUser, { ...sameUser, hr_managers: ['u2'], review_date: '2026-01-01' }, ATTRIBUTES)).toEqual([
		'hr_managers',
		'review_date',
	]);
});

test('the address is compared only when asked (a user matched by employee ID), whatever its case and spaces; the create-only employee type never', () => {
	expect(changesFor(contractUser, { email: 'new.lima@example.test' }, ATTRIBUTES)).toEqual({});
	expect(changesFor(contractUser, { email: ' ANA.LIMA@example.test ' }, ATTRIBUTES, true)).toEqual({});
	expect(changesFor({ ...contractUser, employee_type: 'Full time' }, { employee_type: 'Intern' }, ATTRIBUTES, true)).toEqual({});
	expect(changesFor(contractUser, { email: 'new.lima@example.test' }, ATTRIBUTES, true)).toEqual({
		email: { from: 'Ana.Lima@example.test', to: 'new.lima@example.test' },
	});
});

/**
 * One form per kind of field, each side as it comes: the answer's odd and empty forms, the
 * item's. Each row is a user's value, the value to write and what differs (nothing: `{}`).
 */
describe('each kind of field compared in its own form', () => {
	const user = (fields: IDataObject): IDataObject => {
		// The day-first birth date is the list's; a row giving the other form stands without it.
		const { birthdate, ...rest } = contractUser;
		return { ...rest, ...('birthdate_as_date' in fields ? {} : { birthdate }), ...fields };
	};
	test.each<[string, IDataObject, IDataObject, IDataObject]>([
		['text with spaces around it is the same text', { last_name: 'Lima ' }, { last_name: ' Lima' }, {}],
		['text that reads as a date is still text', { level: 'Jan 15, 2024' }, { level: '2024-01-15' }, { level: { from: 'Jan 15, 2024', to: '2024-01-15' } }],
		['an option is text too, not a reference: spaces around it are the same option', { gender: ' Female ' }, { gender: 'Female' }, {}],
		['a date not given yet (null) takes its first day', { joining_date: null }, { joining_date: '2024-09-01' }, { joining_date: { from: null, to: '2024-09-01' } }],
		['a day first birth date with spaces around it is that day', { birthdate: ' 02-04-1990 ' }, { birth_date: '1990-04-02' }, {}],
		['the single answer’s date-typed birth date is compared where the day-first one is missing', { birthdate_as_date: '1990-04-02' }, { birth_date: '1990-04-03' }, { birth_date: { from: '1990-04-02', to: '1990-04-03' } }],
		['an attribute the record’s custom attributes do not hold is not set', { custom_attributes: {} }, { 'custom-attribute-text': 'B-4-17' }, { 'custom-attribute-text': { from: null, to: 'B-4-17' } }],
		['a list of units the answer gives as null is no units', { business_unit: null }, { businesses: [] }, {}],
		['a blank entry among the units to write is no unit', { departments: [{ id: 'd1', name: 'One' }] }, { departments: ['d1', ''] }, {}],
	])('%s', (_what, current, body, changes) => {
		expect(changesFor(user(current), body, ATTRIBUTES)).toEqual(changes);
	});

	const withAttribute = (key: string, value: unknown): IDataObject => user({ custom_attributes: { [key]: { name: key, value } } });
	test.each<[string, string, unknown, unknown, IDataObject | undefined]>([
		['a number not set is no number (not 0)', 'custom-attribute-num', null, 0, { from: null, to: 0 }],
		['a yes-no with spaces around it is that yes-no', 'custom-attribute-yes', ' true', true, undefined],
		['a date attribute as a timestamp is its day', 'custom-attribute-day', '2024-01-15T00:00:00.000Z', '2024-01-15', undefined],
		['a multiple-select the answer gives as one text is a list of one', 'custom-attribute-many', ' French ', ['French'], undefined],
		['a multiple-select compares its entries trimmed, in any order', 'custom-attribute-many', ['English ', ' French'], ['French', 'English'], undefined],
		['a multiple-select with another entry is another set', 'custom-attribute-many', ['English', 'French'], ['English', 'German'], { from: ['English', 'French'], to: ['English', 'German'] }],
	])('%s', (_what, key, current, wanted, change) => {
		expect(changesFor(withAttribute(key, current), { [key]: wanted } as IDataObject, ATTRIBUTES)).toEqual(change ? { [key]: change } : {});
	});
});

test('what a plan fingerprints: each field in the compared form, null where the record does not carry it', () => {
	expect(comparedValues(contractUser, ['last_name', 'job_title', 'departments', 'hr_managers', 'custom-attribute-num'], ATTRIBUTES)).toEqual([
		['last_name', 'Lima'],
		['job_title', '11420'],
		['departments', ['d1', 'd2']],
		['hr_managers', null],
		['custom-attribute-num', 4],
	]);
});

test('the single-user read includes every people field the table has, and the manager', () => {
	const people = USER_FIELDS.filter((field) => field.kind === 'users').map(answerKey);
	expect(people.length).toBeGreaterThan(0);
	expect(new Set(FULL_USER_INCLUDE.split(','))).toEqual(new Set(['primary_reporter', ...people]));
});

test('changes name what their ids point to from what the run read: people with their address, records with their name, an id nobody read with none', () => {
	const before = { ...contractUser, primary_reporter: null };
	const after = { ...contractUser, primary_reporter: { id: 'm2', name: 'Mia Manager', email: 'mia@example.test' } };
	const elsewhere = (wire: string, id: string) => (wire === 'job_title' && id === '11421' ? { id, name: 'Senior Engineer' } : undefined);
	const changes = {
		manager_id: { from: null, to: 'm2' },
		job_title: { from: '11420', to: '11421' },
		departments: { from: ['d1'], to: ['d1', 'd9'] },
		last_name: { from: 'Lima', to: 'Lim' },
	};
	expect(namedChanges(changes, [before, after], elsewhere)).toEqual({
		manager_id: { from: null, to: { id: 'm2', name: 'Mia Manager', email: 'mia@example.test' } },
		job_title: { from: { id: '11420', name: 'Engineer' }, to: { id: '11421', name: 'Senior Engineer' } },
		departments: { from: [{ id: 'd1', name: 'One' }], to: [{ id: 'd1', name: 'One' }, { id: 'd9', name: null }] },
		last_name: { from: 'Lima', to: 'Lim' },
	});
});
