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
