/**
 * What Create or Update and Sync would change on a user: the write body against the user as either
 * profile of the API renders it (test/simulator/README.md, "Profiles"): the same value in another
 * form is no change, another value is. No n8n, no simulator.
 */
import type { IDataObject } from 'n8n-workflow';

import type { UserAttribute } from '../../nodes/Engagedly/people/attributeDefinitions';
import { changesFor, fieldsNotCarried, patchBody } from '../../nodes/Engagedly/actions/user/changes';

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

test('the address is compared only when asked (a user matched by employee ID), whatever its case', () => {
	expect(changesFor(contractUser, { email: 'new.lima@example.test' }, ATTRIBUTES)).toEqual({});
	expect(changesFor(contractUser, { email: 'ANA.LIMA@example.test' }, ATTRIBUTES, true)).toEqual({});
	expect(changesFor(contractUser, { email: 'new.lima@example.test' }, ATTRIBUTES, true)).toEqual({
		email: { from: 'Ana.Lima@example.test', to: 'new.lima@example.test' },
	});
});
