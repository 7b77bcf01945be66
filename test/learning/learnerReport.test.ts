import { loadOptions } from '../helpers/engine';
import { queryList, run } from '../helpers/nodeRun';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { LearnerRow } from '../simulator';

const sim = useSimulator({ users: 40, seed: 'reference-learners' });
const REPORT = 'GET /beta/learning/learner_reports';
const report = { resource: 'learnerReport', operation: 'getAll' };

const rowIds = (rows: Array<{ id?: unknown }>) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);
const typeOf = (row: LearnerRow) => sim.store.learningResources.get(row.learning_resource_id)?.type;

describe('learnerReport: getAll', () => {
	test('returns every row, and every request carries page and size (the API fails with 500 without them)', async () => {
		const { json, error } = await run(sim, { ...report, returnAll: true });

		expect(error).toBeUndefined();
		expect(rowIds(json)).toEqual(rowIds(sim.store.learnerRows));
		const requests = requestsTo(sim, REPORT);
		expect(requests.length).toBeGreaterThan(1);
		expect(requests.map((r) => r.query)).toEqual(requests.map((_r, i) => ({ page: String(i + 1), size: '50' })));
		expect(requests.every((r) => r.status === 200)).toBe(true);
	});

	test('stops at the limit, still sending page and size', async () => {
		const { json } = await run(sim, { ...report, returnAll: false, limit: 7 });

		expect(json).toHaveLength(7);
		expect(requestsTo(sim, REPORT).map((r) => r.query)).toEqual([{ page: '1', size: '7' }]);
	});

	test('resource types: sent as resource_types[], only rows of that type come back', async () => {
		const { json } = await run(sim, { ...report, returnAll: true, filters: { resourceTypes: ['Playlist'] } });

		const expected = sim.store.learnerRows.filter((row) => typeOf(row) === 'Playlist');
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(sim.store.learnerRows.length);
		expect(rowIds(json)).toEqual(rowIds(expected));
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
		expect(rowIds(json)).toEqual(rowIds(expected));
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
		expect(rowIds(json)).toEqual(rowIds(expected));
		expect(json.every((row) => row.completion_status === 'Completed')).toBe(true);
		// The API has no such filter: it is applied to each page as it arrives.
		for (const request of requestsTo(sim, REPORT)) expect(Object.keys(request.query).sort()).toEqual(['page', 'size']);
	});

	test('completed only with a limit stops paging once enough are found', async () => {
		const { json } = await run(sim, { ...report, returnAll: false, limit: 2, filters: { completedOnly: true } });

		const firstPage = [...sim.store.learnerRows].sort((x, y) => x.id - y.id).slice(0, 50);
		const expected = firstPage.filter((row) => row.completion_status === 'Completed').slice(0, 2);
		expect(rowIds(json)).toEqual(rowIds(expected));
		expect(requestsTo(sim, REPORT)).toHaveLength(1);
	});

	test('completed only combines with the resource type filter', async () => {
		const { json } = await run(sim, {
			...report,
			returnAll: true,
			filters: { completedOnly: true, resourceTypes: ['Course'] },
		});

		const expected = sim.store.learnerRows.filter((row) => row.completion_status === 'Completed' && typeOf(row) === 'Course');
		expect(rowIds(json)).toEqual(rowIds(expected));
		expect(queryList(requestsTo(sim, REPORT)[0], 'resource_types[]')).toEqual(['Course']);
	});

	test('the learning resource dropdown lists the active courses and playlists by title', async () => {
		const options = await loadOptions('getLearningResources', sim.credentials());

		const active = [...sim.store.learningResources.values()].filter((r) => !r.archived);
		expect(options.map((o) => o.value).sort()).toEqual(active.map((r) => String(r.id)).sort());
		const course = active[0];
		expect(options).toContainEqual(expect.objectContaining({ name: course.title, value: String(course.id) }));
	});

	test('learning resource ids that are not numbers fail before any request', async () => {
		const { error } = await run(sim, { ...report, returnAll: true, filters: { learningResourceIds: ['16500', 'WSF'] } });

		expect(error?.message).toMatch(/Learning resource IDs must be whole numbers \(got "WSF"\)/);
		expect(sim.log).toHaveLength(0);
	});
});
