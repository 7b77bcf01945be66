/**
 * A scan's arithmetic (transport/pages.ts): what identifies a record across pages, the page size
 * asked for, how many pages are left (what the pacer spreads), whether more pages follow, and
 * where the scan goes after each page of a list that changes while it is read.
 * test/reliability/faults.test.ts pages real lists that change while they are read; this is each
 * rule on its own.
 */
import type { Pagination } from '../../nodes/Engagedly/transport/envelope';
import type { ResumePoint, ScanCursor } from '../../nodes/Engagedly/transport/pages';
import { cursorFrom, identityOf, morePages, nextPage, pageSize, pagesLeft, shrunk } from '../../nodes/Engagedly/transport/pages';

describe('identityOf: one record however often it is read', () => {
	test.each([
		['an id', { id: 7, name: 'Ada' }, { id: 7, name: 'Ada Lovelace' }, true],
		['an id given as text is the same id', { id: '7' }, { id: 7 }, true],
		['different ids', { id: 7, name: 'Ada' }, { id: 8, name: 'Ada' }, false],
		['no id (a learner report row): the same content', { learner: 'a', score: 1 }, { learner: 'a', score: 1 }, true],
		['no id: different content', { learner: 'a', score: 1 }, { learner: 'a', score: 2 }, false],
		['a null id is no id', { id: null, learner: 'a' }, { id: null, learner: 'b' }, false],
		['a null id and the same content', { id: null, learner: 'a' }, { id: null, learner: 'a' }, true],
		['id 0 is an id', { id: 0, name: 'x' }, { id: 0, name: 'y' }, true],
	])('%s', (_name, first, second, same) => {
		expect(identityOf(first) === identityOf(second)).toBe(same);
	});
});

describe('pageSize: the page a scan asks for', () => {
	test.each([
		['no limit: the largest page', undefined, false, 50],
		['a limit under one page, every record counting', 7, false, 7],
		['a limit over one page', 120, false, 50],
		['a limit of 0 still asks for one record', 0, false, 1],
		['a limit with a filter: the largest page, since the filter may skip any number', 7, true, 50],
	])('%s', (_name, limit, filtered, size) => {
		expect(pageSize(limit, filtered)).toBe(size);
	});
});

describe('pagesLeft: what the pacer spreads', () => {
	test.each([
		['nothing known yet', { page: 1, size: 50, kept: 0, open: false }, undefined],
		['a stop condition: cannot tell, whatever the total', { page: 1, size: 50, total: 500, kept: 0, open: true }, undefined],
		['by the total, from the first page', { page: 1, size: 50, total: 500, kept: 0, open: false }, 10],
		['by the total, further on', { page: 4, size: 50, total: 500, kept: 150, open: false }, 7],
		['by the total, past its last page: one', { page: 12, size: 50, total: 500, kept: 500, open: false }, 1],
		['by the limit alone', { page: 1, size: 50, limit: 120, kept: 0, open: false }, 3],
		['by the limit, less what is kept', { page: 2, size: 50, limit: 120, kept: 50, open: false }, 2],
		['the limit when nearer than the total', { page: 1, size: 50, total: 500, limit: 120, kept: 0, open: false }, 3],
		['the total when nearer than the limit', { page: 1, size: 50, total: 60, limit: 120, kept: 0, open: false }, 2],
		['a page size under 50', { page: 1, size: 7, total: 20, limit: 7, kept: 0, open: false }, 1],
	])('%s', (_name, position, left) => {
		expect(pagesLeft(position)).toBe(left);
	});
});

describe('morePages: whether another page follows', () => {
	test.each([
		['has_more true, whatever the total', { has_more: true, total_records: 10 }, 1, 50, 10, true],
		['has_more false, whatever the total', { has_more: false, total_records: 500 }, 1, 50, 50, false],
		['no has_more: inside the total', { total_records: 101 }, 2, 50, 50, true],
		['no has_more: the total reached exactly', { total_records: 100 }, 2, 50, 50, false],
		['no has_more: the total as text', { total_records: '101' }, 2, 50, 50, true],
		['has_more as text is not read; the total is', { has_more: 'false', total_records: 120 }, 1, 50, 50, true],
		['neither: a full page promises more', {}, 3, 50, 50, true],
		['neither: a short page is the last', {}, 3, 50, 49, false],
		['no pagination at all: a full page', undefined, 1, 50, 50, true],
		['an unreadable total is none: a short page', { total_records: 'many' }, 1, 50, 3, false],
	])('%s', (_name, pagination, page, size, onPage, more) => {
		// Answers as they arrive, text where the API documents numbers included.
		expect(morePages(pagination as Pagination | undefined, page, size, onPage)).toBe(more);
	});
});

describe('cursorFrom: where a scan starts', () => {
	test.each<[string, ResumePoint | undefined, number, ScanCursor]>([
		['a new scan: page 1, nothing read', undefined, 0, { page: 1, furthest: 0, lastTotal: undefined, largestTotal: undefined, stepBacks: 0, stalePages: 0, overlap: 0 }],
		['a new scan asked to look back: page 1 all the same', undefined, 1, { page: 1, furthest: 0, lastTotal: undefined, largestTotal: undefined, stepBacks: 0, stalePages: 0, overlap: 0 }],
		['a resumed scan: its page, the total it stopped at', { page: 4, total: 180 }, 0, { page: 4, furthest: 3, lastTotal: 180, largestTotal: 180, stepBacks: 0, stalePages: 0, overlap: 0 }],
		['a resumed scan a page back: the page before, which overlaps one page', { page: 4, total: 180 }, 1, { page: 3, furthest: 3, lastTotal: 180, largestTotal: 180, stepBacks: 0, stalePages: 0, overlap: 1 }],
		['resumed on page 1 and asked to look back: page 1, no overlap', { page: 1, total: 180 }, 1, { page: 1, furthest: 0, lastTotal: 180, largestTotal: 180, stepBacks: 0, stalePages: 0, overlap: 0 }],
	])('%s', (_name, from, back, cursor) => {
		expect(cursorFrom(from, back)).toEqual(cursor);
	});
});

