/**
 * Fault injection for tests. Latency, 5xx, an HTML error page, truncated JSON and a
 * dropped connection, for a route or for the next N requests (`sim.faults`, see faults.ts).
 */
import { useSimulator } from '../../helpers/simulator';
import {
	DepartmentResponse,
	DepartmentsListResponse,
	UsersListResponse,
} from '../../schemas/engagedly';
import { client, errorShapeFor, expectBody, parseWith } from './client';

// What a fault costs the budget is read from X-RateLimit-Remaining, which the contract profile leaves out.
const sim = useSimulator({ seed: 4, rateLimit: 1_000_000, rateLimitHeaders: true });

async function departmentNames(): Promise<string[]> {
	return expectBody(await client(sim).get('/departments', { size: 50 }), 200, DepartmentsListResponse).data.map((d) => d.name);
}

/** Resolves with the error a request failed with (it must fail). */
async function failure(promise: Promise<unknown>): Promise<NodeJS.ErrnoException> {
	try {
		await promise;
	} catch (error) {
		return error as NodeJS.ErrnoException;
	}
	throw new Error('the request was expected to fail at the transport level, but it got a response');
}

describe('5xx and HTML error pages', () => {
	test.each([
		[{ kind: 'status', status: 503 }, 503],
		[{ kind: 'status' }, 500],
		[{ kind: 'html' }, 502],
		[{ kind: 'html', status: 504 }, 504],
	] as const)('%j answers %i (a JSON error body or a text/html page), once by default', async (fault, status) => {
		sim.faults.add(fault);
		const res = await client(sim).get('/users');
		expect(res.status).toBe(status);
		if (fault.kind === 'status') {
			expect(res.headers['content-type']).toMatch(/application\/json/);
			parseWith(errorShapeFor(status), res.body);
		} else {
			expect(res.headers['content-type']).toMatch(/text\/html/);
			expect(res.text).toMatch(/<html/i);
			expect(res.body).toBeUndefined(); // not JSON
		}
		expectBody(await client(sim).get('/users'), 200, UsersListResponse);
	});

	// A 5xx status or a dropped connection on a write changing nothing: test/reliability/faults.test.ts.
	test('an html fault on a write changes nothing', async () => {
		sim.faults.add({ kind: 'html', match: { method: 'POST', path: '/beta/departments' } });
		expect((await client(sim).post('/departments', { name: 'Never created' })).status).toBe(502);
		expect(await departmentNames()).not.toContain('Never created');
	});
});

describe('truncated JSON', () => {
	test('200 with a body that stops half-way through the real one', async () => {
		sim.faults.add({ kind: 'truncated', match: { path: '/beta/users' } });
		const cut = await client(sim).get('/users', { size: 10 });
		const full = await client(sim).get('/users', { size: 10 });
		expect(cut.status).toBe(200);
		expect(cut.body).toBeUndefined();
		expect(() => JSON.parse(cut.text)).toThrow();
		expectBody(full, 200, UsersListResponse);
		expect(cut.text.length).toBeGreaterThan(0);
		expect(cut.text.length).toBeLessThan(full.text.length);
		expect(full.text.startsWith(cut.text)).toBe(true);
	});
});

describe('dropped connection', () => {
	test('the socket closes without a response; the next request is served', async () => {
		sim.faults.add({ kind: 'drop' });
		const error = await failure(client(sim).get('/users'));
		expect(['ECONNRESET', 'ERR_BAD_RESPONSE', 'EPIPE']).toContain(error.code);
		expectBody(await client(sim).get('/users'), 200, UsersListResponse);
		const dropped = sim.log.find((e) => e.path === '/beta/users' && e.status === 0);
		expect(dropped).toBeDefined();
	});
});

describe('latency', () => {
	test('delays the response by at least the given time, then serves it normally', async () => {
		sim.faults.add({ kind: 'latency', ms: 300 });
		const started = Date.now();
		const res = await client(sim).get('/users', { size: 2 });
		const elapsed = Date.now() - started;
		expectBody(res, 200, UsersListResponse);
		expect(elapsed).toBeGreaterThanOrEqual(290);
	});

	test('a client timeout shorter than the latency fails the request; the next request is served at once', async () => {
		sim.faults.add({ kind: 'latency', ms: 1500 });
		const error = await failure(client(sim).request('GET', '/users', { timeoutMs: 200 }));
		expect(error.code).toBe('ETIMEDOUT');
		expectBody(await client(sim).get('/users', { size: 1 }), 200, UsersListResponse);
	});

	test('combines with another fault: a slow 503', async () => {
		sim.faults.add({ kind: 'latency', ms: 200 });
		sim.faults.add({ kind: 'status', status: 503 });
		const started = Date.now();
		const res = await client(sim).get('/users');
		expect(res.status).toBe(503);
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
	});
});

