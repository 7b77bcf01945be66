/**
 * HTTP conventions: POST/PUT/PATCH without application/json gives 415; malformed JSON 400; unknown
 * route 404; wrong method on a known route 405. Every error answers in its status's shape (README,
 * "Errors"), the documented one with `setErrorBodies({ documentedShape: true })`.
 */
import { useSimulator } from '../../helpers/simulator';
import { ErrorBodySchema, UserResponse, UsersListResponse } from '../../schemas/engagedly';
import { client, expectBody, expectError, rawRequest, UNKNOWN_UUID } from './client';
import { fillPath, Ids, seededIds } from './routes';

const sim = useSimulator({ seed: 3, rateLimit: 1_000_000 });
let ids: Ids;

beforeAll(async () => {
	ids = await seededIds(client(sim));
});

describe('415 without the application/json content type', () => {
	const bodies: Array<[string, string, string, Record<string, string>]> = [
		['POST', '/users', '{"first_name":"A","last_name":"B","email":"a.b@example.test"}', { 'Content-Type': 'text/plain' }],
		['POST', '/users', 'first_name=A&last_name=B&email=a.b%40example.test', { 'Content-Type': 'application/x-www-form-urlencoded' }],
		['PUT', '/users/:user', '{"first_name":"A"}', { 'Content-Type': 'application/xml' }],
		['PATCH', '/users/:user', '{"level":"L1"}', { 'Content-Type': 'text/plain' }],
		['POST', '/departments', '{"name":"X"}', { 'Content-Type': 'text/plain' }],
		['PUT', '/departments/:department', '{"name":"X"}', { 'Content-Type': 'text/plain' }],
		['POST', '/businesses', '{"name":"X"}', { 'Content-Type': 'text/html' }],
		['PUT', '/locations/:location', '{"name":"X"}', { 'Content-Type': 'text/plain' }],
		['POST', '/job_titles', '{"name":"X"}', { 'Content-Type': 'text/plain' }],
		['PUT', '/users/:user/permissions', '{"permission_ids":[]}', { 'Content-Type': 'text/plain' }],
		['PUT', '/users/:user/profile/picture', '{"profile_picture":[1,2]}', { 'Content-Type': 'application/octet-stream' }],
	];
	test.each(bodies)('%s %s with %s body and a non-JSON content type', async (method, path, data, headers) => {
		const res = await client(sim).request(method, fillPath(path, ids), { data, raw: true, headers });
		expectError(res, 415);
	});

	test.each([
		['POST', '/users', undefined],
		['PUT', '/users/:user/deactivate', undefined],
		['PUT', '/users/:user/activate', undefined],
		['PATCH', '/users/:user', undefined],
		['POST', '/departments', JSON.stringify({ name: 'No content type' })],
	])('%s %s with no content type (body: %s)', async (method, path, body) => {
		const res = await rawRequest(`${sim.baseUrl}/beta${fillPath(path, ids)}`, method, { ...sim.keys.demo }, body);
		expectError(res, 415);
	});

	test('a 415 changes nothing', async () => {
		const before = expectBody(await client(sim).get(`/users/${ids.user}`), 200, UserResponse).data;
		const res = await client(sim).request('PATCH', `/users/${ids.user}`, {
			data: JSON.stringify({ level: 'Changed' }),
			raw: true,
			headers: { 'Content-Type': 'text/plain' },
		});
		expectError(res, 415);
		const after = expectBody(await client(sim).get(`/users/${ids.user}`), 200, UserResponse).data;
		expect(after).toEqual(before);
	});

	test('application/json with a charset parameter is accepted', async () => {
		const res = await client(sim).request('PATCH', `/users/${ids.user}`, {
			data: JSON.stringify({ level: 'L9' }),
			raw: true,
			headers: { 'Content-Type': 'application/json; charset=utf-8' },
		});
		expect(expectBody(res, 200, UserResponse).data.level).toBe('L9');
	});

	test('an empty body with application/json is accepted where the body is optional (deactivate, activate)', async () => {
		const api = client(sim);
		const deact = await api.request('PUT', `/users/${ids.user}/deactivate`, { headers: { 'Content-Type': 'application/json' } });
		expect(expectBody(deact, 200, UserResponse).data.status).toBe('Blocked');
		const act = await api.request('PUT', `/users/${ids.user}/activate`, { headers: { 'Content-Type': 'application/json' } });
		expect(expectBody(act, 200, UserResponse).data.status).toBe('Active');
	});
});