/** A scan at `page` that has read up to `furthest`, the list last `total` long. */
const at = (page: number, furthest: number, total?: number, over: Partial<ScanCursor> = {}): ScanCursor => ({
	page,
	furthest,
	lastTotal: total,
	largestTotal: total,
	stepBacks: 0,
	stalePages: 0,
	overlap: 0,
	...over,
});

describe('shrunk: a page whose total fell is read again before its records count', () => {
	test.each<[string, ScanCursor, number | undefined, ReturnType<typeof shrunk>]>([
		['the same total: on', at(3, 2, 120), 120, undefined],
		['a larger total: on (records read again are dropped)', at(3, 2, 120), 130, undefined],
		['no total now: on', at(3, 2, 120), undefined, undefined],
		['no total before (the first page): on', at(1, 0), 90, undefined],
		['shrank by one: one page back, to read again what moved up', at(3, 2, 120), 119, { cursor: at(2, 3, 119, { largestTotal: 120, stepBacks: 1 }) }],
		['shrank by more than a page: as many pages back', at(3, 2, 120), 69, { cursor: at(1, 3, 69, { largestTotal: 120, stepBacks: 1 }) }],
		['shrank by more than was read: back to page 1, not before it', at(2, 1, 220), 100, { cursor: at(1, 2, 100, { largestTotal: 220, stepBacks: 1 }) }],
		['shrank on the page a resumed scan starts with: back from it', at(4, 3, 180), 175, { cursor: at(3, 4, 175, { largestTotal: 180, stepBacks: 1 }) }],
		['shrank by a page or less on a page that overlaps one page read before: it counts', at(3, 3, 180, { overlap: 1 }), 130, undefined],
		['shrank by more than the overlap: back by the rest', at(3, 3, 180, { overlap: 1 }), 129, { cursor: at(2, 3, 129, { largestTotal: 180, stepBacks: 1 }) }],
		['the twentieth step back is taken', at(3, 2, 120, { stepBacks: 19 }), 119, { cursor: at(2, 3, 119, { largestTotal: 120, stepBacks: 20 }) }],
		['the twenty-first is not: a list that will not hold still', at(3, 2, 120, { stepBacks: 20 }), 119, { fault: 'kept shrinking while it was read (21 times)' }],
	])('%s', (_name, cursor, total, next) => {
		expect(shrunk(cursor, { size: 50, total })).toEqual(next);
	});
});

describe('nextPage: where the scan goes after a page that did not shrink', () => {
	const read = (total: number | undefined, more: boolean, fresh = 50) => ({ size: 50, total, more, fresh });

	test.each([
		['the first page, more follow: the next', at(1, 0), read(120, true), { cursor: at(2, 1, 120) }],
		['the last page: the end', at(3, 2, 120), read(120, false), { end: true }],
		['a list that gives no total keeps the one it gave', at(2, 1, 120), read(undefined, true), { cursor: at(3, 2, 120) }],
		['no total ever: none', at(1, 0), read(undefined, true), { cursor: at(2, 1) }],
		['the list grew: the largest total is the new one', at(2, 1, 120), read(130, true), { cursor: at(3, 2, 130) }],
		['a page that overlapped pages read before: the next does not', at(3, 3, 180, { overlap: 1 }), read(180, true), { cursor: at(4, 3, 180) }],
		['a page past the furthest with nothing new: counted', at(3, 2, 500), read(500, true, 0), { cursor: at(4, 3, 500, { stalePages: 1 }) }],
		['the second such page in a row', at(3, 2, 500, { stalePages: 1 }), read(500, true, 0), { cursor: at(4, 3, 500, { stalePages: 2 }) }],
		['the third: the API is repeating itself', at(3, 2, 500, { stalePages: 2 }), read(500, true, 0), { fault: 'returned pages with nothing new while saying more follow (page 3)' }],
		['one new record past the furthest starts the count again', at(3, 2, 500, { stalePages: 2 }), read(500, true, 1), { cursor: at(4, 3, 500) }],
		['the furthest page read again after a step back, nothing new: not counted', at(3, 3, 500, { stalePages: 2 }), read(500, true, 0), { cursor: at(4, 3, 500, { stalePages: 2 }) }],
		['a page read again after a step back brings nothing new: not counted', at(2, 3, 500, { stalePages: 2 }), read(500, true, 0), { cursor: at(3, 3, 500, { stalePages: 2 }) }],
		['more promised on the last page of the total: read the next', at(2, 1, 100), read(100, true), { cursor: at(3, 2, 100) }],
		['more promised past the total: the API is repeating itself', at(3, 2, 100), read(100, true), { fault: 'still said more records follow on page 3, past its total of 100' }],
		['past the total now, not the largest it had: read on', at(4, 3, 140, { largestTotal: 160 }), read(140, true), { cursor: at(5, 4, 140, { largestTotal: 160 }) }],
	])('%s', (_name, cursor, page, next) => {
		expect(nextPage(cursor, page)).toEqual(next);
	});
});
