/**
 * The user picker (searchUsers) at 10,000 users, called as the editor calls it, with the
 * requests the simulator saw counted: the first page costs 1, an address 1, a name at most 10
 * per call (bisecting the name-ordered pages); scrolling on scans the rest a budget at a time,
 * and a list that is not in name order falls back to that scan.
 */
import type { INodeListSearchResult } from 'n8n-workflow';

import { listSearch } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';

// A high rate limit: the counts are what is checked, and no test should wait out a window.
const sim = useSimulator({ seed: 404, users: 10_000, rateLimit: 100_000 }, { reset: 'never' });

const USER_LIST = 'GET /beta/users';
const label = (u: { first_name: string; last_name: string; email: string }) => `${u.first_name} ${u.last_name} (${u.email})`;

async function search(filter?: string, token?: string): Promise<{ result: INodeListSearchResult; requests: number }> {
	sim.clearLog();
	const result = await listSearch('searchUsers', sim.credentials(), filter, token);
	return { result, requests: requestsTo(sim, USER_LIST).length };
}

beforeEach(() => sim.faults.clear());

test('the first page costs one request', async () => {
	const { result, requests } = await search();
	expect(requests).toBe(1);
	expect(result.results.map((r) => r.value)).toEqual(sim.store.sortedUsers().slice(0, 50).map((u) => u.id));
	expect(result.paginationToken).toBe('2');
});

test('an address costs one request (the API filter)', async () => {
	const target = sim.store.sortedUsers()[7_777];
	const { result, requests } = await search(target.email);
	expect(requests).toBe(1);
	expect(result.results).toEqual([{ name: label(target), value: target.id }]);
});

test.each([
	['the first user', 0],
	['a user in the middle', 5_003],
	['a user on the last page', 9_990],
	['the very last user', 9_999],
])('a full name finds %s in at most 10 requests', async (_case, index) => {
	const target = sim.store.sortedUsers()[index];
	const { result, requests } = await search(`${target.first_name} ${target.last_name}`);
	expect(requests).toBeLessThanOrEqual(10);
	expect(result.results.map((r) => r.value)).toContain(target.id);
});

test('a name in the middle of page 1 costs that one request', async () => {
	const target = sim.store.sortedUsers()[20];
	const { result, requests } = await search(`${target.first_name} ${target.last_name}`);
	expect(requests).toBe(1);
	expect(result.results.map((r) => r.value)).toContain(target.id);
});

test('names that start with the text and run on past page 1 are read on page 2, one request more', async () => {
	const key = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.toLowerCase();
	const sorted = sim.store.sortedUsers();
	const [last, next] = [key(sorted[49]), key(sorted[50])];
	let shared = 0;
	while (shared < last.length && last[shared] === next[shared]) shared++;
	// Shorter than page 1's last name, which starts with it, as does the first of page 2; page 2's last does not.
	const text = last.slice(0, shared - 1);
	expect(key(sorted[99]).startsWith(text)).toBe(false);

	const { result, requests } = await search(text);
	expect(requests).toBe(2);
	expect(result.results.map((r) => r.value)).toContain(sorted[50].id);
});

test('a page out of name order met while bisecting ends the bisection there: no page is read after it, and the search goes on as a scan', async () => {
	// 200 pages: the bisection reads page 101 first.
	sim.faults.add({
		kind: 'rewrite',
		match: { path: '/beta/users', query: { page: '101' } },
		times: Infinity,
		rewrite: (body) => ({ ...(body as object), data: [...(body as { data: unknown[] }).data].reverse() }),
	});
	const target = sim.store.sortedUsers()[9_000];
	const { result, requests } = await search(`${target.first_name} ${target.last_name}`);
	expect(requests).toBe(2);
	expect(result.paginationToken).toMatch(/^n:2:/);
});