describe('400 for malformed JSON', () => {
	test.each([
		['POST', '/users', '{"first_name": "A", '],
		['POST', '/users', "{'first_name': 'A'}"],
		['PUT', '/users/:user', 'not json at all'],
		['PATCH', '/users/:user', '{"level": "L1"}}'],
		['POST', '/departments', '{"name": undefined}'],
		['PUT', '/users/:user/deactivate', '{"block_reason_code": '],
		['PUT', '/users/:user/permissions', '[1, 2'],
	])('%s %s with %j', async (method, path, data) => {
		const res = await client(sim).request(method, fillPath(path, ids), {
			data,
			raw: true,
			headers: { 'Content-Type': 'application/json' },
		});
		expectError(res, 400);
	});

	test('malformed JSON is rejected before the permission check (400 for the read-only key too)', async () => {
		const res = await client(sim, { keys: sim.keys.readOnly }).request('POST', '/users', {
			data: '{"first_name": ',
			raw: true,
			headers: { 'Content-Type': 'application/json' },
		});
		expectError(res, 400);
	});

	test('a 400 changes nothing', async () => {
		const before = expectBody(await client(sim).get('/users', { size: 1 }), 200, UsersListResponse).pagination.total_records;
		expectError(
			await client(sim).request('POST', '/users', { data: '{"first_name":"A","last_name":"B","email":"a@b.test"', raw: true, headers: { 'Content-Type': 'application/json' } }),
			400,
		);
		const after = expectBody(await client(sim).get('/users', { size: 1 }), 200, UsersListResponse).pagination.total_records;
		expect(after).toBe(before);
	});
});

describe('404 for unknown routes and unknown resources', () => {
	test.each([
		['GET', '/nothing-here'],
		['GET', '/user'],
		['GET', '/users/:user/unknown'],
		['GET', '/departments/:department/members'],
		['POST', '/praises'],
		['GET', '/learning'],
		['GET', '/job-titles'],
	])('unknown route %s %s', async (method, path) => {
		const res = await client(sim).request(method, fillPath(path, ids), method === 'GET' ? {} : { data: {} });
		expectError(res, 404);
	});

	test('paths outside /beta and /api/beta are 404', async () => {
		for (const url of [`${sim.baseUrl}/users`, `${sim.baseUrl}/v1/users`, `${sim.baseUrl}/people/byEmail`, `${sim.baseUrl}/`]) {
			const res = await client(sim).request('GET', url);
			expect({ url, status: res.status }).toEqual({ url, status: 404 });
		}
	});

	test.each([
		['GET', `/users/${UNKNOWN_UUID}`],
		['PUT', `/users/${UNKNOWN_UUID}`],
		['PATCH', `/users/${UNKNOWN_UUID}`],
		['PUT', `/users/${UNKNOWN_UUID}/deactivate`],
		['PUT', `/users/${UNKNOWN_UUID}/activate`],
		['PUT', `/users/${UNKNOWN_UUID}/profile/picture`],
		['GET', `/users/${UNKNOWN_UUID}/permissions`],
		['PUT', `/users/${UNKNOWN_UUID}/permissions`],
		['GET', `/departments/${UNKNOWN_UUID}`],
		['PUT', `/departments/${UNKNOWN_UUID}`],
		['DELETE', `/departments/${UNKNOWN_UUID}`],
		['GET', `/businesses/${UNKNOWN_UUID}`],
		['PUT', `/businesses/${UNKNOWN_UUID}`],
		['DELETE', `/businesses/${UNKNOWN_UUID}`],
		['GET', '/locations/987654321'],
		['PUT', '/locations/987654321'],
		['DELETE', '/locations/987654321'],
		['GET', '/job_titles/987654321'],
		['PUT', '/job_titles/987654321'],
		['DELETE', '/job_titles/987654321'],
		['GET', '/learning/resources/987654321/contents'],
		['GET', '/certificates/987654321'],
	])('unknown resource %s %s', async (method, path) => {
		// A body each route would accept, so that only the unknown id is wrong.
		const data = [
			[/picture$/, { profile_picture: [1, 2, 3] }],
			[/permissions$/, { permission_ids: [] }],
			[/activate$/, {}],
			[/./, { name: 'Nobody', first_name: 'No', last_name: 'Body', email: 'no.body@example.test' }],
		].find(([pattern]) => (pattern as RegExp).test(path))![1];
		const res = await client(sim).request(method, path, method === 'PUT' || method === 'PATCH' ? { data } : {});
		expectError(res, 404);
	});
});

