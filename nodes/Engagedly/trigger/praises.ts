import type { IDataObject } from 'n8n-workflow';

import { paginate } from '../transport/paginate';
import type { PraiseState } from './state';
import { STATE_VERSION } from './state';
import type { EventFamily } from './types';

const PATH = '/activities/praises';

/** Praise ids are integers that grow; anything else is not a praise we can place in time. */
function praiseId(record: IDataObject): number {
	const id = Number(record.id);
	return Number.isSafeInteger(id) ? id : Number.NaN;
}

/**
 * New praises. The list is newest first, so a poll reads from the top and stops at the first
 * praise it has already seen: one request when nothing is new, more only for a burst. Edits
 * move `last_updated_at` but neither the id nor the position, so an edited praise is never
 * emitted again.
 */
export const newPraise: EventFamily<PraiseState> = {
	config: () => 'newPraise',

	async sample(context, request) {
		return await paginate.call(context, PATH, { limit: 1, ...request });
	},

	async poll(context, request, saved, config) {
		if (!saved || typeof saved.last !== 'number' || !Number.isFinite(saved.last)) {
			// The baseline: the newest praise only, so nothing from the past is emitted.
			const [newest] = await paginate.call(context, PATH, { limit: 1, ...request });
			const last = newest ? praiseId(newest) : 0;
			return { items: [], state: { v: STATE_VERSION, config, last: Number.isNaN(last) ? 0 : last } };
		}
		const last = saved.last;
		const fresh = await paginate.call(context, PATH, {
			...request,
			stopAt: (record) => praiseId(record) <= last,
			keep: (record) => praiseId(record) > last,
		});
		if (fresh.length === 0) return { items: [] };
		const items = fresh.reverse();
		const newest = items.reduce((max, record) => Math.max(max, praiseId(record)), last);
		return { items, state: { v: STATE_VERSION, config, last: newest } };
	},
};
