/**
 * An item's custom attribute values checked against the definitions a run read
 * (actions/user/fields/customAttributes.ts, readCustomAttributes), as a table: each data type's
 * accepted forms and what it says of the others, attributes gone since the node was set up, and
 * the mandatory ones a creation must give. Every problem of the item is reported at once, before
 * any write. test/user/customAttributes.test.ts proves the definitions are read live, once per run.
 */
import type { ResourceMapperValue } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	readCustomAttributes,
	type CustomAttributeCheck,
} from '../../nodes/Engagedly/actions/user/fields/customAttributes';
import type { UserAttribute } from '../../nodes/Engagedly/people/attributeDefinitions';
import { ITEM, itemContext, request } from '../helpers/itemContext';

const attribute = (
	attribute_key: string,
	data_type: string,
	over: Partial<UserAttribute> = {},
): UserAttribute => ({
	name: attribute_key.replace('custom-attribute-', '').toUpperCase(),
	attribute_key,
	preset: false,
	mandatory: false,
	data_type,
	attribute_options: null,
	...over,
});
const options = (...values: string[]) => ({
	attribute_options: values.map((value) => ({ value })),
});

const ATTRIBUTES = [
	attribute('custom-attribute-text', 'text'),
	attribute('custom-attribute-number', 'number'),
	attribute('custom-attribute-date', 'date'),
	attribute('custom-attribute-boolean', 'boolean'),
	attribute('custom-attribute-single', 'single-select', options('Red', 'red', 'Blue', '3')),
	attribute('custom-attribute-multi', 'multiple-select', options('English', 'French', 'Hindi')),
	attribute('custom-attribute-empty', 'single-select'),
	attribute('custom-attribute-emptymulti', 'multiple-select'),
	attribute('custom-attribute-document', 'document'),
	attribute('gender', 'single-select', { preset: true }),
];

/** The mapper as the editor saved it: without a schema when the node never loaded the definitions. */
const mapper = (
	value: Record<string, unknown>,
	schema?: Array<{ id: string; displayName: string }>,
) =>
	({
		mappingMode: 'defineBelow',
		value,
		...(schema && { schema }),
	}) as unknown as ResourceMapperValue;

const read = async (value: Record<string, unknown>, check: Partial<CustomAttributeCheck> = {}) =>
	await readCustomAttributes.call(itemContext({}), ITEM, {
		write: 'update',
		body: {},
		request,
		mapper: mapper(value),
		attributes: ATTRIBUTES,
		...check,
	});

/** What the item's refusal says: its message, the fix, and the item it names. */
async function refused(value: Record<string, unknown>, check: Partial<CustomAttributeCheck> = {}) {
	const error = await read(value, check).then(
		() => undefined,
		(thrown: unknown) => thrown,
	);
	expect(error).toBeInstanceOf(NodeOperationError);
	const { message, description, context } = error as NodeOperationError;
	return { message, description, itemIndex: context.itemIndex };
}

const CHECKED =
	'\n\nChecked against the attribute definitions Engagedly has now (GET /user-attributes); nothing was sent.';

