/**
 * The pacer's reading of one answer (transport/rateLimit.ts): how long a 429 asks to wait, how
 * long a spent window makes the next request wait, and how Engagedly's clock is told from ours by
 * the `Date` header. A clock that only moves when told to; no HTTP. test/transport/sharedKey.test.ts
 * plays many executions against the simulator's limiter; this is each rule on its own.
 */
import type { PacerClock, PacingBudget } from '../../nodes/Engagedly/transport/rateLimit';
import { KeyCount } from '../../nodes/Engagedly/transport/keyCounts';
import { countCap, countSpacingMs, countWaitMs, RateLimitPacer, windowRoom } from '../../nodes/Engagedly/transport/rateLimit';

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);

function pacerAt(start = T0) {
	const clock = { time: start, slept: [] as number[] };
	const virtual: PacerClock = {
		now: () => clock.time,
		sleep: async (ms) => {
			clock.slept.push(ms);
			clock.time += ms;
		},
	};
	return { pacer: new RateLimitPacer(virtual), clock, virtual };
}

const epochSeconds = (ms: number) => Math.floor(ms / 1000);

describe('retryDelayMs: how long a 429 asks to wait', () => {
	test.each([
		['Retry-After in seconds', { 'retry-after': '30' }, 30_000],
		['Retry-After as a number', { 'retry-after': 7 }, 7_000],
		['Retry-After given twice (the first counts)', { 'retry-after': ['5', '9'] }, 5_000],
		['a negative Retry-After is no wait', { 'retry-after': '-3' }, 0],
		['Retry-After first, whatever the reset says', { 'retry-after': '2', 'x-ratelimit-reset': '40' }, 2_000],
		['a reset in seconds from now', { 'x-ratelimit-reset': '40' }, 40_000],
		['a reset in epoch seconds, read on our clock, plus the second it may have been rounded down', { 'x-ratelimit-reset': String(epochSeconds(T0) + 20) }, 21_000],
		['a reset already past is no wait', { 'x-ratelimit-reset': String(epochSeconds(T0) - 20) }, 0],
		['an empty, blank or unreadable Retry-After is none', { 'retry-after': '', 'x-ratelimit-reset': '12' }, 12_000],
		['a Retry-After that is not a number is none', { 'retry-after': 'soon', 'x-ratelimit-reset': '12' }, 12_000],
		['a null Retry-After is none', { 'retry-after': null, 'x-ratelimit-reset': '12' }, 12_000],
		['nothing to go by: a minute', {}, 60_000],
	])('%s', (_name, headers, waitMs) => {
		expect(pacerAt().pacer.retryDelayMs(headers)).toBe(waitMs);
	});

	test.each([
		['ahead of ours by 5 s', 5_000, 16_000],
		['behind ours by 5 s', -5_000, 26_000],
	])('with Engagedly’s clock %s, an epoch reset is waited for on ours', (_name, aheadMs, waitMs) => {
		const { pacer } = pacerAt();
		// The answer to a request sent and answered at T0, stamped by Engagedly's clock.
		pacer.observe({ date: new Date(T0 + aheadMs).toUTCString(), 'x-ratelimit-remaining': '150' });
		// A reset at 12:00:20 on Engagedly's clock.
		expect(pacer.retryDelayMs({ 'x-ratelimit-reset': String(epochSeconds(T0) + 20) })).toBe(waitMs);
	});

	test('a Date header that cannot be read teaches nothing: the clocks are taken to agree', () => {
		const { pacer } = pacerAt();
		pacer.observe({ date: 'not a date', 'x-ratelimit-remaining': '150' });
		expect(pacer.retryDelayMs({ 'x-ratelimit-reset': String(epochSeconds(T0) + 20) })).toBe(21_000);
	});
});

describe('cooldowns: waited a little past their end', () => {
	test('cooldown waits the time asked and 250 ms', async () => {
		const { pacer, clock } = pacerAt();
		await pacer.cooldown(10_000);
		expect(clock.slept).toEqual([10_250]);
	});

	test.each([
		[10_000, T0 + 10_250, false],
		[10_000, T0 + 10_249, true],
	])('a cooldown of %i ms before a deadline at %i ends after it: %s', (ms, deadline, after) => {
		expect(pacerAt().pacer.cooldownEndsAfter(ms, deadline)).toBe(after);
	});
});

