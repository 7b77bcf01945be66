import type { IDataObject } from 'n8n-workflow';

import { byId, fromList, listSearch } from '../helpers/engine';
import { queryList, run } from '../helpers/nodeRun';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { LearningResourceRecord } from '../simulator';

const sim = useSimulator({ users: 30, seed: 'reference-learning' });
const LIST = 'GET /beta/learning/resources';
const CONTENTS = 'GET /beta/learning/resources/:id/contents';
const getAll = { resource: 'learningResource', operation: 'getAll', returnAll: true };

const resources = () => [...sim.store.learningResources.values()];
const active = () => resources().filter((r) => !r.archived);
const ids = (list: Array<{ id?: unknown }>) => list.map((r) => Number(r.id)).sort((a, b) => a - b);
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
			return { authors: [mostCommonAuthor()] };
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
		const { json, error } = await run(sim, getAll);

		expect(error).toBeUndefined();
		expect(ids(json)).toEqual(ids(active()));
		const requests = requestsTo(sim, LIST);
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({ page: '1', size: '50' });
	});

	test('stops at the limit', async () => {
		const { json } = await run(sim, { ...getAll, returnAll: false, limit: 4 });

		expect(json).toHaveLength(4);
		expect(requestsTo(sim, LIST)[0].query).toMatchObject({ size: '4' });
	});

	test.each(cases().map((c) => [c.name, c] as const))('filter: %s', async (_name, filterCase) => {
		const { json, error } = await run(sim, { ...getAll, filters: filterCase.filters });

		expect(error).toBeUndefined();
		const requests = requestsTo(sim, LIST);
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
			...getAll,
			filters: { types: ['Course'], levels: ['Beginner', 'Intermediate'], inLibrary: true },
		});

		const query = requestsTo(sim, LIST)[0];
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

		const ascending = await run(sim, { ...getAll, options: { sortBy: 'title', sortDirection: 'asc' } });
		expect(requestsTo(sim, LIST)[0].query.sort).toBe('title');
		expect(ascending.json.map((r) => String(r.title).toLowerCase())).toEqual(titles);

		sim.clearLog();
		const descending = await run(sim, { ...getAll, options: { sortBy: 'title', sortDirection: 'desc' } });
		expect(requestsTo(sim, LIST)[0].query.sort).toBe('-title');
		expect(descending.json.map((r) => String(r.title).toLowerCase())).toEqual([...titles].reverse());

		sim.clearLog();
		const byRating = await run(sim, { ...getAll, options: { sortBy: 'average_rating' } });
		expect(requestsTo(sim, LIST)[0].query.sort).toBe('average_rating');
		const ratings = byRating.json.map((r) => r.average_rating).filter((r): r is number => typeof r === 'number');
		expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
	});

	test('resource ids that are not numbers fail before any request', async () => {
		const { error } = await run(sim, { ...getAll, filters: { resourceIds: '16500, abc' } });

		expect(error?.message).toMatch(/Resource IDs must be whole numbers \(got "abc"\)/);
		expect(sim.log).toHaveLength(0);
	});

	test('a minimum duration above the maximum fails before any request', async () => {
		const { error } = await run(sim, { ...getAll, filters: { minDuration: 90, maxDuration: 30 } });

		expect(error?.message).toMatch(/Minimum Duration \(90\) is more than Maximum Duration \(30\)/);
		expect(sim.log).toHaveLength(0);
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
			options: { flatten: true },
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

		const flat = await run(sim, { ...contents, learningResourceId: byId(playlist.id), options: { flatten: true } });
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

	test('an id that is not a number fails before any request', async () => {
		const { error } = await run(sim, { ...contents, learningResourceId: byId('WSF-100') });

		expect(error?.message).toMatch(/Learning resource ID must be a whole number/);
		expect(sim.log).toHaveLength(0);
	});
});