test.each<[string, unknown, unknown]>([
	['text', 'Blue team', 'Blue team'],
	['text', 4, '4'],
	['text', false, 'false'],
	['number', 4, 4],
	['number', ' -2.5 ', -2.5],
	['number', '12', 12],
	['number', '2.55', 2.55],
	['date', '2024-01-15', '2024-01-15'],
	['date', '2024-01-15T09:00:00.000Z', '2024-01-15'],
	['date', 'Jan 15, 2024', '2024-01-15'],
	// A Date from an expression is its day in the workflow's zone (Europe/Berlin here), not UTC's.
	['date', new Date('2024-01-14T23:30:00.000Z'), '2024-01-15'],
	['date', '2024-01-15-08:00', '2024-01-15'],
	['boolean', true, true],
	['boolean', ' TRUE ', true],
	['boolean', 'False', false],
	['single', 'Blue', 'Blue'],
	['single', ' blue ', 'Blue'],
	['single', 'red', 'red'],
	['single', 'RED', 'Red'],
	['single', 3, '3'],
	['multi', ['French', 'english'], ['French', 'English']],
	['multi', '["Hindi"]', ['Hindi']],
	['multi', ' ["Hindi", "french"] ', ['Hindi', 'French']],
	['multi', 'English, french,,', ['English', 'French']],
	['multi', '[not json, Hindi', undefined],
	['multi', 'English, English', ['English']],
	['multi', '{"a":1}', undefined],
	['multi', '"Hindi"', undefined],
	['text', '0000-00-00', '0000-00-00'],
	[
		'document',
		{ url: 'https://files.example.com/cv.pdf' },
		{ url: 'https://files.example.com/cv.pdf' },
	],
])('a %s attribute given %j is sent as %j', async (key, given, sent) => {
	const wire = `custom-attribute-${key}`;
	if (sent === undefined) {
		// Text that is not a JSON list is read as comma-separated values, which these are not among.
		expect((await refused({ [wire]: given })).message).toContain('not among its options');
		return;
	}
	expect(await read({ [wire]: given })).toEqual({ [wire]: sent });
});

test.each<[string, unknown, string]>([
	[
		'text',
		{ a: 1 },
		'Custom attribute "TEXT" (custom-attribute-text) must be text, not {"a":1}: enter plain text',
	],
	[
		'number',
		'four',
		'Custom attribute "NUMBER" (custom-attribute-number) must be a number, not "four": enter digits such as 4 or 2.5',
	],
	[
		'number',
		Number.POSITIVE_INFINITY,
		'Custom attribute "NUMBER" (custom-attribute-number) must be a number, not null: enter digits such as 4 or 2.5',
	],
	[
		'number',
		'about 4',
		'Custom attribute "NUMBER" (custom-attribute-number) must be a number, not "about 4": enter digits such as 4 or 2.5',
	],
	[
		'number',
		'say "4"',
		'Custom attribute "NUMBER" (custom-attribute-number) must be a number, not "say "4"": enter digits such as 4 or 2.5',
	],
	[
		'number',
		'4 apples',
		'Custom attribute "NUMBER" (custom-attribute-number) must be a number, not "4 apples": enter digits such as 4 or 2.5',
	],
	[
		'date',
		'next week',
		'Custom attribute "DATE" (custom-attribute-date) must be a date, not "next week": pick it in the date picker or write YYYY-MM-DD (e.g. 2024-01-15)',
	],
	[
		'boolean',
		'yes',
		'Custom attribute "BOOLEAN" (custom-attribute-boolean) accepts only true or false, not "yes"',
	],
	[
		'boolean',
		'not true',
		'Custom attribute "BOOLEAN" (custom-attribute-boolean) accepts only true or false, not "not true"',
	],
	[
		'boolean',
		'falsely',
		'Custom attribute "BOOLEAN" (custom-attribute-boolean) accepts only true or false, not "falsely"',
	],
	[
		'boolean',
		1,
		'Custom attribute "BOOLEAN" (custom-attribute-boolean) accepts only true or false, not 1',
	],
	[
		'single',
		'Green',
		'Custom attribute "SINGLE" (custom-attribute-single): "Green" is not one of its options; choose one of: Red, red, Blue, 3',
	],
	[
		'single',
		['Red'],
		'Custom attribute "SINGLE" (custom-attribute-single): ["Red"] is not one of its options; choose one of: Red, red, Blue, 3',
	],
	[
		'empty',
		'Anything',
		'Custom attribute "EMPTY" (custom-attribute-empty): "Anything" is not one of its options; it has no options defined in Engagedly yet: add options there first, or remove it from Custom Attributes',
	],
	[
		'multi',
		['German'],
		'Custom attribute "MULTI" (custom-attribute-multi): "German" is not among its options; use only: English, French, Hindi',
	],
	[
		'multi',
		'German, Tamil, Hindi',
		'Custom attribute "MULTI" (custom-attribute-multi): "German", "Tamil" are not among its options; use only: English, French, Hindi',
	],
	[
		'multi',
		7,
		'Custom attribute "MULTI" (custom-attribute-multi): 7 is not among its options; use only: English, French, Hindi',
	],
	[
		'emptymulti',
		['x'],
		'Custom attribute "EMPTYMULTI" (custom-attribute-emptymulti): "x" is not among its options; it has no options defined in Engagedly yet: add options there first, or remove it from Custom Attributes',
	],
])('a %s attribute given %j is refused, naming it and the fix', async (key, given, message) => {
	expect(await refused({ [`custom-attribute-${key}`]: given })).toEqual({
		message,
		description: `${message}${CHECKED}`,
		itemIndex: ITEM,
	});
});

