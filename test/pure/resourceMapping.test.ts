/**
 * The Custom Attributes mapper (methods/resourceMapping.ts) from attribute definitions as
 * GET /user-attributes gives them (people/attributeDefinitions.ts reads them): one field each,
 * and the notice shown in their place when they cannot be read. test/user/customAttributes.test.ts
 * calls the mapper as the editor does, against the simulator's definitions.
 */
import type { UserAttribute } from '../../nodes/Engagedly/people/attributeDefinitions';
import { mapperFields, unavailableNotice } from '../../nodes/Engagedly/methods/resourceMapping';

const attribute = (over: Partial<UserAttribute>): UserAttribute => ({
	name: 'Cost Center',
	attribute_key: 'cost_center',
	preset: false,
	mandatory: false,
	data_type: 'text',
	attribute_options: null,
	...over,
});

const field = (over: object) => ({
	id: 'cost_center',
	displayName: 'Cost Center',
	required: false,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
	type: 'string',
	removed: true,
	...over,
});

const sizes = [{ value: 'S' }, { value: 'M' }];

describe('one field per custom attribute', () => {
	test.each([
		['text', attribute({}), field({})],
		['number', attribute({ data_type: 'number' }), field({ type: 'number' })],
		['date', attribute({ data_type: 'date' }), field({ type: 'dateTime' })],
		['boolean', attribute({ data_type: 'boolean' }), field({ type: 'boolean' })],
		['a kind the node does not know: text', attribute({ data_type: 'rich-text' }), field({})],
		[
			'single-select: its values as options',
			attribute({ data_type: 'single-select', attribute_options: sizes }),
			field({ type: 'options', options: [{ name: 'S', value: 'S' }, { name: 'M', value: 'M' }] }),
		],
		[
			'single-select without values says so',
			attribute({ data_type: 'single-select', attribute_options: [] }),
			field({ type: 'options', options: [], displayName: 'Cost Center (no options defined in Engagedly yet)' }),
		],
		[
			'multiple-select: its values in the label (the mapper has no widget for a list)',
			attribute({ data_type: 'multiple-select', attribute_options: sizes }),
			field({ type: 'array', displayName: 'Cost Center (any of: S, M)' }),
		],
		[
			'multiple-select without values says so',
			attribute({ data_type: 'multiple-select', attribute_options: null }),
			field({ type: 'array', displayName: 'Cost Center (no options defined in Engagedly yet)' }),
		],
	])('%s', (_name, definition, expected) => {
		expect(mapperFields([definition], 'update')).toEqual([expected]);
	});

	test.each([
		['create', true],
		['createOrUpdate', true],
		['sync', true],
		['replace', true],
		['update', false],
	])('a mandatory attribute on %s: shown at once and marked in its label %p, never n8n-required; a preset one is no field', (operation, mandatory) => {
		const definitions = [attribute({ mandatory: true }), attribute({ attribute_key: 'title', preset: true, mandatory: true })];
		const marked = mandatory ? { displayName: 'Cost Center (mandatory)', removed: false } : {};
		expect(mapperFields(definitions, operation)).toEqual([field({ required: false, ...marked })]);
	});
});

describe('the notice in place of the attributes when they cannot be read', () => {
	const fix = 'Fix the credential (or pick a working one), then close this node and open it again: the attributes load when the node opens.';
	test.each([
		['a message and a description, trimmed, each ending as a sentence', { message: ' 401 Unauthorized ', description: 'The key pair was rejected!' }, '401 Unauthorized. The key pair was rejected!'],
		['a full stop inside a message does not end it', { message: 'connect ECONNREFUSED 127.0.0.1:443' }, 'connect ECONNREFUSED 127.0.0.1:443.'],
		['a message ending in a bracket, trimmed', { message: ' Forbidden (403) ' }, 'Forbidden (403)'],
		['blank and non-text parts left out', { message: '  ', description: 42 }, '[object Object]'],
		['anything else as text', 'socket hang up', 'socket hang up'],
		['HTML in the message is shown as text', { message: `<b>Tom & Jerry's "shop"</b>` }, '&lt;b&gt;Tom &amp; Jerry&#39;s &quot;shop&quot;&lt;/b&gt;.'],
	])('%s', (_name, error, why) => {
		expect(unavailableNotice(error)).toBe(`Custom attributes could not be loaded: ${why} ${fix}`);
	});
});
