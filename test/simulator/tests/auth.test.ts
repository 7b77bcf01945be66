/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * Authentication on every request (ClientKey + SecretKey; wrong or missing gives 401
 * authentication_error) and per-key permissions (a key without the needed permission gets 403).
 */
import { startSimulator } from '..';
import { useSimulator } from '../../helpers/simulator';
import { CertificatesListResponse, UsersListResponse } from '../../schemas/engagedly';
import { Api, client, expectBody, expectError } from './client';
import { fillPath, Ids, ROUTES, seededIds, WRITE_ROUTES } from './routes';

let ids: Ids;

/** Extra key pairs, each with its own permissions (ApiKeyConfig in server.ts). */
const DEPARTMENTS_ONLY = { clientKey: 'dept-client', secretKey: 'dept-secret' };
const OWNED = { clientKey: 'owned-client', secretKey: 'owned-secret' };
const ROTATED_DEMO_SECRET = 'demo-secret-rotated';
let ownerId: string;

const sim = useSimulator(async () => {
	// the owner of the OWNED key: any seeded user who has certificates
	const probe = await startSimulator({ port: 0, seed: 7 });
	ownerId = [...probe.store.certificates.values()].map((c) => c.user_id).find((id) => id !== probe.store.adminId)!;
	await probe.stop();
	return {
		seed: 7,
		rateLimit: 1_000_000,
		keys: [
			{ name: 'departmentsOnly', ...DEPARTMENTS_ONLY, resources: ['departments'] },
			{ name: 'owned', ...OWNED, ownerId },
		],
	};
});
beforeAll(async () => {
	ids = await seededIds(client(sim));
});

function queryFor(path: string) {
	return path === '/learning/learner_reports' ? { page: 1, size: 5 } : undefined;
}

async function call(api: Api, method: string, path: string) {
	const filled = fillPath(path, ids);
	return method === 'GET' || method === 'DELETE'
		? api.request(method, filled, { query: queryFor(path) })
		: api.request(method, filled, { data: {} });
}

describe.each(['/beta', '/api/beta'] as const)('401 authentication_error under %s', (prefix) => {
	test.each(ROUTES.map((r) => [r.method, r.path]))('%s %s without any key', async (method, path) => {
		const res = await call(client(sim, { keys: null, prefix }), method, path);
		expectError(res, 401, 'authentication_error');
	});
});

describe('401 for wrong or partial credentials', () => {
	const cases: Array<[string, Record<string, string>]> = [
		['a wrong SecretKey', { ClientKey: 'demo-client-key', SecretKey: 'not-the-secret' }],
		['a wrong ClientKey', { ClientKey: 'nobody-client-key', SecretKey: 'demo-secret-key' }],
		['ClientKey only', { ClientKey: 'demo-client-key' }],
		['SecretKey only', { SecretKey: 'demo-secret-key' }],
		['the secret of another pair', { ClientKey: 'demo-client-key', SecretKey: 'readonly-secret-key' }],
		['the keys swapped', { ClientKey: 'demo-secret-key', SecretKey: 'demo-client-key' }],
		['empty keys', { ClientKey: '', SecretKey: '' }],
		['the keys in an Authorization header', { Authorization: 'Bearer demo-client-key:demo-secret-key' }],
	];
	test.each(cases)('%s', async (_label, headers) => {
		const res = await client(sim, { keys: null }).get('/users', undefined, headers);
		expectError(res, 401, 'authentication_error');
	});

	test('authentication is checked before the route: an unknown path without keys is 401, not 404', async () => {
		const res = await client(sim, { keys: null }).get('/no-such-thing');
		expectError(res, 401, 'authentication_error');
	});

	test('a rejected request changes nothing: a POST /users with wrong keys creates no user', async () => {
		const before = expectBody(await client(sim).get('/users', { size: 1 }), 200, UsersListResponse).pagination.total_records;
		const res = await new Api(sim.baseUrl, { clientKey: 'demo-client-key', secretKey: 'wrong' }).post('/users', {
			first_name: 'Eve',
			last_name: 'Intruder',
			email: 'eve.intruder@example.test',
		});
		expectError(res, 401, 'authentication_error');
		const after = expectBody(await client(sim).get('/users', { size: 1 }), 200, UsersListResponse).pagination.total_records;
		expect(after).toBe(before);
	});
});

