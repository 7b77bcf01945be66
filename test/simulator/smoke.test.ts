/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * A quick end-to-end pass over the simulator (the exhaustive suite lives in ./tests): one real
 * HTTP request per behaviour, bodies checked against the contract's zod schemas.
 */
import { z } from 'zod';
import { DEFAULT_CLOCK_OFFSET_MS } from './rateLimit';
import {
	BlockReasonCodesResponse,
	BusinessResponse,
	CertificateResponse,
	CertificatesListResponse,
	DepartmentResponse,
	ErrorBodySchema,
	ErrorListOfTextsSchema,
	ErrorMessageOnlySchema,
	ErrorOneTextSchema,
	JobTitleResponse,
	LearnerReportResponse,
	LearningResourcesListResponse,
	LocationResponse,
	LocationsListResponse,
	PraisesListResponse,
	RateLimitErrorSchema,
	ResourceContentsResponse,
	UserAttributesResponse,
	UserPermissionsResponse,
	UserResponse,
	UsersListResponse,
} from '../schemas/engagedly';
import { useSimulator } from '../helpers/simulator';
import type { Json } from './tests/client';

interface Res {
	status: number;
	headers: Headers;
	text: string;
	body: Json;
}

// A cooldown one test runs into must not carry over to the next; the data does carry over.
const sim = useSimulator(
	{
		seed: 7,
		users: 60,
		rateLimit: 100_000,
		// The rate-limit test reads the vendor's X-RateLimit-* headers, which the contract profile leaves out.
		rateLimitHeaders: true,
		keys: [{ name: 'noUsers', clientKey: 'no-users-key', secretKey: 'no-users-secret', resources: ['departments'] }],
	},
	{ reset: (running) => running.resetRateLimit() },
);

async function call(method: string, path: string, options: { body?: unknown; key?: { clientKey: string; secretKey: string } | null; headers?: Record<string, string> } = {}): Promise<Res> {
	const key = options.key === undefined ? sim.keys.demo : options.key;
	const headers: Record<string, string> = { ...(key ? { ClientKey: key.clientKey, SecretKey: key.secretKey } : {}) };
	if (options.body !== undefined) headers['Content-Type'] = 'application/json';
	Object.assign(headers, options.headers);
	const res = await fetch(path.startsWith('http') ? path : `${sim.baseUrl}${path}`, {
		method,
		headers,
		body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
	});
	const text = await res.text();
	let body: unknown;
	try {
		body = text === '' ? undefined : JSON.parse(text);
	} catch {
		body = undefined;
	}
	return { status: res.status, headers: res.headers, text, body };
}

function expectShape<S extends z.ZodTypeAny>(res: Res, status: number, schema: S): z.infer<S> {
	expect({ status: res.status, text: res.status === status ? '' : res.text.slice(0, 500) }).toEqual({ status, text: '' });
	const parsed = schema.safeParse(res.body);
	if (!parsed.success) throw new Error(`${JSON.stringify(parsed.error.issues.slice(0, 5))}\n${res.text.slice(0, 800)}`);
	return parsed.data;
}

const newUser = (extra: Record<string, unknown> = {}) => {
	const mandatory = sim.store.customAttributes().filter((a) => a.mandatory);
	return { first_name: 'Smoke', last_name: 'Test', email: `smoke.${Math.random().toString(36).slice(2)}@example.test`, ...Object.fromEntries(mandatory.map((a) => [a.attribute_key, 'CC-900'])), ...extra };
};

