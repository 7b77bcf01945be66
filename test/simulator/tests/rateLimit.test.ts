/**
 * The rate limit: 200 requests per minute per ClientKey, shared by all endpoints;
 * X-RateLimit-Limit/-Remaining/-Reset on every response (the vendor's names: in the vendor
 * profile or with the `headers` switch); over the limit 429 with Retry-After and
 * {error_type: "rate_limit_exceeded"}; a cooldown escalating 1, 3, 5, 10, 15 minutes on
 * repeated violations and reset after a quiet period; limit and clock scale are settings.
 *
 * Retry-After is in whole (real) seconds. To read each cooldown step exactly, the earlier
 * violations are run at a large clock scale (600: a minute lasts 100 ms), and the violation
 * under test at scale 60, where one simulated minute is one second, so Retry-After reads the
 * cooldown in minutes: 1, 3, 5, 10, 15.
 */
import { useSimulator } from '../../helpers/simulator';
import { DEFAULT_CLOCK_OFFSET_MS, RateLimiter } from '../../simulator/rateLimit';
import { startSimulator } from '../../simulator';
import { DepartmentsListResponse, ErrorBodySchema, RateLimitErrorSchema, UsersListResponse } from '../../schemas/engagedly';
import { sleep } from 'n8n-workflow';
import { Api, ApiResponse, client, expectBody, parseWith } from './client';

/** Engagedly's clock, on which X-RateLimit-Reset is given: by default not this host's. */
const engagedlyNowMs = () => Date.now() + DEFAULT_CLOCK_OFFSET_MS;

const sim = useSimulator(
	// The suite reads the window from the vendor's X-RateLimit-* headers, which the contract profile
	// leaves out (the last describe block checks that default).
	{ seed: 2, rateLimitHeaders: true },
	{
		// reset() keeps the limit and clock scale a test set; every test starts from the defaults.
		reset: (running) => {
			running.reset();
			running.setRateLimit({ limit: 200, timeScale: 1 });
		},
	},
);

function rateHeaders(res: ApiResponse) {
	return {
		limit: res.headers['x-ratelimit-limit'],
		remaining: res.headers['x-ratelimit-remaining'],
		reset: res.headers['x-ratelimit-reset'],
	};
}

function expectRateHeaders(res: ApiResponse) {
	const h = rateHeaders(res);
	expect(h.limit).toMatch(/^\d+$/);
	expect(h.remaining).toMatch(/^\d+$/);
	expect(h.reset).toMatch(/^\d+$/);
	return { limit: Number(h.limit), remaining: Number(h.remaining), reset: Number(h.reset) };
}

/**
 * Sends bursts of concurrent requests until one answers 429 (so even a window of a few
 * milliseconds overflows); returns the 429 with the longest Retry-After, i.e. the violation.
 */
async function hammer(api: Api, maxRounds = 200): Promise<ApiResponse> {
	for (let round = 0; round < maxRounds; round++) {
		const batch = await Promise.all([0, 1, 2, 3].map(() => api.get('/users', { size: 1 })));
		for (const res of batch) expect([200, 429]).toContain(res.status);
		const limited = batch.filter((res) => res.status === 429);
		if (limited.length > 0) {
			return limited.reduce((a, b) => (Number(b.headers['retry-after']) > Number(a.headers['retry-after']) ? b : a));
		}
	}
	throw new Error(`no 429 after ${maxRounds} bursts`);
}

/** Polls until a request is allowed again (the cooldown is over). */
async function waitForCooldown(api: Api, pollMs = 20): Promise<void> {
	for (let i = 0; i < 3000; i++) {
		const res = await api.get('/users', { size: 1 });
		if (res.status === 200) return;
		expect(res.status).toBe(429);
		await sleep(pollMs);
	}
	throw new Error('the cooldown never ended');
}

function retryAfter(res: ApiResponse): number {
	expect(res.status).toBe(429);
	expect(res.headers['retry-after']).toMatch(/^\d+$/);
	return Number(res.headers['retry-after']);
}

