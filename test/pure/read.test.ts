/**
 * Reading a user write's own fields (actions/user/fields/read.ts) as tables, over an item's
 * parameters as n8n hands them: the identity, the optional fields' collection on the wire, and
 * Clear Fields. Which operation reads which, and that nothing is sent after a refusal, is proven
 * by the engine suites (test/user/write, test/reliability/badInput).
 */
import type { IDataObject } from 'n8n-workflow';

import { readClearFields, readIdentity, readUserFields, readUserFieldValues } from '../../nodes/Engagedly/actions/user/fields/read';
import { ITEM, itemContext, refusal, request } from '../helpers/itemContext';

describe('the identity: email, first and last name, trimmed, none blank', () => {
	const identity = { email: ' ann@example.com ', firstName: ' Ann', lastName: 'Lee ' };
	const wire = { email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' };

	test('read from the item', () => {
		expect(readIdentity.call(itemContext(identity), ITEM)).toStrictEqual(wire);
	});

	test('or from values a run has read already (Sync), without reading the item again', () => {
		expect(readIdentity.call(itemContext({}), ITEM, identity)).toStrictEqual(wire);
	});

	test.each([
		['email', 'Email'],
		['firstName', 'First Name'],
		['lastName', 'Last Name'],
	])('%s blank is refused, naming it', (name, label) => {
		expect(refusal(() => readIdentity.call(itemContext({ ...identity, [name]: '  ' }), ITEM))).toEqual({
			message: `${label} is empty`,
			description: `${label} is mandatory in Engagedly: give it a value.`,
			itemIndex: ITEM,
		});
	});

	test('a name not set at all is refused as blank', () => {
		expect(refusal(() => readIdentity.call(itemContext({ email: 'ann@example.com', firstName: 'Ann' }), ITEM)).message).toBe('Last Name is empty');
	});

	test('an email that is no address is refused', () => {
		expect(refusal(() => readIdentity.call(itemContext({ ...identity, email: 'ann at example' }), ITEM))).toEqual({
			message: 'Email "ann at example" is not an email address',
			description: 'Enter an address such as name@company.com.',
			itemIndex: ITEM,
		});
	});
});

describe("the collection's values on the wire: only what was given", () => {
	const read = (given: IDataObject, write: 'create' | 'update' | 'replace' = 'update') => readUserFieldValues.call(itemContext({}), ITEM, given, write);

	test.each<[string, IDataObject, IDataObject, 'create' | 'update']>([
		['text trimmed, a number as text', { level: ' L3 ', employeeId: 42 }, { level: 'L3', employee_id: '42' }, 'update'],
		['a day from any form the editor gives', { joiningDate: '2024-01-15T09:30:00.000+05:30', birthDate: 'Jan 15, 2024' }, { joining_date: '2024-01-15', birth_date: '2024-01-15' }, 'update'],
		['a Workday date with its zone', { reviewDate: '2026-12-01-08:00', promotionDate: '2026-12-01Z' }, { review_date: '2026-12-01', promotion_date: '2026-12-01' }, 'update'],
		// The context's workflow is in Berlin: local midnight there is 23:00 UTC the day before.
		['a Date from an expression is the workflow’s day, not its UTC day', { joiningDate: new Date('2026-11-30T23:00:00Z') }, { joining_date: '2026-12-01' }, 'create'],
		['an option or a record by id, as text', { jobTitle: 7, gender: { id: ' g-1 ', name: 'F' } }, { job_title: '7', gender: 'g-1' }, 'update'],
		['records by id, a list', { departments: '1, 2', businesses: ['b-1'] }, { departments: ['1', '2'], businesses: ['b-1'] }, 'update'],
		['blank values and an empty list are not sent', { level: '  ', joiningDate: '', departments: [], jobTitle: null }, {}, 'update'],
		['a list of nothing but commas is not sent', { departments: ' , ' }, {}, 'update'],
		["an HR system's empty day is no day; the same text in a text field is text", { joiningDate: '0000-00-00', level: '0000-00-00' }, { level: '0000-00-00' }, 'update'],
		['fields the write does not show are not read', { education: 'MBA' }, {}, 'create'],
	])('%s', (_case, given, body, write) => {
		expect(read(given, write).body).toStrictEqual(body);
	});

	test('a field that names people is set apart, as given, unless blank', () => {
		const { body, people } = read({ manager: 'bo@example.com', hrManagers: '', secondaryManagers: ['u-1'] });
		expect(body).toStrictEqual({});
		expect(people.map(({ field, raw }) => [field.wire, raw])).toEqual([
			['manager_id', 'bo@example.com'],
			['secondary_managers', ['u-1']],
		]);
	});

	test.each([
		['text given a list', { level: ['a'] }, 'Level must be text', 'Enter Level as plain text, not a list or an object.'],
		['a date that is no day', { joiningDate: 'soon' }, 'Joining Date "soon" is not a date', 'Pick Joining Date in the date picker, or give a date as YYYY-MM-DD (e.g. 2024-01-15).'],
		['an email that is no address', { email: 'ann' }, 'Email "ann" is not an email address', 'Enter an address such as name@company.com.'],
	])('%s is refused, naming the field', (_case, given, message, description) => {
		expect(refusal(() => read(given))).toEqual({ message, description, itemIndex: ITEM });
	});
});

test('the people fields given by id join the body after every other value: one person as an id, several as a list; a locator or a list that names nobody is left out', async () => {
	const given = { level: 'L3', manager: 'u-9', secondaryManagers: 'u-1, u-2', hrManagers: ' , ' };
	const parameters = { updateFields: given, ...Object.fromEntries(Object.entries(given).map(([name, value]) => [`updateFields.${name}`, value])) };
	expect(await readUserFields.call(itemContext(parameters), ITEM, 'updateFields', { write: 'update', request })).toStrictEqual({
		level: 'L3',
		manager_id: 'u-9',
		secondary_managers: ['u-1', 'u-2'],
	});
	const nobody = { manager: { __rl: true, mode: 'list', value: '' } };
	const parametersOfNobody = { updateFields: nobody, 'updateFields.manager': nobody.manager };
	expect(await readUserFields.call(itemContext(parametersOfNobody), ITEM, 'updateFields', { write: 'update', request })).toStrictEqual({});
});

describe('Clear Fields: each chosen field emptied on the wire', () => {
	const clear = (chosen: unknown, given: IDataObject = {}) => readClearFields.call(itemContext({ clearFields: chosen }), ITEM, { given });

	test.each<[string, unknown, IDataObject]>([
		['nothing chosen', [], {}],
		['a field as null, a list as an empty list, people as none', ['level', 'departments', 'secondaryManagers', 'manager'], { level: null, departments: [], secondary_managers: [], manager_id: null }],
		['a choice this version does not know is passed over', ['shoeSize'], {}],
	])('%s', (_case, chosen, cleared) => {
		expect(clear(chosen)).toStrictEqual(cleared);
	});

	test('a field both given a value and chosen is refused', () => {
		expect(refusal(() => clear(['level'], { level: 'L3' }))).toEqual({
			message: 'Level is both given a value and chosen under Clear Fields',
			description: 'Remove it from Update Fields or from Clear Fields. Nothing was sent.',
			itemIndex: ITEM,
		});
	});
});
