/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * The seed data: a deterministic demo organisation (a few hundred users with managers,
 * departments, businesses, locations, job titles, permissions, custom attributes of every data
 * type including mandatory ones, praises with tags, audience and recognized actors, learning
 * resources with contents, learner report rows, certificates) and a generator for large
 * organisations.
 */
import { startSimulator } from '..';
import { useSimulator } from '../../helpers/simulator';
import {
	BusinessesListResponse,
	CertificatesListResponse,
	DepartmentsListResponse,
	JobTitlesListResponse,
	LearnerReportResponse,
	LearningResourcesListResponse,
	LocationsListResponse,
	PraisesListResponse,
	ResourceContentsResponse,
	UserAttributesResponse,
	UserResponse,
	UsersListResponse,
} from '../../schemas/engagedly';
import { Api, client, expectBody, listAll } from './client';

type Sim = Awaited<ReturnType<typeof startSimulator>>;

/**
 * Every public read of the organisation, in a fixed order. Picture URLs point back at the
 * simulator that serves them, so its base URL is replaced by a placeholder before comparing.
 */
async function snapshot(api: Api, baseUrl: string): Promise<unknown> {
	return JSON.parse(JSON.stringify(await rawSnapshot(api)).split(baseUrl).join('<BASE>'));
}

async function rawSnapshot(api: Api): Promise<Record<string, unknown>> {
	const out: Record<string, unknown> = {};
	out.attributes = (await api.get('/user-attributes')).body;
	out.codes = (await api.get('/users/block-reason-codes')).body;
	for (const path of ['/users', '/departments', '/businesses', '/locations', '/job_titles', '/permissions', '/activities/praises', '/learning/resources', '/certificates']) {
		out[path] = await listAll(api, path);
	}
	out.reports = await listAll(api, '/learning/learner_reports');
	const users = out['/users'] as Array<{ id: string }>;
	out.someUsers = await Promise.all(users.slice(0, 10).map(async (u) => (await api.get(`/users/${u.id}`, { include: 'primary_reporter,direct_reports,hr_managers,secondary_managers' })).body));
	const resources = out['/learning/resources'] as Array<{ id: number }>;
	out.contents = await Promise.all(resources.slice(0, 5).map(async (r) => (await api.get(`/learning/resources/${r.id}/contents`)).body));
	return out;
}

