/**
 * What the transport keeps per execution (transport/perExecution.ts) and how it meets a 429 it
 * could not avoid (transport/rateLimitWait.ts): a read once per run, a failed read forgotten; a
 * cooldown waited out only within Max Rate-Limit Wait, a bounded number of times, and before a
 * poll's deadline. A pacer that only records, no clock, no HTTP.
 */
import type { RateLimitPacer } from '../../nodes/Engagedly/transport/rateLimit';
import { DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS, RateLimitWaits } from '../../nodes/Engagedly/transport/rateLimitWait';
import { keptFor, perContext, perExecution } from '../../nodes/Engagedly/transport/perExecution';

describe('perExecution: what one run keeps', () => {
	test('a value is made once per context and key; another context or key makes its own', () => {
		const run = {};
		let made = 0;
		const make = () => ++made;
		expect([perContext(run, 'a', make), perContext(run, 'a', make), perContext(run, 'b', make), perContext({}, 'a', make)]).toEqual([1, 1, 2, 3]);
		expect(keptFor(run, 'a')).toBe(1);
		expect(keptFor(run, 'c')).toBeUndefined();
		expect(keptFor({}, 'a')).toBeUndefined();
	});

	test('a read is made once per run; a failed read is forgotten, so the next item tries again', async () => {
		const run = {};
		const answers = [Promise.reject(new Error('429')), Promise.resolve('codes')];
		let reads = 0;
		const read = () => answers[reads++];
		await expect(perExecution(run, 'codes', read)).rejects.toThrow('429');
		expect(await perExecution(run, 'codes', read)).toBe('codes');
		expect(await perExecution(run, 'codes', read)).toBe('codes');
		expect(reads).toBe(2);
	});
});

describe('RateLimitWaits: a 429 met anyway', () => {
	function pacer(endsAfterDeadline = false) {
		const waited: number[] = [];
		const asked: unknown[] = [];
		const fake = {
			retryDelayMs: (headers: Record<string, unknown>) => Number(headers['retry-after']) * 1000,
			cooldown: async (ms: number) => void waited.push(ms),
			cooldownEndsAfter: (ms: number, deadline: number) => (asked.push([ms, deadline]), endsAfterDeadline),
		} as unknown as RateLimitPacer;
		return { fake, waited, asked };
	}

	test('a cooldown the option allows is waited out, as the answer asks', async () => {
		const { fake, waited } = pacer();
		const waits = new RateLimitWaits(fake, 60);
		expect(await waits.waitOut({ 'retry-after': '60' })).toEqual({ waited: true });
		expect(waited).toEqual([60_000]);
	});

	test('a longer one is refused, naming both', async () => {
		const { fake, waited } = pacer();
		expect(await new RateLimitWaits(fake, 60).waitFor(60_001)).toEqual({
			refusal: "Engagedly's rate limit is cooling down: it asked to wait 61 s, more than the Max Rate-Limit Wait option allows (60 s)",
		});
		expect(waited).toEqual([]);
	});

	test(`by default up to ${DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS} s is waited`, async () => {
		const { fake } = pacer();
		expect(await new RateLimitWaits(fake).waitFor(DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS * 1000)).toEqual({ waited: true });
		expect(await new RateLimitWaits(fake).waitFor(DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS * 1000 + 1)).toHaveProperty('refusal');
	});

	test('six waits at most: the seventh 429 is an error', async () => {
		const { fake, waited } = pacer();
		const waits = new RateLimitWaits(fake, 60);
		const outcomes = [];
		for (let i = 0; i < 7; i++) outcomes.push(await waits.waitFor(1000));
		expect(outcomes.slice(0, 6)).toEqual(Array(6).fill({ waited: true }));
		expect(outcomes[6]).toEqual({ refusal: 'Engagedly still answered 429 (too many requests) after 6 waits for its rate limit' });
		expect(waited).toHaveLength(6);
	});

	test('a cooldown that ends past the poll deadline is not waited; the caller learns how long it was', async () => {
		const { fake, waited, asked } = pacer(true);
		expect(await new RateLimitWaits(fake, 60, 5_000).waitFor(2_000)).toEqual({
			refusal: "Engagedly's rate limit is cooling down: it asked to wait 2 s, longer than is left of this poll's time",
			pastDeadlineMs: 2_000,
		});
		expect(asked).toEqual([[2_000, 5_000]]);
		expect(waited).toEqual([]);
	});

	test('one that ends before the deadline is waited; with no deadline none is asked about', async () => {
		const before = pacer(false);
		expect(await new RateLimitWaits(before.fake, 60, 5_000).waitFor(2_000)).toEqual({ waited: true });
		const none = pacer(true);
		expect(await new RateLimitWaits(none.fake, 60).waitFor(2_000)).toEqual({ waited: true });
		expect(none.asked).toEqual([]);
	});
});
