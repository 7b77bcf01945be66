import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { PraiseCriteria } from '../actions/praise/shared';
import { praiseFilter, toMessage } from '../actions/praise/shared';
import { userIdFrom } from '../parameters/readers';
import { trimmed } from '../parameters/values';
import { paginate } from '../transport/paginate';
import type { PraiseState } from './state';
import { STATE_VERSION } from './state';
import type { EventFamily, PollRequest } from './types';

const PATH = '/activities/praises';
/** "Fetch Test Event" looks this far back for a praise that matches the filters. */
const SAMPLE_RECORDS = 250;

/** Praise ids are integers that grow; anything else is not a praise we can place in time. */
function praiseId(record: IDataObject): number {
	const id = Number(record.id);
	return Number.isSafeInteger(id) ? id : Number.NaN;
}

/** The filters, people given by id or email address resolved to ids (an address costs one request a poll). */
async function criteriaOf(context: IPollFunctions, request: PollRequest): Promise<PraiseCriteria> {
	const itemRequest = { itemIndex: 0, maxRateLimitWaitSeconds: request.maxRateLimitWaitSeconds };
	const person = async (name: string, label: string) =>
		await userIdFrom.call(context, context.getNodeParameter(`filters.${name}`, ''), label, itemRequest);
	return {
		authorId: await person('author', 'Author'),
		recognizedId: await person('recognizedUser', 'Recognized User'),
		tag: trimmed(context.getNodeParameter('filters.tag', '')),
	};
}

const shaped = (context: IPollFunctions, praises: IDataObject[]) =>
	(context.getNodeParameter('options.messageReady', false) as boolean) ? praises.map(toMessage) : praises;

/**
 * New praises. The list is newest first, so a poll reads from the top and stops at the first
 * praise it has already seen: one request when nothing is new, more only for a burst. Edits
 * move `last_updated_at` but neither the id nor the position, so an edited praise is never
 * emitted again. Filters choose what is emitted, not what is seen: a praise they pass over moves
 * the saved place on like any other, so it is never emitted later.
 */
export const newPraise: EventFamily<PraiseState> = {
	config: () => 'newPraise',

	async sample(context, request) {
		const keep = praiseFilter(await criteriaOf(context, request));
		let looked = 0;
		const found = await paginate.call(context, PATH, {
			...request,
			limit: 1,
			keep,
			stopAt: keep ? () => ++looked > SAMPLE_RECORDS : undefined,
		});
		return shaped(context, found);
	},

	async poll(context, request, saved, config) {
		if (!saved || typeof saved.last !== 'number' || !Number.isFinite(saved.last)) {
			// The baseline: the newest praise only, so nothing from the past is emitted.
			const [newest] = await paginate.call(context, PATH, { limit: 1, ...request });
			const last = newest ? praiseId(newest) : 0;
			return { items: [], state: { v: STATE_VERSION, config, last: Number.isNaN(last) ? 0 : last } };
		}
		const keep = praiseFilter(await criteriaOf(context, request));
		const last = saved.last;
		const fresh = await paginate.call(context, PATH, {
			...request,
			stopAt: (record) => praiseId(record) <= last,
			keep: (record) => praiseId(record) > last,
		});
		if (fresh.length === 0) return { items: [] };
		const newest = fresh.reduce((max, record) => Math.max(max, praiseId(record)), last);
		const items = fresh.reverse().filter((praise) => !keep || keep(praise));
		return { items: shaped(context, items), state: { v: STATE_VERSION, config, last: newest } };
	},
};
