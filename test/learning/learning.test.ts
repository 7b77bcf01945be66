/**
 * Learning resources, learner reports and certificates through n8n's engine against the
 * simulator: filters as sent and as honoured, results worked out from the simulator's store.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, fromList, listSearch, loadOptions, listedUsers } from '../helpers/engine';
import { queryList, run } from '../helpers/nodeRun';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { CertificateRecord, LearnerRow, LearningResourceRecord } from '../simulator';

const sim = useSimulator({ users: 40, seed: 'reference-learning' });
const RESOURCES = 'GET /beta/learning/resources';
const CONTENTS = 'GET /beta/learning/resources/:id/contents';
const REPORT = 'GET /beta/learning/learner_reports';
const CERTIFICATES = 'GET /beta/certificates';
const CERTIFICATE = 'GET /beta/certificates/:id';
const resourcesAll = { resource: 'learningResource', operation: 'getAll', returnAll: true };
const report = { resource: 'learnerReport', operation: 'getAll' };
const certificatesAll = { resource: 'certificate', operation: 'getAll', returnAll: true };

const ids = (list: Array<{ id?: unknown }>) => list.map((r) => Number(r.id)).sort((a, b) => a - b);
// The key owner's certificates the filters can tell apart, in every test: nothing else here reads certificates.
beforeEach(() => void seedAdminCertificates());

const resources = () => [...sim.store.learningResources.values()];
const active = () => resources().filter((r) => !r.archived);
const minutes = (hms: unknown) => {
	const [h, m, s] = String(hms).split(':').map(Number);
	return h * 60 + m + s / 60;
};

/** Filters that narrow, checked three ways: what was sent, that results match, and which ones came back. */
interface FilterCase {
	name: string;
	filters: IDataObject;
	/** Query keys and values as the simulator logged them (lists for array parameters). */
	sent: Record<string, string[]>;
	/** What every returned resource (API shape) must satisfy. */
	honours: (resource: IDataObject) => boolean;
	/** The store's resources the filter should return, worked out from the store. */
	expected: () => LearningResourceRecord[];
}

const mostCommonAuthor = () => {
	const counts = new Map<string, number>();
	for (const r of active()) if (r.author_id) counts.set(r.author_id, (counts.get(r.author_id) ?? 0) + 1);
	return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
};