describe('the default limit: 200 requests per minute per ClientKey', () => {
	test('the 201st request in a minute gets 429 with Retry-After and the documented body', async () => {
		const api = client(sim);
		let last: ApiResponse | undefined;
		for (let i = 1; i <= 200; i++) {
			last = await api.get('/users', { size: 1 });
			expect(last.status).toBe(200);
		}
		expect(expectRateHeaders(last!)).toEqual(expect.objectContaining({ limit: 200, remaining: 0 }));
		const over = await api.get('/users', { size: 1 });
		expect(over.status).toBe(429);
		// The rate_limit_exceeded body in JSON, not the generic error body.
		const body = parseWith(RateLimitErrorSchema, over.body);
		expect(body.error_type).toBe('rate_limit_exceeded');
		expect(body.message.length).toBeGreaterThan(0);
		expect(ErrorBodySchema.safeParse(over.body).success).toBe(false);
		expect(over.headers['content-type']).toMatch(/application\/json/);
		// a first violation costs one minute
		expect(retryAfter(over)).toBeGreaterThanOrEqual(59);
		expect(retryAfter(over)).toBeLessThanOrEqual(60);
		expect(expectRateHeaders(over).remaining).toBe(0);
	});

	test('Remaining counts down by one per request and Reset is the end of the window, in epoch seconds', async () => {
		const api = client(sim);
		const t0 = engagedlyNowMs() / 1000;
		const firstAnswer = await api.get('/users', { size: 2 });
		// Under the limit, the body is the normal envelope.
		expectBody(firstAnswer, 200, UsersListResponse);
		const first = expectRateHeaders(firstAnswer);
		const second = expectRateHeaders(await api.get('/departments'));
		const third = expectRateHeaders(await api.get('/permissions'));
		expect([first.remaining, second.remaining, third.remaining]).toEqual([199, 198, 197]);
		expect(first.limit).toBe(200);
		expect(first.reset).toBeGreaterThanOrEqual(Math.floor(t0 + 59));
		expect(first.reset).toBeLessThanOrEqual(Math.ceil(engagedlyNowMs() / 1000 + 61));
		expect(second.reset).toBe(first.reset);
	});
});

describe('headers on every response', () => {
	test.each([
		['200', (api: Api) => api.get('/users', { size: 1 }), 200],
		['201', (api: Api) => api.post('/departments', { name: 'Rate dept' }), 201],
		['400', (api: Api) => api.get('/users', { size: 99 }), 400],
		['404', (api: Api) => api.get('/nowhere'), 404],
		['405', (api: Api) => api.delete('/users'), 405],
		['415', (api: Api) => api.request('POST', '/departments', { data: 'x', raw: true, headers: { 'Content-Type': 'text/plain' } }), 415],
		['422', (api: Api) => api.post('/users', {}), 422],
		['500', (api: Api) => api.get('/learning/learner_reports'), 500],
		['204', async (api: Api) => api.delete(`/departments/${(await api.post('/departments', { name: 'Doomed' })).body.data.id}`), 204],
		['403 (read-only key)', () => client(sim, { keys: sim.keys.readOnly }).post('/departments', { name: 'Nope' }), 403],
		['401', () => client(sim, { keys: null }).get('/users'), 401],
		// 429: the 201st request's, above.
	])('%s', async (_label, send, status) => {
		const res = await send(client(sim));
		expect(res.status).toBe(status);
		expect(expectRateHeaders(res).limit).toBe(200);
	});
});

describe('the budget is per ClientKey and shared by all endpoints', () => {
	test('requests to different endpoints draw on one budget', async () => {
		sim.setRateLimit({ limit: 5 });
		const api = client(sim);
		const statuses = [];
		for (const path of ['/users', '/departments', '/businesses', '/locations', '/job_titles', '/permissions']) {
			statuses.push((await api.get(path)).status);
		}
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
	});

	test('another key keeps its own budget while the first is limited', async () => {
		sim.setRateLimit({ limit: 3 });
		const demo = client(sim);
		const over = await hammer(demo);
		expect(over.status).toBe(429);
		const ro = await client(sim, { keys: sim.keys.readOnly }).get('/users', { size: 1 });
		expect(ro.status).toBe(200);
		expect(expectRateHeaders(ro).remaining).toBe(2);
	});

	test('/beta and /api/beta share the budget', async () => {
		sim.setRateLimit({ limit: 2 });
		expect((await client(sim).get('/users')).status).toBe(200);
		expect((await client(sim, { prefix: '/api/beta' }).get('/users')).status).toBe(200);
		expect((await client(sim).get('/users')).status).toBe(429);
	});

	test('a rejected (429) write changes nothing', async () => {
		sim.setRateLimit({ limit: 1 });
		const api = client(sim);
		expect((await api.get('/users', { size: 1 })).status).toBe(200);
		const res = await api.post('/departments', { name: 'Over the limit' });
		expect(res.status).toBe(429);
		sim.resetRateLimit();
		const all = expectBody(await api.get('/departments', { size: 50 }), 200, DepartmentsListResponse);
		expect(all.data.map((d) => d.name)).not.toContain('Over the limit');
	});

	test('setRateLimit changes the limit reported and enforced', async () => {
		sim.setRateLimit({ limit: 4 });
		const res = await client(sim).get('/users', { size: 1 });
		expect(expectRateHeaders(res)).toEqual(expect.objectContaining({ limit: 4, remaining: 3 }));
	});
});