describe('405 for a wrong method on a known route', () => {
	test.each([
		['DELETE', '/users/:user'],
		['POST', '/users/:user'],
		['DELETE', '/users'],
		['PUT', '/users'],
		['PATCH', '/departments/:department'],
		['POST', '/departments/:department'],
		['DELETE', '/departments'],
		['PATCH', '/businesses/:business'],
		['PATCH', '/locations/:location'],
		['POST', '/job_titles/:job_title'],
		['POST', '/permissions'],
		['DELETE', '/user-attributes'],
		['POST', '/user-attributes'],
		['POST', '/activities/praises'],
		['GET', '/users/:user/deactivate'],
		['POST', '/users/:user/activate'],
		['GET', '/users/:user/profile/picture'],
		['DELETE', '/users/:user/permissions'],
		['POST', '/users/block-reason-codes'],
		['POST', '/learning/resources'],
		['POST', '/learning/learner_reports'],
		['DELETE', '/certificates/:certificate'],
		['POST', '/certificates'],
	])('%s %s', async (method, path) => {
		const res = await client(sim).request(method, fillPath(path, ids), method === 'GET' || method === 'DELETE' ? {} : { data: {} });
		expectError(res, 405);
	});

	test('405 is answered before the content type is looked at', async () => {
		const res = await client(sim).request('POST', '/permissions', { data: 'x', raw: true, headers: { 'Content-Type': 'text/plain' } });
		expectError(res, 405);
	});

	test('a 405 changes nothing: DELETE /users/<id> leaves the user', async () => {
		expectError(await client(sim).delete(`/users/${ids.user}`), 405);
		expectBody(await client(sim).get(`/users/${ids.user}`), 200, UserResponse);
	});
});

describe('error bodies: each status in one of the shapes the contract’s “most errors” leaves open', () => {
	// The friendly switch outlives reset(): no test leaves it on.
	afterEach(() => sim.setErrorBodies({ documentedShape: false }));

	/** One error of each status a client meets, by status. */
	async function errorsByStatus() {
		const api = client(sim);
		const [a, b] = sim.store.sortedUsers();
		sim.faults.add({ kind: 'status', status: 503, match: { path: '/beta/permissions' } });
		return {
			400: await api.get('/users', { size: 51 }),
			401: await client(sim, { keys: null }).get('/users'),
			403: await client(sim, { keys: sim.keys.readOnly }).post('/departments', { name: 'Read only' }),
			404: await api.get(`/users/${UNKNOWN_UUID}`),
			405: await api.delete('/users'),
			415: await rawRequest(`${sim.baseUrl}/beta/users/${a.id}/activate`, 'PUT', { ...sim.keys.demo }),
			422: await api.patch(`/users/${a.id}`, { email: b.email }),
			503: await api.get('/permissions'),
		};
	}

	test('by default: an object of lists, a list of texts, one text, a message only; 422 the documented list with its codes', async () => {
		const [, b] = sim.store.sortedUsers();
		const answers = await errorsByStatus();
		const bodies = Object.fromEntries(Object.entries(answers).map(([status, res]) => [status, [res.status, res.body]]));
		expect(bodies).toEqual({
			400: [400, { error_type: 'invalid_request_error', errors: { size: ['size must be between 1 and 50'] } }],
			401: [401, { error_type: 'authentication_error', errors: ['The ClientKey header is missing', 'The SecretKey header is missing'] }],
			403: [403, { error_type: 'invalid_request_error', errors: { base: ['This API key is read-only'] } }],
			404: [404, { error_type: 'invalid_request_error', errors: `User ${UNKNOWN_UUID} not found` }],
			405: [405, { message: expect.stringMatching(/^DELETE is not supported on \/beta\/users/) }],
			415: [415, { error_type: 'invalid_request_error', errors: [expect.stringMatching(/Content-Type: application\/json/)] }],
			422: [422, { error_type: 'validation_error', errors: [{ field: 'email', message: expect.any(String), code: 'duplicate_value' }] }],
			503: [503, { message: '503: Something went wrong on our end' }],
		});
		// The code is the contract's; the words are not a framework's.
		expect((answers[422].body as { errors: Array<{ message: string }> }).errors[0].message).toBe(`${b.email} belongs to another user of this organisation`);
	});

	test('setErrorBodies({ documentedShape: true }): every error in the documented shape, across reset()', async () => {
		sim.setErrorBodies({ documentedShape: true });
		sim.reset();
		for (const [status, res] of Object.entries(await errorsByStatus())) {
			expect(res.status).toBe(Number(status));
			expect(ErrorBodySchema.safeParse(res.body)).toMatchObject({ success: true });
		}
	});
});
