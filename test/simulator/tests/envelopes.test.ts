/**
 * Every endpoint of docs/engagedly-api.md ("Endpoints", certificates included), under /beta and
 * /api/beta, with the documented envelopes, statuses (200/201/204/500) and field conventions
 * (blank fields null, blank arrays [], ISO 8601 UTC timestamps).
 */
import { z } from 'zod';
import { useSimulator } from '../../helpers/simulator';
import {
	BlockReasonCodesResponse,
	BusinessResponse,
	BusinessesListResponse,
	CertificateResponse,
	CertificatesListResponse,
	DepartmentResponse,
	DepartmentsListResponse,
	JobTitleResponse,
	JobTitlesListResponse,
	LearnerReportResponse,
	LearningResourcesListResponse,
	LocationResponse,
	LocationsListResponse,
	PermissionsListResponse,
	PraisesListResponse,
	ResourceContentsResponse,
	UserAttributesResponse,
	UserPermissionsResponse,
	UserResponse,
	UsersListResponse,
} from '../../schemas/engagedly';
import { Api, client, expectBody, expectError, expectNoContent } from './client';
import { newUserPayload } from './fixtures';
import { fillPath, Ids, READ_ROUTES, seededIds } from './routes';

const sim = useSimulator({ seed: 1, rateLimit: 1_000_000 });

const prefixes = ['/beta', '/api/beta'] as const;

// Every read route with its contract schema (strict: a key too many, `success` on the learner
// report or `pagination` on a plain array fails it). Read with the read-only key, which may read all.
const READS: Array<[string, z.ZodTypeAny]> = [
	['/user-attributes', UserAttributesResponse],
	['/users', UsersListResponse],
	['/users/block-reason-codes', BlockReasonCodesResponse],
	['/users/:user', UserResponse],
	['/users/:user/permissions', UserPermissionsResponse],
	['/departments', DepartmentsListResponse],
	['/departments/:department', DepartmentResponse],
	['/businesses', BusinessesListResponse],
	['/businesses/:business', BusinessResponse],
	['/locations', LocationsListResponse],
	['/locations/:location', LocationResponse],
	['/job_titles', JobTitlesListResponse],
	['/job_titles/:job_title', JobTitleResponse],
	['/permissions', PermissionsListResponse],
	['/activities/praises', PraisesListResponse],
	['/learning/resources', LearningResourcesListResponse],
	['/learning/resources/:resource/contents', ResourceContentsResponse],
	['/learning/learner_reports', LearnerReportResponse],
	['/certificates', CertificatesListResponse],
	['/certificates/:certificate', CertificateResponse],
];

test('the table names every documented read', () => {
	expect(READS.map(([path]) => path)).toEqual(READ_ROUTES.map((route) => route.path));
});

describe.each(prefixes)('read endpoints under %s', (prefix) => {
	let ids: Ids;
	beforeEach(async () => {
		ids = await seededIds(client(sim));
	});

	test.each(READS)('GET %s: 200 in its envelope; a record by id is the first one listed', async (path, schema) => {
		const api = client(sim, { prefix, keys: sim.keys.readOnly });
		const query = path === '/learning/learner_reports' ? { page: 1, size: 10 } : undefined;
		const body = expectBody(await api.get(fillPath(path, ids), query), 200, schema);
		if (Array.isArray(body.data) && !/(contents|:user\/permissions)$/.test(path)) expect(body.data.length).toBeGreaterThan(0);
		const byId = /^\/(departments|businesses|locations|job_titles|certificates)\/:/.exec(path);
		if (byId) {
			const first = (await api.get(`/${byId[1]}`, { page: 1, size: 1 })).body.data[0];
			if (byId[1] === 'certificates') expect(body.data).toEqual(first);
			expect([String(body.data.id), body.data.name]).toEqual([String(first.id), first.name]);
		}
		if (path === '/users/:user') expect([body.data.id, body.data.email]).toEqual([ids.user, sim.store.users.get(ids.user)!.email]);
	});
});

describe('learner reports without page or size answer 500', () => {
	test.each([
		['no page and no size', {}],
		['no page', { size: 10 }],
		['no size', { page: 1 }],
	])('%s', async (_label, query) => {
		const res = await client(sim).get('/learning/learner_reports', query);
		// "omitting them is a server error"; errors answer the documented error body
		expectError(res, 500);
	});
});

describe.each(prefixes)('write endpoints under %s', (prefix) => {
	let api: Api;
	beforeEach(() => {
		api = client(sim, { prefix });
	});

	const HQ = { name: 'Envelope HQ', address_line1: '1 Main St', address_line2: 'Floor 2', city: 'Pune', state: 'MH', country: 'India', postal_code: '411001' };
	const ENGINEER = { name: 'Envelope Engineer', description: 'Builds envelopes', responsibilities: 'Sealing' };
	test.each([
		// Units carry members and counts too; a location or job title is exactly its fields and id.
		['departments', DepartmentResponse, { name: 'Envelope Dept' }, { name: 'Envelope Dept 2' }, false],
		['businesses', BusinessResponse, { name: 'Envelope Biz' }, { name: 'Envelope Biz 2' }, false],
		['locations', LocationResponse, HQ, { ...HQ, city: 'Mumbai' }, true],
		['job_titles', JobTitleResponse, ENGINEER, { ...ENGINEER, description: 'Opens envelopes' }, true],
	] as const)('%s: POST 201, PUT 200, DELETE 204 with an empty body, then 404', async (path, schema, fields, replaced, whole) => {
		const created = expectBody(await api.post(`/${path}`, fields), 201, schema);
		expect(created.data).toEqual(whole ? { id: created.data.id, ...fields } : expect.objectContaining(fields));
		const put = expectBody(await api.put(`/${path}/${created.data.id}`, replaced), 200, schema);
		expect(put.data).toMatchObject(replaced);
		expectNoContent(await api.delete(`/${path}/${created.data.id}`));
		expect((await api.get(`/${path}/${created.data.id}`)).status).toBe(404);
	});
});

