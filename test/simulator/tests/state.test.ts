/**
 * State changes: Active to Blocked by deactivate (optional block_reason_code checked against
 * the code list, recorded with user_blocked_at) and back by activate; department and business
 * membership shows on both the unit and the user; the Site Administrator permission cannot be
 * given or removed through PUT /users/<id>/permissions; an uploaded profile picture shows in
 * display_picture.
 */
import axios from 'axios';
import { useSimulator } from '../../helpers/simulator';
import {
	BlockReasonCodesResponse,
	BusinessResponse,
	BusinessesListResponse,
	DepartmentResponse,
	DepartmentsListResponse,
	ErrorBodySchema,
	JobTitleResponse,
	LocationResponse,
	PermissionsListResponse,
	ProfilePictureResponse,
	UserPermissionsResponse,
	UserResponse,
	UsersListResponse,
} from '../../schemas/engagedly';
import { Api, client, expectBody, expectError, expectNoContent, parseWith } from './client';
import { newUserPayload } from './fixtures';

const sim = useSimulator({ seed: 9, rateLimit: 1_000_000 });
let api: Api;

beforeEach(() => {
	api = client(sim);
});

/** A freshly created, Active user (so tests never depend on a seeded user's state). */
async function freshUser(overrides: Record<string, unknown> = {}) {
	return expectBody(await api.post('/users', await newUserPayload(api, overrides)), 201, UserResponse).data;
}

async function getUser(id: string) {
	return expectBody(await api.get(`/users/${id}`), 200, UserResponse).data;
}

describe('block reason codes', () => {
	test('the seeded organisation lists exactly the documented codes as usable, and an archived one beside them', async () => {
		const body = expectBody(await api.get('/users/block-reason-codes'), 200, BlockReasonCodesResponse);
		expect(body.data.filter((c) => c.archived !== true).map((c) => c.code).sort()).toEqual(['dismissal_with_cause', 'fatigue', 'involuntary', 'not_known', 'sabatical']);
		expect(body.data.filter((c) => c.archived === true).map((c) => c.code)).toEqual(['retirement']);
		for (const c of body.data) {
			expect(c.display_text.length).toBeGreaterThan(0);
			expect(c.description.length).toBeGreaterThan(0);
		}
	});
});

describe('Active -> Blocked -> Active', () => {
	test('deactivate with a code: Blocked, the code and the time are recorded and shown everywhere', async () => {
		const user = await freshUser();
		const before = Date.now();
		const res = await api.put(`/users/${user.id}/deactivate`, { block_reason_code: 'fatigue' });
		const after = Date.now();
		const blocked = expectBody(res, 200, UserResponse).data;
		expect(blocked.status).toBe('Blocked');
		expect(blocked.block_reason_code).toBe('fatigue');
		expect(blocked.user_blocked_at).not.toBeNull();
		const at = Date.parse(blocked.user_blocked_at!);
		expect(at).toBeGreaterThanOrEqual(before - 2000);
		expect(at).toBeLessThanOrEqual(after + 2000);

		const got = await getUser(user.id);
		expect(got).toEqual(blocked);
		const list = expectBody(await api.get('/users', { email: user.email }), 200, UsersListResponse).data;
		expect(list).toHaveLength(1);
		expect(list[0]).toEqual(expect.objectContaining({ status: 'Blocked', block_reason_code: 'fatigue', user_blocked_at: blocked.user_blocked_at }));
	});

	test('every code from the list that is not archived is accepted', async () => {
		const listed = expectBody(await api.get('/users/block-reason-codes'), 200, BlockReasonCodesResponse).data;
		expect(listed.some((c) => c.archived === true)).toBe(true);
		const codes = listed.filter((c) => c.archived !== true).map((c) => c.code);
		for (const code of codes) {
			const user = await freshUser();
			const blocked = expectBody(await api.put(`/users/${user.id}/deactivate`, { block_reason_code: code }), 200, UserResponse).data;
			expect({ code, status: blocked.status, recorded: blocked.block_reason_code }).toEqual({ code, status: 'Blocked', recorded: code });
		}
	});

	test.each([
		['a vendor code this organisation does not list', 'voluntary'],
		['a code the seed lists as archived', 'retirement'],
		['a made-up code', 'bored'],
		['a code in another case', 'FATIGUE'],
		['the display text instead of the code', 'Fatigue'],
		['a number', 3],
		['an array', ['fatigue']],
	])('deactivate with %s: 422 on block_reason_code, user stays Active', async (_label, code) => {
		const user = await freshUser();
		const body = expectError(await api.put(`/users/${user.id}/deactivate`, { block_reason_code: code }), 422, 'validation_error');
		expect(body.errors.map((e) => e.field)).toEqual(['block_reason_code']);
		const got = await getUser(user.id);
		expect(got.status).toBe('Active');
		expect(got.block_reason_code).toBeNull();
		expect(got.user_blocked_at).toBeNull();
	});
});

