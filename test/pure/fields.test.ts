/**
 * What the User Updated trigger reads and compares of a watched field (trigger/fields.ts): the
 * value from a list element in either description's forms, and when two polls saw the same value.
 * Pure functions, milliseconds.
 */
import { includeFor, readField, sameValue } from '../../nodes/Engagedly/trigger/fields';

test.each([
	[['manager', 'email'], 'primary_reporter'],
	[['email', 'job_title'], undefined],
	[[], undefined],
])('the user list is asked to include, for %j: %j', (fields, include) => {
	expect(includeFor(fields)).toBe(include);
});

describe('readField: a watched value as saved and reported', () => {
	test.each([
		['the manager, from the included primary reporter', { primary_reporter: { id: 5, name: 'Mo' } }, 'manager', { id: '5', name: 'Mo' }],
		['the manager when none is included', {}, 'manager', null],
		['a record as { id, name } with a string id', { job_title: { id: 3, name: 'Engineer' } }, 'job_title', { id: '3', name: 'Engineer' }],
		['a record with no name', { location: { id: '4' } }, 'location', { id: '4', name: null }],
		['a record given by its name alone (employee_type in the contract)', { employee_type: 'Intern' }, 'employee_type', 'Intern'],
		['a record that is null', { job_title: null }, 'job_title', null],
		['a record that is absent', {}, 'job_title', null],
		['a record that comes as a list is kept as it comes', { job_title: ['x'] }, 'job_title', ['x']],
		['a text field', { first_name: 'Ada' }, 'first_name', 'Ada'],
		['a phone number given as a number, as its text', { phone_number: 5551234 }, 'phone_number', '5551234'],
		['an absent text field', {}, 'middle_name', null],
		['a list field as it comes', { departments: [{ id: 1 }] }, 'departments', [{ id: 1 }]],
		['a custom attribute, from custom_attributes', { custom_attributes: { 'custom-attribute-1': { value: 'x' } } }, 'custom-attribute-1', 'x'],
		['a custom attribute of another user shape', { 'custom-attribute-1': 'top level' }, 'custom-attribute-1', null],
		['a custom attribute with no value', { custom_attributes: { 'custom-attribute-1': {} } }, 'custom-attribute-1', null],
		['a custom attribute not set', { custom_attributes: {} }, 'custom-attribute-1', null],
		['custom attributes that are not a map', { custom_attributes: ['x'] }, 'custom-attribute-1', null],
	])('%s', (_name, user, key, value) => {
		expect(readField(user, key)).toEqual(value);
	});
});

describe('identity and sameValue: what counts as a change', () => {
	test.each([
		['a renamed record (compared by id)', { id: 3, name: 'Sales' }, { id: '3', name: 'Revenue' }],
		['units in another order, one renamed', [{ id: 'd1', name: 'One' }, { id: 'd2', is_admin: true }], [{ id: 'd2', is_admin: true }, { id: 'd1', name: 'X' }]],
		['null and undefined', null, undefined],
		['a blank and null', '', null],
		['a day and its midnight (ISO)', '2024-01-15', '2024-01-15T00:00:00.000Z'],
		['a day and its midnight with no seconds', '2024-01-15', '2024-01-15T00:00'],
		['a day and its midnight with no fraction or zone', '2024-01-15', '2024-01-15T00:00:00'],
		['a day and its midnight, Z with no seconds', '2024-01-15', '2024-01-15T00:00Z'],
		['a day and its midnight at +00:00', '2024-01-15', '2024-01-15T00:00:00+00:00'],
		['a day and its midnight at -0000', '2024-01-15', '2024-01-15T00:00:00-0000'],
		['a record by its name and as { id, name }', 'Intern', { id: '7', name: 'Intern' }],
		['a record as { id, name } and by its name', { id: 7, name: 'Intern' }, 'Intern'],
	])('the same: %s', (_name, previous, current) => {
		expect(sameValue(previous, current)).toBe(true);
	});

	test.each([
		['another record', { id: 3, name: 'Sales' }, { id: 4, name: 'Sales' }],
		['a unit made administrator', [{ id: 'd1' }], [{ id: 'd1', is_admin: true }]],
		['units 1 and 23, units 12 and 3', [{ id: 1 }, { id: 23 }], [{ id: 12 }, { id: 3 }]],
		['a list with a unit and a text, the text changed', [{ id: 1 }, 'x'], [{ id: 1 }, 'y']],
		['another status', 'Active', 'Blocked'],
		['texts in another order', ['English', 'French'], ['French', 'English']],
		['objects with no id', { name: 'a' }, { name: 'b' }],
		['a day and another time of it', '2024-01-15', '2024-01-15T10:00:00Z'],
		['a day and its midnight elsewhere', '2024-01-15', '2024-01-15T00:00:00+05:30'],
		['a day and text that ends with it', '2024-01-15', 'x2024-01-15'],
		['a blank and a text', '', 'a'],
		['no manager and a manager', undefined, { id: '3' }],
		['no manager and a manager with no name', null, { id: '3', name: null }],
		['a name and another record', 'Intern', { id: '8', name: 'Contractor' }],
	])('a change: %s', (_name, previous, current) => {
		expect(sameValue(previous, current)).toBe(false);
	});
});
