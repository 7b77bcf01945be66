/**
 * What the pass suites share (passes.test.ts, passResume.test.ts): an organisation of 1,200 users
 * in which a poll may use 5 % of the key (Rate Limit Share), 10 pages of 50, so a pass takes
 * 3 polls. The suites are two files because, where answers carry the rate-limit headers (the
 * vendor profile), each poll waits for the simulator's rate-limit window (a second): split, they
 * run side by side instead of one after the other.
 */
import type { IDataObject } from 'n8n-workflow';

import { createPoller, type Poller } from '../helpers/poll';
import { requestsTo, useSimulator } from '../helpers/simulator';

export const USERS = 'GET /beta/users';
export const ORGANISATION = 1200;
const SHARE = 5;
/** 5 % of 200 requests a minute. */
export const PAGES_PER_POLL = 10;

interface Pass {
	/** Items of each poll, in order. */
	perPoll: IDataObject[][];
	/** List requests of each poll. */
	pages: number[];
	ids: string[];
	items: IDataObject[];
}

/** The simulator of a pass suite and the helpers that poll it (call at the top of the file). */
export function usePassKit() {
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
	async function fullPass(
		poller: Poller,
		between: (poll: number) => unknown = () => {},
	): Promise<Pass> {
		const pass: Pass = { perPoll: [], pages: [], ids: [], items: [] };
		for (let poll = 0; poll < 40; poll++) {
			sim.clearLog();
			const outcome = await poller.poll();
			expect(outcome.error).toBeUndefined();
			pass.perPoll.push(outcome.items);
			pass.pages.push(requestsTo(sim, USERS).length);
			if (!poller.state().pass) break;
			await between(poll);
		}
		expect(poller.state().pass).toBeUndefined();
		pass.items = pass.perPoll.flat();
		pass.ids = pass.items.map((item) => String(item.id)).sort();
		return pass;
	}

	const activeUsers = () =>
		sim.store
			.sortedUsers()
			.filter((user) => user.id !== sim.store.adminId && user.status === 'Active');

	return { sim, triggerOn, fullPass, activeUsers };
}