describe('the demo organisation', () => {
	const sim = useSimulator({ seed: 1, rateLimit: 1_000_000 }, { reset: 'never' });
	let api: Api;

	beforeAll(() => {
		api = client(sim);
	});

	test('has a few hundred users', async () => {
		const body = expectBody(await api.get('/users', { size: 1 }), 200, UsersListResponse);
		expect(body.pagination.total_records).toBeGreaterThanOrEqual(100);
		expect(body.pagination.total_records).toBeLessThan(1000);
	});

	test('users have managers: primary reporters and direct reports, consistent with each other', async () => {
		const users = await listAll(api, '/users', { include: 'primary_reporter,direct_reports' });
		const parsed = UsersListResponse.parse({ success: true, pagination: { page: 1, size: 50, has_more: false, total_records: users.length }, data: users }).data;
		const withManager = parsed.filter((u) => u.primary_reporter);
		expect(withManager.length).toBeGreaterThan(parsed.length / 2);
		expect(parsed.some((u) => u.primary_reporter === null)).toBe(true);
		const byId = new Map(parsed.map((u) => [u.id, u]));
		for (const u of withManager.slice(0, 50)) {
			const manager = byId.get(u.primary_reporter!.id);
			expect(manager).toBeDefined();
			expect(manager!.direct_reports!.map((r) => r.id)).toContain(u.id);
		}
	});

	test('has departments, businesses, locations and job titles, and users reference them', async () => {
		const depts = expectBody(await api.get('/departments', { size: 50 }), 200, DepartmentsListResponse);
		const bizs = expectBody(await api.get('/businesses', { size: 50 }), 200, BusinessesListResponse);
		const locs = expectBody(await api.get('/locations', { size: 50 }), 200, LocationsListResponse);
		const jobs = expectBody(await api.get('/job_titles', { size: 50 }), 200, JobTitlesListResponse);
		for (const list of [depts, bizs, locs, jobs]) expect(list.pagination.total_records).toBeGreaterThanOrEqual(3);

		const locIds = new Set(locs.data.map((l) => String(l.id)));
		const jobIds = new Set(jobs.data.map((j) => String(j.id)));
		const deptIds = new Set(depts.data.map((d) => d.id));
		const bizIds = new Set(bizs.data.map((b) => b.id));
		const users = expectBody(await api.get('/users', { size: 50 }), 200, UsersListResponse).data;
		expect(users.filter((u) => u.location).length).toBeGreaterThan(0);
		expect(users.filter((u) => u.job_title).length).toBeGreaterThan(0);
		for (const u of users) {
			if (u.location) expect(locIds).toContain(String(u.location.id));
			if (u.job_title) expect(jobIds).toContain(String(u.job_title.id));
		}
		let inDept = 0;
		let inBiz = 0;
		for (const u of users.slice(0, 15)) {
			const one = expectBody(await api.get(`/users/${u.id}`), 200, UserResponse).data;
			for (const d of one.departments) expect(deptIds).toContain(d.id);
			for (const b of one.business_unit) expect(bizIds).toContain(b.id);
			inDept += one.departments.length;
			inBiz += one.business_unit.length;
		}
		expect(inDept).toBeGreaterThan(0);
		expect(inBiz).toBeGreaterThan(0);
		const bizMembers = (await Promise.all(bizs.data.map(async (b) => Number(b.members_count)))).reduce((a, b) => a + b, 0);
		expect(bizMembers).toBeGreaterThan(0);
	});

	// Permissions, the Site Administrator among them: state.test.ts ('the Site Administrator permission').

	test('has custom attributes of every data type, mandatory ones included, and users carry values for them', async () => {
		const attrs = expectBody(await api.get('/user-attributes'), 200, UserAttributesResponse).data;
		const custom = attrs.filter((a) => !a.preset);
		const types = new Set(custom.map((a) => a.data_type));
		for (const t of ['text', 'number', 'date', 'boolean', 'single-select', 'multiple-select'] as const) expect(types).toContain(t);
		expect(custom.some((a) => a.mandatory)).toBe(true);
		// select attributes offer options (an empty option list is allowed by the spec, but each select type has a usable one)
		for (const t of ['single-select', 'multiple-select'] as const) {
			expect(custom.some((a) => a.data_type === t && a.attribute_options!.length >= 2)).toBe(true);
		}
		// the system three are there too, and mandatory
		for (const key of ['email', 'first_name', 'last_name']) {
			expect(attrs.find((a) => a.attribute_key === key)).toEqual(expect.objectContaining({ attribute_key: key, preset: true, mandatory: true }));
		}

		const users = expectBody(await api.get('/users', { size: 50 }), 200, UsersListResponse).data;
		for (const a of custom.filter((x) => x.attribute_options === null || x.attribute_options.length > 0)) {
			const values = users.map((u) => u.custom_attributes[a.attribute_key]).filter((v) => v && v.value !== null);
			expect({ key: a.attribute_key, hasValues: values.length > 0 }).toEqual({ key: a.attribute_key, hasValues: true });
			for (const v of values) expect(v!.name).toBe(a.name);
			if (a.data_type === 'multiple-select') for (const v of values) expect(Array.isArray(v!.value)).toBe(true);
			if (a.data_type === 'boolean') for (const v of values) expect(['true', 'false']).toContain(v!.value);
			if (a.data_type === 'number') for (const v of values) expect(Number.isFinite(Number(v!.value))).toBe(true);
			if (a.data_type === 'single-select') for (const v of values) expect(a.attribute_options!.map((o) => o.value)).toContain(v!.value);
		}
	});

	test('has praises with tags, audience and recognized actors that are users of the organisation', async () => {
		const praises = await listAll(api, '/activities/praises');
		const parsed = PraisesListResponse.parse({ success: true, pagination: { page: 1, size: 50, has_more: false, total_records: praises.length }, data: praises }).data;
		expect(parsed.length).toBeGreaterThanOrEqual(10);
		expect(parsed.some((p) => (p.tags ?? []).length > 0)).toBe(true);
		expect(parsed.some((p) => p.audience.length > 0)).toBe(true);
		expect(parsed.some((p) => p.recognized_actors.length > 0)).toBe(true);
		// An old pinned praise, listed on top by default: every suite reading praises meets one.
		const firstOther = parsed.findIndex((p) => !p.pinned);
		expect(firstOther).toBeGreaterThan(0);
		expect(parsed.slice(0, firstOther).some((p) => Date.parse(p.activity_date) < Date.parse(parsed[firstOther].activity_date))).toBe(true);
		for (const p of parsed.slice(0, 10)) {
			expect((await api.get(`/users/${p.author.id}`)).status).toBe(200);
			for (const r of p.recognized_actors) expect((await api.get(`/users/${r.id}`)).status).toBe(200);
		}
	});

	test('has learning resources with contents, learner report rows and certificates', async () => {
		const resources = await listAll(api, '/learning/resources');
		const parsed = LearningResourcesListResponse.parse({ success: true, pagination: { page: 1, size: 50, has_more: false, total_records: resources.length }, data: resources }).data;
		expect(parsed.length).toBeGreaterThanOrEqual(3);
		expect(parsed.some((r) => r.type === 'Course')).toBe(true);
		let units = 0;
		for (const r of parsed.filter((x) => x.type === 'Course').slice(0, 5)) {
			const sections = expectBody(await api.get(`/learning/resources/${r.id}/contents`), 200, ResourceContentsResponse).data;
			units += sections.reduce((n, s) => n + (s.units?.length ?? 0), 0);
		}
		expect(units).toBeGreaterThan(0);

		const report = expectBody(await api.get('/learning/learner_reports', { page: 1, size: 50 }), 200, LearnerReportResponse);
		expect(report.pagination.total_records).toBeGreaterThan(0);
		// report rows may concern archived resources, which the default resource list leaves out
		const archived = await listAll(api, '/learning/resources', { archived: 'true' });
		const resourceIds = new Set([...parsed, ...archived].map((r) => r.id));
		for (const row of report.data.slice(0, 10)) {
			expect(resourceIds).toContain(row.learning_resource_id);
			const learner = expectBody(await api.get(`/users/${row.learner.id}`), 200, UserResponse).data;
			expect(learner.email).toBe(row.learner.email);
		}

		const certs = expectBody(await api.get('/certificates', { size: 50 }), 200, CertificatesListResponse);
		expect(certs.pagination.total_records).toBeGreaterThan(0);
	});
});

