/**
 * The query parameters the spec documents: `include` and the email filter on users,
 * the learning resource and learner report filters and the certificate filters of the spec
 * README. Expected results are computed from the unfiltered list, with the documented meaning
 * of each filter.
 */
import { useSimulator } from '../../helpers/simulator';
import {
	CertificatesListResponse,
	LearnerReportResponse,
	LearningResourcesListResponse,
	UserResponse,
	UsersListResponse,
} from '../../schemas/engagedly';
import { Api, client, expectBody, expectError, listAll, type Json } from './client';

const sim = useSimulator({ seed: 1, rateLimit: 1_000_000 }, { reset: 'never' });
let api: Api;

beforeAll(() => {
	api = client(sim);
});

const ids = (items: Array<{ id: unknown }>) => items.map((i) => String(i.id));

describe('users: include and email', () => {
	test('without include, list items carry neither primary_reporter nor direct_reports', async () => {
		const body = expectBody(await api.get('/users', { size: 10 }), 200, UsersListResponse);
		for (const u of body.data) {
			expect(u).not.toHaveProperty('primary_reporter');
			expect(u).not.toHaveProperty('direct_reports');
		}
	});

	test('include=primary_reporter,direct_reports embeds both on list items', async () => {
		const body = expectBody(await api.get('/users', { size: 50, include: 'primary_reporter,direct_reports' }), 200, UsersListResponse);
		for (const u of body.data) {
			expect(u).toHaveProperty('primary_reporter');
			expect(Array.isArray(u.direct_reports)).toBe(true);
		}
		expect(body.data.some((u) => u.primary_reporter !== null)).toBe(true);
	});

	test('include=primary_reporter alone embeds only that', async () => {
		const body = expectBody(await api.get('/users', { size: 10, include: 'primary_reporter' }), 200, UsersListResponse);
		for (const u of body.data) {
			expect(u).toHaveProperty('primary_reporter');
			expect(u).not.toHaveProperty('direct_reports');
		}
	});

	test('single user: hr_managers and secondary_managers only with include; direct reports agree with the reports\' primary_reporter', async () => {
		const all = await listAll(api, '/users', { include: 'primary_reporter' });
		const manager = all.find((u) => all.filter((x) => x.primary_reporter?.id === u.id).length >= 2)!;
		expect(manager).toBeDefined();
		const plain = expectBody(await api.get(`/users/${manager.id}`), 200, UserResponse).data;
		expect(plain).not.toHaveProperty('hr_managers');
		expect(plain).not.toHaveProperty('secondary_managers');
		expect(plain).not.toHaveProperty('direct_reports');
		const full = expectBody(
			await api.get(`/users/${manager.id}`, { include: 'primary_reporter,direct_reports,hr_managers,secondary_managers' }),
			200,
			UserResponse,
		).data;
		expect(Array.isArray(full.hr_managers)).toBe(true);
		expect(Array.isArray(full.secondary_managers)).toBe(true);
		const expected = all.filter((x) => x.primary_reporter?.id === manager.id).map((x) => x.id).sort();
		expect(full.direct_reports!.map((r) => r.id).sort()).toEqual(expected);
	});

	test('email finds that user (and, loosely, any whose address contains it: see quirks.test.ts); an unknown email gives an empty page', async () => {
		const some = expectBody(await api.get('/users', { size: 5, page: 4 }), 200, UsersListResponse).data[2];
		const hit = expectBody(await api.get('/users', { email: some.email.toUpperCase() }), 200, UsersListResponse);
		expect(ids(hit.data)).toContain(some.id);
		expect(hit.data.every((user) => user.email.toLowerCase().includes(some.email.toLowerCase()))).toBe(true);
		expect(hit.pagination.total_records).toBe(hit.data.length);
		const miss = expectBody(await api.get('/users', { email: 'nobody.at.all@example.test' }), 200, UsersListResponse);
		expect(miss.data).toEqual([]);
		expect(miss.pagination).toEqual({ page: 1, size: 25, has_more: false, total_records: 0 });
	});
});