describe('the /api prefix reaches the same routes', () => {
	test('/beta and /api/beta serve the same data', async () => {
		const a = expectBody(await client(sim).get('/users', { page: 2, size: 5 }), 200, UsersListResponse);
		const b = expectBody(await client(sim, { prefix: '/api/beta' }).get('/users', { page: 2, size: 5 }), 200, UsersListResponse);
		expect(b).toEqual(a);
	});
});

describe('blank fields are null, blank arrays [], timestamps ISO 8601 UTC', () => {
	test('a user created with only the mandatory fields renders every blank field as null and every blank array as []', async () => {
		const api = client(sim);
		const payload = await newUserPayload(api);
		const created = expectBody(await api.post('/users', payload), 201, UserResponse);
		const got = expectBody(await api.get(`/users/${created.data.id}`), 200, UserResponse);
		// prettier-ignore
		const nulls = [
			'middle_name', 'employee_id', 'display_picture', 'job_title', 'location', 'phone_number', 'secondary_phone_number',
			'level', 'education', 'about_me', 'birthdate', 'employee_type', 'joining_date', 'promotion_date', 'review_date',
			'primary_reporter', 'block_reason_code', 'user_blocked_at',
		];
		const BLANK = { ...Object.fromEntries(nulls.map((key) => [key, null])), departments: [], business_unit: [] };
		// A blank as "" fails the strict schemas (schemas.test.ts), so expectBody has checked that.
		for (const user of [created.data, got.data]) expect(user).toMatchObject(BLANK);
		// the same user in the list rendering
		const list = expectBody(await api.get('/users', { email: String(payload.email) }), 200, UsersListResponse);
		expect(list.data).toHaveLength(1);
		expect(list.data[0].middle_name).toBeNull();
		expect(list.data[0].display_picture).toBeNull();
	});

	// A location or job title created with a name only: state.test.ts ('PUT replaces a location or job title').
	test('a department created without members has members [] and counts 0', async () => {
		const api = client(sim);
		const created = expectBody(await api.post('/departments', { name: 'Empty Dept' }), 201, DepartmentResponse);
		expect(created.data.members).toEqual([]);
		expect(Number(created.data.members_count)).toBe(0);
		expect(Number(created.data.administrators_count)).toBe(0);
	});

	// ISO 8601 UTC is the schema's (IsoUtcTimestamp); the order of the two dates is not.
	test('a praise is never last updated before its activity date', async () => {
		const body = expectBody(await client(sim).get('/activities/praises', { size: 50 }), 200, PraisesListResponse);
		for (const p of body.data) expect(Date.parse(p.last_updated_at)).toBeGreaterThanOrEqual(Date.parse(p.activity_date));
	});
});

describe('fields the contract gives in single-user answers only', () => {
	const SINGLE_ONLY = ['departments', 'business_unit', 'employee_type', 'birthdate'];
	const vendor = useSimulator({ seed: 1, rateLimit: 1_000_000, profile: 'vendor' });
	type Json = Record<string, unknown>;
	const listed = async (of: typeof sim, query: Record<string, string | number>) => {
		const res = await client(of).get('/users', query);
		expect(res.status).toBe(200);
		return (res.body as { data: Json[] }).data;
	};

	test("the contract's user list leaves out departments, business_unit, employee_type and birthdate, embedded users too; the single user and every write answer carry them; the vendor's list has them, as its list example does", async () => {
		const user = sim.store.sortedUsers().find((u) => sim.store.unitsOf('department', u.id).length > 0 && u.birth_date !== null)!;
		const [element] = await listed(sim, { email: user.email });
		for (const key of SINGLE_ONLY) expect({ key, listed: key in element }).toEqual({ key, listed: false });
		const embedded = (await listed(sim, { size: 50, include: 'primary_reporter' })).map((u) => u.primary_reporter).find((m) => m) as Json;
		for (const key of SINGLE_ONLY) expect({ key, listed: key in embedded }).toEqual({ key, listed: false });

		const api = client(sim);
		const single = expectBody(await api.get(`/users/${user.id}`), 200, UserResponse);
		expect((single.data.departments as Array<{ id: string }>).map((unit) => unit.id).sort()).toEqual(
			sim.store.unitsOf('department', user.id).map(({ unit }) => unit.id).sort(),
		);
		expect(single.data.birthdate).toBe(user.birth_date!.split('-').reverse().join('-'));
		const patched = expectBody(await api.patch(`/users/${user.id}`, { level: 'L7' }), 200, UserResponse);
		for (const key of SINGLE_ONLY) expect(patched.data).toHaveProperty(key);

		const [vendorElement] = await listed(vendor, { email: user.email });
		for (const key of SINGLE_ONLY) expect({ key, listed: key in vendorElement }).toEqual({ key, listed: true });
	});
});