describe('which requests a fault hits', () => {
	test('for a route: only that path is affected, other routes are served', async () => {
		sim.faults.add({ kind: 'status', status: 500, match: { method: 'GET', path: '/beta/users' }, times: Infinity });
		expect((await client(sim).get('/users')).status).toBe(500);
		expect((await client(sim).get('/users')).status).toBe(500);
		expectBody(await client(sim).get('/departments'), 200, DepartmentsListResponse);
		const id = expectBody(await client(sim).get('/departments', { size: 1 }), 200, DepartmentsListResponse).data[0].id;
		expectBody(await client(sim).get(`/departments/${id}`), 200, DepartmentResponse);
	});

	test('a route template matches every id, and only that route', async () => {
		sim.faults.add({ kind: 'status', status: 500, match: { path: '/beta/users/:id' }, times: Infinity });
		expect((await client(sim).get('/users')).status).toBe(200);
		const users = expectBody(await client(sim).get('/users', { size: 2 }), 200, UsersListResponse).data;
		for (const u of users) expect((await client(sim).get(`/users/${u.id}`)).status).toBe(500);
		expect((await client(sim).get(`/users/${users[0].id}/permissions`)).status).toBe(200);
	});

	test('the /api prefix reaches the same faulted route', async () => {
		sim.faults.add({ kind: 'status', status: 500, match: { path: '/api/beta/users' }, times: 2 });
		expect((await client(sim, { prefix: '/api/beta' }).get('/users')).status).toBe(500);
		expect((await client(sim).get('/users')).status).toBe(500);
		expect((await client(sim).get('/users')).status).toBe(200);
	});

	test('a RegExp path matches a family of routes', async () => {
		sim.faults.add({ kind: 'html', match: { path: /^\/beta\/learning\// }, times: Infinity });
		expect((await client(sim).get('/learning/resources')).status).toBe(502);
		expect((await client(sim).get('/learning/learner_reports', { page: 1, size: 5 })).status).toBe(502);
		expect((await client(sim).get('/certificates')).status).toBe(200);
	});

	test('a method filter leaves other methods alone', async () => {
		sim.faults.add({ kind: 'status', status: 500, match: { method: 'POST' }, times: Infinity });
		expect((await client(sim).get('/departments')).status).toBe(200);
		expect((await client(sim).post('/departments', { name: 'X' })).status).toBe(500);
	});

	test('for the next N requests: exactly N requests fail, whatever the route', async () => {
		sim.faults.add({ kind: 'status', status: 503, times: 3 });
		const statuses = [];
		for (const path of ['/users', '/departments', '/permissions', '/locations', '/job_titles']) statuses.push((await client(sim).get(path)).status);
		expect(statuses).toEqual([503, 503, 503, 200, 200]);
	});

	test('times: Infinity lasts until faults.clear()', async () => {
		sim.faults.add({ kind: 'status', status: 500, times: Infinity });
		for (let i = 0; i < 5; i++) expect((await client(sim).get('/users')).status).toBe(500);
		sim.faults.clear();
		expect((await client(sim).get('/users')).status).toBe(200);
	});

	test('reset() clears faults', async () => {
		sim.faults.add({ kind: 'status', status: 500, times: Infinity });
		await sim.reset();
		expect(sim.faults.list()).toEqual([]);
		expect((await client(sim).get('/users')).status).toBe(200);
	});

	test('the fault counters: remaining and hits', async () => {
		const fault = sim.faults.add({ kind: 'status', status: 500, times: 3, match: { path: '/beta/users' } });
		await client(sim).get('/users');
		await client(sim).get('/departments'); // not matched
		expect(sim.faults.list()).toEqual([expect.objectContaining({ id: fault.id, remaining: 2, hits: 1 })]);
		await client(sim).get('/users');
		await client(sim).get('/users');
		expect(sim.faults.list()).toEqual([]);
	});

	test('faults apply after authentication: an unauthenticated request gets 401 and leaves the fault armed', async () => {
		sim.faults.add({ kind: 'status', status: 500 });
		expect((await client(sim, { keys: null }).get('/users')).status).toBe(401);
		expect(sim.faults.list()).toHaveLength(1);
		expect((await client(sim).get('/users')).status).toBe(500);
	});

	test('faulted requests count against the rate limit and carry its headers', async () => {
		const first = await client(sim).get('/users', { size: 1 });
		sim.faults.add({ kind: 'status', status: 500 });
		const faulted = await client(sim).get('/users', { size: 1 });
		const after = await client(sim).get('/users', { size: 1 });
		expect(faulted.status).toBe(500);
		const remaining = [first, faulted, after].map((r) => Number(r.headers['x-ratelimit-remaining']));
		expect(remaining[1]).toBe(remaining[0] - 1);
		expect(remaining[2]).toBe(remaining[0] - 2);
	});

	test('any fault may carry a mutate: a creation raced by another one, then answered 409', async () => {
		const email = 'raced.hire@example.test';
		sim.faults.add({
			kind: 'body',
			status: 409,
			body: JSON.stringify({ message: 'conflict' }),
			match: { method: 'POST', path: '/beta/users' },
			mutate: (store) => store.addUser({ email }),
		});
		const res = await client(sim).post('/users', { first_name: 'Raced', last_name: 'Hire', email });
		expect([res.status, res.body]).toEqual([409, { message: 'conflict' }]);
		expect([...sim.store.users.values()].filter((user) => user.email === email)).toHaveLength(1);
	});
});