describe('department and business membership shows on the unit and on the user', () => {
	test.each([
		['/departments', 'departments' as const],
		['/businesses', 'business_unit' as const],
	])('%s: members set on the unit appear on the users, and go away again', async (path, userKey) => {
		const schema = path === '/departments' ? DepartmentResponse : BusinessResponse;
		const a = await freshUser();
		const b = await freshUser();
		const unit = expectBody(await api.post(path, { name: `Unit ${path}`, members: [a.id, b.id] }), 201, schema).data;
		expect(unit.members.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
		expect(Number(unit.members_count)).toBe(2);
		const member = unit.members.find((m) => m.id === a.id)!;
		expect(member).toEqual(
			expect.objectContaining({ id: a.id, email: a.email, first_name: a.first_name, last_name: a.last_name, middle_name: a.middle_name, is_admin: false }),
		);

		expect((await getUser(a.id))[userKey]).toEqual([{ id: unit.id, name: unit.name, is_admin: false }]);
		expect((await getUser(b.id))[userKey]).toEqual([{ id: unit.id, name: unit.name, is_admin: false }]);

		// the list shows the count as a string
		const listSchema = path === '/departments' ? DepartmentsListResponse : BusinessesListResponse;
		const all = expectBody(await api.get(path, { size: 50 }), 200, listSchema);
		const listed = all.data.find((u) => u.id === unit.id);
		expect(listed).toEqual({ id: unit.id, name: unit.name, members_count: '2', administrators_count: '0' });

		// PUT replaces the members
		const put = expectBody(await api.put(`${path}/${unit.id}`, { name: unit.name, members: [b.id] }), 200, schema).data;
		expect(put.members.map((m) => m.id)).toEqual([b.id]);
		expect((await getUser(a.id))[userKey]).toEqual([]);
		expect((await getUser(b.id))[userKey]).toEqual([{ id: unit.id, name: unit.name, is_admin: false }]);

		// a rename shows on the user
		expectBody(await api.put(`${path}/${unit.id}`, { name: 'Renamed unit', members: [b.id] }), 200, schema);
		expect((await getUser(b.id))[userKey]).toEqual([{ id: unit.id, name: 'Renamed unit', is_admin: false }]);

		// DELETE removes it from the user
		expectNoContent(await api.delete(`${path}/${unit.id}`));
		expect((await getUser(b.id))[userKey]).toEqual([]);
	});

	test.each([
		['/departments', 'departments'],
		['/businesses', 'businesses'],
	])('%s: membership set on the user (%s) appears on the unit', async (path, inputKey) => {
		const schema = path === '/departments' ? DepartmentResponse : BusinessResponse;
		const unit = expectBody(await api.post(path, { name: `Empty ${path}` }), 201, schema).data;
		const user = await freshUser({ [inputKey]: [unit.id] });
		const got = expectBody(await api.get(`${path}/${unit.id}`), 200, schema).data;
		expect(got.members.map((m) => m.id)).toEqual([user.id]);
		expect(Number(got.members_count)).toBe(1);

		// PATCH the user out of it again
		expectBody(await api.patch(`/users/${user.id}`, { [inputKey]: [] }), 200, UserResponse);
		const after = expectBody(await api.get(`${path}/${unit.id}`), 200, schema).data;
		expect(after.members).toEqual([]);
		expect(Number(after.members_count)).toBe(0);
	});

	test('a single business has integer counts that match its members', async () => {
		const list = expectBody(await api.get('/businesses', { size: 50 }), 200, BusinessesListResponse).data;
		for (const item of list.slice(0, 5)) {
			const one = expectBody(await api.get(`/businesses/${item.id}`), 200, BusinessResponse).data;
			expect(one.members_count).toBe(one.members.length);
			expect(one.administrators_count).toBe(one.members.filter((m) => m.is_admin).length);
			expect(String(one.members_count)).toBe(item.members_count);
			expect(String(one.administrators_count)).toBe(item.administrators_count);
		}
	});

	test('PUT without members empties the unit', async () => {
		const user = await freshUser();
		const unit = expectBody(await api.post('/departments', { name: 'Soon empty', members: [user.id] }), 201, DepartmentResponse).data;
		const put = expectBody(await api.put(`/departments/${unit.id}`, { name: 'Soon empty' }), 200, DepartmentResponse).data;
		expect(put.members).toEqual([]);
		expect((await getUser(user.id)).departments).toEqual([]);
	});
});

describe('the Site Administrator permission', () => {
	async function permissions() {
		const all = expectBody(await api.get('/permissions', { size: 50 }), 200, PermissionsListResponse).data;
		const admin = all.filter((p) => p.is_admin === true);
		expect(admin).toHaveLength(1);
		expect(admin[0].name).toBe('Site Administrator');
		const others = all.filter((p) => p.is_admin !== true);
		expect(others.length).toBeGreaterThanOrEqual(2);
		return { admin: admin[0], others };
	}

	async function permsOf(id: string) {
		return expectBody(await api.get(`/users/${id}/permissions`), 200, UserPermissionsResponse).data;
	}

	test('the organisation admin (owner of the demo key) holds it; an ordinary user does not', async () => {
		const { admin } = await permissions();
		expect((await permsOf(sim.store.adminId)).map((p) => String(p.id))).toContain(String(admin.id));
		const user = await freshUser();
		expect((await permsOf(user.id)).some((p) => p.is_admin === true)).toBe(false);
	});

	test('it cannot be given to another user: the request is refused and the user does not get it', async () => {
		const { admin, others } = await permissions();
		const user = await freshUser();
		const res = await api.put(`/users/${user.id}/permissions`, { permission_ids: [Number(admin.id), Number(others[0].id)] });
		expect([403, 422]).toContain(res.status);
		parseWith(ErrorBodySchema, res.body);
		expect((await permsOf(user.id)).some((p) => String(p.id) === String(admin.id))).toBe(false);
	});

	test('it cannot be removed from the admin: whatever the request, the admin keeps it', async () => {
		const { admin, others } = await permissions();
		const res = await api.put(`/users/${sim.store.adminId}/permissions`, { permission_ids: [Number(others[0].id)] });
		if (res.status === 200) parseWith(UserPermissionsResponse, res.body);
		else {
			expect([403, 422]).toContain(res.status);
			parseWith(ErrorBodySchema, res.body);
		}
		expect((await permsOf(sim.store.adminId)).map((p) => String(p.id))).toContain(String(admin.id));
	});
});

describe('permission ids: numbers in some answers, text in others; integers only on a write', () => {
	// The vendor profile's integers are checked against the vendor's schema in openapi.test.ts.
	test('the list gives them as text, a user\'s permissions as numbers', async () => {
		const listed = expectBody(await api.get('/permissions', { size: 50 }), 200, PermissionsListResponse).data;
		expect(listed.every((p) => typeof p.id === 'string')).toBe(true);
		const held = expectBody(await api.get(`/users/${sim.store.adminId}/permissions`), 200, UserPermissionsResponse).data;
		expect(held.length).toBeGreaterThan(0);
		expect(held.every((p) => typeof p.id === 'number')).toBe(true);
	});

	test.each([
		['as text', (id: number) => String(id)],
		['as a fraction', (id: number) => id + 0.5],
	])('a write with ids %s: 422 on permission_ids, and the user keeps what they had', async (_label, form) => {
		const user = await freshUser();
		const ordinary = sim.store.permissions.find((p) => p.is_admin !== true)!;
		const body = expectError(await api.put(`/users/${user.id}/permissions`, { permission_ids: [form(ordinary.id)] }), 422, 'validation_error');
		expect(body.errors.map((e) => [e.field, e.code])).toEqual([['permission_ids', 'invalid_value']]);
		expect(sim.store.permissionsOf(user.id)).toEqual([]);
	});
});

describe('profile picture', () => {
	const PNG_BYTES = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82];

	test('an uploaded picture shows in display_picture (single, list and membership renderings)', async () => {
		const user = await freshUser();
		expect(user.display_picture).toBeNull();
		const dept = expectBody(await api.post('/departments', { name: 'Picture dept', members: [user.id] }), 201, DepartmentResponse).data;
		expect(dept.members[0].display_picture).toBeNull();

		const res = expectBody(await api.put(`/users/${user.id}/profile/picture`, { profile_picture: PNG_BYTES }), 200, ProfilePictureResponse);
		expect(res).toEqual({ success: true });

		const got = await getUser(user.id);
		expect(got.display_picture).not.toBeNull();
		expect(got.display_picture!.small).toMatch(/^https?:\/\//);
		expect(got.display_picture!.medium).toMatch(/^https?:\/\//);
		const listed = expectBody(await api.get('/users', { email: user.email }), 200, UsersListResponse).data[0];
		expect(listed.display_picture).toEqual(expect.objectContaining({ small: got.display_picture!.small, medium: got.display_picture!.medium }));
		const member = expectBody(await api.get(`/departments/${dept.id}`), 200, DepartmentResponse).data.members[0];
		expect(member.display_picture).toEqual({ small: got.display_picture!.small, medium: got.display_picture!.medium });
	});

	test('the display_picture URL serves the uploaded bytes as a PNG, and a seeded user\'s serves one too', async () => {
		const fetchPicture = (url: string) => axios.get(url, { responseType: 'arraybuffer', validateStatus: () => true, proxy: false });
		const user = await freshUser();
		expectBody(await api.put(`/users/${user.id}/profile/picture`, { profile_picture: PNG_BYTES }), 200, ProfilePictureResponse);
		const res = await fetchPicture((await getUser(user.id)).display_picture!.medium);
		expect([res.status, res.headers['content-type']]).toEqual([200, 'image/png']);
		expect([...Buffer.from(res.data)]).toEqual(PNG_BYTES);

		const seeded = expectBody(await api.get('/users', { size: 50 }), 200, UsersListResponse).data.find((u) => u.display_picture !== null)!;
		const served = await fetchPicture(seeded.display_picture!.small);
		expect([served.status, served.headers['content-type']]).toEqual([200, 'image/png']);
	});

	test('a second upload changes the picture URL', async () => {
		const user = await freshUser();
		expectBody(await api.put(`/users/${user.id}/profile/picture`, { profile_picture: PNG_BYTES }), 200, ProfilePictureResponse);
		const first = (await getUser(user.id)).display_picture!;
		expectBody(await api.put(`/users/${user.id}/profile/picture`, { profile_picture: [...PNG_BYTES, 1, 2, 3] }), 200, ProfilePictureResponse);
		const second = (await getUser(user.id)).display_picture!;
		expect(second.medium).not.toBe(first.medium);
	});

	test.each([
		['no profile_picture', {}],
		['a string', { profile_picture: 'iVBORw0KGgo=' }],
		['bytes out of range', { profile_picture: [137, 300] }],
		['non-integers', { profile_picture: [1.5, 2] }],
		['an empty array', { profile_picture: [] }],
	])('an upload with %s is refused with 422 and changes nothing', async (_label, body) => {
		const user = await freshUser();
		const err = expectError(await api.put(`/users/${user.id}/profile/picture`, body), 422, 'validation_error');
		expect(err.errors.map((e) => e.field)).toEqual(['profile_picture']);
		expect((await getUser(user.id)).display_picture).toBeNull();
	});
});

describe('PUT replaces a location or job title as a whole (simulator README: clients must merge)', () => {
	const ADDRESS = { address_line1: null, address_line2: null, city: null, state: null, country: null, postal_code: null };
	test.each([
		['locations', LocationResponse, { address_line1: '1 Main St', address_line2: 'Suite 2', city: 'Pune', state: 'MH', country: 'India', postal_code: '411001' }, ADDRESS],
		['job_titles', JobTitleResponse, { description: 'Analyses', responsibilities: 'Reports' }, { description: null, responsibilities: null }],
	] as const)('%s: created with a name only, or PUT with a name only, the other fields are null', async (path, schema, full, blank) => {
		const bare = expectBody(await api.post(`/${path}`, { name: 'Bare' }), 201, schema).data;
		expect(bare).toEqual({ id: bare.id, name: 'Bare', ...blank });
		const created = expectBody(await api.post(`/${path}`, { name: 'Full', ...full }), 201, schema).data;
		expect(created).toEqual({ id: created.id, name: 'Full', ...full });
		const put = expectBody(await api.put(`/${path}/${created.id}`, { name: 'Renamed' }), 200, schema).data;
		expect(put).toEqual({ id: put.id, name: 'Renamed', ...blank });
		expect(String(put.id)).toBe(String(created.id));
	});

	test('a renamed location and job title show on the users that reference them', async () => {
		const loc = expectBody(await api.post('/locations', { name: 'Old Town' }), 201, LocationResponse).data;
		const job = expectBody(await api.post('/job_titles', { name: 'Old Title' }), 201, JobTitleResponse).data;
		const user = await freshUser({ location: String(loc.id), job_title: String(job.id) });
		expectBody(await api.put(`/locations/${loc.id}`, { name: 'New Town' }), 200, LocationResponse);
		expectBody(await api.put(`/job_titles/${job.id}`, { name: 'New Title' }), 200, JobTitleResponse);
		const got = await getUser(user.id);
		expect(got.location?.name).toBe('New Town');
		expect(got.job_title?.name).toBe('New Title');
	});
});
