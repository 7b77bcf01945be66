/**
 * User events on an organisation that does not fit in one poll: a pass over the directory goes
 * on across polls (its place and an entry per user saved in the static data, never a record),
 * and each change comes out once, from the poll that reads it. Here a poll may use
 * 5 % of the key (Rate Limit Share), 10 pages of 50: the 1,200 users take 3 polls a pass.
 *
 * Changes are made between polls and in the middle of a poll (the simulator's `mutate` fault
 * runs just before a chosen page is served), on pages already read and on pages still to come.
 */
import type { IDataObject } from 'n8n-workflow';

import { requestsTo } from '../helpers/simulator';
import { USERS, ORGANISATION, PAGES_PER_POLL, useUserScanKit } from './userScanKit';

const { sim, triggerOn, fullPass, activeUsers } = useUserScanKit();

describe('a pass over polls', () => {
	test('activation takes the baseline over 3 polls of at most 10 requests, emits nothing, and the next pass nothing either', async () => {
		const poller = await triggerOn({ event: 'newUser' });
		sim.clearLog();
		const first = await poller.poll('trigger', 'activate');

		expect(first.error).toBeUndefined();
		expect(first.items).toEqual([]);
		expect(requestsTo(sim, USERS)).toHaveLength(PAGES_PER_POLL);
		// The first pass is not a baseline yet: nothing to compare with.
		expect(poller.state().first).toBe(true);
		expect(poller.state().pass).toMatchObject({ page: PAGES_PER_POLL + 1, total: ORGANISATION });

		const rest = await fullPass(poller);
		expect([PAGES_PER_POLL, ...rest.pages]).toEqual([10, 10, 4]);
		expect(rest.ids).toEqual([]);
		expect(Object.keys(poller.state().users as IDataObject)).toHaveLength(ORGANISATION);
		expect(poller.state().first).toBeUndefined();

		const quiet = await fullPass(poller);
		expect(quiet.pages).toEqual([10, 10, 4]);
		expect(quiet.ids).toEqual([]);
	});

	test('new users, added before, during and after their page is read, each come out once, from the poll that reads them', async () => {
		const poller = await triggerOn({ event: 'newUser' });
		await fullPass(poller);

		// "Aaron" sorts onto the first page, "Zed" onto the last; added after the first poll of
		// the pass, Aaron's page has been read and Zed's has not.
		const early = sim.store.addUser({ first_name: 'Aaaron', last_name: 'Aaberg' }).id;
		let late = '';
		let missed = '';
		const first = await fullPass(poller, (poll) => {
			if (poll !== 0) return;
			missed = sim.store.addUser({ first_name: 'Aaab', last_name: 'Aaberg' }).id;
			late = sim.store.addUser({ first_name: 'Zzzed', last_name: 'Zzzyx' }).id;
		});
		expect(first.pages.reduce((a, b) => a + b)).toBe(Math.ceil(sim.store.users.size / 50));
		expect(first.ids).toEqual([early, late].sort());

		const second = await fullPass(poller);
		expect(second.ids).toEqual([missed]);
		expect((await fullPass(poller)).ids).toEqual([]);
	});

	test('a user deactivated mid-pass on a page still to come is in this pass; on a page read already, in the next', async () => {
		const poller = await triggerOn({ event: 'userDeactivated' });
		await fullPass(poller);
		const list = activeUsers();
		const [read, toCome] = [list[3], list.at(-5)!];

		const first = await fullPass(poller, (poll) => {
			if (poll !== 0) return;
			for (const user of [read, toCome]) sim.store.setUserStatus(user.id, 'Blocked', 'not_known');
		});
		expect(first.ids).toEqual([toCome.id]);
		expect((await fullPass(poller)).ids).toEqual([read.id]);
		expect((await fullPass(poller)).ids).toEqual([]);
	});
});
