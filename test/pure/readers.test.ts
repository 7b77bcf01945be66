/**
 * The readers of the editor's values (parameters/readers.ts), each over a context that hands over
 * the parameters as n8n does, without the engine: what each returns, and each refusal's message,
 * fix and item. The rules of the values themselves are in values.test.ts; which field an
 * operation reads with which reader, and that nothing is sent after a refusal, is proven by the
 * engine suites (test/reliability/badInput.test.ts, test/user/email.test.ts).
 */
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

import {
	checkParameters,
	personRefs,
	readDay,
	readId,
	readInstant,
	readLimit,
	readMaxRateLimitWait,
	readName,
	readNonNegativeNumber,
	readOptionalUserId,
	readUserId,
	readUserIds,
	readWholeNumberId,
	readWholeNumberIds,
} from '../../nodes/Engagedly/parameters/readers';
import { ITEM, itemContext, refusal, request } from '../helpers/itemContext';

/** A poll's context: no items, so no index. */
function pollContext(parameters: Record<string, unknown>): IPollFunctions {
	return {
		getNode: () => ({ name: 'Engagedly Events Trigger' }),
		getNodeParameter: (name: string, fallback?: unknown) => (name in parameters ? parameters[name] : fallback),
	} as unknown as IPollFunctions;
}

async function asyncRefusal(read: () => Promise<unknown>) {
	let thrown: unknown;
	await read().catch((error: unknown) => (thrown = error));
	return refusal(() => {
		if (thrown) throw thrown;
	});
}

describe('Return All and Limit', () => {
	test.each([
		['Return All: every record', { returnAll: true, limit: 3 }, undefined],
		['Limit left at its default', {}, 50],
		['a Limit', { limit: 3 }, 3],
		['a Limit of 1', { limit: 1 }, 1],
		['a Limit from an expression as text', { limit: ' 3 ' }, 3],
	])('%s', (_name, parameters, limit) => {
		expect(readLimit.call(itemContext(parameters), ITEM)).toBe(limit);
	});

	test.each([
		['0', 0, '0'],
		['a fraction', 2.5, '2.5'],
		['text that is no number', 'abc', '"abc"'],
		['blank text', ' ', '" "'],
		['null', null, 'null'],
		['true (an expression’s yes is no number)', true, 'true'],
	])('a Limit of %s is refused', (_name, limit, shown) => {
		expect(refusal(() => readLimit.call(itemContext({ limit }), ITEM))).toEqual({
			message: `Limit must be a whole number of 1 or more (got ${shown})`,
			description: 'Set Limit to 1 or more, or turn on Return All.',
			itemIndex: ITEM,
		});
	});
});

test.each([
	['not set: the default', {}, 300],
	['a number', { 'options.maxRateLimitWait': 30 }, 30],
	['text', { 'options.maxRateLimitWait': '45' }, 45],
	['0: no wait', { 'options.maxRateLimitWait': 0 }, 0],
	['negative: the default', { 'options.maxRateLimitWait': -1 }, 300],
	['not a number: the default', { 'options.maxRateLimitWait': 'abc' }, 300],
])('Max Rate-Limit Wait %s', (_name, parameters, seconds) => {
	expect(readMaxRateLimitWait.call(itemContext(parameters), ITEM)).toBe(seconds);
});

describe('every parameter against its declaration', () => {
	const kind: INodeProperties = { displayName: 'Kind', name: 'kind', type: 'options', default: 'a', options: [{ name: 'A', value: 'a' }] };
	const notice: INodeProperties = { displayName: 'Read this', name: 'notice', type: 'notice', default: '' };

	test.each([
		['a value it holds', { kind: 'a' }, []],
		['a parameter not set', {}, []],
		['a parameter hidden by another’s value', { kind: 'bogus' }, ['kind']],
		['a notice, whatever it holds', { kind: 'a', notice: 'bogus' }, []],
	])('%s passes', (_name, parameters, hidden) => {
		expect(() => checkParameters.call(itemContext(parameters, hidden), [kind, notice], ITEM)).not.toThrow();
	});

	test('a value outside its options is refused, naming the field; values already read are checked instead of read again', () => {
		const expected = {
			message: expect.stringContaining('Kind') as string,
			description: 'Fix the value (or the expression that gives it) in the node. Nothing was sent to Engagedly.',
			itemIndex: ITEM,
		};
		expect(refusal(() => checkParameters.call(itemContext({ kind: 'bogus' }), [kind], ITEM))).toEqual(expected);
		expect(refusal(() => checkParameters.call(itemContext({ kind: 'a' }), [kind], ITEM, { kind: 'bogus' }))).toEqual(expected);
	});
});

