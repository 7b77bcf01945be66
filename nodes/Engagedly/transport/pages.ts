import type { IDataObject } from 'n8n-workflow';

import type { Pagination } from './envelope';
import { countOf } from './envelope';

/** The API rejects larger pages with 400. */
export const MAX_PAGE_SIZE = 50;

/** A record's identity across pages: its id, or (rows without one, such as learner reports) its whole content. The envelope check let only records through. */
export const identityOf = (record: IDataObject): string =>
	record.id !== undefined && record.id !== null ? `id:${String(record.id)}` : `json:${JSON.stringify(record)}`;

/**
 * The page size a scan asks for: the limit when it fits one page and every record read counts
 * toward it; otherwise the largest page, since a filter may skip any number of records.
 */
export const pageSize = (limit: number | undefined, filtered: boolean): number =>
	limit !== undefined && !filtered ? Math.max(1, Math.min(MAX_PAGE_SIZE, limit)) : MAX_PAGE_SIZE;

export interface ScanPosition {
	/** The page about to be read. */
	page: number;
	size: number;
	/** The list's total as last read; undefined before the first page (or a list that gives none). */
	total?: number;
	/** Set when the scan counts every record read toward it (no filter). */
	limit?: number;
	/** Records kept so far. */
	kept: number;
	/** The scan ends at a record it cannot foresee (a stop condition): no page count can be told. */
	open: boolean;
}

/** How many pages a scan has left, so the pacer can spread it over the rate-limit window; undefined when it cannot tell. */
export function pagesLeft({ page, size, total, limit, kept, open }: ScanPosition): number | undefined {
	if (open) return undefined;
	const byLimit = limit !== undefined ? Math.ceil((limit - kept) / size) : undefined;
	const byTotal = total !== undefined ? Math.max(1, Math.ceil(total / size) - page + 1) : undefined;
	return byLimit === undefined ? byTotal : Math.min(byLimit, byTotal ?? byLimit);
}

/**
 * Whether more pages follow this one: `has_more` when the answer gives it, else the total, else
 * (a list that says neither) a full page.
 */
export function morePages(pagination: Pagination | undefined, page: number, size: number, onPage: number): boolean {
	// Typed as the API documents it; an answer may still carry text, which only the total is read from.
	const hasMore: unknown = pagination?.has_more;
	if (typeof hasMore === 'boolean') return hasMore;
	const total = countOf(pagination?.total_records);
	return total !== undefined ? page * size < total : onPage >= size;
}

/** Where an interrupted scan goes on: the next page, and the list's total when it stopped. */
export interface ResumePoint {
	page: number;
	total?: number;
}

/** Step-backs after the list shrank, before the scan gives up on a list that will not hold still. */
const MAX_STEP_BACKS = 20;

/** Where a scan is in a list that may change while it is read, and what it met on the way there. */
export interface ScanCursor {
	/** The page to read next. */
	page: number;
	/** The furthest page read so far. */
	furthest: number;
	/** The list's total as last read. */
	lastTotal?: number;
	/** The largest total read: paging past it means the API repeats itself. */
	largestTotal?: number;
	stepBacks: number;
	/** Pages in a row past the furthest that brought nothing new. */
	stalePages: number;
	/** Pages the page about to be read starts before the first record not read yet (a resumed scan that looks back). */
	overlap: number;
}

/** A scan from the start, or going on from `from`, starting `back` pages before it. */
export const cursorFrom = (from?: ResumePoint, back = 0): ScanCursor => {
	const page = Math.max(1, (from?.page ?? 1) - back);
	const furthest = (from?.page ?? 1) - 1;
	return { page, furthest, lastTotal: from?.total, largestTotal: from?.total, stepBacks: 0, stalePages: 0, overlap: furthest + 1 - page };
};

/**
 * A page whose total is below the last one read: records deleted meanwhile have pulled the rest
 * up, so some that belong before this page's first record now end the page before it, which the
 * scan has read. None of this page's records may count yet (a caller that judges records by their
 * place, as the trigger's praise scan does, would pass the ones that slid by): the scan steps back
 * over as many pages as the list shrank and reads them again, this one included. A resumed scan
 * whose first page starts before where it went on (`overlap`) reads that many records again
 * anyway: a shrink within them needs no step back. Undefined when the page counts; `fault` for a
 * list that will not hold still.
 */
export function shrunk(cursor: ScanCursor, { size, total }: { size: number; total?: number }): { cursor: ScanCursor } | { fault: string } | undefined {
	const { page, lastTotal } = cursor;
	if (total === undefined || lastTotal === undefined || lastTotal - total <= cursor.overlap * size) return undefined;
	const stepBacks = cursor.stepBacks + 1;
	if (stepBacks > MAX_STEP_BACKS) return { fault: `kept shrinking while it was read (${stepBacks} times)` };
	const back = Math.ceil((lastTotal - total - cursor.overlap * size) / size);
	const largestTotal = Math.max(cursor.largestTotal ?? 0, total);
	return {
		cursor: { ...cursor, page: Math.max(1, page - back), furthest: Math.max(cursor.furthest, page), lastTotal: total, largestTotal, stepBacks, overlap: 0 },
	};
}

/** What the page just read said: its size asked, the list's total, whether more follow, how many records were new. */
export interface PageRead {
	size: number;
	total?: number;
	more: boolean;
	fresh: number;
}

/**
 * Where the scan goes after a page that did not shrink (shrunk() above decides that before its
 * records count): on (to `cursor.page`), to its end, or nowhere (`fault`: how the list misbehaved,
 * completing "Engagedly's list <path> …"). A page past the furthest read that brings nothing new
 * while promising more can follow a burst of creations, but not three in a row; paging past the
 * largest total is the API repeating itself.
 */
export function nextPage(cursor: ScanCursor, { size, total, more, fresh }: PageRead): { cursor: ScanCursor } | { end: true } | { fault: string } {
	const { page, lastTotal } = cursor;
	const beyond = page > cursor.furthest;
	const furthest = Math.max(cursor.furthest, page);
	const largestTotal = total !== undefined ? Math.max(cursor.largestTotal ?? 0, total) : cursor.largestTotal;
	if (!more) return { end: true };
	const stalePages = !beyond ? cursor.stalePages : fresh === 0 ? cursor.stalePages + 1 : 0;
	if (stalePages >= 3) return { fault: `returned pages with nothing new while saying more follow (page ${page})` };
	if (largestTotal !== undefined && page > Math.ceil(largestTotal / size)) {
		return { fault: `still said more records follow on page ${page}, past its total of ${largestTotal}` };
	}
	return { cursor: { ...cursor, page: page + 1, furthest, lastTotal: total ?? lastTotal, largestTotal, stalePages, overlap: 0 } };
}