describe('cooldown', () => {
	test('during a cooldown every request is refused without extending it, and the budget comes back after it', async () => {
		sim.setRateLimit({ limit: 3, timeScale: 60 }); // a minute lasts a second
		const api = client(sim);
		const first = await hammer(api);
		expect(retryAfter(first)).toBe(1);
		// hammering during the cooldown: still 429, the wait does not grow
		for (let i = 0; i < 5; i++) {
			const again = await api.get('/users', { size: 1 });
			expect(retryAfter(again)).toBeLessThanOrEqual(1);
			parseWith(RateLimitErrorSchema, again.body);
		}
		await sleep(1200);
		const after = await api.get('/users', { size: 1 });
		expect(after.status).toBe(200);
		expect(expectRateHeaders(after).remaining).toBe(2);
		// and the requests made during the cooldown did not count as further violations
		const second = await hammer(api);
		expect(retryAfter(second)).toBe(3);
	});

	test('escalates 1, 3, 5, 10, 15 minutes on repeated violations, and stays at 15', async () => {
		const seen: number[] = [];
		for (let step = 1; step <= 6; step++) {
			sim.resetRateLimit();
			const api = client(sim);
			// earlier violations, fast: a minute lasts 100 ms
			sim.setRateLimit({ limit: 2, timeScale: 600 });
			for (let i = 1; i < step; i++) {
				await hammer(api);
				await waitForCooldown(api);
			}
			// the violation under test, at a scale where Retry-After reads minutes
			sim.setRateLimit({ timeScale: 60 });
			seen.push(retryAfter(await hammer(api)));
		}
		expect(seen).toEqual([1, 3, 5, 10, 15, 15]);
	}, 60_000);

	test('the escalation resets after a quiet period', async () => {
		// scale 150: a minute lasts 0.4 s, so Retry-After tells a 1-minute cooldown (1 s) from a 3-minute one (2 s)
		sim.setRateLimit({ limit: 2, timeScale: 150 });
		const api = client(sim);
		expect(retryAfter(await hammer(api))).toBe(1);
		await waitForCooldown(api, 50);
		const escalated = retryAfter(await hammer(api));
		expect(escalated).toBe(2); // 3 minutes = 1.2 s
		await waitForCooldown(api, 50);
		// a quiet period: half an hour of simulated time (12 s) without a violation
		await sleep(12_500);
		expect(retryAfter(await hammer(api))).toBe(1);
	}, 60_000);

	test('a quiet period is 30 minutes: a violation 29 minutes after the last cooldown still escalates (the clock injected)', () => {
		let now = 0;
		const limiter = new RateLimiter({ limit: 1 }, () => now);
		const violate = () => [limiter.hit('key').allowed, limiter.hit('key').headers['Retry-After']];
		expect(violate()).toEqual([true, '60']);
		now += (1 + 29) * 60_000;
		expect(violate()).toEqual([true, '180']);
		now += (3 + 30) * 60_000;
		expect(violate()).toEqual([true, '60']);
	});
});

describe('the rate-limit headers: named by the vendor, not by the contract', () => {
	test.each(['contract', 'vendor'] as const)('%s profile: X-RateLimit-* only where the vendor profile or the switch asks; a 429 keeps Retry-After', async (profile) => {
		const other = await startSimulator({ seed: 2, rateLimit: 1, timeScale: 60, profile });
		try {
			const api = client(other);
			const sent = profile === 'vendor';
			const first = await api.get('/users', { size: 1 });
			const limited = await api.get('/users', { size: 1 });
			expect([first.status, limited.status]).toEqual([200, 429]);
			expect(limited.headers['retry-after']).toBe('1');
			for (const res of [first, limited]) {
				expect(Object.keys(res.headers).some((name) => name.startsWith('x-ratelimit-'))).toBe(sent);
			}

			other.setRateLimit({ headers: !sent });
			other.reset();
			expect(Object.keys((await api.get('/users', { size: 1 })).headers).some((name) => name.startsWith('x-ratelimit-'))).toBe(!sent);
		} finally {
			await other.stop();
		}
	});
});