test('reads: envelopes and shapes of the main resources, under /beta and /api/beta', async () => {
	const users = expectShape(await call('GET', '/beta/users?size=5&include=primary_reporter,direct_reports'), 200, UsersListResponse);
	expect(users.pagination).toEqual({ page: 1, size: 5, has_more: true, total_records: 60 });
	expectShape(await call('GET', '/api/beta/users?page=12&size=5'), 200, UsersListResponse);
	expectShape(await call('GET', '/beta/user-attributes'), 200, UserAttributesResponse);
	expectShape(await call('GET', '/beta/users/block-reason-codes'), 200, BlockReasonCodesResponse);
	const one = expectShape(await call('GET', `/beta/users/${users.data[0].id}?include=hr_managers,secondary_managers,direct_reports`), 200, UserResponse);
	expect(one.data.hr_managers).toBeDefined();
	const seededPicture = users.data.find((u) => u.display_picture !== null)!.display_picture!;
	expect((await fetch(seededPicture.small)).headers.get('content-type')).toBe('image/png');
	expectShape(await call('GET', '/beta/locations'), 200, LocationsListResponse);
	expectShape(await call('GET', '/beta/activities/praises?size=50'), 200, PraisesListResponse);
	const resources = expectShape(await call('GET', '/beta/learning/resources?types[]=Playlist'), 200, LearningResourcesListResponse);
	expect(resources.pagination.size).toBe(15);
	const contents = expectShape(await call('GET', `/beta/learning/resources/${resources.data[0].id}/contents`), 200, ResourceContentsResponse);
	expect(contents.data[0].contents).toBeDefined();
	expectShape(await call('GET', '/beta/learning/learner_reports?page=1&size=50'), 200, LearnerReportResponse);
	expect((await call('GET', '/beta/learning/learner_reports')).status).toBe(500);
	const certs = expectShape(await call('GET', '/beta/certificates?status=active'), 200, CertificatesListResponse);
	expectShape(await call('GET', `/beta/certificates/${certs.data[0].id}`), 200, CertificateResponse);
});

test('users: create, validate, patch, deactivate, activate, permissions, picture', async () => {
	const created = expectShape(await call('POST', '/beta/users', { body: newUser() }), 201, UserResponse).data;
	expect(created.status).toBe('Active');

	const missing = expectShape(await call('POST', '/beta/users', { body: { first_name: 'X' } }), 422, ErrorBodySchema);
	expect(missing.errors.map((e) => e.code)).toEqual(expect.arrayContaining(['missing_field']));
	const dup = expectShape(await call('POST', '/beta/users', { body: newUser({ email: created.email.toUpperCase() }) }), 422, ErrorBodySchema);
	expect(dup.errors[0].code).toBe('duplicate_value');
	const bool = sim.store.customAttributes().find((a) => a.data_type === 'boolean')!;
	const invalid = expectShape(await call('PATCH', `/beta/users/${created.id}`, { body: { [bool.attribute_key]: 'yes' } }), 422, ErrorBodySchema);
	expect(invalid.errors[0]).toMatchObject({ field: bool.attribute_key, code: 'invalid_value' });

	const patched = expectShape(await call('PATCH', `/beta/users/${created.id}`, { body: { custom_attributes: { [bool.attribute_key]: true }, birth_date: 'Jan 02, 1990' } }), 200, UserResponse).data;
	expect(patched.custom_attributes[bool.attribute_key].value).toBe('true');
	expect(patched.birthdate).toBe('02-01-1990');

	const blocked = expectShape(await call('PUT', `/beta/users/${created.id}/deactivate`, { body: { block_reason_code: 'fatigue' } }), 200, UserResponse).data;
	expect(blocked).toMatchObject({ status: 'Blocked', block_reason_code: 'fatigue' });
	const again = expectShape(await call('PUT', `/beta/users/${created.id}/deactivate`, { body: {} }), 200, UserResponse).data;
	expect(again.user_blocked_at).toBe(blocked.user_blocked_at);
	expect((await call('PUT', `/beta/users/${created.id}/deactivate`, { body: { block_reason_code: 'bored' } })).status).toBe(422);
	const active = expectShape(await call('PUT', `/beta/users/${created.id}/activate`, { headers: { 'Content-Type': 'application/json' } }), 200, UserResponse).data;
	expect(active).toMatchObject({ status: 'Active', block_reason_code: null, user_blocked_at: null });

	const perms = expectShape(await call('PUT', `/beta/users/${created.id}/permissions`, { body: { permission_ids: [2, 6] } }), 200, UserPermissionsResponse).data;
	expect(perms.map((p) => p.id)).toEqual([2, 6]);
	expect((await call('PUT', `/beta/users/${created.id}/permissions`, { body: { permission_ids: [1] } })).status).toBe(422);
	const adminPerms = expectShape(await call('PUT', `/beta/users/${sim.store.adminId}/permissions`, { body: { permission_ids: [3] } }), 200, UserPermissionsResponse).data;
	expect(adminPerms.map((p) => p.id)).toEqual([1, 3]);

	const bytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
	expect((await call('PUT', `/beta/users/${created.id}/profile/picture`, { body: { profile_picture: bytes } })).body).toEqual({ success: true });
	const withPicture = expectShape(await call('GET', `/beta/users/${created.id}`), 200, UserResponse).data;
	const picture = await fetch(withPicture.display_picture!.large!);
	expect(picture.headers.get('content-type')).toBe('image/png');
	expect([...new Uint8Array(await picture.arrayBuffer())]).toEqual(bytes);
});