describe('learning resources filters', () => {
	let active: Json[];
	let archived: Json[];

	beforeAll(async () => {
		active = await listAll(api, '/learning/resources');
		archived = await listAll(api, '/learning/resources', { archived: 'true' });
	});

	const get = async (query: Record<string, string | number | Array<string | number>>) =>
		listAll(api, '/learning/resources', query).then((items) => {
			LearningResourcesListResponse.parse({ success: true, pagination: { page: 1, size: 50, has_more: false, total_records: items.length }, data: items });
			return items;
		});

	test('archived: active ones by default, archived ones with archived=true', () => {
		expect(active.length).toBeGreaterThan(0);
		expect(archived.length).toBeGreaterThan(0);
		expect(active.every((r) => r.archived === false)).toBe(true);
		expect(archived.every((r) => r.archived === true)).toBe(true);
	});

	test('search_text matches the title case-insensitively', async () => {
		const word = active[0].title.split(' ')[0];
		const got = await get({ search_text: word.toUpperCase() });
		expect(ids(got)).toEqual(ids(active.filter((r) => r.title.toLowerCase().includes(word.toLowerCase()))));
		expect(got.length).toBeGreaterThan(0);
	});

	test('types[] restricts the type', async () => {
		const got = await get({ 'types[]': ['Playlist'] });
		expect(got.length).toBeGreaterThan(0);
		expect(ids(got)).toEqual(ids(active.filter((r) => r.type === 'Playlist')));
	});

	test('short_code returns the resource with that exact code', async () => {
		const target = active[3];
		const got = await get({ short_code: target.short_code });
		expect(ids(got)).toEqual([String(target.id)]);
	});

	test('resource_ids[] restricts to those ids', async () => {
		const wanted = [active[1].id, active[4].id];
		const got = await get({ 'resource_ids[]': wanted });
		expect(ids(got).sort()).toEqual(wanted.map(String).sort());
	});

	test('levels[] restricts the level', async () => {
		const level = active.find((r) => r.level)!.level;
		const got = await get({ 'levels[]': [level] });
		expect(ids(got)).toEqual(ids(active.filter((r) => r.level === level)));
	});

	test('sort=title ascending and sort=-title descending', async () => {
		const asc = (await get({ sort: 'title' })).map((r) => r.title);
		const desc = (await get({ sort: '-title' })).map((r) => r.title);
		const cmp = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());
		expect(asc).toEqual([...asc].sort(cmp));
		expect(desc).toEqual([...asc].reverse());
	});

	test('contents of a playlist or course exist; an archived resource can be opened too', async () => {
		const res = await api.get(`/learning/resources/${archived[0].id}/contents`);
		expect(res.status).toBe(200);
	});
});

describe('learner report filters', () => {
	test('learning_resource_id restricts the rows to that resource', async () => {
		const all = await listAll(api, '/learning/learner_reports');
		const id = all[0].learning_resource_id;
		const body = expectBody(await api.get('/learning/learner_reports', { page: 1, size: 50, learning_resource_id: id }), 200, LearnerReportResponse);
		expect(body.data.length).toBeGreaterThan(0);
		expect(body.pagination.total_records).toBe(all.filter((r) => r.learning_resource_id === id).length);
		expect(body.data.every((r) => r.learning_resource_id === id)).toBe(true);
	});

	test('learning_resource_ids[] restricts the rows to those resources', async () => {
		const all = await listAll(api, '/learning/learner_reports');
		const wanted = [...new Set(all.map((r) => r.learning_resource_id))].slice(0, 2);
		const got = await listAll(api, '/learning/learner_reports', { 'learning_resource_ids[]': wanted });
		expect(got.length).toBe(all.filter((r) => wanted.includes(r.learning_resource_id)).length);
	});

	test('resource_types[] restricts the type', async () => {
		const all = await listAll(api, '/learning/learner_reports');
		const courses = await listAll(api, '/learning/learner_reports', { 'resource_types[]': ['Course'] });
		expect(courses.length).toBe(all.filter((r) => r.type === 'Course').length);
		expect(courses.every((r) => r.type === 'Course')).toBe(true);
	});
});

describe('certificate filters', () => {
	let mine: Json[];
	beforeAll(async () => {
		mine = await listAll(api, '/certificates');
	});

	test('term searches the name or the authority', async () => {
		const term = mine[0].certificate_name.split(' ')[0].toLowerCase();
		const got = expectBody(await api.get('/certificates', { term, size: 50 }), 200, CertificatesListResponse).data;
		const expected = mine.filter((c) => c.certificate_name.toLowerCase().includes(term) || (c.certificate_authority ?? '').toLowerCase().includes(term));
		expect(ids(got)).toEqual(ids(expected));
	});

	test('status=active and status=expired split the list', async () => {
		const activeOnes = await listAll(api, '/certificates', { status: 'active' });
		const expired = await listAll(api, '/certificates', { status: 'expired' });
		expect([...ids(activeOnes), ...ids(expired)].sort()).toEqual(ids(mine).sort());
		const today = new Date().toISOString().slice(0, 10);
		for (const c of expired) expect(c.can_expire && c.end_date !== null && c.end_date.slice(0, 10) < today).toBe(true);
	});

	test('user_id reads another user\'s certificates', async () => {
		const users = await listAll(api, '/users');
		let found = false;
		for (const u of users.slice(0, 40)) {
			const theirs = expectBody(await api.get('/certificates', { user_id: u.id, size: 50 }), 200, CertificatesListResponse);
			if (theirs.data.length > 0 && JSON.stringify(theirs.data) !== JSON.stringify(mine.slice(0, 50))) found = true;
		}
		expect(found).toBe(true);
	});

	test.each([
		['start_date', 'yesterday'],
		['end_date', '2024/01/31'],
		['status', 'pending'],
	])('a malformed %s gives 400', async (name, value) => {
		expectError(await api.get('/certificates', { [name]: value }), 400);
	});
});
