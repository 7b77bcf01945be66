/**
 * Pagination as documented: page from 1, size at most 50, default 25 (15 for the
 * learning endpoints), 400 outside those bounds; every list has a stable order; praises are
 * newest first.
 */
import { z } from 'zod';
import { useSimulator } from '../../helpers/simulator';
import {
	BusinessesListResponse,
	CertificatesListResponse,
	DepartmentsListResponse,
	JobTitlesListResponse,
	LearnerReportResponse,
	LearningResourcesListResponse,
	LocationsListResponse,
	PermissionsListResponse,
	PraisesListResponse,
	UserResponse,
	UsersListResponse,
} from '../../schemas/engagedly';
import { client, expectBody, expectError, Query, type Json } from './client';
import { newUserPayload } from './fixtures';

const sim = useSimulator({ seed: 11, rateLimit: 1_000_000 });

interface ListDef {
	path: string;
	schema: z.ZodTypeAny;
	defaultSize: number;
	/** Query every request to this list needs. */
	base?: Query;
}

const LISTS: ListDef[] = [
	{ path: '/users', schema: UsersListResponse, defaultSize: 25 },
	{ path: '/departments', schema: DepartmentsListResponse, defaultSize: 25 },
	{ path: '/businesses', schema: BusinessesListResponse, defaultSize: 25 },
	{ path: '/locations', schema: LocationsListResponse, defaultSize: 25 },
	{ path: '/job_titles', schema: JobTitlesListResponse, defaultSize: 25 },
	{ path: '/permissions', schema: PermissionsListResponse, defaultSize: 25 },
	{ path: '/activities/praises', schema: PraisesListResponse, defaultSize: 25 },
	{ path: '/learning/resources', schema: LearningResourcesListResponse, defaultSize: 15 },
	{ path: '/certificates', schema: CertificatesListResponse, defaultSize: 25 },
];

const ALL_LISTS: ListDef[] = [...LISTS, { path: '/learning/learner_reports', schema: LearnerReportResponse, defaultSize: 0, base: { page: 1, size: 10 } }];

/** Walks every page with the given size, checking each page's envelope. */
async function walk(def: ListDef, size: number): Promise<{ items: Json[]; totals: number[]; pages: number }> {
	const api = client(sim);
	const items: Json[] = [];
	const totals: number[] = [];
	let page = 1;
	for (;;) {
		const body = expectBody(await api.get(def.path, { ...def.base, page, size }), 200, def.schema);
		expect(body.pagination.page).toBe(page);
		expect(body.pagination.size).toBe(size);
		totals.push(body.pagination.total_records);
		items.push(...body.data);
		if (!body.pagination.has_more) {
			expect(body.data.length).toBeLessThanOrEqual(size);
			break;
		}
		expect(body.data).toHaveLength(size);
		page += 1;
		if (page > 1000) throw new Error('has_more never became false');
	}
	return { items, totals, pages: page };
}

describe.each(LISTS.map((d) => [d.path, d] as const))('defaults of %s', (_path, def) => {
	test(`without page and size: page 1, size ${def.defaultSize}`, async () => {
		const body = expectBody(await client(sim).get(def.path), 200, def.schema);
		expect(body.pagination.page).toBe(1);
		expect(body.pagination.size).toBe(def.defaultSize);
		expect(body.data.length).toBe(Math.min(def.defaultSize, body.pagination.total_records));
		expect(body.pagination.has_more).toBe(body.pagination.total_records > def.defaultSize);
	});

	test('page alone keeps the default size; size alone starts at page 1', async () => {
		const a = expectBody(await client(sim).get(def.path, { page: 1 }), 200, def.schema);
		expect(a.pagination.size).toBe(def.defaultSize);
		const b = expectBody(await client(sim).get(def.path, { size: 3 }), 200, def.schema);
		expect(b.pagination.page).toBe(1);
		expect(b.data.length).toBe(Math.min(3, b.pagination.total_records));
	});
});

