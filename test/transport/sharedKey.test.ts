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

/**
 * Engagedly's reset times are on its clock, which may be seconds ahead of or behind ours. With
 * its clock behind, a reset read on ours looks earlier than it is; ahead, later. The pacer
 * learns the offset from the answers' `Date` headers (whole seconds), so neither costs a 429, and
 * the reset may be rounded either way.
 */
describe("on Engagedly's clock, up to 30 s from ours", () => {
	const OFFSETS = [-30_000, -10_000, -3_000, -800, 0, 800, 3_000, 10_000, 30_000];

	const cases = OFFSETS.flatMap((offset) =>
		[20, 400].flatMap((latency) =>
			[1, 4].flatMap((executions) => (['up', 'down'] as const).map((rounding) => [offset, latency, executions, rounding] as const)),
		),
	);
	test.each(cases)(
		'%i ms, %i ms a request, %i execution(s), reset rounded %s: no 429, within 10 % of the floor',
		async (clockOffsetMs, latency, executions, resetRounding) => {
			const run = await playSharedKey({
				requests: Array(executions).fill(PAGES * 4),
				latencyMs: jitteredLatency(latency),
				clockOffsetMs,
				resetRounding,
			});

			expect(run.tooMany).toBe(0);
			expect(run.sent).toBe(executions * PAGES * 4);
			expect(run.elapsedMs / run.floorMs).toBeLessThanOrEqual(1.1);
		},
	);

	test('the same run read on our clock alone (the pacer before issue 21) meets 429s with Engagedly 3 s behind', async () => {
		const run = await playSharedKey({
			requests: [PAGES * 4, PAGES * 4],
			latencyMs: jitteredLatency(20),
			clockOffsetMs: -3_000,
			// The pacer blind to Engagedly's clock: the same pacer, its answers without their Date.
			pacer: (clock) => {
				const pacer = new RateLimitPacer(clock);
				const observe = pacer.observe.bind(pacer);
				pacer.observe = (headers) => observe({ ...headers, date: undefined });
				return pacer;
			},
		});

		expect(run.tooMany).toBeGreaterThan(0);
	});
});
