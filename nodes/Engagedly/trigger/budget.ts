import type { IPollFunctions } from 'n8n-workflow';

import type { ScanOptions, ScanResult } from '../transport/scan';
import { scanPages } from '../transport/scan';
import type { PollRequest } from './types';

/** A poll's budget (its time, its share of the key's requests) and the scan that keeps within it. */

/** Engagedly's documented limit: the trigger's share of the key is a part of it. */
const REQUESTS_PER_MINUTE = 200;

/**
 * How long one poll may read before it saves its place and leaves the rest to the next poll.
 * n8n runs the first poll inside the workflow's activation and abandons an activation after about
 * 84 s (again at every restart); its durable scheduler abandons any poll after 45 s. Well inside
 * both, and shorter than the shortest poll interval n8n offers (a minute), so polls of one
 * trigger never overlap. Tests shorten it to see a pass cut by time.
 */
export const pollTiming = { budgetMs: 30_000 };

/** The pages a poll may read: its share of the key's requests a minute, at least one. */
export const pagesPerPoll = (request: PollRequest): number => Math.max(1, Math.floor(request.pacing.share * REQUESTS_PER_MINUTE));

/**
 * A scan that one poll may leave unfinished: at most the poll's share of a minute's requests and
 * its time budget (scanPages() stops past the deadline, before a rate-limit wait that would cross
 * it, and at a 429 whose cooldown would end after it), then `resume` says where the next poll
 * goes on. `reserve` keeps that many of the poll's pages for requests its caller makes after it.
 */
export async function scanWithinBudget(
	context: IPollFunctions,
	request: PollRequest,
	path: string,
	options: Pick<ScanOptions, 'qs' | 'from' | 'back' | 'keep' | 'stopAt' | 'onPage'>,
	reserve = 0,
): Promise<ScanResult> {
	// A page is always read: the poll moves on even where its share leaves no room for what it keeps back.
	const maxPages = Math.max(1, pagesPerPoll(request) - reserve);
	let pages = 0;
	const result = await scanPages.call(context, path, {
		...options,
		maxRateLimitWaitSeconds: request.maxRateLimitWaitSeconds,
		deadlineMs: request.deadlineMs,
		pacing: { ...request.pacing, deadlineMs: request.deadlineMs },
		proceed: () => pages < maxPages,
		onPage: (...page) => {
			pages++;
			request.onPage();
			options.onPage?.(...page);
		},
	});
	if (result.cooldownMs !== undefined) request.onCooldown(result.cooldownMs);
	return result;
}