describe.each(ALL_LISTS.map((d) => [d.path, d] as const))('bounds of %s', (_path, def) => {
	test('size 50 is accepted, size 1 is accepted', async () => {
		const big = expectBody(await client(sim).get(def.path, { ...def.base, page: 1, size: 50 }), 200, def.schema);
		expect(big.pagination.size).toBe(50);
		expect(big.data.length).toBe(Math.min(50, big.pagination.total_records));
		const one = expectBody(await client(sim).get(def.path, { ...def.base, page: 1, size: 1 }), 200, def.schema);
		expect(one.data).toHaveLength(1);
	});

	test.each([
		['size 51', { size: 51 }],
		['size 1000', { size: 1000 }],
		['size 0', { size: 0 }],
		['size -1', { size: -1 }],
		['page 0', { page: 0 }],
		['page -3', { page: -3 }],
		['size not a number', { size: 'ten' }],
		['page not a number', { page: 'first' }],
		['size not an integer', { size: 2.5 }],
	])('%s gives 400', async (_label, bad) => {
		const res = await client(sim).get(def.path, { ...def.base, ...bad });
		expectError(res, 400);
	});

	test('a page past the end is empty with has_more false and the true total', async () => {
		const first = expectBody(await client(sim).get(def.path, { ...def.base, page: 1, size: 50 }), 200, def.schema);
		const beyond = Math.ceil(first.pagination.total_records / 50) + 2;
		const body = expectBody(await client(sim).get(def.path, { ...def.base, page: beyond, size: 50 }), 200, def.schema);
		expect(body.data).toEqual([]);
		expect(body.pagination).toEqual({ page: beyond, size: 50, has_more: false, total_records: first.pagination.total_records });
	});
});

describe('the bounds are enforced on every /beta endpoint, not only lists', () => {
	test.each([
		['/user-attributes'],
		['/users/block-reason-codes'],
	])('GET %s?size=51 gives 400', async (path) => {
		expectError(await client(sim).get(path, { size: 51 }), 400);
	});

	test('GET /users/<id>?page=0 gives 400', async () => {
		const id = expectBody(await client(sim).get('/users', { size: 1 }), 200, UsersListResponse).data[0].id;
		expectError(await client(sim).get(`/users/${id}`, { page: 0 }), 400);
	});
});

describe.each(ALL_LISTS.map((d) => [d.path, d] as const))('walking %s page by page', (_path, def) => {
	test('every record exactly once, totals consistent, has_more false only on the last page, same order twice', async () => {
		const run1 = await walk(def, 7);
		const total = run1.totals[0];
		expect(run1.totals.every((t) => t === total)).toBe(true);
		expect(run1.items).toHaveLength(total);
		const keys = run1.items.map((i) => String(i.id));
		expect(new Set(keys).size).toBe(total);
		expect(run1.pages).toBe(Math.max(1, Math.ceil(total / 7)));

		// another page size yields the same sequence: the order is a property of the list
		const run2 = await walk(def, 50);
		expect(run2.items.map((i) => String(i.id))).toEqual(keys);
	});
});

describe('order', () => {
	const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

	test('users are in name order: first name, then last name, then id', async () => {
		const { items } = await walk(LISTS[0], 50);
		for (let i = 1; i < items.length; i++) {
			const a = items[i - 1];
			const b = items[i];
			const order =
				cmp(a.first_name.toLowerCase(), b.first_name.toLowerCase()) ||
				cmp(a.last_name.toLowerCase(), b.last_name.toLowerCase()) ||
				cmp(a.id, b.id);
			expect({ a: [a.first_name, a.last_name, a.id], b: [b.first_name, b.last_name, b.id], order }).toEqual(
				expect.objectContaining({ order: -1 }),
			);
		}
	});

	test('a created user takes its place in name order', async () => {
		const api = client(sim);
		const created = expectBody(await api.post('/users', await newUserPayload(api, { first_name: 'Aaaaaron', last_name: 'Aardvark' })), 201, UserResponse);
		const first = expectBody(await api.get('/users', { page: 1, size: 1 }), 200, UsersListResponse);
		expect(first.data[0].id).toBe(created.data.id);
	});

	test.each([
		['/departments', String],
		['/businesses', String],
		['/locations', Number],
		['/job_titles', Number],
		['/permissions', Number],
		['/certificates', Number],
	] as const)('%s are ordered by id', async (path, as) => {
		const { items } = await walk(LISTS.find((d) => d.path === path)!, 50);
		const ids: Array<string | number> = items.map((i) => as(i.id));
		expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
	});
});