describe('403 for a key without the needed permission', () => {
	// The read-only key reading every route: envelopes.test.ts.
	test.each(WRITE_ROUTES.map((r) => [r.method, r.path]))('read-only key: %s %s gets 403', async (method, path) => {
		const res = await call(client(sim, { keys: sim.keys.readOnly }), method, path);
		expectError(res, 403);
	});

	test('a 403 write changes nothing', async () => {
		const ro = client(sim, { keys: sim.keys.readOnly });
		const statusBefore = (await client(sim).get(`/users/${ids.user}`)).body.data.status;
		expectError(await ro.delete(`/departments/${ids.department}`), 403);
		expectError(await ro.put(`/users/${ids.user}/deactivate`, {}), 403);
		const dept = await client(sim).get(`/departments/${ids.department}`);
		expect(dept.status).toBe(200);
		const user = await client(sim).get(`/users/${ids.user}`);
		expect(user.body.data.status).toBe(statusBefore);
	});
});

describe('several key pairs, each with its own permissions', () => {
	test('sim.keys names the documented demo and read-only pairs and every configured pair; the literal demo keys work', async () => {
		expect(sim.keys.demo).toEqual({ clientKey: 'demo-client-key', secretKey: 'demo-secret-key' });
		expect(sim.keys.readOnly).toEqual({ clientKey: 'readonly-client-key', secretKey: 'readonly-secret-key' });
		expect(sim.keys.departmentsOnly).toEqual(DEPARTMENTS_ONLY);
		expect(sim.keys.owned).toEqual(OWNED);
		const api = new Api(sim.baseUrl, { clientKey: 'demo-client-key', secretKey: 'demo-secret-key' });
		expectBody(await api.get('/users', { size: 1 }), 200, UsersListResponse);
	});

	test('a key limited to departments: departments allowed (read and write), everything else 403', async () => {
		const api = new Api(sim.baseUrl, DEPARTMENTS_ONLY);
		expect((await api.get('/departments')).status).toBe(200);
		expect((await api.post('/departments', { name: 'Made by a limited key' })).status).toBe(201);
		for (const path of ['/users', '/businesses', '/locations', '/job_titles', '/permissions', '/activities/praises', '/certificates', '/user-attributes', '/learning/resources']) {
			const res = await api.get(path);
			expect({ path, status: res.status }).toEqual({ path, status: 403 });
			expectError(res, 403);
		}
	});

	test('a key pair is its owner: certificates default to the user who owns the key', async () => {
		const own = expectBody(await new Api(sim.baseUrl, OWNED).get('/certificates', { size: 50 }), 200, CertificatesListResponse);
		const asked = expectBody(await client(sim).get('/certificates', { user_id: ownerId, size: 50 }), 200, CertificatesListResponse);
		const admins = expectBody(await client(sim).get('/certificates', { size: 50 }), 200, CertificatesListResponse);
		expect(own.data.length).toBeGreaterThan(0);
		expect(own.data).toEqual(asked.data);
		expect(own.data).not.toEqual(admins.data);
	});
	// Each pair has its own rate-limit budget: rateLimit.test.ts ('another key keeps its own budget').
});

describe('replacing a default pair', () => {
	test('a configured pair with the demo ClientKey replaces its secret', async () => {
		const rotated = await startSimulator({ port: 0, seed: 7, keys: [{ clientKey: 'demo-client-key', secretKey: ROTATED_DEMO_SECRET }] });
		try {
			expectError(await new Api(rotated.baseUrl, { clientKey: 'demo-client-key', secretKey: 'demo-secret-key' }).get('/users'), 401, 'authentication_error');
			expect((await new Api(rotated.baseUrl, { clientKey: 'demo-client-key', secretKey: ROTATED_DEMO_SECRET }).get('/users')).status).toBe(200);
		} finally {
			await rotated.stop();
		}
	});
});
