/**
 * What userScan.test.ts and userScanResume.test.ts share: 1,200 users, a poll may use 5 % of the key
 * (10 pages of 50), so a pass takes 3 polls. Two files because where answers carry the rate-limit
 * headers (vendor profile) each poll waits out a window (a second): split, they run side by side.
 */
import type { IDataObject } from 'n8n-workflow';

import { createPoller, type Poller } from '../helpers/poll';
import { requestsTo, useSimulator } from '../helpers/simulator';
import { ordinaryUsers } from '../user/helpers';

export const USERS = 'GET /beta/users';
export const ORGANISATION = 1200;
const SHARE = 5;
/** 5 % of 200 requests a minute. */
export const PAGES_PER_POLL = 10;

/** The simulator of a pass suite and the helpers that poll it (call at the top of the file). */
export function useUserScanKit() {
	const sim = useSimulator({ users: ORGANISATION, timeScale: 60 });

	const triggerOn = async (parameters: IDataObject) =>
		await createPoller({
			parameters: {
				...parameters,
				options: { rateLimitShare: SHARE, ...(parameters.options as IDataObject) },
			},
			credentials: sim.credentials(),
		});

	/** Polls until the pass in progress is complete, with `between` run after each poll but the last. */
	async function fullPass(poller: Poller, between: (poll: number) => unknown = () => {}) {
		const items: IDataObject[] = [];
		/** List requests of each poll. */
		const pages: number[] = [];
		for (let poll = 0; poll < 40; poll++) {
			sim.clearLog();
			const outcome = await poller.poll();
			expect(outcome.error).toBeUndefined();
			items.push(...outcome.items);
			pages.push(requestsTo(sim, USERS).length);
			if (!poller.state().pass) break;
			await between(poll);
		}
		expect(poller.state().pass).toBeUndefined();
		return { items, pages, ids: items.map((item) => String(item.id)).sort() };
	}

	return { sim, triggerOn, fullPass, activeUsers: () => ordinaryUsers(sim) };
}
