import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PraiseCriteria } from '../praises/feed';
import { dateOf, isPinned, praiseFilter, toMessage } from '../praises/feed';
import { readOptionalUserId } from '../parameters/readers';
import { trimmed } from '../parameters/values';
import { paginate } from '../transport/paginate';
import { budgetedScan } from './pass';
import type { PraiseMark, PraisePass, PraiseState } from './state';
import { PRAISE_STATE_VERSION, validPraiseState } from './state';
import type { EventFamily, PollRequest } from './types';

const PATH = '/activities/praises';
/** "Fetch Test Event" looks this far back for a praise that matches the filters. */
const SAMPLE_RECORDS = 250;

const idOf = (record: IDataObject): string => String(record.id);
const holds = (mark: PraiseMark, id: string) => mark.ids.some((seen) => String(seen) === id);

/** Included in the mark: older than it, or of its time and one of its ids. */
const within = (mark: PraiseMark, at: number, id: string) => at < mark.at || (at === mark.at && holds(mark, id));

/** The mark moved to a newer praise (or, `older`, to an older one); a praise of the same time joins it. */
function moved(mark: PraiseMark | undefined, at: number, record: IDataObject, older = false): PraiseMark {
	const id = idOf(record);
	if (!mark || (older ? at < mark.at : at > mark.at)) return { at, ids: [record.id as number | string] };
	if (at === mark.at && !holds(mark, id)) return { at, ids: [...mark.ids, record.id as number | string] };
	return mark;
}

/** The filters, people given by id or email address resolved to ids (an address costs one request a poll). */
async function criteriaOf(context: IPollFunctions, request: PollRequest): Promise<PraiseCriteria> {
	// A cooldown met looking an address up, before anything is read, fails the poll rather than wait past its time.
	const itemRequest = { itemIndex: 0, maxRateLimitWaitSeconds: request.maxRateLimitWaitSeconds, deadlineMs: request.deadlineMs };
	const person = async (name: string, label: string) =>
		await readOptionalUserId.call(context, 0, `filters.${name}`, { label, request: itemRequest });
	return {
		authorId: await person('author', 'Author'),
		recognizedId: await person('recognizedUser', 'Recognized User'),
		tag: trimmed(context.getNodeParameter('filters.tag', '')),
	};
}

const shaped = (context: IPollFunctions, praises: IDataObject[]) =>
	(context.getNodeParameter('options.messageReady', false) as boolean) ? praises.map(toMessage) : praises;

/**
 * New praises. The feed is newest first by `activity_date`, but pinned praises may come first
 * whatever their age, several praises may share one time, and ids say nothing of time. So the
 * place saved between polls is a time and the ids of the praises at exactly that time (a mark),
 * and a poll reads from the top until the first praise that is older than the mark and not
 * pinned: one request when nothing is new, more only for a burst. Edits move `last_updated_at`
 * but neither the date nor the position, so an edited praise is never emitted again. Filters
 * choose what is emitted, not what is seen: a praise they pass over is never emitted later.
 *
 * A backlog larger than a poll's budget (its share of the key, its time) is emitted over several
 * polls, newest part first, each poll's part oldest first: the pass saves where it goes on, the
 * newest praise it counts (`top`; later ones are the next pass's), how far down the dated order
 * it has emitted (`down`) and the pinned praises it emitted out of that order (`pins`), so a praise
 * the feed shows again after a shift is recognised. The saved state holds no records, only ids of
 * praises of one time and the pinned ones.
 */
export const newPraise: EventFamily<PraiseState> = {
	config: () => 'newPraise',

	async sample(context, request) {
		const keep = praiseFilter(await criteriaOf(context, request));
		// Pinned praises may come first, whatever their age: the newest is among them and the first other one.
		let looked = 0;
		let reachedDated = false;
		const found = await paginate.call(context, PATH, {
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
		if (!saved) {
			// The baseline: the newest praise (of the pinned ones and the first other), so nothing from the past is emitted.
			let top: PraiseMark | undefined;
			const { cooldownMs } = await budgetedScan(context, request, PATH, {
				stopAt: (record) => {
					const at = dateOf(record);
					if (Number.isFinite(at)) top = moved(top, at, record);
					return !isPinned(record);
				},
			});
			// Stopped for a cooldown before the first praise that is not pinned: the newest may not
			// have been seen, so no baseline is saved and the next poll takes it.
			if (cooldownMs !== undefined) return { items: [] };
			return { items: [], state: { v: PRAISE_STATE_VERSION, config, at: top?.at ?? 0, ids: top?.ids ?? [] } };
		}
		const keep = praiseFilter(await criteriaOf(context, request));
		const from: PraiseMark = { at: saved.at, ids: saved.ids };
		const pass = saved.pass;
		let top = pass?.top;
		let down = pass?.down;
		const pins = [...(pass?.pins ?? [])];
		const fresh: IDataObject[] = [];
		const { resume, cooldownMs } = await budgetedScan(context, request, PATH, {
			from: pass ? { page: pass.page, total: pass.total } : undefined,
			stopAt: (record) => !isPinned(record) && dateOf(record) < from.at,
			keep: (record) => {
				const at = dateOf(record);
				const id = idOf(record);
				if (!Number.isFinite(at)) {
					throw new NodeOperationError(context.getNode(), `Engagedly listed praise ${id} without a readable activity_date`, {
						description: 'Without its date a praise cannot be placed among the others, so nothing was emitted or saved; the next poll tries again.',
					});
				}
				// Seen before this pass; posted during this pass (the next one's); emitted already by it.
				if (within(from, at, id)) return false;
				if (pass && !within(pass.top, at, id)) return false;
				if (pins.some((pin) => String(pin) === id)) return false;
				if (!isPinned(record) && down && (at > down.at || (at === down.at && holds(down, id)))) return false;
				if (isPinned(record)) pins.push(record.id as number | string);
				else down = moved(down, at, record, true);
				if (!pass) top = moved(top, at, record);
				fresh.push(record);
				return false;
			},
		});
		const items = shaped(context, fresh.filter((praise) => !keep || keep(praise)).reverse());
		// A cooldown stopped the poll before it found anything new: the saved state stays as it is.
		if (cooldownMs !== undefined && !pass && fresh.length === 0) return { items };
		if (resume) {
			const next: PraisePass = { page: resume.page, total: resume.total, top: top ?? from, pins, ...(down ? { down } : {}) };
			return { items, state: { v: PRAISE_STATE_VERSION, config, ...from, pass: next } };
		}
		if (!top) return { items };
		// The pass is complete: the mark moves to its newest praise (joined with the old one on a tie).
		const mark = top.at === from.at ? top.ids.reduce<PraiseMark>((m, id) => moved(m, m.at, { id }), from) : top;
		return { items, state: { v: PRAISE_STATE_VERSION, config, at: mark.at, ids: mark.ids } };
	},
};
