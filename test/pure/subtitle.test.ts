/**
 * The canvas subtitles (subtitle.ts): the expression n8n evaluates with `$parameter` only, built
 * from the description. Evaluated here as n8n would, with the words looked up and the raw value
 * for anything the table does not know. Pure, milliseconds.
 */
import type { INodeProperties } from 'n8n-workflow';

import { optionSubtitle, operationSubtitle } from '../../nodes/Engagedly/subtitle';

/** The expression's body with `$parameter`, as the editor evaluates it. */
function evaluate(expression: string, parameter: Record<string, string>): unknown {
	const body = /^=\{\{ ([\s\S]*) \}\}$/.exec(expression)?.[1];
	expect(body).toBeDefined();
	// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- the editor evaluates this expression; so does the test, on the node's own text
	return new Function('$parameter', `return (${body});`)(parameter);
}

const properties: INodeProperties[] = [
	// A parameter named operation that is not the picker is passed over when its words are read.
	{ displayName: 'Operation', name: 'operation', type: 'string', default: '' },
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		displayOptions: { show: { resource: ['department', 'business'] } },
		options: [
			{ name: 'Add Members', value: 'addMembers', action: 'Add members to a department' },
			{ name: 'Get', value: 'get', action: 'Get an ITEM from the list' },
			{ name: 'No Action', value: 'quiet' },
		],
		default: 'get',
	},
	// Only the operation pickers count: another parameter's actions, or a multi-select named
	// operation, would otherwise overwrite their words.
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'multiOptions',
		displayOptions: { show: { resource: ['department'] } },
		options: [{ name: 'Get', value: 'get', action: 'Wrong words' }],
		default: [],
	},
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		displayOptions: { show: { resource: ['department'] } },
		options: [{ name: 'Get', value: 'get', action: 'Other words' }],
		default: 'get',
	},
	{ displayName: 'Event', name: 'event', type: 'options', options: [{ name: 'New Praise', value: 'newPraise' }], default: 'newPraise' },
];

test.each([
	[{ resource: 'department', operation: 'addMembers' }, 'Add members to department'],
	[{ resource: 'business', operation: 'addMembers' }, 'Add members to department'],
	[{ resource: 'department', operation: 'get' }, 'Get item from list'],
	[{ resource: 'department', operation: 'quiet' }, 'quiet'],
	[{ resource: 'user', operation: 'get' }, 'get'],
])('operation subtitle for %j: %j', (parameter, words) => {
	expect(evaluate(operationSubtitle(properties), parameter)).toBe(words);
});

test.each([
	[{ event: 'newPraise' }, 'New praise'],
	[{ event: 'unknown' }, 'unknown'],
])('option subtitle for %j: %j', (parameter, words) => {
	expect(evaluate(optionSubtitle(properties, 'event'), parameter)).toBe(words);
});

test('an option subtitle for a parameter the description lacks shows its raw value', () => {
	expect(optionSubtitle(properties, 'missing')).toBe('={{ $parameter["missing"] }}');
	expect(optionSubtitle(properties, 'operation')).toContain('"get":"Get"');
});