test('departments, businesses, locations, job titles: write rules', async () => {
	const [a, b] = sim.store.sortedUsers();
	const dept = expectShape(await call('POST', '/beta/departments', { body: { name: 'Smoke Dept', members: [a.id, b.id] } }), 201, DepartmentResponse).data;
	expect(dept.members.map((m) => m.id)).toEqual([a.id, b.id]);
	expect((await call('POST', '/beta/departments', { body: { name: 'smoke dept' } })).status).toBe(422);
	const emptied = expectShape(await call('PUT', `/beta/departments/${dept.id}`, { body: { name: 'Smoke Dept 2' } }), 200, DepartmentResponse).data;
	expect(emptied.members).toEqual([]);
	const biz = expectShape(await call('POST', '/beta/businesses', { body: { name: 'Smoke Biz', members: [a.id] } }), 201, BusinessResponse).data;
	expect(biz.members_count).toBe(1);
	const user = expectShape(await call('GET', `/beta/users/${a.id}`), 200, UserResponse).data;
	expect(user.business_unit.map((u) => u.id)).toContain(biz.id);
	const del = await call('DELETE', `/beta/businesses/${biz.id}`);
	expect({ status: del.status, text: del.text }).toEqual({ status: 204, text: '' });

	const location = expectShape(await call('POST', '/beta/locations', { body: { name: 'Smoke City', city: 'Smokeville' } }), 201, LocationResponse).data;
	const replaced = expectShape(await call('PUT', `/beta/locations/${location.id}`, { body: { name: 'Smoke Town' } }), 200, LocationResponse).data;
	expect(replaced.city).toBeNull();
	expect((await call('POST', '/beta/job_titles', { body: { description: 'no name' } })).status).toBe(422);
	expectShape(await call('POST', '/beta/job_titles', { body: { name: 'Smoker' } }), 201, JobTitleResponse);
});

test('transport errors: 401, 403, 404, 405, 415, 400', async () => {
	expectShape(await call('GET', '/beta/users', { key: null }), 401, ErrorListOfTextsSchema);
	expect((await call('GET', '/beta/users', { key: { clientKey: 'demo-client-key', secretKey: 'nope' } })).body.error_type).toBe('authentication_error');
	expect((await call('POST', '/beta/departments', { key: sim.keys.readOnly, body: { name: 'RO' } })).status).toBe(403);
	expect((await call('GET', '/beta/users', { key: sim.keys.noUsers })).status).toBe(403);
	expect((await call('GET', '/beta/departments', { key: sim.keys.noUsers })).status).toBe(200);
	expect(expectShape(await call('GET', '/beta/users/00000000-0000-4000-8000-000000000000'), 404, ErrorOneTextSchema).errors).toMatch(/not found/);
	expect((await call('GET', '/beta/nothing-here')).status).toBe(404);
	expect((await call('DELETE', '/beta/users')).status).toBe(405);
	expect((await call('PUT', `/beta/users/${sim.store.adminId}/activate`)).status).toBe(415);
	expect((await call('POST', '/beta/departments', { body: '{"name":', headers: { 'Content-Type': 'application/json' } })).status).toBe(400);
	for (const q of ['size=51', 'size=0', 'page=0', 'page=abc']) expect((await call('GET', `/beta/locations?${q}`)).status).toBe(400);
	sim.clearLog();
	await call('GET', `/api/beta/users/${sim.store.adminId}?x=1`);
	expect(sim.log[0]).toMatchObject({ method: 'GET', path: `/beta/users/${sim.store.adminId}`, route: 'GET /beta/users/:id', query: { x: '1' }, status: 200, clientKey: 'demo-client-key' });
});

