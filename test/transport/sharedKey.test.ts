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
import { jitteredLatency, OneInReservePacer, ourClockOnly, ownCountOnly, playSharedKey } from '../helpers/sharedKey';

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

	test.each([240, 1000])(
		'alone, with no X-RateLimit-* header on any answer (the contract names none): %i requests at the documented 200 a minute by the count, no 429, within 10 %',
		async (requests) => {
			const run = await playSharedKey({ requests: [requests], latencyMs: jitteredLatency(latency), rateLimitHeaders: false });

			expect(run.tooMany).toBe(0);
			expect(run.sent).toBe(requests);
			expect(run.elapsedMs / run.floorMs).toBeLessThanOrEqual(1.1);
		},
	);

	test.each([2, 4, 8])(
		'%i executions in one n8n process with no X-RateLimit-* header on any answer, together and 7 s apart: one count of the key, no 429, within 10 % of the floor',
		async (executions) => {
			for (const startsAtMs of [undefined, Array.from({ length: executions }, (_, i) => i * 7000)]) {
				const run = await playSharedKey({ requests: Array(executions).fill(240), startsAtMs, latencyMs: jitteredLatency(latency), rateLimitHeaders: false });

				expect(run.tooMany).toBe(0);
				expect(run.sent).toBe(executions * 240);
				expect(run.elapsedMs / run.floorMs).toBeLessThanOrEqual(1.1);
			}
		},
	);

	test.each([2, 4, 8])('%i executions with no X-RateLimit-* header, each counting only its own requests (before the count was the process’s), meet 429s', async (executions) => {
		const run = await playSharedKey({ requests: Array(executions).fill(240), latencyMs: jitteredLatency(latency), rateLimitHeaders: false, pacer: ownCountOnly });

		expect(run.tooMany).toBeGreaterThan(0);
	});

	test('in queue mode with no X-RateLimit-* header, a worker knows only its own process’s count: four executions on two workers meet 429s (waited out)', async () => {
		const run = await playSharedKey({ requests: [240, 240, 240, 240], processes: [0, 1, 0, 1], latencyMs: jitteredLatency(latency), rateLimitHeaders: false });

		expect(run.tooMany).toBeGreaterThan(0);
		expect(run.sent - run.tooMany).toBe(4 * 240);
	});

	test('alone, no slower than the old pacer (one request of reserve) (12,000 users, 240 pages)', async () => {
		const work = { requests: [240], latencyMs: jitteredLatency(latency) };
		const before = await playSharedKey({ ...work, pacer: (clock) => new OneInReservePacer(clock) });
		const now = await playSharedKey(work);

		expect(now.tooMany).toBe(0);
		expect(now.elapsedMs).toBeLessThanOrEqual(before.elapsedMs * 1.01);
	});
});

test('four executions starting together in a window another has spent to its 2 % (4 requests) reserve: no 429', async () => {
	// The first spreads its window until just before the reset; the four start in its last second
	// and send their first request blind (with one request of reserve, all five meet a 429).
	const run = await playSharedKey({
		requests: [240, 10, 10, 10, 10],
		startsAtMs: [0, 59_000, 59_000, 59_000, 59_000],
		latencyMs: jitteredLatency(20),
	});

	expect(run.tooMany).toBe(0);
	expect(run.sent).toBe(280);
});

test('four executions on the old pacer (one request of reserve) meet 429s (what the new pacer is measured against)', async () => {
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

	test('the same run read on our clock alone, blind to Engagedly’s, meets 429s with Engagedly 3 s behind', async () => {
		const run = await playSharedKey({
			requests: [PAGES * 4, PAGES * 4],
			latencyMs: jitteredLatency(20),
			clockOffsetMs: -3_000,
			pacer: ourClockOnly,
		});

		expect(run.tooMany).toBeGreaterThan(0);
	});
});

/**
 * Shares (Sync's and the trigger's Rate Limit Share) as what each execution may take of what the
 * others leave it: each caps its own requests of a window, never the window's total. Two Syncs at
 * the default 75 % beside a New User trigger at its default 50 %: the trigger is served in every
 * window it polls and reads its pass in one poll, so a hire is emitted by the next poll. Under a
 * share that was a threshold on the window's total (a trigger at 50 % sending only while half the
 * window was left), such a trigger got 1 to 4 requests in most windows (issue 58). Where answers carry no rate-limit header, the executions of one n8n process share one
 * count of the key (transport/keyCounts.ts): the same holds; queue-mode workers each count only
 * their own.
 */