describe('a spent window makes the next request wait for its reset', () => {
	test.each([
		['nothing left, reset in 10 s', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '10' }, 10_250],
		['only the newcomers’ reserve left (2 % of 200: 4)', { 'x-ratelimit-remaining': '4', 'x-ratelimit-reset': '10', 'x-ratelimit-limit': '200' }, 10_250],
		['one more than the reserve left: at once', { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '10', 'x-ratelimit-limit': '200' }, 0],
		['no reset said: at once', { 'x-ratelimit-remaining': '0' }, 0],
		['no remaining said: nothing learned, at once', { 'x-ratelimit-reset': '10' }, 0],
	])('%s', async (_name, headers, waitMs) => {
		const { pacer, clock } = pacerAt();
		await pacer.beforeRequest();
		pacer.observe(headers);
		await pacer.beforeRequest();
		expect(clock.slept.reduce((sum, ms) => sum + ms, 0)).toBe(waitMs);
	});

	test('a reset further than a window is waited for in steps of at most 63 s, the window read again after each', async () => {
		const { pacer, clock } = pacerAt();
		await pacer.beforeRequest();
		pacer.observe({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '130' });
		await pacer.beforeRequest();
		expect(clock.slept).toEqual([63_000, 63_000, 4_250]);
	});

});

/**
 * A share (Sync's, the trigger's Rate Limit Share) is what the caller may take of what the others
 * leave it: a cap on its own requests in a window, never a threshold on the window's total, which
 * would keep the smallest share waiting behind the largest.
 */
describe('a share caps what the caller takes of a window', () => {
	test.each([
		// left, taken (ours in the window), share, limit → free (for anyone, less the newcomers' 4), mine (what the share still allows)
		['alone at 50 %, half the window taken by us: nothing more', 100, 100, 0.5, 200, 96, 0],
		['at 50 %, one of ours and 99 of others’ gone: half of what they leave us', 100, 1, 0.5, 200, 96, 49.5],
		['at 50 %, none of ours, two Syncs left 40: half of it (the newcomers’ reserve is for such as us)', 40, 0, 0.5, 200, 40, 20],
		['none of ours, only the newcomers’ reserve left: ours to take', 4, 0, 1, 200, 4, 4],
		['at 75 %, 75 of ours and 75 of others’ gone: three quarters of the 125 they leave us, less our 75', 50, 75, 0.75, 200, 46, 18.75],
		['without a share, only the newcomers’ reserve is left to others', 4, 10, 1, 200, 0, 4],
		['the reserve is 2 % of the window’s limit, at least one', 30, 5, 1, 30, 29, 30],
	])('%s', (_name, left, taken, share, limit, free, mine) => {
		expect(windowRoom({ left, taken, share, limit })).toEqual({ free, mine });
	});

	/** `ours` requests of ours in one window, each answered with what is left after `othersEach` more of others’. */
	async function afterOurs(share: number, ours: number, othersEach: number) {
		const run = pacerAt();
		run.pacer.setBudget({ share });
		for (let i = 1; i <= ours; i++) await exchange(run, { 'x-ratelimit-remaining': String(200 - i * (1 + othersEach)), 'x-ratelimit-reset': '10', 'x-ratelimit-limit': '200' }, 0);
		// Nothing waited before: the case is what the last request meets.
		expect(run.clock.slept).toEqual([]);
		await run.pacer.beforeRequest();
		return run.clock.slept;
	}

	test.each([
		['alone at 50 %: its 100th request goes', 0.5, 99, 0, []],
		['alone at 50 %: its 101st waits for the reset', 0.5, 100, 0, [10_250]],
		// 1 of ours, 99 of others’: 100 left, and half of 101 is ours.
		['at 50 %, with others having spent 99 of the window beside its one: it goes on', 0.5, 1, 99, []],
		// 20 of ours, 80 of others’: 100 left, where a threshold on the window's total would stop it; half of 120 is 60.
		['at 50 %, others spending four for each of its: past the window’s half, it goes on', 0.5, 20, 4, []],
		// 33 of ours, 132 of others’: 35 left; half of 68 is 34, one more than our 33.
		['at 50 %, others spending four for each of its: its 34th goes', 0.5, 33, 4, []],
		// 34 of ours, 136 of others’: 30 left; half of 64 is 32, less than our 34 (the window still has 26 for anyone).
		['at 50 %, others spending four for each of its: its 35th waits for the reset', 0.5, 34, 4, [10_250]],
		// 85 of ours, 85 of others’: 30 left; three quarters of 115 is 86.25, more than our 85.
		['at 75 %, others spending one for each of its: its 86th goes', 0.75, 85, 1, []],
		// 86 of ours, 86 of others’: 28 left; three quarters of 114 is 85.5, less than our 86.
		['at 75 %, others spending one for each of its: its 87th waits', 0.75, 86, 1, [10_250]],
	])('%s', async (_name, share, ours, othersEach, slept) => {
		// Each answer comes at once (0 ms), so no more of others' are expected before the next.
		expect(await afterOurs(share, ours, othersEach)).toEqual(slept);
	});
});

