/**
 * Point 2: authentication on every request (ClientKey + SecretKey; wrong or missing gives 401
 * authentication_error) and per-key permissions (a key without the needed permission gets 403).
 */
import { startSimulator } from '..';
import { UsersListResponse } from '../../schemas/engagedly';
import { Api, client, expectBody, expectError } from './client';
import { fillPath, Ids, READ_ROUTES, ROUTES, seededIds, WRITE_ROUTES } from './routes';

type Sim = Awaited<ReturnType<typeof startSimulator>>;
let sim: Sim;
let ids: Ids;

beforeAll(async () => {
	sim = await startSimulator({ port: 0, seed: 7, rateLimit: 1_000_000 });
	ids = await seededIds(client(sim));
});
afterAll(async () => {
	await sim.stop();
});
beforeEach(async () => {
	await sim.reset();
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

describe('the default key pairs', () => {
	test('sim.keys names the documented demo and read-only pairs', () => {
		expect(sim.keys.demo).toEqual({ clientKey: 'demo-client-key', secretKey: 'demo-secret-key' });
		expect(sim.keys.readOnly).toEqual({ clientKey: 'readonly-client-key', secretKey: 'readonly-secret-key' });
	});

	test('the literal demo keys are accepted', async () => {
		const api = new Api(sim.baseUrl, { clientKey: 'demo-client-key', secretKey: 'demo-secret-key' });
		expectBody(await api.get('/users', { size: 1 }), 200, UsersListResponse);
	});
});

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
	test.each(READ_ROUTES.map((r) => [r.method, r.path]))('read-only key: %s %s is allowed', async (method, path) => {
		const res = await call(client(sim, { keys: sim.keys.readOnly }), method, path);
		expect(res.status).toBe(200);
	});

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