describe('ids', () => {
	const jobTitle = { noun: 'job title' };
	test.each([
		['a locator, trimmed', { __rl: true, mode: 'id', value: ' 42 ' }, '42'],
		['plain text', '42', '42'],
		['a record with an id', { id: 42, name: 'Engineer' }, '42'],
	])('%s', (_name, value, id) => {
		expect(readId.call(itemContext({ jobTitleId: value }), ITEM, 'jobTitleId', jobTitle)).toBe(id);
	});

	test.each([
		['not set', undefined, { message: 'No job title selected', description: 'Pick a job title from the list, or enter its ID.' }],
		['nothing', '', { message: 'No job title selected', description: 'Pick a job title from the list, or enter its ID.' }],
		['blank', { __rl: true, mode: 'id', value: '  ' }, { message: 'No job title selected', description: 'Pick a job title from the list, or enter its ID.' }],
		[
			'a path',
			'../users',
			{
				message: expect.stringMatching(/^The job title ID is not an ID: /) as string,
				description: 'Pick the job title from the list, or enter the ID Engagedly gave it. Nothing was sent.',
			},
		],
	])('%s is refused', (_name, value, said) => {
		const parameters = value === undefined ? {} : { jobTitleId: value };
		expect(refusal(() => readId.call(itemContext(parameters), ITEM, 'jobTitleId', jobTitle))).toEqual({ ...said, itemIndex: ITEM });
	});

	test('a whole-number id: digits only, with the hint the caller gives', () => {
		const options = { noun: 'learning resource', hint: 'Pick the resource from the list.' };
		expect(readWholeNumberId.call(itemContext({ id: ' 12 ' }), ITEM, 'id', options)).toBe('12');
		for (const id of ['12a', 'x12']) {
			expect(refusal(() => readWholeNumberId.call(itemContext({ id }), ITEM, 'id', options))).toEqual({
				message: `Learning resource ID must be a whole number (got "${id}")`,
				description: 'Pick the resource from the list.',
				itemIndex: ITEM,
			});
		}
	});

	test.each([
		['a comma-separated text', '1, 2,3', ['1', '2', '3']],
		['a list', [4, '5'], ['4', '5']],
		['nothing', '', []],
		['a field not set', undefined, []],
	])('whole-number ids from %s', (_name, value, ids) => {
		expect(readWholeNumberIds.call(itemContext(value === undefined ? {} : { ids: value }), ITEM, 'ids', { label: 'Resource IDs', hint: 'Use numbers.' })).toEqual(ids);
	});

	test('whole-number ids: the first that is not one is refused, naming the field', () => {
		expect(refusal(() => readWholeNumberIds.call(itemContext({ ids: '1, x, y' }), ITEM, 'ids', { label: 'Resource IDs', hint: 'Use numbers.' }))).toEqual({
			message: 'Resource IDs must be whole numbers (got "x")',
			description: 'Use numbers.',
			itemIndex: ITEM,
		});
	});
});

