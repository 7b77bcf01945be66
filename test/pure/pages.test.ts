/**
 * A scan's arithmetic (transport/pages.ts): what identifies a record across pages, the page size
 * asked for, how many pages are left (what the pacer spreads), and whether more pages follow.
 * test/reliability/faults.test.ts pages real lists that change while they are read; this is each
 * rule on its own.
 */
import type { Pagination } from '../../nodes/Engagedly/transport/envelope';
import { identityOf, morePages, pageSize, pagesLeft } from '../../nodes/Engagedly/transport/pages';

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
