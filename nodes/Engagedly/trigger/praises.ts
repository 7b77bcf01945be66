import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PraiseCriteria } from '../praises/feed';
import { dateOf, isPinned, praiseFilter, toMessage } from '../praises/feed';
import { readOptionalUserId } from '../parameters/readers';
import { trimmed } from '../parameters/values';
import { scanAll } from '../transport/scan';
import type { AnswerTime } from '../transport/request';
import { pagesPerPoll, scanWithinBudget } from './budget';
import type { ListedPraise, PraiseScan } from './praiseScan';
import { baseline, isAhead, looksAgain, missedPin, moved, next, pagesBack, pastSaved, quietBefore, scanFrom, stateAfter } from './praiseScan';
import { reactivatedPraises } from './reactivation';
import type { AheadPraise, PraiseMark, PraiseState } from './state';
import { validPraiseState } from './state';
import type { EventFamily, PollRequest } from './types';

const PATH = '/activities/praises';
/** "Fetch Test Event" looks this far back for a praise that matches the filters. */
const SAMPLE_RECORDS = 250;

/**
 * A praise as the scan reads it, against Engagedly's clock when its page was answered (`now`); a
 * date that is not one fails the poll (it cannot be placed).
 */
function listed(context: IPollFunctions, record: IDataObject, now: AnswerTime | undefined): ListedPraise {
	const at = dateOf(record);
	if (!Number.isFinite(at)) {
		throw new NodeOperationError(context.getNode(), `Engagedly listed praise ${String(record.id)} without a readable activity_date`, {
			description: 'Without its date a praise cannot be placed among the others, so nothing was emitted or saved; the next poll tries again.',
		});
	}
	return { id: record.id as number | string, at, pinned: isPinned(record), ahead: isAhead(at, now?.engagedlyMs) };
}

/** The filters, people given by id or email address resolved to ids (an address costs one request a poll). */
async function criteriaOf(context: IPollFunctions, request: PollRequest): Promise<PraiseCriteria> {
	// A cooldown met looking an address up, before anything is read, stops the poll (trigger/index.ts saves it) rather than wait past its time.
	const scope = { itemIndex: 0, maxRateLimitWaitSeconds: request.maxRateLimitWaitSeconds, deadlineMs: request.deadlineMs };
	const person = async (name: string, label: string) =>
		await readOptionalUserId.call(context, 0, `filters.${name}`, { label, request: scope });
	return {
		authorId: await person('author', 'Author'),
		recognizedId: await person('recognizedUser', 'Recognized User'),
		tag: trimmed(context.getNodeParameter('filters.tag', '')),
	};
}

const shaped = (context: IPollFunctions, praises: IDataObject[]) =>
	(context.getNodeParameter('options.messageReady', false) as boolean) ? praises.map(toMessage) : praises;

/** Oldest first; praises of one time in the reverse of the feed's order, as it lists the newest first. */
const oldestFirst = (found: IDataObject[]) =>
	found
		.map((praise, place) => ({ praise, place, at: dateOf(praise) }))
		.sort((a, b) => a.at - b.at || b.place - a.place)
		.map(({ praise }) => praise);

/**
 * New praises: a poll reads from the top of the feed until the first praise older than the saved
 * place that is not pinned (trigger/praiseScan.ts decides what is new and what is saved): one
 * request when nothing is new, more only for a burst. Edits move `last_updated_at` but neither the
 * date nor the position, so an edited praise is never emitted again. Filters choose what is
 * emitted, not what is seen: a praise they pass over is never emitted later.
 *
 * A backlog larger than a poll's budget (its share of the key, its time) is emitted over several
 * polls, newest part first, each poll's part oldest first. The saved state holds no records, only
 * ids of praises of one time and the pinned ones. The scan reads a page again when the feed
 * shrank before it counts; a praise pinned while the feed is read moves above where the poll
 * reads, so a poll that saw the feed move, or goes on with a pass, looks at the top once more
 * before it ends (trigger/praiseScan.ts decides what that look emits).
 */
