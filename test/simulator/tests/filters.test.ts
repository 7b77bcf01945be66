/**
 * The query parameters the spec documents that the node's suites do not prove through the
 * simulator: `include` on users (the email filter: quirks.test.ts), the learner report's single
 * learning_resource_id, the certificate filters' refusal of malformed values. The learning
 * resource, learner report and certificate filters the node sends are proven by
 * test/learning/*.test.ts, each against results worked out from the store. Expected results here
 * are computed from the unfiltered list, with the documented meaning of each filter.
 */
import { useSimulator } from '../../helpers/simulator';
import { LearnerReportResponse, UserResponse, UsersListResponse } from '../../schemas/engagedly';
import { Api, client, expectBody, expectError, listAll } from './client';

const sim = useSimulator({ seed: 1, rateLimit: 1_000_000 }, { reset: 'never' });
let api: Api;

beforeAll(() => {
	api = client(sim);
});

describe('users: include', () => {
	test.each([
		[undefined, false, false],
		['primary_reporter,direct_reports', true, true],
		['primary_reporter', true, false],
	])('include=%s: list items carry primary_reporter %s, direct_reports %s', async (include, reporter, reports) => {
		const body = expectBody(await api.get('/users', { size: 50, ...(include ? { include } : {}) }), 200, UsersListResponse);
		for (const u of body.data) expect(['primary_reporter' in u, Array.isArray(u.direct_reports)]).toEqual([reporter, reports]);
		if (reporter) expect(body.data.some((u) => u.primary_reporter !== null)).toBe(true);
		if (!reports) expect(body.data.some((u) => 'direct_reports' in u)).toBe(false);
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

});

describe('learning resources', () => {
	test('an archived resource\'s contents can be opened too', async () => {
		const [archived] = await listAll(api, '/learning/resources', { archived: 'true' });
		expect(archived.archived).toBe(true);
		expect((await api.get(`/learning/resources/${archived.id}/contents`)).status).toBe(200);
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
});

describe('certificate filters', () => {
	test.each([
		['start_date', 'yesterday'],
		['end_date', '2024/01/31'],
		['status', 'pending'],
	])('a malformed %s gives 400', async (name, value) => {
		expectError(await api.get('/certificates', { [name]: value }), 400);
	});
});