test('every problem of the item is reported at once', async () => {
	const { message, description } = await refused({
		'custom-attribute-number': 'x',
		'custom-attribute-boolean': 'y',
	});
	expect(message).toBe(
		'2 attribute values need fixing: Custom attribute "NUMBER" (custom-attribute-number) must be a number, not "x": enter digits such as 4 or 2.5; Custom attribute "BOOLEAN" (custom-attribute-boolean) accepts only true or false, not "y"',
	);
	expect(description).toBe(
		`Custom attribute "NUMBER" (custom-attribute-number) must be a number, not "x": enter digits such as 4 or 2.5\nCustom attribute "BOOLEAN" (custom-attribute-boolean) accepts only true or false, not "y"${CHECKED}`,
	);
});

test('blank values and HR zero dates are not sent; an update giving none reads no definitions', async () => {
	expect(
		await read({
			'custom-attribute-text': ' ',
			'custom-attribute-multi': [],
			'custom-attribute-number': null,
		}),
	).toEqual({});
	expect(
		await read({ 'custom-attribute-date': '0000-00-00', 'custom-attribute-text': 'kept' }),
	).toEqual({ 'custom-attribute-text': 'kept' });
	// No definitions handed in and a context that can make no request: reading them would throw.
	expect(await read({ 'custom-attribute-text': '' }, { attributes: undefined })).toEqual({});
});

test('the mapper is read from the item when the operation has not read it', async () => {
	const context = itemContext({
		customAttributes: mapper({ 'custom-attribute-text': 'from the item' }),
	});
	expect(
		await readCustomAttributes.call(context, ITEM, {
			write: 'update',
			body: {},
			request,
			attributes: ATTRIBUTES,
		}),
	).toEqual({
		'custom-attribute-text': 'from the item',
	});
	// A node saved before it had the mapper.
	expect(
		await readCustomAttributes.call(itemContext({}), ITEM, {
			write: 'update',
			body: {},
			request,
			attributes: ATTRIBUTES,
		}),
	).toEqual({});
});

test('an attribute gone from Engagedly, or now a system one, is named as the editor shows it (by its key when the node never loaded it)', async () => {
	const { message } = await refused(
		{ 'custom-attribute-gone': 'x', gender: 'f' },
		{
			mapper: mapper({ 'custom-attribute-gone': 'x', gender: 'f' }, [
				{ id: 'custom-attribute-gone', displayName: 'Shirt Size' },
			]),
		},
	);
	expect(message).toBe(
		'2 attribute values need fixing: Custom attribute "Shirt Size" (custom-attribute-gone) no longer exists in Engagedly: refresh the Custom Attributes list and remove it; Custom attribute "gender" (gender) no longer exists in Engagedly: refresh the Custom Attributes list and remove it',
	);
	expect((await refused({ 'custom-attribute-gone': 'x' })).message).toBe(
		'Custom attribute "custom-attribute-gone" (custom-attribute-gone) no longer exists in Engagedly: refresh the Custom Attributes list and remove it',
	);
});