test('rate limit: headers, 429 with Retry-After, escalating cooldown at time scale 60', async () => {
	sim.setRateLimit({ limit: 3, timeScale: 60 });
	try {
		const first = await call('GET', '/beta/permissions');
		expect(first.headers.get('x-ratelimit-limit')).toBe('3');
		expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
		expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor((Date.now() + DEFAULT_CLOCK_OFFSET_MS) / 1000));
		await call('GET', '/beta/permissions');
		await call('GET', '/beta/permissions');
		const limited = await call('GET', '/beta/permissions');
		expectShape(limited, 429, RateLimitErrorSchema);
		expect(limited.headers.get('retry-after')).toBe('1');
		expect((await call('GET', '/beta/permissions')).status).toBe(429);
		await new Promise((r) => setTimeout(r, 1100));
		expect((await call('GET', '/beta/permissions')).status).toBe(200);
		for (let i = 0; i < 3; i++) await call('GET', '/beta/permissions');
		expect((await call('GET', '/beta/permissions')).headers.get('retry-after')).toBe('3');
	} finally {
		sim.setRateLimit({ limit: 100_000, timeScale: 1 });
		sim.resetRateLimit();
	}
});

test('faults: status, html, truncated, drop, latency', async () => {
	sim.faults.add({ kind: 'status', status: 503, match: { method: 'GET', path: '/beta/permissions' } });
	expectShape(await call('GET', '/api/beta/permissions'), 503, ErrorMessageOnlySchema);
	expect((await call('GET', '/beta/permissions')).status).toBe(200);

	sim.faults.add({ kind: 'html', match: { path: /^\/beta\/locations/ } });
	const html = await call('GET', '/beta/locations');
	expect([html.status, html.headers.get('content-type')]).toEqual([502, 'text/html; charset=utf-8']);

	sim.faults.add({ kind: 'truncated', match: { path: '/beta/users/:id' } });
	const truncated = await call('GET', `/beta/users/${sim.store.adminId}`);
	expect(truncated.status).toBe(200);
	expect(() => JSON.parse(truncated.text)).toThrow();

	sim.faults.add({ kind: 'drop' });
	await expect(call('GET', '/beta/permissions')).rejects.toThrow();

	sim.faults.add({ kind: 'latency', ms: 300 });
	const started = Date.now();
	expect((await call('GET', '/beta/permissions')).status).toBe(200);
	expect(Date.now() - started).toBeGreaterThanOrEqual(280);
	expect(sim.faults.list()).toEqual([]);
});

test('store helpers and a large organisation', async () => {
	const praise = sim.store.addPraise({ content: 'Smoke praise' });
	const list = expectShape(await call('GET', '/beta/activities/praises?size=50'), 200, PraisesListResponse);
	// The newest after the pinned praises, which the feed lists on top by default.
	expect(list.data.find((p) => !p.pinned)?.id).toBe(praise.id);
	const edited = sim.store.editPraise(praise.id, { content: 'Edited' });
	expect(Date.parse(edited.last_updated_at)).toBeGreaterThan(Date.parse(edited.activity_date) - 1);

	const user = sim.store.addUser({ first_name: 'Aaaa', last_name: 'First' });
	const page1 = expectShape(await call('GET', '/beta/users?size=1'), 200, UsersListResponse);
	expect(page1.data[0].id).toBe(user.id);
	sim.store.setUserStatus(user.id, 'Blocked', 'not_known');
	expect(expectShape(await call('GET', `/beta/users?email=${encodeURIComponent(user.email.toUpperCase())}`), 200, UsersListResponse).data[0].status).toBe('Blocked');

	const started = Date.now();
	sim.reset({ users: 10_000 });
	const last = expectShape(await call('GET', '/beta/users?page=200&size=50'), 200, UsersListResponse);
	expect(last.pagination).toMatchObject({ total_records: 10_000, has_more: false });
	expect(last.data).toHaveLength(50);
	expect(Date.now() - started).toBeLessThan(15_000);
	sim.reset({ users: 60 });
});