const cases = (): FilterCase[] => [
	{
		// Another case than the titles': the API matches case aside.
		name: 'search text',
		filters: { searchText: ' SAFETY ' },
		sent: { search_text: ['SAFETY'] },
		honours: (r) => String(r.title).toLowerCase().includes('safety'),
		expected: () => active().filter((r) => r.title.toLowerCase().includes('safety')),
	},
	{
		name: 'types (one)',
		filters: { types: ['Playlist'] },
		sent: { 'types[]': ['Playlist'] },
		honours: (r) => r.type === 'Playlist',
		expected: () => active().filter((r) => r.type === 'Playlist'),
	},
	{
		name: 'types (two)',
		filters: { types: ['Course', 'Playlist'] },
		sent: { 'types[]': ['Course', 'Playlist'] },
		honours: (r) => r.type === 'Course' || r.type === 'Playlist',
		expected: () => active(),
	},
	{
		name: 'states',
		filters: { states: ['unpublished', 'unpublished_edit'] },
		sent: { 'state[]': ['unpublished', 'unpublished_edit'] },
		honours: (r) => r.state === 'Unpublished' || r.state === 'UnpublishedEdit',
		expected: () => active().filter((r) => r.state !== 'Published'),
	},
	{
		name: 'levels',
		filters: { levels: ['Beginner', 'Advanced'] },
		sent: { 'levels[]': ['Beginner', 'Advanced'] },
		honours: (r) => r.level === 'Beginner' || r.level === 'Advanced',
		expected: () => active().filter((r) => r.level === 'Beginner' || r.level === 'Advanced'),
	},
	{
		name: 'providers',
		filters: { providers: ['udemy', 'go1', 'linkedin-learning', 'opensesame'] },
		sent: { 'providers[]': ['udemy', 'go1', 'linkedin-learning', 'opensesame'] },
		honours: (r) => r.provider !== 'engagedly',
		expected: () => active().filter((r) => r.provider !== 'engagedly'),
	},
	{
		name: 'languages (free values, one per entry or comma-separated)',
		filters: { languages: ['es', 'fr, de'] },
		sent: { 'languages[]': ['es', 'fr', 'de'] },
		honours: (r) => ['es', 'fr', 'de'].includes(String(r.language)),
		expected: () => active().filter((r) => r.language !== 'en'),
	},
	{
		name: 'tags',
		filters: { tags: ['compliance', 'safety'] },
		sent: { 'tags[]': ['compliance', 'safety'] },
		honours: (r) => (r.tags as string[]).some((t) => t === 'compliance' || t === 'safety'),
		expected: () => active().filter((r) => r.tags.includes('compliance') || r.tags.includes('safety')),
	},
	{
		name: 'resource ids',
		filters: { resourceIds: '16500, 16601 ,16503' },
		sent: { 'resource_ids[]': ['16500', '16601', '16503'] },
		honours: (r) => [16500, 16601, 16503].includes(Number(r.id)),
		expected: () => active().filter((r) => [16500, 16601, 16503].includes(r.id)),
	},
	{
		name: 'authors',
		// Getters: the store is only there once the simulator has started.
		get filters() {
			return { authors: listedUsers(mostCommonAuthor()) };
		},
		get sent() {
			return { 'authors[]': [mostCommonAuthor()] };
		},
		honours: (r) => (r.author as IDataObject | null)?.id === mostCommonAuthor(),
		expected: () => active().filter((r) => r.author_id === mostCommonAuthor()),
	},
	{
		name: 'duration range (minutes)',
		filters: { minDuration: 30, maxDuration: 120 },
		sent: { 'durations[min_limit]': ['30'], 'durations[max_limit]': ['120'] },
		honours: (r) => minutes(r.duration) >= 30 && minutes(r.duration) <= 120,
		expected: () => active().filter((r) => r.duration_seconds >= 30 * 60 && r.duration_seconds <= 120 * 60),
	},
	{
		name: 'minimum duration alone',
		filters: { minDuration: 90 },
		sent: { 'durations[min_limit]': ['90'] },
		honours: (r) => minutes(r.duration) >= 90,
		expected: () => active().filter((r) => r.duration_seconds >= 90 * 60),
	},
	{
		name: 'maximum duration alone',
		filters: { maxDuration: 60 },
		sent: { 'durations[max_limit]': ['60'] },
		honours: (r) => minutes(r.duration) <= 60,
		expected: () => active().filter((r) => r.duration_seconds <= 60 * 60),
	},
	{
		name: 'certified',
		filters: { certified: true },
		sent: { certified: ['true'] },
		honours: (r) => (r.settings as IDataObject).certificate_enabled === true,
		expected: () => active().filter((r) => r.certified),
	},
	{
		name: 'not certified',
		filters: { certified: false },
		sent: { certified: ['false'] },
		honours: (r) => (r.settings as IDataObject).certificate_enabled === false,
		expected: () => active().filter((r) => !r.certified),
	},
	{
		name: 'minimum rating',
		filters: { minRating: 3.5 },
		sent: { ratings: ['3.5'] },
		honours: (r) => typeof r.average_rating === 'number' && r.average_rating >= 3.5,
		expected: () => active().filter((r) => r.average_rating !== null && r.average_rating >= 3.5),
	},
	{
		name: 'in library',
		filters: { inLibrary: true },
		sent: { in_library: ['true'] },
		honours: (r) => r.in_library === true,
		expected: () => active().filter((r) => r.in_library),
	},
	{
		name: 'short code',
		filters: { shortCode: 'WSF-100' },
		sent: { short_code: ['WSF-100'] },
		honours: (r) => r.short_code === 'WSF-100',
		expected: () => active().filter((r) => r.short_code === 'WSF-100'),
	},
	{
		name: 'archived',
		filters: { archived: true },
		sent: { archived: ['true'] },
		honours: (r) => r.archived === true,
		expected: () => resources().filter((r) => r.archived),
	},
	{
		name: 'competency search text',
		filters: { competencySearchText: 'LEAD' },
		sent: { competency_search_text: ['LEAD'] },
		honours: (r) => (r.competencies as Array<{ name: string }>).some((c) => c.name.toLowerCase().includes('lead')),
		expected: () => active().filter((r) => r.competencies.some((c) => c.name.toLowerCase().includes('lead'))),
	},
];