describe('mandatory attributes', () => {
	const MANDATORY = [
		attribute('custom-attribute-team', 'text', { mandatory: true, name: 'Team' }),
		attribute('job_title', 'single-select', { mandatory: true, preset: true, name: 'Job Title' }),
		attribute('business_units', 'multiple-select', {
			mandatory: true,
			preset: true,
			name: 'Business Units',
		}),
		attribute('employee_type', 'single-select', {
			mandatory: true,
			preset: true,
			name: 'Employee Type',
		}),
		attribute('about_me', 'text', { mandatory: true, preset: true, name: 'About Me' }),
		attribute('custom-attribute-optional', 'text'),
		attribute('level', 'text', { preset: true, name: 'Level' }),
	];
	const schema = [{ id: 'custom-attribute-team', displayName: 'Team' }];
	const complete = { job_title: 'jt-1', businesses: ['b-1'], employee_type: 'et-1' };

	test('a creation giving them all, beside others, passes', async () => {
		const given = { 'custom-attribute-team': 'Core', 'custom-attribute-optional': 'x' };
		expect(await read(given, { write: 'create', body: complete, attributes: MANDATORY, mapper: mapper(given, schema) })).toEqual(given);
	});

	test('a creation missing them is told where each is set; a system one the node has no field for, and those not mandatory, are not asked, and one not mandatory given stands for none', async () => {
		// An attribute given that is not mandatory does not stand for one that is.
		const given = { 'custom-attribute-optional': 'x' };
		const { message } = await refused(given, {
			write: 'create',
			body: { job_title: ' ' },
			attributes: MANDATORY,
			mapper: mapper(given, schema),
		});
		expect(message).toBe(
			'4 attribute values need fixing: ' +
				[
					'Custom attribute "Team" (custom-attribute-team) is mandatory in Engagedly: under Custom Attributes, map the input field that holds it (in Sync, your HR export\'s column for "Team") or give it a fixed value',
					'"Job Title" (job_title) is mandatory in Engagedly: set Job Title Name or ID under Additional Fields',
					'"Business Units" (business_units) is mandatory in Engagedly: set Business Names or IDs under Additional Fields',
					'"Employee Type" (employee_type) is mandatory in Engagedly: set Employee Type Name or ID under Additional Fields',
				].join('; '),
		);
	});

	test('a node whose mapper lists none is told how to load them; a zero date is not a value given', async () => {
		const dated = [attribute('custom-attribute-start', 'date', { mandatory: true, name: 'Start' })];
		expect(
			(
				await refused(
					{ 'custom-attribute-start': '0000-00-00' },
					{ write: 'replace', attributes: dated },
				)
			).message,
		).toBe(
			'Custom attribute "Start" (custom-attribute-start) is mandatory in Engagedly: under Custom Attributes (this node lists none: close it and open it again with a working credential to load them), map the input field that holds it (in Sync, your HR export\'s column for "Start") or give it a fixed value',
		);
	});

	test('a value refused for its form is not also called missing', async () => {
		const numbered = [
			attribute('custom-attribute-count', 'number', { mandatory: true, name: 'Count' }),
		];
		expect(
			(
				await refused(
					{ 'custom-attribute-count': 'many' },
					{
						write: 'create',
						attributes: numbered,
						mapper: mapper({ 'custom-attribute-count': 'many' }, schema),
					},
				)
			).message,
		).toBe(
			'Custom attribute "Count" (custom-attribute-count) must be a number, not "many": enter digits such as 4 or 2.5',
		);
	});

	test('an update sends what is given and asks for nothing', async () => {
		expect(await read({}, { write: 'update', attributes: MANDATORY })).toEqual({});
		expect(
			await read({ 'custom-attribute-team': 'Core' }, { write: 'update', attributes: MANDATORY }),
		).toEqual({ 'custom-attribute-team': 'Core' });
	});
});