describe('people: checked, not looked up', () => {
	const address = 'ada@example.com';
	test.each([
		['one id, trimmed', ' 42 ', false, ['42']],
		['one address', address, false, [address]],
		['an address in the email mode', { __rl: true, mode: 'email', value: address }, false, [address]],
		['an id in the list mode', { __rl: true, mode: 'list', value: '42' }, false, ['42']],
		['a record with an id', { id: 9 }, false, ['9']],
		['nothing', '', false, []],
		['a list as one value is not split', '1,2', false, ['1,2']],
		['several, in order, once each', '1, 2, 1, ada@example.com', true, ['1', '2', address]],
		['records and ids in a list', [{ id: 3 }, '4'], true, ['3', '4']],
		[
			'a people picker: one entry each, an expression’s list read piece by piece in its mode',
			{ user: [{ user: { __rl: true, mode: 'id', value: '5' } }, { user: { __rl: true, mode: 'email', value: [address, 'bo@example.com'] } }, { user: '6' }, {}] },
			true,
			['5', address, 'bo@example.com', '6'],
		],
		['a people picker with no entries', { user: 'nobody' }, true, []],
		['a people picker holding an empty entry', { user: [null, { user: { __rl: true, mode: 'id', value: '7' } }] }, true, ['7']],
		['null', null, true, []],
	])('%s', (_name, raw, many, refs) => {
		expect(personRefs.call(itemContext({}), ITEM, raw, { label: 'Managers', many })).toEqual(refs);
	});

	test.each([
		['the email mode holding no address', { __rl: true, mode: 'email', value: 'ada' }, 'Managers: "ada" is not an email address', 'Enter an address such as name@company.com, or pick the user from the list.'],
		[
			'a name',
			'Priya Nguyen',
			'Managers: "Priya Nguyen" is neither an email address nor a user ID',
			'Pick each person from the list, or give their email address or Engagedly user ID (a name alone cannot be looked up).',
		],
		[
			'an id that is a path',
			'../admin',
			expect.stringMatching(/^The user ID is not an ID: /) as unknown as string,
			'Pick the user from the list, or enter the ID Engagedly gave it. Nothing was sent.',
		],
	])('%s is refused, naming the field', (_name, raw, message, description) => {
		expect(refusal(() => personRefs.call(itemContext({}), ITEM, raw, { label: 'Managers', many: false }))).toEqual({ message, description, itemIndex: ITEM });
	});

	describe('Managers Given By (Create or Update)', () => {
		test.each([
			['an employee number', '1042', ['1042']],
			['an id with letters and a dash', ' E-17 ', ['E-17']],
			['an id with a space in it', 'HB 0042', ['HB 0042']],
			['an id that could not be a path segment: compared, never sent', '../7', ['../7']],
			['an address is still an address', address, [address]],
			['a list of them', '1042, E-17, 1042, ada@example.com', ['1042', 'E-17', address]],
			['a people picker’s entry by ID', { user: [{ user: { __rl: true, mode: 'id', value: 'E-17' } }] }, ['E-17']],
		])('Employee ID: %s', (_name, raw, refs) => {
			expect(personRefs.call(itemContext({}), ITEM, raw, { label: 'HR Managers', many: true, givenBy: 'employeeId' })).toEqual(refs);
		});

		test('Employee ID: the Manager picker in the list mode too (an expression there gives the HR system’s id)', () => {
			const raw = { __rl: true, mode: 'list', value: ' 1042 ' };
			expect(personRefs.call(itemContext({}), ITEM, raw, { label: 'Manager', many: false, givenBy: 'employeeId' })).toEqual(['1042']);
		});

		test('Employee ID: the email mode still takes only an address', () => {
			const raw = { __rl: true, mode: 'email', value: '1042' };
			expect(refusal(() => personRefs.call(itemContext({}), ITEM, raw, { label: 'Manager', many: false, givenBy: 'employeeId' })).message).toBe(
				'Manager: "1042" is not an email address',
			);
		});

		test('Engagedly ID or Email: ids as ever, and a name’s refusal says where an HR system’s id is taken', () => {
			expect(personRefs.call(itemContext({}), ITEM, '1042', { label: 'Manager', many: false, givenBy: 'idOrEmail' })).toEqual(['1042']);
			expect(refusal(() => personRefs.call(itemContext({}), ITEM, 'HB 0042', { label: 'Manager', many: false, givenBy: 'idOrEmail' }))).toEqual({
				message: 'Manager: "HB 0042" is neither an email address nor a user ID',
				description:
					"Pick each person from the list, or give their email address or Engagedly user ID (a name alone cannot be looked up). An HR system's own id for the person (their employee number) is taken with Options > Managers Given By set to Employee ID.",
				itemIndex: ITEM,
			});
		});
	});

	test('a user field: the id given; nothing is refused when the field is optional, and when required names the fix', async () => {
		await expect(readUserId.call(itemContext({ userId: { __rl: true, mode: 'id', value: '42' } }), ITEM, 'userId', { request })).resolves.toBe('42');
		await expect(readOptionalUserId.call(itemContext({}), ITEM, 'userId', { request })).resolves.toBe('');
		expect(await asyncRefusal(() => readUserId.call(itemContext({}), ITEM, 'userId', { request }))).toEqual({
			message: 'No user selected',
			description: 'Pick a user from the list, or enter their ID or email address.',
			itemIndex: ITEM,
		});
	});

	test('a poll’s user field is read without an item; its errors name the label given, or “User”', async () => {
		await expect(readOptionalUserId.call(pollContext({ author: '7' }), 0, 'author', { request })).resolves.toBe('7');
		expect(await asyncRefusal(() => readOptionalUserId.call(pollContext({ author: 'Ada L' }), 0, 'author', { request }))).toMatchObject({
			message: 'User: "Ada L" is neither an email address nor a user ID',
		});
	});

	test('several users: in order, once each; an empty field is none; errors name “Users” unless told', async () => {
		await expect(readUserIds.call(itemContext({ members: '1, 2, 1' }), ITEM, 'members', { request })).resolves.toEqual(['1', '2']);
		await expect(readUserIds.call(itemContext({}), ITEM, 'members', { request })).resolves.toEqual([]);
		expect(await asyncRefusal(() => readUserIds.call(itemContext({ members: '1, Ada L' }), ITEM, 'members', { request }))).toMatchObject({
			message: 'Users: "Ada L" is neither an email address nor a user ID',
		});
	});
});