describe('learningResource: getAll', () => {
	test('lists every active resource, asking for pages of 50 (the API would default to 15)', async () => {
		const { json, error } = await run(sim, resourcesAll);

		expect(error).toBeUndefined();
		expect(ids(json)).toEqual(ids(active()));
		const requests = requestsTo(sim, RESOURCES);
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({ page: '1', size: '50' });
	});

	test.each(cases().map((c) => [c.name, c] as const))('filter: %s', async (_name, filterCase) => {
		const { json, error } = await run(sim, { ...resourcesAll, filters: filterCase.filters });

		expect(error).toBeUndefined();
		const requests = requestsTo(sim, RESOURCES);
		expect(requests).toHaveLength(1);
		const sent: Record<string, string[]> = {};
		for (const key of Object.keys(requests[0].query)) if (key !== 'page' && key !== 'size') sent[key] = queryList(requests[0], key);
		expect(sent).toEqual(filterCase.sent);
		expect(requests[0].query).toMatchObject({ page: '1', size: '50' });

		const expected = filterCase.expected();
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(resources().length);
		expect(ids(json)).toEqual(ids(expected));
		expect(json.filter((r) => !filterCase.honours(r))).toEqual([]);
	});

	test('filters combine into one request', async () => {
		const { json } = await run(sim, {
			...resourcesAll,
			filters: { types: ['Course'], levels: ['Beginner', 'Intermediate'], inLibrary: true },
		});

		const query = requestsTo(sim, RESOURCES)[0];
		expect(queryList(query, 'types[]')).toEqual(['Course']);
		expect(queryList(query, 'levels[]')).toEqual(['Beginner', 'Intermediate']);
		expect(query.query.in_library).toBe('true');
		const expected = active().filter(
			(r) => r.type === 'Course' && (r.level === 'Beginner' || r.level === 'Intermediate') && r.in_library,
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(ids(json)).toEqual(ids(expected));
	});

	test('sort: a field ascending, or descending with a "-" prefix', async () => {
		const titles = active()
			.map((r) => r.title.toLowerCase())
			.sort();

		const ascending = await run(sim, { ...resourcesAll, options: { sortBy: 'title', sortDirection: 'asc' } });
		expect(requestsTo(sim, RESOURCES)[0].query.sort).toBe('title');
		expect(ascending.json.map((r) => String(r.title).toLowerCase())).toEqual(titles);

		sim.clearLog();
		const descending = await run(sim, { ...resourcesAll, options: { sortBy: 'title', sortDirection: 'desc' } });
		expect(requestsTo(sim, RESOURCES)[0].query.sort).toBe('-title');
		expect(descending.json.map((r) => String(r.title).toLowerCase())).toEqual([...titles].reverse());

		sim.clearLog();
		const byRating = await run(sim, { ...resourcesAll, options: { sortBy: 'average_rating' } });
		expect(requestsTo(sim, RESOURCES)[0].query.sort).toBe('average_rating');
		const ratings = byRating.json.map((r) => r.average_rating).filter((r): r is number => typeof r === 'number');
		expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
	});
});

describe('learningResource: getContents', () => {
	const contents = { resource: 'learningResource', operation: 'getContents' };

	/** A course with more than one published section, and something hidden from learners. */
	function richCourse(): LearningResourceRecord {
		const course = active().find(
			(r) =>
				r.type === 'Course' &&
				r.sections.filter((s) => s.status === 'Published').length > 1 &&
				r.sections.some((s) => s.units.some((u) => u.status !== 'Active')),
		);
		if (!course) throw new Error('the seed has no course with several sections and a draft unit');
		return course;
	}

	test('returns the course one section per item, units nested, only what learners see', async () => {
		const course = richCourse();
		const { json, error } = await run(sim, { ...contents, learningResourceId: byId(course.id) });

		expect(error).toBeUndefined();
		const published = course.sections.filter((s) => s.status === 'Published');
		expect(json.map((s) => s.id)).toEqual(published.map((s) => s.id));
		json.forEach((section, i) => {
			expect(section.title).toBe(published[i].title);
			expect((section.units as IDataObject[]).map((u) => u.id)).toEqual(
				published[i].units.filter((u) => u.status === 'Active').map((u) => u.id),
			);
		});
		const requests = requestsTo(sim, CONTENTS);
		expect(requests.map((r) => r.path)).toEqual([`/beta/learning/resources/${course.id}/contents`]);
	});

	test('flattened: one item per unit carrying its section id, title and position', async () => {
		const course = richCourse();
		const { json } = await run(sim, {
			...contents,
			learningResourceId: byId(course.id),
			options: { oneItemPerUnit: true },
		});

		const expected = course.sections
			.filter((s) => s.status === 'Published')
			.flatMap((s) =>
				s.units
					.filter((u) => u.status === 'Active')
					.map((u) => ({
						id: u.id,
						title: u.title,
						type: u.type,
						position: u.position,
						section_id: s.id,
						section_title: s.title,
						section_position: s.position,
						learning_resource_id: String(course.id),
					})),
			);
		expect(expected.length).toBeGreaterThan(1);
		expect(json).toEqual(expected.map((e) => expect.objectContaining(e)));
		expect(json.every((unit) => !('units' in unit))).toBe(true);
		expect(requestsTo(sim, CONTENTS)).toHaveLength(1);
	});

	test('a playlist nests whole resources under contents; flattened, one item per resource', async () => {
		const playlist = active().find((r) => r.type === 'Playlist' && r.sections.length > 0);
		if (!playlist) throw new Error('the seed has no playlist');

		const nested = await run(sim, { ...contents, learningResourceId: byId(playlist.id) });
		expect(nested.json.map((s) => s.id)).toEqual(playlist.sections.map((s) => s.id));
		nested.json.forEach((section, i) => {
			expect((section.contents as IDataObject[]).map((c) => c.id)).toEqual(playlist.sections[i].resource_ids);
		});

		const flat = await run(sim, { ...contents, learningResourceId: byId(playlist.id), options: { oneItemPerUnit: true } });
		const expected = playlist.sections.flatMap((s) =>
			s.resource_ids.map((id, index) => ({
				id,
				section_id: s.id,
				section_title: s.title,
				section_position: s.position,
				position: index + 1,
				learning_resource_id: String(playlist.id),
			})),
		);
		expect(flat.json).toEqual(expected.map((e) => expect.objectContaining(e)));
		expect(flat.json.every((r) => typeof r.title === 'string' && r.type === 'Course')).toBe(true);
	});

	test('the resource can be picked from the searchable list', async () => {
		const found = await listSearch('searchLearningResources', sim.credentials(), 'safety');
		const course = active().find((r) => r.title === 'Workplace Safety Fundamentals');
		expect(found.results).toContainEqual({ name: 'Workplace Safety Fundamentals', value: String(course?.id) });

		sim.clearLog();
		const { json } = await run(sim, { ...contents, learningResourceId: fromList(String(course?.id)) });
		expect(json.length).toBeGreaterThan(0);
		expect(requestsTo(sim, CONTENTS)[0].path).toBe(`/beta/learning/resources/${course?.id}/contents`);
	});
});

const typeOf = (row: LearnerRow) => sim.store.learningResources.get(row.learning_resource_id)?.type;

describe('learnerReport: getAll', () => {
	test('returns every row, and every request carries page and size (the API fails with 500 without them)', async () => {
		const { json, error } = await run(sim, { ...report, returnAll: true });

		expect(error).toBeUndefined();
		expect(ids(json)).toEqual(ids(sim.store.learnerRows));
		const requests = requestsTo(sim, REPORT);
		expect(requests.length).toBeGreaterThan(1);
		expect(requests.map((r) => r.query)).toEqual(requests.map((_r, i) => ({ page: String(i + 1), size: '50' })));
		expect(requests.every((r) => r.status === 200)).toBe(true);
	});

	test('resource types: sent as resource_types[], only rows of that type come back', async () => {
		const { json } = await run(sim, { ...report, returnAll: true, filters: { resourceTypes: ['Playlist'] } });

		const expected = sim.store.learnerRows.filter((row) => typeOf(row) === 'Playlist');
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(sim.store.learnerRows.length);
		expect(ids(json)).toEqual(ids(expected));
		expect(json.every((row) => row.type === 'Playlist')).toBe(true);
		for (const request of requestsTo(sim, REPORT)) {
			expect(queryList(request, 'resource_types[]')).toEqual(['Playlist']);
			expect(request.query).toMatchObject({ size: '50' });
		}
	});

	test('learning resource ids: sent as learning_resource_ids[], only rows of those resources come back', async () => {
		const counts = new Map<number, number>();
		for (const row of sim.store.learnerRows) counts.set(row.learning_resource_id, (counts.get(row.learning_resource_id) ?? 0) + 1);
		const [a, b] = [...counts.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id);
		const { json } = await run(sim, {
			...report,
			returnAll: true,
			filters: { learningResourceIds: [String(a), String(b)] },
		});

		const expected = sim.store.learnerRows.filter((row) => row.learning_resource_id === a || row.learning_resource_id === b);
		expect(ids(json)).toEqual(ids(expected));
		expect(json.every((row) => row.learning_resource_id === a || row.learning_resource_id === b)).toBe(true);
		const [request] = requestsTo(sim, REPORT);
		expect(queryList(request, 'learning_resource_ids[]')).toEqual([String(a), String(b)]);
		expect(request.query).toMatchObject({ page: '1', size: '50' });
	});

	test('completed only: keeps rows whose completion status is Completed', async () => {
		const { json } = await run(sim, { ...report, returnAll: true, filters: { completedOnly: true } });

		const expected = sim.store.learnerRows.filter((row) => row.completion_status === 'Completed');
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(sim.store.learnerRows.length);
		expect(ids(json)).toEqual(ids(expected));
		expect(json.every((row) => row.completion_status === 'Completed')).toBe(true);
		// The API has no such filter: it is applied to each page as it arrives.
		for (const request of requestsTo(sim, REPORT)) expect(Object.keys(request.query).sort()).toEqual(['page', 'size']);
	});

	test('completed only with a limit stops paging once enough are found', async () => {
		const { json } = await run(sim, { ...report, returnAll: false, limit: 2, filters: { completedOnly: true } });

		const firstPage = [...sim.store.learnerRows].sort((x, y) => x.id - y.id).slice(0, 50);
		const expected = firstPage.filter((row) => row.completion_status === 'Completed').slice(0, 2);
		expect(ids(json)).toEqual(ids(expected));
		expect(requestsTo(sim, REPORT)).toHaveLength(1);
	});

	test('completed only combines with the resource type filter', async () => {
		const { json } = await run(sim, {
			...report,
			returnAll: true,
			filters: { completedOnly: true, resourceTypes: ['Course'] },
		});

		const expected = sim.store.learnerRows.filter((row) => row.completion_status === 'Completed' && typeOf(row) === 'Course');
		expect(ids(json)).toEqual(ids(expected));
		expect(queryList(requestsTo(sim, REPORT)[0], 'resource_types[]')).toEqual(['Course']);
	});

	test('the learning resource dropdown lists the active courses and playlists by title', async () => {
		const options = await loadOptions('getLearningResources', sim.credentials());

		const active = [...sim.store.learningResources.values()].filter((r) => !r.archived);
		expect(options.map((o) => o.value).sort()).toEqual(active.map((r) => String(r.id)).sort());
		const course = active[0];
		expect(options).toContainEqual(expect.objectContaining({ name: course.title, value: String(course.id) }));
	});
});

const today = () => new Date().toISOString().slice(0, 10);
const certificatesOf = (userId: string) => [...sim.store.certificates.values()].filter((c) => c.user_id === userId);
const expired = (c: CertificateRecord) => c.can_expire && c.end_date !== null && c.end_date < today();

/** Gives the admin (the key's owner) a spread of certificates the filters can tell apart. */
function seedAdminCertificates(): CertificateRecord[] {
	const adminId = sim.store.adminId;
	const base = { user_id: adminId, file: null, file_extension: null, name: null, url: null };
	const records: CertificateRecord[] = [
		{ ...base, id: 9001, certificate_name: 'Kubernetes Administrator', certificate_authority: 'CNCF', can_expire: true, start_date: '2020-02-01', end_date: '2022-02-01' },
		{ ...base, id: 9002, certificate_name: 'Forklift Licence', certificate_authority: 'Safety Board', can_expire: true, start_date: '2024-05-10', end_date: '2099-05-10' },
		{ ...base, id: 9003, certificate_name: 'Mentor Programme', certificate_authority: null, can_expire: false, start_date: '2023-09-01', end_date: null },
		{ ...base, id: 9004, certificate_name: 'Cloud Practitioner', certificate_authority: 'Amazon Web Services', can_expire: true, start_date: '2025-01-15', end_date: '2028-01-15' },
	];
	for (const record of records) sim.store.certificates.set(record.id, record);
	return certificatesOf(adminId);
}

describe('certificate: getAll', () => {
	test("without a user, lists the key owner's certificates", async () => {
		const mine = certificatesOf(sim.store.adminId);
		const { json, error } = await run(sim, certificatesAll);

		expect(error).toBeUndefined();
		expect(ids(json)).toEqual(ids(mine));
		expect(requestsTo(sim, CERTIFICATES).map((r) => r.query)).toEqual([{ page: '1', size: '50' }]);
	});

	test('user: sends user_id and lists that user’s certificates (by ID or from the list)', async () => {
		const holder = [...sim.store.certificates.values()].find((c) => c.user_id !== sim.store.adminId)?.user_id;
		if (!holder) throw new Error('the seed gives no one but the admin a certificate');
		for (const user of [byId(holder), fromList(holder)]) {
			sim.clearLog();
			const { json } = await run(sim, { ...certificatesAll, filters: { user } });

			expect(ids(json)).toEqual(ids(certificatesOf(holder)));
			expect(requestsTo(sim, CERTIFICATES)[0].query).toEqual({ page: '1', size: '50', user_id: holder });
		}
	});

	const mentions = (text: string) => (c: CertificateRecord) =>
		`${c.certificate_name} ${String(c.certificate_authority)}`.toLowerCase().includes(text);
	// Each: the filters given, what is sent besides page and size, which of the key owner's certificates
	// come back (checked on the answer too), and which of those seeded here must be among them or not.
	test.each([
		['term, the name', { term: 'forklift' }, { term: 'forklift' }, mentions('forklift'), [9002], []],
		['term, the authority (trimmed)', { term: ' Amazon ' }, { term: 'Amazon' }, mentions('amazon'), [9004], []],
		...['2024-01-01T00:00:00', '2024-01-01'].map((startDate) => [
			`start date ${startDate}, sent as YYYY-MM-DD`,
			{ startDate },
			{ start_date: '2024-01-01' },
			(c: CertificateRecord) => c.start_date !== null && c.start_date >= '2024-01-01',
			[9002, 9004],
			[],
		]),
		[
			'end date, sent as YYYY-MM-DD; certificates ending after it are left out',
			{ endDate: '2030-12-31T15:45:00' },
			{ end_date: '2030-12-31' },
			(c: CertificateRecord) => c.end_date !== null && c.end_date <= '2030-12-31',
			[9001, 9004],
			[9002],
		],
		['status active', { status: 'active' }, { status: 'active' }, (c: CertificateRecord) => !expired(c), [9002, 9003, 9004], []],
		['status expired', { status: 'expired' }, { status: 'expired' }, expired, [9001], []],
	] as Array<[string, IDataObject, IDataObject, (c: CertificateRecord) => boolean, number[], number[]]>)(
		'filter: %s',
		async (_name, filters, sent, keeps, among, notAmong) => {
			const { json, error } = await run(sim, { ...certificatesAll, filters });

			expect(error).toBeUndefined();
			expect(requestsTo(sim, CERTIFICATES).map((r) => r.query)).toEqual([{ page: '1', size: '50', ...sent }]);
			expect(ids(json)).toEqual(ids(certificatesOf(sim.store.adminId).filter(keeps)));
			expect(json.filter((c) => !keeps(c as unknown as CertificateRecord))).toEqual([]);
			expect(ids(json)).toEqual(expect.arrayContaining(among));
			for (const id of notAmong) expect(ids(json)).not.toContain(id);
		},
	);

	test('filters combine into one request', async () => {
		const { json } = await run(sim, {
			...certificatesAll,
			filters: { user: byId(sim.store.adminId), term: 'o', startDate: '2023-01-01', status: 'active' },
		});

		expect(requestsTo(sim, CERTIFICATES)[0].query).toEqual({
			page: '1',
			size: '50',
			user_id: sim.store.adminId,
			term: 'o',
			start_date: '2023-01-01',
			status: 'active',
		});
		expect(ids(json)).toEqual(expect.arrayContaining([9002, 9003, 9004]));
		expect(ids(json)).not.toContain(9001);
	});
});

describe('certificate: get', () => {
	test('returns one certificate, by ID', async () => {
		const certificate = [...sim.store.certificates.values()][0];
		const { json, error } = await run(sim, { resource: 'certificate', operation: 'get', certificateId: byId(certificate.id) });

		expect(error).toBeUndefined();
		expect(json).toEqual([
			{
				id: certificate.id,
				certificate_name: certificate.certificate_name,
				can_expire: certificate.can_expire,
				certificate_authority: certificate.certificate_authority,
				start_date: certificate.start_date,
				end_date: certificate.end_date,
				file: certificate.file,
				file_extension: certificate.file_extension,
				name: certificate.name,
				url: certificate.url,
			},
		]);
		expect(requestsTo(sim, CERTIFICATE).map((r) => r.path)).toEqual([`/beta/certificates/${certificate.id}`]);
	});

	test('the certificate can be picked from the searchable list', async () => {
		const mine = certificatesOf(sim.store.adminId);
		const found = await listSearch('searchCertificates', sim.credentials(), 'forklift');
		expect(found.results).toEqual([{ name: 'Forklift Licence', value: '9002' }]);
		expect(mine.map((c) => c.id)).toContain(9002);

		sim.clearLog();
		const { json } = await run(sim, { resource: 'certificate', operation: 'get', certificateId: fromList('9002') });
		expect(json[0]).toMatchObject({ id: 9002, certificate_name: 'Forklift Licence' });
		expect(requestsTo(sim, CERTIFICATE)).toHaveLength(1);
	});
});

test.each([
	['learningResource', RESOURCES, 4],
	['learnerReport', REPORT, 7],
	['certificate', CERTIFICATES, 2],
])('%s: getAll stops at the limit, asking for one page of that size', async (resource, route, limit) => {
	const { json, error } = await run(sim, { resource, operation: 'getAll', returnAll: false, limit });

	expect(error).toBeUndefined();
	expect(json).toHaveLength(limit);
	expect(requestsTo(sim, route).map((r) => r.query)).toEqual([{ page: '1', size: String(limit) }]);
});

test.each([
	['resource ids that are not numbers', { ...resourcesAll, filters: { resourceIds: '16500, abc' } }, /Resource IDs must be whole numbers \(got "abc"\)/, 'e.g. 16504, 16505'],
	['a minimum duration above the maximum', { ...resourcesAll, filters: { minDuration: 90, maxDuration: 30 } }, /Minimum Duration \(90\) is more than Maximum Duration \(30\)/, 'Swap the two durations, or remove one of them.'],
	['a negative minimum duration', { ...resourcesAll, filters: { minDuration: -1 } }, 'Minimum Duration must be a number of 0 or more (got "-1")', 'Set Minimum Duration'],
	['a negative maximum duration', { ...resourcesAll, filters: { maxDuration: -5 } }, 'Maximum Duration must be a number of 0 or more (got "-5")', 'Set Maximum Duration'],
	['an author By Email that is not an address', { ...resourcesAll, filters: { authors: [{ __rl: true, mode: 'email', value: 'nobody' }] } }, 'Authors: "nobody" is not an email address', 'pick the user from the list'],
	['a negative minimum rating', { ...resourcesAll, filters: { minRating: -2 } }, 'Minimum Rating must be a number of 0 or more (got "-2")', 'Set Minimum Rating'],
	['a learning resource id that is not a number', { resource: 'learningResource', operation: 'getContents', learningResourceId: byId('WSF-100') }, /Learning resource ID must be a whole number/, 'its learning_resource_id'],
	["a learner report's learning resource ids that are not numbers", { ...report, returnAll: true, filters: { learningResourceIds: ['16500', 'WSF'] } }, /Learning resource IDs must be whole numbers \(got "WSF"\)/, 'Pick courses from the list, or give their numeric IDs.'],
	['a certificate date that is not a date', { ...certificatesAll, filters: { startDate: '2024-02-30' } }, /Start Date is not a date/, 'YYYY-MM-DD'],
	['a certificate end date that is not a date', { ...certificatesAll, filters: { endDate: 'soon' } }, 'End Date is not a date: "soon"', 'YYYY-MM-DD'],
	['a certificate id that is not a number', { resource: 'certificate', operation: 'get', certificateId: byId('cert-1') }, /Certificate ID must be a whole number/, 'Pick the certificate from the list, or enter its numeric ID.'],
])('%s: fails before any request, naming the field and the fix', async (_name, parameters, message, fix) => {
	const { error } = await run(sim, parameters);

	expect(error?.message).toMatch(message);
	expect(error?.description).toContain(fix);
	expect(sim.log).toHaveLength(0);
});

test('equal minimum and maximum durations are a range, not a refusal', async () => {
	const { error } = await run(sim, { ...resourcesAll, limit: 1, returnAll: false, filters: { minDuration: 30, maxDuration: 30 } });
	expect(error).toBeUndefined();
});