test('a first name finds the first people with that first name, in list order, in at most 10 requests', async () => {
	const sorted = sim.store.sortedUsers();
	const firstName = sorted[6_400].first_name;
	const expected = sorted.filter((u) => u.first_name.toLowerCase().startsWith(firstName.toLowerCase()));
	expect(expected.length).toBeGreaterThan(1);
	const { result, requests } = await search(firstName.toLowerCase());
	expect(requests).toBeLessThanOrEqual(10);
	const found = result.results.map((r) => r.value);
	const startsWith = found.filter((id) => expected.some((u) => u.id === id));
	// The first of them, in list order, from the first; scrolling on brings the rest.
	expect(startsWith.length).toBeGreaterThan(0);
	expect(startsWith).toEqual(expected.slice(0, startsWith.length).map((u) => u.id));
	expect(result.paginationToken).toMatch(/^n:/);
});

test('a name nobody has costs at most 10 requests and finds nobody starting with it', async () => {
	const { result, requests } = await search('zzzzqx');
	expect(requests).toBeLessThanOrEqual(10);
	expect(result.results).toEqual([]);
});

describe('past 12,800 users (over 257 pages)', () => {
	beforeAll(() => sim.reset({ seed: 406, users: 30_000 }));
	afterAll(() => sim.reset({ seed: 404, users: 10_000 }));

	test('a name costs 9 requests: the bisection spends its budget before it narrows to one page, and scrolling on goes on as a scan', async () => {
		const sorted = sim.store.sortedUsers();
		const target = sorted[17_321];
		const { result, requests } = await search(`${target.first_name} ${target.last_name}`);
		// Page 1, then 8 halvings of pages 2 to 600: never the tenth request that would read the start page.
		expect(requests).toBe(9);
		expect(result.paginationToken).toMatch(/^n:2:(\d+,){8}\d+:600$/);
	});
});

describe('scrolling on, and a list not in name order', () => {
	// 1,000 users: following every token to the end stays quick.
	beforeAll(() => sim.reset({ seed: 405, users: 1_000 }));
	afterAll(() => sim.reset({ seed: 404, users: 10_000 }));

	async function followAll(filter: string) {
		const seen: string[] = [];
		const costs: number[] = [];
		let token: string | undefined;
		do {
			const { result, requests } = await search(filter, token);
			seen.push(...result.results.map((r) => String(r.value)));
			costs.push(requests);
			token = result.paginationToken;
		} while (token && costs.length < 50);
		return { seen, costs };
	}

	test('a last name is found by paging on with the token: every match once, at most 10 requests a call', async () => {
		const sorted = sim.store.sortedUsers();
		const lastName = sorted[500].last_name.toLowerCase();
		const expected = sorted.filter((u) => `${u.first_name} ${u.last_name} ${u.email}`.toLowerCase().includes(lastName));
		const { seen, costs } = await followAll(lastName);
		expect([...seen].sort()).toEqual(expected.map((u) => u.id).sort());
		expect(new Set(seen).size).toBe(seen.length);
		for (const cost of costs) expect(cost).toBeLessThanOrEqual(10);
		// 20 pages in all: every page read once over the calls.
		expect(costs.reduce((a, b) => a + b, 0)).toBe(20);
	});

	test('a text every name sorts before, scrolled to the end: the pages the bisection read are not read again, nor any past the last', async () => {
		const { seen, costs } = await followAll('zzzzqx');
		expect(seen).toEqual([]);
		expect(costs.reduce((a, b) => a + b, 0)).toBe(20);
	});

	test('when pages do not come in name order, the search falls back to the scan and still finds every match', async () => {
		sim.faults.add({
			kind: 'rewrite',
			match: { path: '/beta/users' },
			times: Infinity,
			rewrite: (body) => {
				const page = body as { data: unknown[] };
				return { ...page, data: [...page.data].reverse() };
			},
		});
		const sorted = sim.store.sortedUsers();
		const target = sorted[730];
		const needle = target.first_name.toLowerCase();
		const expected = sorted.filter((u) => `${u.first_name} ${u.last_name} ${u.email}`.toLowerCase().includes(needle));
		const first = await search(needle);
		// Page 1 alone shows the order is broken: no bisection.
		expect(first.requests).toBe(1);
		const { seen, costs } = await followAll(needle);
		expect([...seen].sort()).toEqual(expected.map((u) => u.id).sort());
		for (const cost of costs) expect(cost).toBeLessThanOrEqual(10);
	});
});