describe('shares: what each execution may take', () => {
	/** A New User trigger on 1,000 users: 20 pages a pass, a poll a minute, 8 passes. */
	const trigger = (startsAtMs: number) => ({ pages: 20, share: 0.5, passes: 8, startsAtMs });

	/** Every window within the limit; the trigger served in each window from its first poll to its last. */
	function expectServed(run: Awaited<ReturnType<typeof playSharedKey>>) {
		expect(run.tooMany).toBe(0);
		for (const window of run.windows) expect(window.total).toBeLessThanOrEqual(200);
		const polling = run.windows.map((window) => window.triggers[0] > 0);
		const served = run.windows.slice(polling.indexOf(true), polling.lastIndexOf(true) + 1);
		for (const window of served) expect(window.triggers[0]).toBeGreaterThan(0);
		for (const pages of run.triggerPages[0]) expect(pages).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
	}

	const cases = [5_000, 30_000, 50_000].flatMap((phase) => [20, 400].map((latency) => [phase / 1000, latency] as const));

	test.each(cases)(
		'two Syncs at 75 % and a New User trigger at 50 % polling from %i s into their first window, %i ms a request: no 429, every window within the limit, the trigger served in each and every pass in one poll',
		async (phaseSeconds, latency) => {
			const run = await playSharedKey({
				requests: [1200, 1200],
				shares: [0.75, 0.75],
				triggers: [trigger(phaseSeconds * 1000)],
				latencyMs: jitteredLatency(latency),
			});

			expectServed(run);
			expect(run.triggerPolls[0]).toEqual(Array(8).fill(1));
			// Each Sync within its 75 % of any window, and the Syncs together leave room (a quarter of what each sees).
			for (const window of run.windows) {
				for (const requests of window.executions) expect(requests).toBeLessThanOrEqual(150);
				expect(window.executions[0] + window.executions[1]).toBeLessThan(196);
			}
			expect(run.sent).toBe(2 * 1200 + 8 * 20);
		},
	);

	test.each(cases)(
		'the same with a Get Many of 12,000 users started beside them (the trigger from %i s, %i ms a request): the trigger served in every window and every pass in one poll',
		async (phaseSeconds, latency) => {
			const run = await playSharedKey({
				requests: [1200, 1200, 240],
				shares: [0.75, 0.75, undefined],
				startsAtMs: [0, 0, 90_000],
				triggers: [trigger(phaseSeconds * 1000)],
				latencyMs: jitteredLatency(latency),
			});

			expectServed(run);
			expect(run.triggerPolls[0]).toEqual(Array(8).fill(1));
			expect(run.sent).toBe(2 * 1200 + 240 + 8 * 20);
		},
	);

	test.each(cases)(
		'with no X-RateLimit-* header on any answer, one n8n process: two Syncs at 75 % and the trigger from %i s, %i ms a request: no 429, the trigger served in every window and every pass in one poll',
		async (phaseSeconds, latency) => {
			const run = await playSharedKey({
				requests: [1200, 1200],
				shares: [0.75, 0.75],
				triggers: [trigger(phaseSeconds * 1000)],
				latencyMs: jitteredLatency(latency),
				rateLimitHeaders: false,
			});

			expectServed(run);
			expect(run.triggerPolls[0]).toEqual(Array(8).fill(1));
		},
	);

	test.each(cases)(
		'with no X-RateLimit-* header, and a Get Many beside them (the trigger from %i s, %i ms a request): no 429, the trigger served in every window, every pass complete within two polls',
		async (phaseSeconds, latency) => {
			const run = await playSharedKey({
				requests: [1200, 1200, 240],
				shares: [0.75, 0.75, undefined],
				startsAtMs: [0, 0, 90_000],
				triggers: [trigger(phaseSeconds * 1000)],
				latencyMs: jitteredLatency(latency),
				rateLimitHeaders: false,
			});

			expectServed(run);
			// The Get Many takes what the Syncs leave, less the newcomers' reserve, so the trigger's
			// share of what is left is smaller while it runs.
			for (const polls of run.triggerPolls[0]) expect(polls).toBeLessThanOrEqual(2);
		},
	);

	test.each([1, 2, 4, 8])('%i Syncs at 75 % beside a trigger at 50 % on 500 users: the trigger served in every window, every pass in one poll', async (syncs) => {
		const run = await playSharedKey({
			requests: Array(syncs).fill(600),
			shares: Array(syncs).fill(0.75),
			triggers: [{ pages: 10, share: 0.5, passes: 6, startsAtMs: 30_000 }],
			latencyMs: jitteredLatency(400),
		});

		expect(run.tooMany).toBe(0);
		for (const window of run.windows) expect(window.total).toBeLessThanOrEqual(200);
		const polling = run.windows.map((window) => window.triggers[0] > 0);
		for (const window of run.windows.slice(0, polling.lastIndexOf(true) + 1)) expect(window.triggers[0]).toBeGreaterThan(0);
		expect(run.triggerPolls[0]).toEqual(Array(6).fill(1));
	});
});

/**
 * Several triggers on one key. Each trigger's Rate Limit Share caps what it takes of a window,
 * of what the others leave it: three triggers at 50 % each take at most half of any window, and
 * the rest of the key (four Get Many executions here) is served beside them.
 */
describe('many triggers, one key', () => {
	const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

	test('three user-event triggers on 50,000 users at 50 % and four Get Many executions at the real 200 a minute: no 429, all complete, each page of each pass once, each trigger within its share', async () => {
		const run = await playSharedKey({
			// Get Many on 12,000 users each (240 pages), starting one after another.
			requests: [240, 240, 240, 240],
			startsAtMs: [0, 15_000, 30_000, 45_000],
			// 50,000 users: 1,000 pages a pass; a baseline pass and one more.
			triggers: [0, 1, 2].map((i) => ({ pages: 1000, share: 0.5, passes: 2, startsAtMs: i * 20_000 })),
			latencyMs: jitteredLatency(400),
		});

		expect(run.tooMany).toBe(0);
		expect(run.sent).toBe(4 * 240 + 3 * 2 * 1000);
		for (const passes of run.triggerPages) {
			expect(passes).toHaveLength(2);
			for (const pages of passes) expect(pages).toEqual(range(1000));
		}
		const last = Math.max(...run.finishedAtMs);
		for (const window of run.windows) {
			expect(window.total).toBeLessThanOrEqual(200);
			// Each trigger at most half of any window, and one more: a request sent as a window opens
			// (or a poll starts) goes before its answer can say who came back.
			for (const requests of window.triggers) expect(requests).toBeLessThanOrEqual(100 + 1);
			// Each trigger leaves half of what it sees: together they leave the executions a quarter
			// of every window until they are done (less the newcomers' 4).
			if (window.startMs + 60_000 <= last) expect(window.executions.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(50 - 4);
		}
	});
});