describe('determinism', () => {
	let a: Sim;
	let b: Sim;
	let c: Sim;

	beforeAll(async () => {
		a = await startSimulator({ port: 0, seed: 42, users: 120, rateLimit: 1_000_000 });
		b = await startSimulator({ port: 0, seed: 42, users: 120, rateLimit: 1_000_000 });
		c = await startSimulator({ port: 0, seed: 43, users: 120, rateLimit: 1_000_000 });
	});
	afterAll(async () => {
		await Promise.all([a.stop(), b.stop(), c.stop()]);
	});

	test('two simulators with the same seed serve identical data', async () => {
		const sa = await snapshot(client(a), a.baseUrl);
		const sb = await snapshot(client(b), b.baseUrl);
		expect(JSON.stringify(sa)).toContain('<BASE>/'); // the placeholder did replace something
		expect(sb).toEqual(sa);
	});

	test('another seed gives another organisation', async () => {
		const ua = (await listAll(client(a), '/users')).map((u) => u.email);
		const uc = (await listAll(client(c), '/users')).map((u) => u.email);
		expect(uc.length).toBeGreaterThan(100);
		expect(uc).not.toEqual(ua);
	});

	test('a string seed works and is deterministic too', async () => {
		const s1 = await startSimulator({ port: 0, seed: 'acme', users: 40, rateLimit: 1_000_000 });
		const s2 = await startSimulator({ port: 0, seed: 'acme', users: 40, rateLimit: 1_000_000 });
		try {
			const u1 = await snapshot(client(s1), s1.baseUrl);
			const u2 = await snapshot(client(s2), s2.baseUrl);
			expect(u2).toEqual(u1);
		} finally {
			await Promise.all([s1.stop(), s2.stop()]);
		}
	});

	test('reset() undoes every change and serves the seeded data again', async () => {
		const api = client(a);
		const before = await rawSnapshot(api);
		const first = (before['/users'] as Array<{ id: string }>)[0];
		expect((await api.patch(`/users/${first.id}`, { level: 'Changed by test' })).status).toBe(200);
		expect((await api.post('/departments', { name: 'Transient dept' })).status).toBe(201);
		await a.reset();
		expect(await rawSnapshot(api)).toEqual(before);
	});

	test('reset({seed, users}) equals a fresh simulator with that seed and size', async () => {
		await a.reset({ seed: 43, users: 120 });
		try {
			expect(await snapshot(client(a), a.baseUrl)).toEqual(await snapshot(client(c), c.baseUrl));
		} finally {
			await a.reset({ seed: 42, users: 120 });
		}
	});
});

describe('the users option and the large-organisation generator', () => {
	test('users: N gives N users', async () => {
		const sim = await startSimulator({ port: 0, seed: 3, users: 30, rateLimit: 1_000_000 });
		try {
			expect(expectBody(await client(sim).get('/users', { size: 1 }), 200, UsersListResponse).pagination.total_records).toBe(30);
			await sim.reset({ users: 55 });
			expect(expectBody(await client(sim).get('/users', { size: 1 }), 200, UsersListResponse).pagination.total_records).toBe(55);
		} finally {
			await sim.stop();
		}
	});

	test('10,000 users are listed completely in 200 pages of 50, every id once', async () => {
		const sim = await startSimulator({ port: 0, seed: 1, users: 10_000, rateLimit: 1_000_000 });
		try {
			const api = client(sim);
			const seen = new Set<string>();
			let pages = 0;
			for (let page = 1; ; page++) {
				const body = expectBody(await api.get('/users', { page, size: 50 }), 200, UsersListResponse);
				pages += 1;
				expect(body.pagination.total_records).toBe(10_000);
				expect(body.data).toHaveLength(50);
				for (const u of body.data) {
					expect(seen.has(u.id)).toBe(false);
					seen.add(u.id);
				}
				expect(body.pagination.has_more).toBe(page < 200);
				if (!body.pagination.has_more) break;
			}
			expect(pages).toBe(200);
			expect(seen.size).toBe(10_000);
			const after = expectBody(await api.get('/users', { page: 201, size: 50 }), 200, UsersListResponse);
			expect(after.data).toEqual([]);
			// emails are unique across the large organisation too
			const sample = expectBody(await api.get('/users', { page: 137, size: 50 }), 200, UsersListResponse).data;
			for (const u of sample) {
				const byEmail = expectBody(await api.get('/users', { email: u.email }), 200, UsersListResponse).data;
				expect(byEmail.map((x) => x.id)).toEqual([u.id]);
			}
		} finally {
			await sim.stop();
		}
	}, 120_000);
});
