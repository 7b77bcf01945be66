import type { IDataObject } from 'n8n-workflow';

import { countOf } from './envelope';
import { ownError } from './errors';
import type { ResumePoint } from './pages';
import { cursorFrom, identityOf, morePages, nextPage, pageSize, pagesLeft, shrunk } from './pages';
import type { PacingBudget, RateLimitPacer } from './rateLimit';
import { pacerFor } from './rateLimit';
import type { AnswerTime, EngagedlyContext, RequestOptions } from './request';
import { engagedlyExchange } from './request';

export interface ScanOptions extends Omit<RequestOptions, 'body' | 'jsonText'> {
	/** Stop once this many records are kept; undefined means every record. */
	limit?: number;
	/**
	 * Which kept records count toward `limit` (default: all). The others are kept beside them, so
	 * the result may hold more than `limit`: records the list may show out of its order (pinned
	 * praises on top whatever their age), which the caller puts in their place and cuts.
	 */
	counts?: (record: IDataObject) => boolean;
	/** Client-side filter: records it rejects are skipped but paging goes on. */
	keep?: (record: IDataObject) => boolean;
	/** Ends paging at the first record it accepts (that record and the rest are dropped). */
	stopAt?: (record: IDataObject) => boolean;
	/**
	 * Called with each page's raw records, before filtering, and when Engagedly answered (the
	 * trigger counts requests with it, and reads Engagedly's clock).
	 */
	onPage?: (records: IDataObject[], time: AnswerTime | undefined) => void;
	/** Goes on from where an earlier, interrupted scan of the same list stopped. */
	from?: ResumePoint;
	/** Starts this many pages before `from`, to read again what may have moved up onto them since. */
	back?: number;
	/**
	 * Asked before each request after the first; false interrupts the scan there (a poll out of
	 * time or budget), and the result says where to go on.
	 */
	proceed?: () => boolean;
	/** The caller's share of the key and its deadline, for the pacer (the trigger's polls). */
	pacing?: Omit<PacingBudget, 'need'>;
}

export interface ScanResult {
	records: IDataObject[];
	/** Set when `proceed` or a cooldown interrupted the scan; undefined when the list was read to its end. */
	resume?: ResumePoint;
	/** Set when a 429 cooldown that would end past the `deadlineMs` stopped the scan: how long Engagedly asked to wait. */
	cooldownMs?: number;
	/**
	 * The list changed while it was read: a page's total differed from the one before (or, resumed,
	 * from the one it stopped at), or a page showed records read already (others came in above).
	 */
	moved: boolean;
}

/**
 * Pages through a list endpoint with the largest page the API allows and returns every record
 * that existed for the whole scan exactly once, or fails. It cannot silently come back short:
 *
 * - each page's envelope is checked by the transport (no `data` list, `success: false`, an empty
 *   page that promises more: retried, then an error);
 * - records read twice (a record created meanwhile pushes the rest down a place) are dropped;
 * - when `total_records` falls between two pages, records deleted meanwhile have pulled the rest
 *   up, so the first records of the page after the last one read now end that page: none of the
 *   page's records count, and the scan steps back over as many pages as the list shrank and reads
 *   them again;
 * - a page past the furthest read that brings nothing new while promising more, or paging past
 *   the total, means the API is repeating itself: an error, not an endless loop.
 *
 * What it cannot see: a deletion and a creation between the same two pages, on either side of
 * the reading position, leave the total unchanged but can move one record past the reader.
 */
export async function scanAll(
	this: EngagedlyContext,
	path: string,
	options: ScanOptions = {},
): Promise<IDataObject[]> {
	return (await scanPages.call(this, path, options)).records;
}

/**
 * scanAll() for scans that may be interrupted and resumed (the trigger's pass over a large
 * organisation, spread over several polls). A resumed scan checks the list's total against the
 * one it stopped at, so records deleted in between do not make it skip any; records it reads
 * twice because the list grew in between are the caller's to recognise (by id).
 */
export async function scanPages(this: EngagedlyContext, path: string, options: ScanOptions = {}): Promise<ScanResult> {
	const pacer = pacerFor(this);
	if (options.pacing) pacer.setBudget(options.pacing);
	try {
		return await scan.call(this, path, options, pacer);
	} finally {
		pacer.setBudget({ need: undefined, share: undefined, deadlineMs: undefined });
	}
}

async function scan(
	this: EngagedlyContext,
	path: string,
	options: ScanOptions,
	pacer: RateLimitPacer,
): Promise<ScanResult> {
	const { limit, counts, keep, stopAt, onPage, from, back: lookBack, proceed, pacing, qs, ...requestOptions } = options;
	const filtered = keep !== undefined || stopAt !== undefined || counts !== undefined;
	const size = pageSize(limit, filtered);
	const seen = new Set<string>();
	const results: IDataObject[] = [];
	let counted = 0;
	const fault = (reason: string) =>
		ownError(
			this.getNode(),
			'api_fault',
			`Engagedly's list ${path} ${reason}`,
			requestOptions.itemIndex,
			[],
			'Nothing was output, so no record is lost or repeated. Run the workflow again; if this persists, the API (or a proxy in front of it) is not paging correctly.',
		);

	let cursor = cursorFrom(from, lookBack);
	let moved = false;
	for (let requests = 0; ; requests++) {
		const { page, lastTotal } = cursor;
		// A resumable scan also stops rather than wait for the rate limit past its deadline.
		const late = () => pacing?.deadlineMs !== undefined && Date.now() + pacer.delayMs() > pacing.deadlineMs;
		if (requests > 0 && proceed && (!proceed() || late())) return { records: results, resume: { page, total: lastTotal }, moved };
		pacer.setBudget({
			need: pagesLeft({ page, size, total: lastTotal, limit: filtered ? undefined : limit, kept: results.length, open: stopAt !== undefined }),
		});
		const exchange = await engagedlyExchange.call(this, 'GET', path, 'page', {
			...requestOptions,
			qs: { ...qs, page, size },
		});
		if ('cooldown' in exchange) {
			// Only a scan that can go on later stops short; any other would return an incomplete list.
			if (!proceed) throw exchange.cooldown.error;
			return { records: results, resume: { page, total: lastTotal }, cooldownMs: exchange.cooldown.waitMs, moved };
		}
		const body = exchange.body;
		const records = body.data as IDataObject[];
		onPage?.(records, exchange.time);
		const total = countOf(body.pagination?.total_records);
		if (total !== undefined && lastTotal !== undefined && total !== lastTotal) moved = true;
		const back = shrunk(cursor, { size, total });
		if (back) {
			if ('fault' in back) throw fault(back.fault);
			cursor = back.cursor;
			continue;
		}
		let fresh = 0;
		for (const record of records) {
			if (stopAt?.(record)) return { records: results, moved };
			const identity = identityOf(record);
			if (seen.has(identity)) {
				moved = true;
				continue;
			}
			seen.add(identity);
			fresh++;
			if (keep && !keep(record)) continue;
			results.push(record);
			if (counts && !counts(record)) continue;
			if (limit !== undefined && ++counted >= limit) return { records: results, moved };
		}

		const next = nextPage(cursor, {
			size,
			total,
			more: morePages(body.pagination, page, size, records.length),
			fresh,
		});
		if ('fault' in next) throw fault(next.fault);
		if ('end' in next) return { records: results, moved };
		cursor = next.cursor;
	}
}
