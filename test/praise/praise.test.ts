import { getGlobalState, setGlobalState } from 'n8n-workflow';

import { byId, fromList } from '../helpers/engine';
import { run } from '../helpers/nodeRun';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { PraiseRecord } from '../simulator';

const sim = useSimulator({ users: 30, seed: 'reference-praises' });
const PRAISES = 'GET /beta/activities/praises';
const praises = { resource: 'praise', operation: 'getAll' };

/** The store's praises newest first (date, then id), worked out here rather than taken from the simulator. */
function newestFirst(): PraiseRecord[] {
	return [...sim.store.praises.values()].sort(
		(a, b) => Date.parse(b.activity_date) - Date.parse(a.activity_date) || b.id - a.id,
	);
}

/** The id that occurs most often in the list: a filter value with several matches. */
function mostFrequent(ids: string[]): string {
	const counts = new Map<string, number>();
	for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
	return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

/** The queries of the feed's first `n` pages of the largest size. */
const firstPages = (n: number) => Array.from({ length: n }, (_, i) => ({ page: String(i + 1), size: '50' }));
const idsOf = (json: Array<{ id?: unknown }>) => json.map((p) => Number(p.id));
/** The pinned praises: the simulator lists them on top of the feed, whatever their age. */
const pinned = () => [...sim.store.praises.values()].filter((p) => p.pinned);

describe('praise: getAll', () => {
	test('returns every praise newest first, paging through with the largest page', async () => {
		const { json, error } = await run(sim, { ...praises, returnAll: true });

		expect(error).toBeUndefined();
		expect(idsOf(json)).toEqual(newestFirst().map((p) => p.id));
		const requests = requestsTo(sim, PRAISES);
		expect(requests.map((r) => r.query)).toEqual([
			{ page: '1', size: '50' },
			{ page: '2', size: '50' },
		]);
	});

	test('returns up to the limit: the newest, an old pinned praise on top taking no place of it', async () => {
		expect(pinned().some((p) => Date.parse(p.activity_date) < Date.parse(newestFirst()[4].activity_date))).toBe(true);
		const { json } = await run(sim, { ...praises, returnAll: false, limit: 5 });

		expect(idsOf(json)).toEqual(newestFirst().slice(0, 5).map((p) => p.id));
		expect(requestsTo(sim, PRAISES)).toHaveLength(1);
	});
});

describe('praise filters', () => {
	// 60 praises take two pages: a cut on the first page never asks for the second.
	test.each([
		['between praises: only newer ones, and paging stops at the first older one', () => newestFirst()[12].activity_date, [6, 12], 1],
		[
			'just before the newest praise: that one, one page',
			() => new Date(Date.parse(newestFirst()[0].activity_date) - 1000).toISOString(),
			[1, 1],
			1,
		],
		['older than every praise: all of them, every page', () => '2000-01-01T00:00:00Z', [60, 60], 2],
	] as Array<[string, () => string, [number, number], number]>)('created after %s', async (_name, cut, range, pages) => {
		const createdAfter = cut();
		const { json } = await run(sim, { ...praises, returnAll: true, filters: { createdAfter } });

		const expected = newestFirst().filter((p) => Date.parse(p.activity_date) > Date.parse(createdAfter));
		expect(expected.length).toBeGreaterThanOrEqual(range[0]);
		expect(expected.length).toBeLessThanOrEqual(range[1]);
		expect(idsOf(json)).toEqual(expected.map((p) => p.id));
		expect(json.every((p) => Date.parse(String(p.activity_date)) > Date.parse(createdAfter))).toBe(true);
		expect(requestsTo(sim, PRAISES).map((r) => r.query)).toEqual(firstPages(pages));
	});

	test('created after: an old pinned praise on top neither ends the list nor is output; 20 newer praises, 20 out, one page', async () => {
		const newest = Date.parse(newestFirst()[0].activity_date);
		const threshold = new Date(newest + 60_000).toISOString();
		const posted = Array.from({ length: 20 }, (_, i) =>
			sim.store.addPraise({ activity_date: new Date(newest + (i + 2) * 60_000).toISOString() }),
		);
		// One of them pinned as well: it comes out in its place by date, not on top.
		sim.store.editPraise(posted[7].id, { pinned: true });
		expect(pinned().some((p) => Date.parse(p.activity_date) < newest)).toBe(true);

		const { json, error } = await run(sim, { ...praises, returnAll: true, filters: { createdAfter: threshold } });

		expect(error).toBeUndefined();
		expect(idsOf(json)).toEqual(posted.map((p) => p.id).reverse());
		expect(requestsTo(sim, PRAISES)).toHaveLength(1);
	});

	test("created after without a time zone is read in the workflow's time zone", async () => {
		const posted = sim.store.addPraise({ activity_date: '2031-06-15T04:00:00.000Z' });
		const previous = getGlobalState();
		setGlobalState({ ...previous, defaultTimezone: 'Asia/Kolkata' });
		try {
			// 04:00 UTC is 09:30 in Kolkata (UTC+5:30, no daylight saving).
			const before = await run(sim, { ...praises, returnAll: true, filters: { createdAfter: '2031-06-15T09:29:59' } });
			const at = await run(sim, { ...praises, returnAll: true, filters: { createdAfter: '2031-06-15T09:30:00' } });

			expect(idsOf(before.json)).toEqual([posted.id]);
			expect(at.json).toEqual([]);
		} finally {
			setGlobalState(previous);
		}
	});

	test('created after that is not a date fails before any request', async () => {
		const { error } = await run(sim, { ...praises, returnAll: true, filters: { createdAfter: 'last tuesday-ish' } });

		expect(error?.message).toMatch(/Created After is not a date/);
		expect(requestsTo(sim, PRAISES)).toHaveLength(0);
	});

	test('recognized user: only praises that recognise that user (by ID or picked from the list)', async () => {
		const sorted = newestFirst();
		const userId = mostFrequent(sorted.flatMap((p) => p.recognized_ids));
		const expected = sorted.filter((p) => p.recognized_ids.includes(userId)).map((p) => p.id);
		expect(expected.length).toBeGreaterThan(1);

		for (const recognizedUser of [byId(userId), fromList(userId)]) {
			sim.clearLog();
			const { json } = await run(sim, { ...praises, returnAll: true, filters: { recognizedUser } });

			expect(idsOf(json)).toEqual(expected);
			for (const praise of json) {
				expect((praise.recognized_actors as Array<{ id: string }>).map((a) => a.id)).toContain(userId);
			}
			// The API has no such filter: pages are read whole and filtered here.
			expect(requestsTo(sim, PRAISES).map((r) => r.query)).toEqual(firstPages(2));
		}
	});

	test('recognized user with a limit stops paging once enough are found', async () => {
		const sorted = newestFirst();
		const userId = mostFrequent(sorted.slice(0, 50).flatMap((p) => p.recognized_ids));
		const { json } = await run(sim, {
			...praises,
			returnAll: false,
			limit: 1,
			filters: { recognizedUser: byId(userId) },
		});

		expect(idsOf(json)).toEqual([sorted.find((p) => p.recognized_ids.includes(userId))?.id]);
		expect(requestsTo(sim, PRAISES)).toHaveLength(1);
	});

	test('author: only praises written by that user', async () => {
		const sorted = newestFirst();
		const authorId = mostFrequent(sorted.map((p) => p.author_id));
		const { json } = await run(sim, { ...praises, returnAll: true, filters: { author: byId(authorId) } });

		const expected = sorted.filter((p) => p.author_id === authorId).map((p) => p.id);
		expect(expected.length).toBeGreaterThan(1);
		expect(idsOf(json)).toEqual(expected);
		expect(json.every((p) => (p.author as { id: string }).id === authorId)).toBe(true);
		expect(requestsTo(sim, PRAISES)).toHaveLength(2);
	});

	test('tag: matches the tag code or its label, whatever the case', async () => {
		const sorted = newestFirst();
		const withTag = (code: string) => sorted.filter((p) => p.tags?.some((t) => t.code === code)).map((p) => p.id);

		const byCode = await run(sim, { ...praises, returnAll: true, filters: { tag: 'innovation' } });
		expect(withTag('innovation').length).toBeGreaterThan(0);
		expect(idsOf(byCode.json)).toEqual(withTag('innovation'));

		const byLabel = await run(sim, { ...praises, returnAll: true, filters: { tag: 'customer FOCUS' } });
		expect(withTag('customer_focus').length).toBeGreaterThan(0);
		expect(idsOf(byLabel.json)).toEqual(withTag('customer_focus'));
		for (const praise of byLabel.json) {
			expect((praise.tags as Array<{ label: string }>).map((t) => t.label)).toContain('Customer Focus');
		}
	});

	test('filters combine: author, tag and created after together', async () => {
		const sorted = newestFirst();
		const cut = sorted[40].activity_date;
		const recent = sorted.filter((p) => Date.parse(p.activity_date) > Date.parse(cut));
		const authorId = mostFrequent(recent.map((p) => p.author_id));
		const tag = mostFrequent(recent.filter((p) => p.author_id === authorId).flatMap((p) => p.tags?.map((t) => t.code) ?? []));
		const { json } = await run(sim, {
			...praises,
			returnAll: true,
			filters: { createdAfter: cut, author: byId(authorId), tag },
		});

		const expected = recent.filter((p) => p.author_id === authorId && p.tags?.some((t) => t.code === tag));
		expect(expected.length).toBeGreaterThan(0);
		expect(idsOf(json)).toEqual(expected.map((p) => p.id));
		expect(requestsTo(sim, PRAISES)).toHaveLength(1);
	});
});

describe('praise: message-ready output', () => {
	test('flattens author, recognised names, plain-text content, tag labels and the link', async () => {
		const users = [...sim.store.users.values()].filter((u) => u.id !== sim.store.adminId);
		const posted = sim.store.addPraise({
			activity_date: '2031-01-01T10:00:00.000Z',
			title: 'Launch heroes',
			content:
				'<p>Thanks <b>@Ada</b> &amp; <a href="https://x.example/u/1">@Grace</a> &mdash; great work!</p>' +
				'<p>Line&nbsp;two &lt;3 &#39;quoted&#39; &#x1F389; &amp;lt;kept&amp;gt;</p>',
			recognized_ids: [users[0].id, users[1].id],
			tags: [
				{ code: 'teamwork', label: 'Teamwork' },
				{ code: 'customer_focus', label: 'Customer Focus' },
			],
			links: [{ url: 'https://intranet.example/launch' }],
		});

		const raw = await run(sim, { ...praises, returnAll: false, limit: 1 });
		const flat = await run(sim, { ...praises, returnAll: false, limit: 1, options: { messageReady: true } });

		const original = raw.json[0] as {
			id: number;
			author: { name: string };
			recognized_actors: Array<{ name: string }>;
		};
		expect(original.id).toBe(posted.id);
		expect(flat.json).toEqual([
			{
				id: posted.id,
				date: '2031-01-01T10:00:00.000Z',
				title: 'Launch heroes',
				author: original.author.name,
				recognized: original.recognized_actors.map((a) => a.name).join(', '),
				content: "Thanks @Ada & @Grace — great work!\nLine two <3 'quoted' 🎉 &lt;kept&gt;",
				tags: 'Teamwork, Customer Focus',
				link: 'https://intranet.example/launch',
			},
		]);
		expect(String(flat.json[0].recognized).split(', ')).toHaveLength(2);
	});

	test('a praise without links, tags or title gets null link, empty tags and null title', async () => {
		const posted = sim.store.addPraise({
			activity_date: '2031-01-02T10:00:00.000Z',
			content: 'Plain words',
			tags: undefined,
			links: [],
		});
		const { json } = await run(sim, { ...praises, returnAll: false, limit: 1, options: { messageReady: true } });

		expect(json[0]).toMatchObject({ id: posted.id, title: null, content: 'Plain words', tags: '', link: null });
	});

	test('works with the filters: the filtered praises are the ones flattened', async () => {
		const sorted = newestFirst();
		const { json } = await run(sim, {
			...praises,
			returnAll: true,
			filters: { tag: 'teamwork' },
			options: { messageReady: true },
		});

		const expected = sorted.filter((p) => p.tags?.some((t) => t.code === 'teamwork'));
		expect(idsOf(json)).toEqual(expected.map((p) => p.id));
		expect(json.every((p) => String(p.tags).split(', ').includes('Teamwork'))).toBe(true);
		expect(json.every((p) => Object.keys(p).sort().join() === 'author,content,date,id,link,recognized,tags,title')).toBe(true);
	});
});
