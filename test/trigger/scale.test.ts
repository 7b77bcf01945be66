/**
 * The user events on a 10,000-user organisation: a pass over the list at 50 users a request
 * (ceil(N/50) requests in all), read over two polls of at most 100 requests each (the default
 * Rate Limit Share of 50 %), each event emitted by the poll that reads it; the saved state stays
 * a few dozen bytes per user, and the changes made between passes come out exactly once.
 */
import type { IDataObject } from 'n8n-workflow';

import { createPoller, type Poller } from '../helpers/poll';
import { useSimulator } from '../helpers/simulator';

const USERS = 'GET /beta/users';
const ORGANISATION = 10_000;

// The real 200 requests a minute, with a "minute" lasting a second: a full pass (201 requests)
// crosses one window, so the transport's pacing is part of every poll here. The polls build on
// each other, so the organisation is set up once.
const sim = useSimulator({ users: 10, timeScale: 60 }, { reset: 'never' });
beforeAll(() => sim.reset({ users: ORGANISATION }));

const bound = () => Math.ceil(sim.store.users.size / 50);

/** The default Rate Limit Share, 50 % of 200 requests a minute. */
const PAGES_PER_POLL = 100;

/** Polls until a pass is complete: each poll within its share, the items of all of them. */
async function pollCounted(poller: Poller, activation?: 'activate') {
	sim.clearLog();
	const polls: number[] = [];
	const items: IDataObject[] = [];
	do {
		const before = sim.log.length;
		// n8n polls at most once a minute, so each poll meets a window the poll before did not
		// spend; these follow each other at once, and without rate-limit headers (the contract's
		// default) a poll cannot know what the one before spent: each starts a fresh window, as in n8n.
		sim.resetRateLimit();
		const outcome = await poller.poll('trigger', activation);
		expect(outcome.error).toBeUndefined();
		polls.push(sim.log.slice(before).filter((entry) => entry.route === USERS).length);
		items.push(...outcome.items);
	} while (poller.state().pass && polls.length < 10);
	const requests = sim.log.filter((entry) => entry.route === USERS).length;
	expect(poller.state().pass).toBeUndefined();
	for (const pages of polls) expect(pages).toBeLessThanOrEqual(PAGES_PER_POLL);
	expect(requests).toBe(bound());
	expect(sim.log.every((entry) => entry.status === 200)).toBe(true);
	return { ids: items.map((item) => String(item.id)).sort(), items, requests, polls };
}

const sorted = (ids: string[]) => [...ids].sort();

describe('user events on 10,000 users', () => {
	const pollers: Record<string, Poller> = {};
	let watched: string[];

	it('activates every event with one pass each, ceil(N/50) requests over two polls', async () => {
		// The simulator's `users` counts the admin too.
		expect(sim.store.users.size).toBe(ORGANISATION);
		const select = sim.store.customAttributes().find((a) => a.data_type === 'single-select' && a.attribute_options?.length);
		watched = ['job_title', 'location', 'level', select!.attribute_key];
		const events: Record<string, IDataObject> = {
			newUser: { event: 'newUser' },
			userDeactivated: { event: 'userDeactivated' },
			userUpdated: { event: 'userUpdated', watchedFields: watched },
		};
		for (const [event, parameters] of Object.entries(events)) {
			pollers[event] = await createPoller({ parameters, credentials: sim.credentials() });
			const baseline = await pollCounted(pollers[event], 'activate');
			expect(baseline.items).toEqual([]);
			expect(baseline.polls).toEqual([PAGES_PER_POLL, bound() - PAGES_PER_POLL]);
		}
	}, 120_000);

	it('keeps the saved state to a few dozen bytes per user', () => {
		const perUser = (event: string) => pollers[event].serialisedState().length / sim.store.users.size;
		// A user id is a 36-character UUID: `"<id>":1,` alone is 41 bytes.
		expect(perUser('newUser')).toBeLessThanOrEqual(45);
		expect(perUser('userDeactivated')).toBeLessThanOrEqual(50);
		// Four watched fields: four small indices into a table of the distinct values.
		expect(perUser('userUpdated')).toBeLessThanOrEqual(64);
		const state = pollers.userUpdated.state();
		expect((state.values as string[]).length).toBeLessThan(sim.store.users.size / 10);
		const someone = sim.store.sortedUsers()[4321];
		expect(pollers.userUpdated.serialisedState()).not.toContain(someone.email);
	});

	it('emits exactly the changes made between two polls, wherever the users sit in the list', async () => {
		const list = sim.store.sortedUsers().filter((user) => user.id !== sim.store.adminId && user.status === 'Active');
		const added = ['Aaaa', 'Mmmm', 'Zzzz'].map((first_name) => sim.store.addUser({ first_name }).id);
		const blocked = [list[17].id, list[5000].id, list.at(-3)!.id];
		for (const id of blocked) sim.store.setUserStatus(id, 'Blocked', 'not_known');
		const locations = [...sim.store.locations.keys()];
		const moved = [list[100], list[7777]].map((user) => {
			const next = locations.find((id) => id !== user.location_id)!;
			sim.store.updateUser(user.id, { location_id: next });
			return user.id;
		});
		// Not watched by anyone: no event.
		sim.store.updateUser(list[9000].id, { phone_number: '+44 20 7946 0000' });

		const fresh = await pollCounted(pollers.newUser);
		expect(fresh.ids).toEqual(sorted(added));

		const deactivated = await pollCounted(pollers.userDeactivated);
		expect(deactivated.ids).toEqual(sorted(blocked));

		const updated = await pollCounted(pollers.userUpdated);
		expect(updated.ids).toEqual(sorted(moved));
		for (const item of updated.items) expect(Object.keys(item.changes as IDataObject)).toEqual(['location']);

		for (const poller of Object.values(pollers)) expect((await pollCounted(poller)).ids).toEqual([]);
	}, 180_000);
});