describe('with no answer saying what is left, the pacer counts requests: alone, its own', () => {
	test('196 requests a minute go at once (200 less the newcomers’ 4); the next waits until the first stops counting', async () => {
		const { pacer, clock } = pacerAt();
		for (let i = 0; i < 196; i++) {
			await pacer.beforeRequest();
			pacer.observe({});
		}
		expect(clock.slept).toEqual([]);
		await pacer.beforeRequest();
		expect(clock.slept).toEqual([60_250]);
	});

	test('a caller with a 50 % share sends 100 a minute by its own count', async () => {
		const { pacer, clock } = pacerAt();
		pacer.setBudget({ share: 0.5 });
		for (let i = 0; i < 101; i++) await pacer.beforeRequest();
		expect(clock.slept).toEqual([60_250]);
	});
});

/**
 * Where no answer says what is left, the runs of one n8n process on a key count together
 * (transport/keyCounts.ts): each request counts until a minute after its answer, the count stays
 * within the limit less the newcomers' reserve (which a run with nothing counted may use), and each
 * run within its share of what the others leave it.
 */
describe('with no answer saying what is left, the runs of one process share one count of the key', () => {
	const ends = (n: number, at: number) => Array<number>(n).fill(at);

	test.each([
		// theirs (the others' requests counted), share, limit → what a minute holds of ours
		['alone, no share: the limit less the newcomers’ 4', 0, 1, 200, 196],
		['alone at 50 %: half the limit', 0, 0.5, 200, 100],
		['150 of others’, no share: what they leave less the 4', 150, 1, 200, 46],
		['150 of others’, at 50 %: half of what they leave', 150, 0.5, 200, 25],
		['two Syncs’ and a Get Many’s 170, at 50 %: half of the 30', 170, 0.5, 200, 15],
		['75 of others’, at 75 %: three quarters of 125, whole requests', 75, 0.75, 200, 93],
		['196 of others’: nothing but the newcomers’ reserve', 196, 1, 200, 0],
		['a share of nothing still holds one request', 0, 0, 200, 1],
		['the reserve is 2 % of the limit, at least one', 0, 1, 40, 39],
	])('countCap: %s', (_name, theirs, share, limit, cap) => {
		expect(countCap(theirs, share, limit)).toBe(cap);
	});

	test.each([
		// ours and others: when each counted request stops counting (ms from now); share, limit → wait
		['nothing counted: at once', [], [], 1, 200, 0],
		['195 of ours, nothing else: at once', ends(195, 10_000), [], 1, 200, 0],
		['196 of ours: until the first stops counting', [5_000, ...ends(195, 10_000)], [], 1, 200, 5_000],
		['100 of ours and 96 of others’: until one of either stops counting', ends(100, 20_000), ends(96, 8_000), 1, 200, 8_000],
		['none of ours, 199 of others’: at once, into the newcomers’ reserve', [], ends(199, 30_000), 1, 200, 0],
		['none of ours, 200 of others’: until one of theirs stops counting', [], [1_000, ...ends(199, 30_000)], 1, 200, 1_000],
		['one of ours and 195 of others’: until one stops counting, though the reserve is not spent', [40_000], ends(195, 30_000), 1, 200, 30_000],
		['at 50 %, 24 of ours beside 150: at once (25 allowed)', ends(24, 50_000), ends(150, 30_000), 0.5, 200, 0],
		['at 50 %, 25 of ours beside 150: until the others’ stop counting (then 100 are allowed)', ends(25, 50_000), ends(150, 30_000), 0.5, 200, 30_000],
		['at 50 %, 25 of ours beside 150 ending one by one: until the second of theirs ends (26 of 52)', ends(25, 50_000), [1_000, 2_000, ...ends(148, 30_000)], 0.5, 200, 2_000],
	])('countWaitMs: %s', (_name, ours, others, share, limit, waitMs) => {
		expect(countWaitMs(0, ours, others, share, limit)).toBe(waitMs);
	});

	test('countWaitMs: a request that stopped counting is not counted', () => {
		expect(countWaitMs(10_000, [...ends(196, 10_000)], [], 1, 200)).toBe(0);
	});

	test.each([
		// need, ours counted, theirs counted, share, limit, window → spacing
		['not saying what it needs: none', undefined, 1, 0, 1, 200, 60_000, 0],
		['alone, needing what the minute still holds: none', 195, 1, 0, 1, 200, 60_000, 0],
		['alone, needing more: its part of a minute spread over the minute', 239, 1, 0, 1, 200, 60_000, 60_000 / 196],
		['at 50 % beside 150, needing 30 (25 allowed): spread', 30, 0, 150, 0.5, 200, 60_000, 60_000 / 25],
		['nothing allowed: a minute a request', 10, 0, 196, 1, 200, 60_000, 60_000],
	])('countSpacingMs: %s', (_name, need, mine, theirs, share, limit, windowMs, spacing) => {
		expect(countSpacingMs(need, mine, theirs, share, limit, windowMs)).toBeCloseTo(spacing, 6);
	});

	/** Pacers of one process on one key, on one virtual clock, each request answered at once without a header. */
	function processAt() {
		const run = pacerAt();
		const count = new KeyCount();
		const pacer = (share?: number) => {
			const made = new RateLimitPacer(run.virtual, count);
			if (share !== undefined) made.setBudget({ share });
			return made;
		};
		const send = async (made: RateLimitPacer, times: number) => {
			for (let i = 0; i < times; i++) {
				await made.beforeRequest();
				made.observe({});
			}
		};
		return { ...run, count, pacer, send };
	}

	test('two runs: 196 a minute between them; the next waits until the first request stops counting', async () => {
		const run = processAt();
		const [first, second] = [run.pacer(), run.pacer()];
		await run.send(first, 100);
		await run.send(second, 96);
		expect(run.clock.slept).toEqual([]);
		await run.send(second, 1);
		expect(run.clock.slept).toEqual([60_250]);
	});

	test('a run that starts into a count spent to the reserve sends its first request at once, its second when one stops counting', async () => {
		const run = processAt();
		await run.send(run.pacer(), 196);
		const newcomer = run.pacer();
		await run.send(newcomer, 1);
		expect(run.clock.slept).toEqual([]);
		await run.send(newcomer, 1);
		expect(run.clock.slept).toEqual([60_250]);
	});

	test('a run at 50 % beside one that took 150 takes 25 at once; its 26th waits', async () => {
		const run = processAt();
		await run.send(run.pacer(), 150);
		const trigger = run.pacer(0.5);
		await run.send(trigger, 25);
		expect(run.clock.slept).toEqual([]);
		await run.send(trigger, 1);
		expect(run.clock.slept).toEqual([60_250]);
	});

	test('a pacer told its key late brings its requests into the key’s count', async () => {
		const run = processAt();
		const late = new RateLimitPacer(run.virtual);
		await run.send(late, 150);
		late.countOn(run.count);
		late.countOn(run.count);
		expect(run.count.live(run.clock.time)).toHaveLength(150);
		const other = run.pacer();
		await run.send(other, 46);
		expect(run.clock.slept).toEqual([]);
		await run.send(other, 1);
		expect(run.clock.slept).toEqual([60_250]);
	});

	test.each([
		['where the key’s answers say what is left, a new run’s first request goes at once, whatever the count (its answer will say)', true, []],
		['where they do not, it waits until one of the 200 stops counting', false, [60_250]],
	])('%s', async (_name, answersSay, slept) => {
		const run = processAt();
		for (let i = 0; i < 200; i++) run.count.add({ until: T0 + 60_250 });
		run.count.answersSay = answersSay;
		await run.send(run.pacer(), 1);
		expect(run.clock.slept).toEqual(slept);
	});

	/** A run of the process that has had one answer saying what is left: `remaining`, the window resetting in 10 s. */
	async function answered(run: ReturnType<typeof processAt>, remaining: number) {
		const first = run.pacer();
		await first.beforeRequest();
		first.observe({ 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': '10', 'x-ratelimit-limit': '200' });
		return first;
	}

	test.each([
		// remaining in the process's latest answer, requests sent here since, the new run's share → its wait
		['5 left, none sent since: a new run goes at once', 5, 0, 1, []],
		['5 left, four sent since: a new run takes the newcomers’ reserve, kept for it', 5, 4, 1, []],
		['5 left, five sent since: a new run waits for the reset', 5, 5, 1, [10_250]],
		['2 left: at 50 %, one of them', 2, 0, 0.5, []],
		['0 left: a new run waits for the reset', 0, 0, 1, [10_250]],
	])('where answers say what is left, a new run starts from the process’s latest answer, less what was sent since: %s', async (_name, remaining, since, share, slept) => {
		const run = processAt();
		await answered(run, remaining);
		// Requests the process sent after that answer's.
		for (let i = 0; i < since; i++) run.count.add({ until: T0 + 60_250 });
		await run.send(run.pacer(share), 1);
		expect(run.clock.slept).toEqual(slept);
	});

	test('a known answer whose window has reset says nothing: a new run goes at once', async () => {
		const run = processAt();
		await answered(run, 0);
		run.clock.time += 10_250;
		await run.send(run.pacer(), 1);
		expect(run.clock.slept).toEqual([]);
	});

	test('what the other runs here sent since a run’s last answer is what they spent at least', async () => {
		const run = processAt();
		const first = await answered(run, 40);
		// Its answer said 40 left; the others here have sent 36 since: only the newcomers' 4 are left.
		const other = run.pacer();
		await other.beforeRequest();
		other.observe({ 'x-ratelimit-remaining': '39', 'x-ratelimit-reset': '10', 'x-ratelimit-limit': '200' });
		for (let i = 0; i < 35; i++) await other.beforeRequest();
		run.clock.slept.length = 0;
		await first.beforeRequest();
		expect(run.clock.slept).toEqual([10_250]);
	});
});

/** One request sent when the pacer lets it, answered `rttMs` later with these headers. */
async function exchange(run: ReturnType<typeof pacerAt>, headers: Record<string, unknown>, rttMs = 100) {
	await run.pacer.beforeRequest();
	run.clock.time += rttMs;
	run.pacer.observe(headers);
}

describe('Engagedly’s clock: the lower bound of its offset, raised by each answer’s Date', () => {
	// A request sent at `sent` and answered at `received` (ms after T0), stamped `date` (ms after
	// T0, whole seconds) by Engagedly: its clock is at least `date - received` ahead of ours, and
	// at most `date + 1 s - sent`. The wait for a reset at 12:01:00 on Engagedly's clock then
	// ends that lower bound earlier on ours (and a second later, for rounding).
	test.each([
		['one answer', [{ sent: 0, received: 400, date: 5_000 }], 4_600],
		['behind by less than the Date’s second: a negative offset', [{ sent: 0, received: 400, date: 0 }], -400],
		['a later answer that bounds it higher raises it', [{ sent: 0, received: 400, date: 5_000 }, { sent: 400, received: 500, date: 6_000 }], 5_500],
		['a later answer that bounds it lower leaves it', [{ sent: 0, received: 400, date: 5_000 }, { sent: 400, received: 500, date: 5_000 }], 4_600],
		['an upper bound equal to it is still the same clock', [{ sent: 0, received: 400, date: 5_000 }, { sent: 400, received: 500, date: 4_000 }], 4_600],
		['an upper bound below it: a clock was set, start again from this answer', [{ sent: 0, received: 400, date: 5_000 }, { sent: 400, received: 500, date: 2_000 }], 1_500],
		['an answer without a Date changes nothing', [{ sent: 0, received: 400, date: 5_000 }, { sent: 400, received: 500, date: undefined }], 4_600],
	])('%s', async (_name, answers, lowMs) => {
		const run = pacerAt();
		for (const { sent, received, date } of answers) {
			run.clock.time = T0 + sent;
			await run.pacer.beforeRequest();
			run.clock.time = T0 + received;
			run.pacer.observe({ 'x-ratelimit-remaining': '150', ...(date === undefined ? {} : { date: new Date(T0 + date).toUTCString() }) });
		}
		const now = run.clock.time - T0;
		expect(run.pacer.retryDelayMs({ 'x-ratelimit-reset': String(epochSeconds(T0) + 60) })).toBe(60_000 + 1_000 - lowMs - now);
	});
});

describe('our own count runs a minute from each answer', () => {
	test('a request answered 5 s after it went out counts until a minute after its answer', async () => {
		const run = pacerAt();
		await exchange(run, {}, 5_000);
		for (let i = 0; i < 195; i++) await exchange(run, {}, 0);
		const before = run.clock.time;
		await run.pacer.beforeRequest();
		expect(run.clock.time - before).toBe(60_250);
	});

	test('a caller whose share leaves the whole window to others still sends one request a minute', async () => {
		const run = pacerAt();
		run.pacer.setBudget({ share: 0 });
		await run.pacer.beforeRequest();
		expect(run.clock.slept).toEqual([]);
		await run.pacer.beforeRequest();
		expect(run.clock.slept).toEqual([60_250]);
	});
});

/**
 * What others on the key spend, read from how fast the window empties beside our own requests,
 * and what the pacer does with it. Each answer comes 100 ms after its request; the window resets
 * at `reset` seconds after T0 on Engagedly's clock (no Date: the clocks agree), so it has surely
 * reset on ours a second later. A caller that needs more than the window has left spreads what is
 * left; the wait before the next request is the figure checked.
 */
describe('others on the key: the estimate and the spreading it decides', () => {
	const window = (remaining: number, reset = 30, extra: Record<string, unknown> = {}) => ({
		'x-ratelimit-remaining': String(remaining),
		'x-ratelimit-reset': String(epochSeconds(T0) + reset),
		...extra,
	});

	async function waitAfter(answers: Array<Record<string, unknown>>, budget: PacingBudget) {
		const run = pacerAt();
		for (const headers of answers) await exchange(run, headers);
		run.pacer.setBudget(budget);
		return run.pacer.delayMs();
	}

	// Alone: 150, 149, 148 left after each of ours. The window has 148 less the newcomers' 4 for
	// us; spread over 90 % of the 30.7 s to the reset: one request every 27,630 / 144 ms, counted
	// from the last one's sending, 100 ms ago.
	const alone = [window(150), window(149), window(148)];
	// With company: 150, 149, 140: others spent 8 beside our 2 (5 requests per one of ours). The
	// time of a round trip lets 4 more of theirs (and a margin of two deviations, and one) in:
	// 140 - 4 - 9 = 127 for us and them, so ours come 5 times as far apart.
	const company = [window(150), window(149), window(140)];

	test.each([
		['alone, needing more than is left: spread', alone, { need: 1000 }, 27_630 / 144 - 100],
		['alone, needing exactly what is left: at once', alone, { need: 144 }, 0],
		['alone, not saying what it needs: at once', alone, {}, 0],
		['with company, needing more than is left: spread five times as far', company, { need: 1000 }, (27_630 * 5) / 127 - 100],
		['with company, needing what fits with theirs (25 × 5 ≤ 127): at once', company, { need: 25 }, 0],
		['with company, before a deadline nearer than the reset: spread until then', company, { need: 1000, deadlineMs: T0 + 20_000 }, (19_700 * 0.9 * 5) / 127 - 100],
		// At 50 %: of the 131 left, the share allows half of 131 and our 3, less our 3 (64); each of
		// ours costs it ours and half of the 4 of theirs (3), so it runs out before the window's 127.
		['with company, at a 50 % share that runs out first: spread by the share', company, { need: 1000, share: 0.5 }, (27_630 * 3) / 64 - 100],
		['with company, at 50 %, needing what fits its share (21 × 3 ≤ 64): at once', company, { need: 21, share: 0.5 }, 0],
		['with company, at 50 %, needing a little more (22 × 3 > 64): spread', company, { need: 22, share: 0.5 }, (27_630 * 3) / 64 - 100],
		['with company, near the reset (spacing within five round trips): what is left goes at once', [window(150, 10), window(149, 10), window(140, 10)], { need: 1000 }, 0],
		// 150, 140: 9 of theirs beside our one (10 per one of ours, 16 more expected): 140 - 4 - 16.
		['two answers are enough to measure', [window(150), window(140)], { need: 1000 }, (30_800 * 0.9 * 10) / 120 - 100],
		['one answer is not: the first request of a window goes at once', [window(150)], { need: 1000 }, 0],
		// Six answers: the estimate is taken from the last five, which hold the others' 9 (3.25
		// per one of ours, so 7 more of theirs expected: 136 - 4 - 7 = 125).
		['only the last five answers count', [window(150), window(149), window(139), window(138), window(137), window(136)], { need: 1000 }, (30_400 * 0.9 * 3.25) / 125 - 100],
	])('%s', async (_name, answers, budget, waitMs) => {
		expect(await waitAfter(answers, budget)).toBeCloseTo(waitMs, 2);
	});

	test.each([
		// 150 and 150 in one reset: our request spent one, so the window turned over meanwhile.
		['as much left as before, same reset: a new window, its first request at once', [window(150), window(150)]],
		['more left than before, same reset: a new window', [window(150), window(149), window(190)]],
		['less left, but a reset a half minute later: a new window', [window(150), window(149), window(100, 60)]],
		['a reset in seconds from now that jumps from 30 to 60 (less left): a new window', [{ 'x-ratelimit-remaining': '150', 'x-ratelimit-reset': '30' }, { 'x-ratelimit-remaining': '149', 'x-ratelimit-reset': '30' }, { 'x-ratelimit-remaining': '100', 'x-ratelimit-reset': '60' }]],
		['a 429 in between teaches no window', [window(150), window(149), window(0, 30, { 'retry-after': '20' }), window(60, 60)]],
	])('%s', async (_name, answers) => {
		expect(await waitAfter(answers, { need: 1000 })).toBe(0);
	});

	// The first answer of a window is checked against what others did in the window before: at
	// 9 of theirs per one of ours, 15 left would be gone before our request arrived.
	const busyWindow = [window(150), window(140)];
	test.each([
		['the last window’s company is expected at the start of the next', [...busyWindow, window(15, 60)], 60_000 + 1_000 + 250 - 300],
		['with as little company last window, the same 15 are enough', [window(150), window(149), window(148), window(15, 60)], 0],
		// A window that taught nothing halves what is expected: 5.5 per one of ours, 10 of theirs.
		['a window that taught nothing halves it: 14 left waits', [...busyWindow, window(150, 60), window(14, 62)], 62_000 + 1_000 + 250 - 400],
		['a window that taught nothing halves it: 15 left go', [...busyWindow, window(150, 60), window(15, 62)], 0],
		['a window’s limit is read from its answers, and kept: 2 % of 100 leaves 3 for us', [window(150, 30, { 'x-ratelimit-limit': '100' }), window(3, 60)], 0],
	])('%s', async (_name, answers, waitMs) => {
		expect(await waitAfter(answers, {})).toBe(waitMs);
	});

	test('a reset in seconds from now counts down within its window: one window, measured', async () => {
		// A second between our requests (sent 100 ms before each answer): the window resets at
		// T0 + 30.1 s whichever answer says it, 30, 29 or 28 s after it came.
		const run = pacerAt();
		for (const [remaining, reset] of [[150, 30], [149, 29], [148, 28]]) {
			await run.pacer.beforeRequest();
			run.clock.time += 100;
			run.pacer.observe({ 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(reset) });
			run.clock.time += 900;
		}
		run.clock.time -= 900;
		run.pacer.setBudget({ need: 1000 });
		// Alone: 144 for us over 90 % of the 28 s left, from our last sending 100 ms ago.
		expect(run.pacer.delayMs()).toBeCloseTo((28_000 * 0.9) / 144 - 100, 2);
	});
});
