/**
 * Every parameter is checked against its own declaration before an operation runs
 * (parameters/check.ts): a table of declarations, values an expression could give, and what the
 * builder is told. test/reliability/badInput.test.ts shows the same refusals stopping an item
 * through n8n's engine with nothing sent.
 */
import type { INodeProperties } from 'n8n-workflow';

import { parameterProblem } from '../../nodes/Engagedly/parameters/check';

const text: INodeProperties = { displayName: 'Name', name: 'name', type: 'string', default: '' };
const count: INodeProperties = { displayName: 'Limit', name: 'limit', type: 'number', default: 50 };
const flag: INodeProperties = { displayName: 'Simplify', name: 'simplify', type: 'boolean', default: false };
/** A list of fixed choices, as n8n declares one: each shown by its name, sent as its value. */
const choices = (displayName: string, name: string, type: 'options' | 'multiOptions', values: Array<[string, string | number]>): INodeProperties => ({
	displayName,
	name,
	type,
	default: type === 'options' ? values[0][1] : [],
	options: values.map(([label, value]) => ({ name: label, value })),
});

const mode = choices('Mode', 'mode', 'options', [['Add', 'add'], ['Remove', 'remove']]);
const size = choices('Page Size', 'size', 'options', [['25', 25], ['50', 50]]);
const withZero = choices('Days', 'days', 'options', [['None', 0], ['A Week', 7]]);
const fixed = choices('Fields', 'fields', 'multiOptions', [['Name', 'name'], ['Email', 'email']]);
const listed: INodeProperties = { displayName: 'Location Name or ID', name: 'location', type: 'options', default: '', typeOptions: { loadOptionsMethod: 'getLocations' }, options: [] };
const listedMany: INodeProperties = { ...listed, displayName: 'Location Names or IDs', typeOptions: { loadOptionsMethod: 'getLocations', multipleValues: true } };
const picked: INodeProperties = { displayName: 'Department Names or IDs', name: 'departments', type: 'multiOptions', default: [], typeOptions: { loadOptionsMethod: 'getDepartments' } };
const user: INodeProperties = { displayName: 'User', name: 'userId', type: 'resourceLocator', default: { mode: 'list', value: '' }, modes: [] };
const ids: INodeProperties = { displayName: 'User IDs', name: 'userIds', type: 'string', default: '', typeOptions: { multipleValues: true } };
const counts: INodeProperties = { displayName: 'Levels', name: 'levels', type: 'number', default: 0, typeOptions: { multipleValues: true } };
const extra: INodeProperties = { displayName: 'Additional Fields', name: 'additionalFields', type: 'collection', default: {}, options: [text, { ...count, displayName: 'Level' }] };
const notice: INodeProperties = { displayName: 'Read this', name: 'notice', type: 'notice', default: '' };

describe('a value the declaration allows passes', () => {
	test.each([
		['text', text, 'Ada'],
		['a number as text', count, ' 12 '],
		['a number', count, 12],
		['an emptied number', count, ''],
		['a boolean', flag, false],
		['an option', mode, 'remove'],
		['a numeric option given as text', size, '50'],
		['an id for a dropdown filled from Engagedly', listed, 'loc-1'],
		['a record with its id for such a dropdown', listed, { id: 'loc-1', name: 'Pune' }],
		['ids, records and numbers for a picker filled from Engagedly', picked, ['d-1', { id: 'd-2' }, 3]],
		['a comma-separated text of allowed options', fixed, 'name, email'],
		['an empty entry in allowed options', fixed, ['name', '']],
		['a picked user', user, { __rl: true, mode: 'list', value: 'u-1' }],
		['a user id mapped in as a record', user, { id: 'u-1' }],
		['a list of ids, records with an id, and entries left empty', ids, ['u-1', { id: 'u-2' }, '', []]],
		['a list of numbers', counts, [1, '2']],
		['a collection whose fields are right', extra, { name: 'Ada', limit: '3' }],
		['a number for text', text, 42],
		['a boolean for text', text, true],
		['a user id typed as plain text', user, 'u-1'],
		['a picked user with no value', user, { __rl: true, mode: 'list', value: null }],
		['an empty entry among picked ids', picked, ['d-1', null, undefined]],
		['a list of ids for a multi-value dropdown filled from Engagedly', listedMany, ['loc-1', 'loc-2']],
		['zero for a numeric option', withZero, 0],
		['a collection set to null', extra, null],
		['nothing set', text, undefined],
		['null', count, null],
	])('%s', (_name, property, value) => {
		expect(parameterProblem([property], { [property.name]: value })).toBeUndefined();
	});
});

