/**
 * The scan's rule over a list that changes while it is read (transport/scan.ts with
 * pages.ts): a table of page sequences and feed changes. A page whose total shrank is read again
 * before any of its records count, so records count in the list's order; records read twice are
 * given once; a scan says whether the list moved while it read it. The list here is ids in a fixed order, paged as the contract pages
 * it, changed between two requests as Engagedly's feed is: deletions anywhere, creations on top,
 * a record moved to the top (a praise pinned). test/trigger/feedMoves.test.ts reads the praise
 * feed this way through n8n's engine; pages.test.ts has each step's arithmetic.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import type { ResumePoint } from '../../nodes/Engagedly/transport/pages';
import { scanPages } from '../../nodes/Engagedly/transport/scan';
import type { EngagedlyContext } from '../../nodes/Engagedly/transport/request';

/** A change made to the list between two requests. */
type Change = (list: number[]) => void;
const deleteIds =
	(...ids: number[]): Change =>
	(list) => {
		for (const id of ids) list.splice(list.indexOf(id), 1);
	};
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** New records on top (ids past any the list had). */
const createOnTop =
	(...ids: number[]): Change =>
	(list) => {
		list.unshift(...ids);
	};
/** A record moved to the top (a praise pinned). */
const moveToTop =
	(id: number): Change =>
	(list) => {
		list.splice(list.indexOf(id), 1);
		list.unshift(id);
	};

/** A list of ids 1 to `size`, whose `changes[n]` runs before request n (0 is the first) is answered. */
function changingList(size: number, changes: Record<number, Change>) {
	const list = range(1, size);
	const pages: number[] = [];
	const context = {
		getNode: () => ({ name: 'Engagedly' }),
		getCredentials: async () => ({ baseUrl: 'https://acme.engagedly.example', clientKey: 'client-shifts', secretKey: 'secret' }),
		helpers: {
			async httpRequestWithAuthentication(_type: string, request: IHttpRequestOptions) {
				changes[pages.length]?.(list);
				const { page, size: asked } = request.qs as { page: number; size: number };
				pages.push(page);
				const data = list.slice((page - 1) * asked, page * asked).map((id) => ({ id }));
				const pagination = { page, size: asked, has_more: page * asked < list.length, total_records: list.length };
				return { statusCode: 200, headers: {}, body: { success: true, data, pagination } };
			},
		},
	} as unknown as EngagedlyContext;
	return { context, pages, list };
}

test.each<[string, number, Record<number, Change>, (ResumePoint & { back?: number }) | undefined, number[], number[], boolean]>([
	['nothing changes: each page once', 120, {}, undefined, [1, 2, 3], [], false],
	[
		'5 deleted from page 1 before page 2: page 2 shrank, so page 1 again (5 records slid onto it), then on',
		120,
		{ 1: deleteIds(...range(1, 5)) },
		undefined,
		[1, 2, 1, 2, 3],
		[],
		true,
	],
	[
		'60 deleted from pages read before page 3: two pages back',
		200,
		{ 2: deleteIds(...range(41, 100)) },
		undefined,
		[1, 2, 3, 1, 2, 3],
		[],
		true,
	],
	[
		'deleted on the last page read, the list now one page shorter: back, and it ends where the list does',
		100,
		{ 1: deleteIds(...range(1, 50)) },
		undefined,
		[1, 2, 1],
		[],
		true,
	],
	[
		'3 created on top before page 2: page 2 repeats page 1\'s last 3, given once',
		120,
		{ 1: createOnTop(1001, 1002, 1003) },
		undefined,
		[1, 2, 3],
		[],
		true,
	],
	[
		'one deleted from page 1 and one created on top before page 2: the total holds, no record slides by',
		120,
		{ 1: (list) => [deleteIds(7), createOnTop(1001)].forEach((change) => change(list)) },
		undefined,
		[1, 2, 3],
		[],
		false,
	],
	[
		'one deleted from page 3 before page 2 (not read yet): page 2 shrank all the same, page 1 again',
		120,
		{ 1: deleteIds(110) },
		undefined,
		[1, 2, 1, 2, 3],
		[],
		true,
	],
	[
		'resumed at page 3 after 5 were deleted from page 1: page 3 shrank against the saved total, page 2 again',
		150,
		{ 0: deleteIds(...range(1, 5)) },
		{ page: 3, total: 150 },
		[3, 2, 3],
		[],
		true,
	],
	[
		'resumed a page back (at page 2 for page 3) after 5 were deleted from page 1: page 2 reaches back over them, no step back',
		150,
		{ 0: deleteIds(...range(1, 5)) },
		{ page: 3, total: 150, back: 1 },
		[2, 3],
		[],
		true,
	],
	[
		'resumed a page back after 60 were deleted before it: back by the rest',
		200,
		{ 0: deleteIds(...range(1, 60)) },
		{ page: 4, total: 200, back: 1 },
		[3, 2, 3],
		[],
		true,
	],
	[
		'resumed a page back after a record above it moved below (a praise unpinned): nothing tells, but page 2 shows what slid onto it',
		150,
		{ 0: (list) => [deleteIds(1), (changed: number[]) => changed.splice(120, 0, 1)].forEach((change) => change(list)) },
		{ page: 3, total: 150, back: 1 },
		[2, 3],
		[],
		false,
	],
	[
		'a record of page 3 moved to the top before page 2: the pages after show it nowhere (the caller looks at the top again)',
		120,
		{ 1: moveToTop(110) },
		undefined,
		[1, 2, 3],
		[110],
		true,
	],
])('%s', async (_title, size, changes, from, pages, missed, moved) => {
	const list = changingList(size, changes);
	const before = [...list.list];
	const counted: number[] = [];
	const result = await scanPages.call(list.context, '/praises', { from, back: from?.back, proceed: () => true, keep: (record) => counted.push(record.id as number) > 0 });

	expect(list.pages).toEqual(pages);
	// Records count in the list's order: none that slid onto a page read before is passed by (a caller may judge each by its place).
	const remaining = counted.filter((id) => list.list.includes(id));
	expect(remaining).toEqual([...remaining].sort((a, b) => list.list.indexOf(a) - list.list.indexOf(b)));
	const ids = result.records.map((record) => record.id as number);
	// Each record once; every record there from the scan's start to its end (from where a resumed scan went on), but those the row names.
	expect(new Set(ids).size).toBe(ids.length);
	const start = from ? (from.page - 1) * 50 : 0;
	const throughout = before.filter((id, index) => index >= start && list.list.includes(id));
	expect(throughout.filter((id) => !ids.includes(id))).toEqual(missed);
	expect(result.moved).toBe(moved);
	expect(result.resume).toBeUndefined();
});
