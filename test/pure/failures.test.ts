/**
 * What the router says of a failure (actions/failures.ts), as tables: an item's error as Continue
 * On Fail outputs it, an error as a model reads it, an empty answer to a model, and a batch run's
 * failures as the one error that ends it.
 */
import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { errorJson, failedRun, forModel, NAMED_FAILURES, nothingFound } from '../../nodes/Engagedly/actions/failures';
import type { BatchResult } from '../../nodes/Engagedly/actions/types';

const node: INode = { id: '1', name: 'Engagedly', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters: {} };

const apiError = (message: string, description: string, httpCode: string) =>
	new NodeApiError(node, { message }, { message, description, httpCode });

describe('an item error as Continue On Fail outputs it, with no key for what the error lacks', () => {
	test.each([
		['a plain error: its message alone', new Error('boom'), { error: 'boom' }],
		['an API error: message, description and HTTP code', apiError('Not found', 'Check the ID.', '404'), { error: 'Not found', description: 'Check the ID.', httpCode: '404' }],
		['an empty description and code are left out', apiError('Refused', '', ''), { error: 'Refused' }],
		['our own refusal: message and fix', new NodeOperationError(node, 'No user selected', { description: 'Pick a user.' }), { error: 'No user selected', description: 'Pick a user.' }],
	])('%s', (_case, error, json) => {
		expect(errorJson(error)).toStrictEqual(json);
	});
});

describe('an error as a model reads it: the message, then the fix, once', () => {
	test.each([
		['the fix is added after the message', 'No user selected', 'Pick a user.', 'No user selected. Pick a user.'],
		['its spaces trimmed', 'No user selected', '  Pick a user.\n', 'No user selected. Pick a user.'],
		['not when the message already holds it', 'No user selected. Pick a user.', 'Pick a user.', 'No user selected. Pick a user.'],
		['nothing to add', 'No user selected', '   ', 'No user selected'],
	])('%s', (_case, message, description, expected) => {
		expect(forModel(new NodeOperationError(node, message, { description })).message).toBe(expected);
	});

	test('a description that is not text adds nothing', () => {
		const error = new NodeOperationError(node, 'Failed');
		(error as { description: unknown }).description = ['a', 'b'];
		expect(forModel(error).message).toBe('Failed');
	});
});

test.each([
	['user', 'Nothing found: Engagedly has no user matching this request.'],
	['learningResource', 'Nothing found: Engagedly has no learning resource matching this request.'],
	['jobTitle', 'Nothing found: Engagedly has no job title matching this request.'],
])('an empty answer to a model names the resource in words: %s', (resource, result) => {
	expect(nothingFound(resource)).toEqual({ result });
});

describe("a batch run's failures as the error that ends it", () => {
	const run = (results: BatchResult[]) => ({ results, tally: '2 written', rest: 'The rest were written.' });
	const fail = (item: number, reason: string): BatchResult => ({ error: new Error(reason), item });
	const TURN_ON = 'Turn on Continue On Fail to get every failure as an item of its own.';

	test('one failure: counted with the tally, named by its item, which the error points at', () => {
		const error = failedRun(node, run([{ json: {}, item: 0 }, fail(3, 'Email is empty'), { json: {}, item: 1 }]));
		expect(error.message).toBe('1 failed: 2 written');
		expect(error.description).toBe(`The rest were written. Why:\nitem 3: Email is empty\n${TURN_ON}`);
		expect(error.context.itemIndex).toBe(3);
	});

	test('one reason given once for every item it failed, the first five named and the rest marked', () => {
		const error = failedRun(node, run(Array.from({ length: NAMED_FAILURES + 2 }, (_, i) => fail(i + 1, 'No column "mail"'))));
		expect(error.message).toBe('7 failed: 2 written');
		expect(error.description).toBe(`The rest were written. Why:\n7 of them (item 1, item 2, item 3, item 4, item 5, …): No column "mail"\n${TURN_ON}`);
	});

	test('exactly five places: all named, none marked', () => {
		const error = failedRun(node, run(Array.from({ length: NAMED_FAILURES }, (_, i) => fail(i, 'Bad'))));
		expect(error.description).toContain('\n5 of them (item 0, item 1, item 2, item 3, item 4): Bad\n');
	});

	test('a user no item stood for is named by address, else by id; the error then points at item 0', () => {
		const error = failedRun(node, run([{ error: new Error('Refused'), user: { id: 'u-1', email: 'ann@example.com' } }, { error: new Error('Refused'), user: { id: 'u-2' } }]));
		expect(error.description).toBe(`The rest were written. Why:\n2 of them (user ann@example.com, user u-2): Refused\n${TURN_ON}`);
		expect(error.context.itemIndex).toBe(0);
	});

	test('five reasons are named; past five, the rest are counted', () => {
		const reasons = (count: number) => Array.from({ length: count }, (_, i) => fail(i, `reason ${i}`));
		expect(failedRun(node, run(reasons(NAMED_FAILURES))).description).toBe(
			`The rest were written. Why:\n${[0, 1, 2, 3, 4].map((i) => `item ${i}: reason ${i}`).join('\n')}\n${TURN_ON}`,
		);
		expect(failedRun(node, run(reasons(NAMED_FAILURES + 2))).description).toBe(
			`The rest were written. Why:\n${[0, 1, 2, 3, 4].map((i) => `item ${i}: reason ${i}`).join('\n')}\n…and 2 more reasons.\n${TURN_ON}`,
		);
	});
});