describe('a value the editor could not have produced is refused, naming the field', () => {
	test.each([
		['a list where text belongs', text, ['a'], 'Name must be text, not a list or an object'],
		['an object where text belongs', text, { a: 1 }, 'Name must be text, not a list or an object'],
		['text that is not a number', count, 'ten', 'Limit must be a number (got "ten")'],
		['a blank text for a number', count, '  ', 'Limit must be a number (got "  ")'],
		['infinity', count, Infinity, 'Limit must be a number (got "Infinity")'],
		['text for a boolean', flag, 'true', 'Simplify must be true or false (got "true")'],
		['an option in another case', mode, 'Add', 'Mode must be one of "add", "remove" (got "Add")'],
		['a number not in the list', size, 30, 'Page Size must be one of "25", "50" (got 30)'],
		['a list for a dropdown filled from Engagedly', listed, ['loc-1'], 'Location Name or ID must be an ID or a name from the list, not a list or an object'],
		['a record without an id for such a dropdown', listed, { name: 'Pune' }, 'Location Name or ID must be an ID or a name from the list, not a list or an object'],
		['an option outside the list among allowed ones', fixed, ['name', 'phone'], 'Fields may only hold "name", "email" (got "phone")'],
		['a comma-separated text with one not allowed', fixed, 'name, phone', 'Fields may only hold "name", "email" (got "phone")'],
		['one option outside the list, not in a list', fixed, 'phone', 'Fields may only hold "name", "email" (got "phone")'],
		['a nested list in a picker filled from Engagedly', picked, ['d-1', ['d-2']], 'Department Names or IDs must be IDs (text, numbers, or records with an id)'],
		['one option outside the list, given as a number', fixed, 7, 'Fields may only hold "name", "email" (got 7)'],
		['false for a numeric option 0', withZero, false, 'Days must be one of "0", "7" (got false)'],
		['a nested list among a list of ids', ids, ['u-1', ['u-2']], 'User IDs must be text, not a list or an object'],
		['a record among a list of numbers', counts, [1, { id: 2 }], 'Levels must be a number (got "[object Object]")'],
		['a user given as a list', user, { __rl: true, mode: 'id', value: ['u-1'] }, 'User must be an ID, not a list or an object'],
		['a user given as a record without an id', user, { name: 'Ada' }, 'User must be an ID, not a list or an object'],
		['an object among a list of ids', ids, ['u-1', { name: 'x' }], 'User IDs must be text, not a list or an object'],
		['text among a list of numbers', counts, [1, 'two'], 'Levels must be a number (got "two")'],
		['a list where a collection belongs', extra, [], 'Additional Fields must be a set of fields'],
		['text where a collection belongs', extra, 'name', 'Additional Fields must be a set of fields'],
		['a wrong field inside a collection, named under it', extra, { limit: 'x' }, 'Level (under Additional Fields) must be a number (got "x")'],
	])('%s', (_name, property, value, problem) => {
		expect(parameterProblem([property], { [property.name]: value })).toBe(problem);
	});

	test('the first wrong parameter is named; one not set, and a notice, are not checked', () => {
		expect(parameterProblem([notice, text, count, flag], { notice: { any: 'thing' }, limit: 'x', simplify: 'no' })).toBe('Limit must be a number (got "x")');
		expect(parameterProblem([text, count], {})).toBeUndefined();
	});

	test('a collection whose fields are right does not end the check: the next parameter is checked', () => {
		expect(parameterProblem([extra, count], { additionalFields: { name: 'Ada' }, limit: 'x' })).toBe('Limit must be a number (got "x")');
	});

	test('a field a collection does not declare is not checked', () => {
		expect(parameterProblem([extra], { additionalFields: { other: { deep: true } } })).toBeUndefined();
	});

	test('a collection declared without fields has none to check', () => {
		const bare: INodeProperties = { displayName: 'Options', name: 'options', type: 'collection', default: {} };
		expect(parameterProblem([bare], { options: { any: ['thing'] } })).toBeUndefined();
	});
});
