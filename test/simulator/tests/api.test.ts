/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * The programmatic API for tests: start on a free port, reset, seed, inject faults
 * (faults.test.ts), read the request log and counters, simulate web-app changes through the
 * store helpers, stop.
 */
import { startSimulator } from '..';
import { refused } from '../../helpers/net';
import { useSimulator } from '../../helpers/simulator';
import { DepartmentResponse, PraisesListResponse, UsersListResponse } from '../../schemas/engagedly';
import { client, expectBody } from './client';
import { newUserPayload } from './fixtures';

// port 0 spelled out: the first test is about it.
const sim = useSimulator({ port: 0, seed: 8, rateLimit: 1_000_000 });

describe('starting and stopping', () => {
	test('port 0 picks a free port, and baseUrl names it', () => {
		expect(sim.port).toBeGreaterThan(0);
		expect(sim.baseUrl).toBe(`http://127.0.0.1:${sim.port}`);
	});

	test('two simulators run side by side with separate state', async () => {
		const other = await startSimulator({ port: 0, seed: 8, rateLimit: 1_000_000 });
		try {
			expect(other.port).not.toBe(sim.port);
			expectBody(await client(other).post('/departments', { name: 'Only in the other one' }), 201, DepartmentResponse);
			const mine = await client(sim).get('/departments', { size: 50 });
			expect(mine.body.data.map((d: { name: string }) => d.name)).not.toContain('Only in the other one');
		} finally {
			await other.stop();
		}
	});

	test('a given port is used; stop() frees it, even with a keep-alive connection open', async () => {
		const probe = await startSimulator({ port: 0 });
		const port = probe.port;
		await probe.stop();
		const fixed = await startSimulator({ port });
		expect(fixed.baseUrl).toBe(`http://127.0.0.1:${port}`);
		const http = await import('node:http');
		const agent = new http.Agent({ keepAlive: true });
		await new Promise<void>((resolve, reject) => {
			http.get(`${fixed.baseUrl}/beta/users`, { agent, headers: { ClientKey: 'demo-client-key', SecretKey: 'demo-secret-key' } }, (res) => {
				res.resume();
				res.on('end', () => resolve());
			}).on('error', reject);
		});
		await fixed.stop();
		agent.destroy();
		expect(await refused(port)).toBe(true);
	});
});

describe('the request log', () => {
	test('records method, normalised path, route template, query, status, client key and parsed body', async () => {
		sim.clearLog();
		const api = client(sim, { prefix: '/api/beta' });
		const users = expectBody(await api.get('/users', { size: 2, include: 'primary_reporter' }), 200, UsersListResponse);
		const payload = await newUserPayload(api);
		sim.clearLog(); // newUserPayload read /user-attributes
		await api.get(`/users/${users.data[0].id}/`);
		await api.post('/users', payload);
		await client(sim, { keys: null }).get('/nowhere');
		expect(sim.log).toHaveLength(3);
		const [get, post, unknown] = sim.log;
		expect(get).toEqual(
			expect.objectContaining({ method: 'GET', path: `/beta/users/${users.data[0].id}`, route: 'GET /beta/users/:id', status: 200, clientKey: 'demo-client-key' }),
		);
		expect(Number.isNaN(Date.parse(get.time))).toBe(false);
		expect(post).toEqual(expect.objectContaining({ method: 'POST', route: 'POST /beta/users', status: 201, body: payload }));
		expect(unknown).toEqual(expect.objectContaining({ route: null, status: 401, clientKey: null }));
	});

	test('the query is recorded as sent', async () => {
		sim.clearLog();
		await client(sim).get('/learning/resources', { 'types[]': ['Course', 'Playlist'], page: 2 });
		expect(sim.log[0].query).toEqual({ 'types[]': ['Course', 'Playlist'], page: '2' });
	});

	test('clearLog() and reset() empty the log', async () => {
		await client(sim).get('/users');
		expect(sim.log.length).toBeGreaterThan(0);
		sim.clearLog();
		expect(sim.log).toEqual([]);
		await client(sim).get('/users');
		await sim.reset();
		expect(sim.log).toEqual([]);
	});
});

describe('store helpers simulate changes made in the web app', () => {
	test('editPraise moves last_updated_at forward', async () => {
		const list = expectBody(await client(sim).get('/activities/praises', { size: 5 }), 200, PraisesListResponse);
		const target = list.data[4];
		sim.store.editPraise(target.id, { content: 'Edited in the web app' });
		const after = expectBody(await client(sim).get('/activities/praises', { size: 50 }), 200, PraisesListResponse).data.find((p) => p.id === target.id)!;
		expect(after.content).toBe('Edited in the web app');
		expect(Date.parse(after.last_updated_at)).toBeGreaterThan(Date.parse(target.last_updated_at));
		expect(after.activity_date).toBe(target.activity_date);
	});
});