describe('text, days, numbers and instants', () => {
	test('a name, trimmed; a blank one, or none, is refused', () => {
		expect(readName.call(itemContext({ name: '  Sales ' }), ITEM, 'name', { noun: 'department' })).toBe('Sales');
		for (const parameters of [{ name: '  ' }, {}]) {
			expect(refusal(() => readName.call(itemContext(parameters), ITEM, 'name', { noun: 'department' }))).toEqual({
				message: 'The department name is empty',
				description: 'Enter a name for the department; Engagedly requires one.',
				itemIndex: ITEM,
			});
		}
	});

	test.each([
		['not set', {}, undefined],
		['a day', { day: '2026-03-01' }, '2026-03-01'],
		['any date text', { day: 'March 1, 2026' }, '2026-03-01'],
	])('a day %s', (_name, parameters, day) => {
		expect(readDay.call(itemContext(parameters), ITEM, 'day', { label: 'Start Date' })).toBe(day);
	});

	test.each([
		['not set', {}, undefined],
		['0', { minutes: '0' }, 0],
		['a fraction', { minutes: 2.5 }, 2.5],
	])('a number of 0 or more: %s', (_name, parameters, number) => {
		expect(readNonNegativeNumber.call(itemContext(parameters), ITEM, 'minutes', { label: 'Minimum Duration' })).toBe(number);
	});

	test.each([
		['not set', {}, undefined],
		['with its zone', { since: '2026-03-01T09:00:00Z' }, Date.UTC(2026, 2, 1, 9)],
		['without one: the workflow’s zone', { since: '2026-03-01T09:00:00' }, Date.UTC(2026, 2, 1, 8)],
	])('an instant %s', (_name, parameters, instant) => {
		expect(readInstant.call(itemContext(parameters), ITEM, 'since', { label: 'Since' })).toBe(instant);
	});

	test.each([
		['a day', () => readDay.call(itemContext({ day: 'soon' }), ITEM, 'day', { label: 'Start Date' }), 'Start Date is not a date: "soon"', 'Pick a day, or write it as YYYY-MM-DD (e.g. 2026-03-01).'],
		['a negative number', () => readNonNegativeNumber.call(itemContext({ minutes: -1 }), ITEM, 'minutes', { label: 'Minimum Duration' }), 'Minimum Duration must be a number of 0 or more (got "-1")', 'Set Minimum Duration to a number, or remove the filter.'],
		['text for a number', () => readNonNegativeNumber.call(itemContext({ minutes: 'ten' }), ITEM, 'minutes', { label: 'Minimum Duration' }), 'Minimum Duration must be a number of 0 or more (got "ten")', 'Set Minimum Duration to a number, or remove the filter.'],
		['an instant', () => readInstant.call(itemContext({ since: 'yesterday' }), ITEM, 'since', { label: 'Since' }), 'Since is not a date: "yesterday"', 'Pick a date, or use an ISO 8601 date such as 2026-03-01T09:00:00Z.'],
	])('%s that cannot be read is refused, naming the field', (_name, read, message, description) => {
		expect(refusal(read)).toEqual({ message, description, itemIndex: ITEM });
	});
});
