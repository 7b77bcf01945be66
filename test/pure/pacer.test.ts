/**
 * The pacer's reading of one answer (transport/rateLimit.ts): how long a 429 asks to wait, how
 * long a spent window makes the next request wait, and how Engagedly's clock is told from ours by
 * the `Date` header. A clock that only moves when told to; no HTTP. test/transport/sharedKey.test.ts
 * plays many executions against the simulator's limiter; this is each rule on its own.
 */
import type { PacerClock } from '../../nodes/Engagedly/transport/rateLimit';
import { RateLimitPacer } from '../../nodes/Engagedly/transport/rateLimit';

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
	return { pacer: new RateLimitPacer(virtual), clock };
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

	test('a caller with a 50 % share stops while half the window is left', async () => {
		const { pacer, clock } = pacerAt();
		pacer.setBudget({ share: 0.5 });
		await pacer.beforeRequest();
		pacer.observe({ 'x-ratelimit-remaining': '100', 'x-ratelimit-reset': '10', 'x-ratelimit-limit': '200' });
		await pacer.beforeRequest();
		expect(clock.slept).toEqual([10_250]);
	});
});

describe('with no answer saying what is left, the pacer counts its own requests', () => {
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
