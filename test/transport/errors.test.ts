/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { byId, runEngagedly, testCredential } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';

const NO_USERS_KEY = { clientKey: 'no-users-client', secretKey: 'no-users-secret-5f2a9c' };

const sim = useSimulator({
	users: 60,
	seed: 'errors',
	keys: [{ name: 'noUsers', ...NO_USERS_KEY, resources: ['departments'] }],
});

const getUser = (id: string) => ({ resource: 'user', operation: 'get', userId: byId(id) });

describe('the credential test', () => {
	test('passes with the demo key pair', async () => {
		expect(await testCredential(sim.credentials())).toEqual({ status: 'OK', message: 'Connection successful!' });
	});

	test('fails a wrong secret key with a message that says what to do, not the key', async () => {
		const result = await testCredential({ ...sim.credentials(), secretKey: 'wrong-secret-4c1e' });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/rejected the Client Key \/ Secret Key pair/);
		expect(result.message).not.toContain('wrong-secret-4c1e');
		expect(sim.log.length).toBeGreaterThan(0);
		expect(sim.log.every((entry) => entry.status === 401)).toBe(true);
	});

	test('does not follow a redirect: no request carrying the keys reaches the address it points to', async () => {
		// A second loopback server stands for wherever the redirect points; it records every request.
		const arrived: http.IncomingHttpHeaders[] = [];
		const elsewhere = http.createServer((req, res) => {
			arrived.push(req.headers);
			res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[],"pagination":{"page":1,"size":1,"has_more":false,"total_records":0}}');
		});
		await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
		const { port } = elsewhere.address() as AddressInfo;
		try {
			for (const status of [302, 307]) {
				sim.faults.clear();
				sim.faults.add({ kind: 'redirect', status, location: `http://127.0.0.1:${port}/beta/users?page=1&size=1`, times: Infinity });
				const result = await testCredential(sim.credentials());

				expect(arrived).toEqual([]);
				expect(result.status).toBe('Error');
				expect(result.message).toMatch(/answered with a redirect, which the test does not follow/);
				expect(result.message).not.toContain(sim.keys.demo.secretKey);
				expect(requestsTo(sim, 'GET /beta/users').map((entry) => entry.status)).toEqual([status]);
				sim.clearLog();
			}
		} finally {
			await new Promise((resolve) => elsewhere.close(resolve));
		}
	});

	test('accepts a base URL with a trailing slash, a trailing /beta or the /api prefix, and so does the node', async () => {
		const user = sim.store.sortedUsers()[1];
		for (const baseUrl of [`${sim.baseUrl}/`, `${sim.baseUrl}/beta`, `${sim.baseUrl}/api`]) {
			expect(await testCredential({ ...sim.credentials(), baseUrl })).toMatchObject({ status: 'OK' });
			const { items, error } = await runEngagedly({ parameters: getUser(user.id), credentials: { ...sim.credentials(), baseUrl } });
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.id)).toEqual([user.id]);
		}
	});
});

// Each status answers in its own shape by default (the simulator README, "Errors"): the 401 a list of
// texts, the 403 an object of lists, the 404 one text, the 5xx a message only. Each error shows the
// status and Engagedly's words once: in the headline, not again in the description.
describe('errors Engagedly answers with', () => {
	test('401: names the error type, tells the user to paste the keys again, never shows them', async () => {
		const secret = 'this-is-not-the-secret-9d8e7f';
		const { error } = await runEngagedly({
			parameters: { resource: 'user', operation: 'getAll', limit: 1 },
			credentials: { ...sim.credentials(), secretKey: secret },
		});

		expect(error?.message).toBe('Engagedly answered 401: authentication_error: Invalid ClientKey or SecretKey');
		expect(error?.description).toMatch(/paste both keys again/);
		expect(error?.description).not.toContain('Invalid ClientKey');
		expect(JSON.stringify({ ...error, message: error?.message, description: error?.description })).not.toContain(secret);
	});

	test('403: explains that the key owner lacks the permission', async () => {
		const { error } = await runEngagedly({
			parameters: { resource: 'user', operation: 'getAll', limit: 1 },
			credentials: { ...NO_USERS_KEY, baseUrl: sim.baseUrl },
		});

		expect(error?.message).toBe('Engagedly answered 403: invalid_request_error: base: This API key has no access to users');
		expect(error?.description).toMatch(/lacks the permission/);
		expect(JSON.stringify(error)).not.toContain(NO_USERS_KEY.secretKey);
	});

	test('404: says the record was not found and names the failing item', async () => {
		const { error } = await runEngagedly({ parameters: getUser('no-such-user'), credentials: sim.credentials() });

		expect(error?.message).toBe('Engagedly answered 404: invalid_request_error: User no-such-user not found');
		expect(error?.description).toMatch(/was not found in Engagedly/);
		expect(error?.context?.itemIndex).toBe(0);
	});

	test.each([
		['typed in as spaces', '   '],
		['given by an expression that finds nothing', '={{ $json.missing }}'],
	])('an empty user ID %s is refused before any request, naming the fix', async (_how, value) => {
		const { error } = await runEngagedly({ parameters: getUser(value), credentials: sim.credentials() });
		expect([error?.message, error?.description]).toEqual(['No user selected', 'Pick a user from the list, or enter their ID or email address.']);
		expect(sim.log).toHaveLength(0);
	});
});

describe('transient failures on reads', () => {
	const someone = () => sim.store.sortedUsers()[5];

	test.each([
		['a 503', { kind: 'status' as const, status: 503 }],
		['an HTML error page', { kind: 'html' as const }],
		['a truncated JSON body', { kind: 'truncated' as const }],
		['a dropped connection', { kind: 'drop' as const }],
	])('%s is retried and the read succeeds', async (_name, fault) => {
		sim.faults.add({ ...fault, times: 2, match: { method: 'GET', path: '/beta/users/:id' } });
		const { items, error } = await runEngagedly({ parameters: getUser(someone().id), credentials: sim.credentials() });

		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(someone().id);
		expect(sim.log.filter((entry) => entry.route === 'GET /beta/users/:id').length).toBeGreaterThanOrEqual(2);
	});

	test('a failure that outlasts the retries is reported with how often it was tried', async () => {
		sim.faults.add({ kind: 'status', status: 502, times: Infinity, match: { path: '/beta/users/:id' } });
		const { error } = await runEngagedly({ parameters: getUser(someone().id), credentials: sim.credentials() });

		expect(error?.message).toMatch(/502/);
		expect(sim.log).toHaveLength(4);
	});
});
