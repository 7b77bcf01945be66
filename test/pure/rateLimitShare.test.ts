/**
 * Sync's and Apply Plan's Rate Limit Share (actions/user/sync/settings.ts) as a table: the part of
 * the key's window a run may spend, from 1 to 100 %, anything else refused before any request.
 * test/user/sync.test.ts proves a refused setting sends nothing.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { readRateLimitShare } from '../../nodes/Engagedly/actions/user/sync/settings';

const read = (share: unknown) =>
	readRateLimitShare.call({
		getNodeParameter: () => share,
		getNode: () => ({ name: 'Engagedly', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters: {} }),
	} as unknown as IExecuteFunctions);

test.each([
	[1, 0.01],
	[100, 1],
	[25, 0.25],
	['40', 0.4],
])('%j %% is %d of the window', (share, part) => {
	expect(read(share)).toBe(part);
});

test.each([0, 0.5, 100.5, 101, 'half', Number.NaN, Number.POSITIVE_INFINITY])('%j is refused, saying the range', (share) => {
	expect(() => read(share)).toThrow(`Rate Limit Share (%) must be a number from 1 to 100 (got "${String(Number(share))}")`);
});

test('the refusal says what to set, on item 0', () => {
	expect(() => read(0)).toThrow(
		expect.objectContaining({ description: 'Set how much of the API key’s rate limit this run may use. Nothing was read or written.', context: expect.objectContaining({ itemIndex: 0 }) }),
	);
});
