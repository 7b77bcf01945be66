/**
 * The pacer with company, in Engagedly's real terms: 200 requests in a 60-second window, the
 * escalating cooldown, request latencies of 20 ms (a fast network) and 400 ms (about what the
 * real API takes), executions starting together or one after another mid-window. Played in
 * virtual time (test/helpers/sharedKey.ts), so each case is exact and repeatable: these are the
 * pacer's guarantees, independent of how busy the machine is. concurrency.test.ts shows the same
 * over real HTTP and n8n's engine; `npm run bench` reports the figures.
 *
 * The floor is the time the limit itself imposes (its 200 requests a minute, spread evenly), or
 * the executions' own latency when that is longer.
 */
import { RateLimitPacer } from '../../nodes/Engagedly/transport/rateLimit';
import { jitteredLatency, OneInReservePacer, playSharedKey } from '../helpers/sharedKey';

/** 3,000 users each: 60 pages of 50. */
const PAGES = 60;

describe.each([20, 400])('with %i ms a request', (latency) => {
	test.each([1, 2, 4, 8])(
		'%i executions starting together: no 429, within 10 % of the floor',
		async (executions) => {
			const run = await playSharedKey({ requests: Array(executions).fill(PAGES * 4), latencyMs: jitteredLatency(latency) });

			expect(run.tooMany).toBe(0);
			expect(run.sent).toBe(executions * PAGES * 4);
			expect(run.elapsedMs / run.floorMs).toBeLessThanOrEqual(1.1);
		},
	);

	test.each([2, 4, 8, 16])(
		'%i executions starting 7 s apart, most of them into a window others have nearly spent: no 429, within 10 %',
		async (executions) => {
			const run = await playSharedKey({
				requests: Array(executions).fill(PAGES * 4),
				startsAtMs: Array.from({ length: executions }, (_, i) => i * 7000),
				latencyMs: jitteredLatency(latency),
			});

			expect(run.tooMany).toBe(0);
			expect(run.elapsedMs / run.floorMs).toBeLessThanOrEqual(1.1);
		},
	);

	test('alone, no slower than the pacer before issue 11 (12,000 users, 240 pages)', async () => {
		const work = { requests: [240], latencyMs: jitteredLatency(latency) };
		const before = await playSharedKey({ ...work, pacer: (clock) => new OneInReservePacer(clock) });
		const now = await playSharedKey({ ...work, pacer: (clock) => new RateLimitPacer(clock) });

		expect(now.tooMany).toBe(0);
		expect(now.elapsedMs).toBeLessThanOrEqual(before.elapsedMs * 1.01);
	});
});

test('four executions on the pacer before issue 11 meet 429s (what the new pacer is measured against)', async () => {
	const run = await playSharedKey({
		requests: [240, 240, 240, 240],
		latencyMs: jitteredLatency(20),
		pacer: (clock) => new OneInReservePacer(clock),
	});

	expect(run.tooMany).toBeGreaterThan(0);
});