export const newPraise: EventFamily<PraiseState> = {
	config: () => 'newPraise',

	reactivated: (saved, choice, at) => (validPraiseState(saved) ? reactivatedPraises(saved, choice, at) : saved),

	async sample(context, request) {
		const keep = praiseFilter(await criteriaOf(context, request));
		// Pinned praises may come first, whatever their age: the newest is among them and the first other one.
		let looked = 0;
		let reachedDated = false;
		const found = await scanAll.call(context, PATH, {
			...request,
			keep: (record) => {
				if (keep && !keep(record)) return false;
				if (!isPinned(record)) reachedDated = true;
				return true;
			},
			stopAt: () => reachedDated || ++looked > SAMPLE_RECORDS,
		});
		const newest = found.reduce<IDataObject | undefined>((best, record) => (!best || dateOf(record) > dateOf(best) ? record : best), undefined);
		return shaped(context, newest ? [newest] : []);
	},

	async poll(context, request, stored, config) {
		const saved = validPraiseState(stored);
		// Engagedly's clock as the page being read was answered.
		let now: AnswerTime | undefined;
		const onPage = (_records: IDataObject[], time: AnswerTime | undefined) => {
			now = time;
		};
		if (!saved) {
			// The baseline: the newest praise (of the pinned ones and the first other), so nothing from
			// the past is emitted; those dated ahead of Engagedly's clock are remembered, not the place.
			let top: PraiseMark | undefined;
			const ahead: AheadPraise[] = [];
			const { cooldownMs } = await scanWithinBudget(context, request, PATH, {
				onPage,
				stopAt: (record) => {
					const praise = listed(context, record, now);
					if (praise.ahead) {
						ahead.push({ id: praise.id, at: praise.at });
						return false;
					}
					top = moved(top, praise);
					return !praise.pinned;
				},
			});
			// Stopped for a cooldown before the first praise that is not pinned: the newest may not
			// have been seen, so no baseline is saved and the next poll takes it.
			if (cooldownMs !== undefined) return { items: [] };
			return { items: [], state: baseline(config, top, ahead) };
		}
		const keep = praiseFilter(await criteriaOf(context, request));
		let scan = scanFrom(saved);
		const fresh: IDataObject[] = [];
		// New, but posted while the workflow was inactive: skipped (On Reactivation), the place moves past them all the same.
		const quieted: IDataObject[] = [];
		const readNow = new Set<string>();
		const found = (moving: PraiseScan | undefined, record: IDataObject) => {
			if (moving) {
				scan = moving;
				const until = quietBefore(saved.skipBefore, now);
				(until !== undefined && dateOf(record) < until ? quieted : fresh).push(record);
			}
			return false;
		};
		// One page kept back for the look at the top.
		const { resume, cooldownMs, moved: feedMoved } = await scanWithinBudget(
			context,
			request,
			PATH,
			{
				from: scan.pass ? { page: scan.pass.page, total: scan.pass.total } : undefined,
				back: pagesBack(pagesPerPoll(request)),
				onPage,
				stopAt: (record) => pastSaved(scan, listed(context, record, now)),
				keep: (record) => {
					readNow.add(String(record.id));
					return found(next(scan, listed(context, record, now)), record);
				},
			},
			1,
		);
		if (looksAgain(scan, feedMoved)) {
			// Without the look, a praise pinned meanwhile could be passed over for good: a poll stopped
			// before it keeps nothing, and the next goes on from the saved place.
			if (cooldownMs !== undefined) return { items: [] };
			const look = await scanWithinBudget(
				context,
				request,
				PATH,
				{ onPage, keep: (record) => found(missedPin(scan, listed(context, record, now), (id) => readNow.has(String(id))), record) },
				pagesPerPoll(request) - 1,
			);
			if (look.cooldownMs !== undefined) return { items: [] };
		}
		const wanted = (praises: IDataObject[]) => praises.filter((praise) => !keep || keep(praise));
		const items = shaped(context, oldestFirst(wanted(fresh)));
		const state = stateAfter(scan, config, { resume, cooldownMs, found: fresh.length + quieted.length });
		if (saved.skipBefore === undefined) return { items, state };
		// Skipping lasts until the place reaches the reactivation: what is dated before it was posted while the workflow was inactive.
		const until = quietBefore(saved.skipBefore, now)!;
		if (state && state.at < until) state.skipBefore = saved.skipBefore;
		return { items, state, skipped: wanted(quieted).length };
	},
};
