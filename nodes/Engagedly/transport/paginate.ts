import type { IDataObject } from 'n8n-workflow';

import type { EngagedlyContext, RequestOptions } from './request';
import { engagedlyRequest, recordsOf } from './request';

/** The API rejects larger pages with 400. */
export const MAX_PAGE_SIZE = 50;

export interface PageOptions extends Omit<RequestOptions, 'body'> {
	/** Stop once this many records are kept; undefined means every record. */
	limit?: number;
	/** Client-side filter: records it rejects are skipped but paging goes on. */
	keep?: (record: IDataObject) => boolean;
	/** Ends paging at the first record it accepts (that record and the rest are dropped). */
	stopAt?: (record: IDataObject) => boolean;
	/** Called with each page's raw records, before filtering (the trigger counts requests with it). */
	onPage?: (records: IDataObject[]) => void;
}

/**
 * Pages through a list endpoint with the largest page the API allows. Stops on `has_more: false`,
 * an empty page, a short page without a pagination object, the limit or `stopAt`. Records can
 * shift between pages while we read (a user created meanwhile moves the rest down one place), so
 * ids already seen are dropped rather than returned twice.
 */
export async function paginate(
	this: EngagedlyContext,
	path: string,
	options: PageOptions = {},
): Promise<IDataObject[]> {
	const { limit, keep, stopAt, onPage, qs, ...requestOptions } = options;
	const filtered = keep !== undefined || stopAt !== undefined;
	const size = limit !== undefined && !filtered ? Math.max(1, Math.min(MAX_PAGE_SIZE, limit)) : MAX_PAGE_SIZE;
	const seen = new Set<string>();
	const results: IDataObject[] = [];

	for (let page = 1; ; page++) {
		const body = await engagedlyRequest.call(this, 'GET', path, {
			...requestOptions,
			qs: { ...qs, page, size },
		});
		const records = recordsOf(body);
		onPage?.(records);
		for (const record of records) {
			if (stopAt?.(record)) return results;
			const id = record?.id;
			if (id !== undefined && id !== null) {
				if (seen.has(String(id))) continue;
				seen.add(String(id));
			}
			if (keep && !keep(record)) continue;
			results.push(record);
			if (limit !== undefined && results.length >= limit) return results;
		}
		const pagination = body.pagination;
		const more = pagination?.has_more ?? records.length >= size;
		if (!more || records.length === 0) return results;
	}
}
