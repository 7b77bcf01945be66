/**
 * The user events on a 10,000-user organisation: each poll is one pass over the list at 50 users
 * a request (at most ceil(N/50) requests), the saved state stays a few dozen bytes per user, and
 * the changes made between polls come out exactly once.
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

async function pollCounted(poller: Poller, mode: 'trigger' | 'manual' = 'trigger') {
	sim.clearLog();
	const outcome = await poller.poll(mode);
	const requests = sim.log.filter((entry) => entry.route === USERS).length;
	expect(outcome.error).toBeUndefined();
	expect(requests).toBeLessThanOrEqual(bound());
	expect(sim.log.every((entry) => entry.status === 200)).toBe(true);
	return { ids: outcome.items.map((item) => String(item.id)).sort(), items: outcome.items, requests };
}

const sorted = (ids: string[]) => [...ids].sort();

describe('user events on 10,000 users', () => {
	const pollers: Record<string, Poller> = {};
	let watched: string[];

	it('activates every event with one pass each, within ceil(N/50) requests', async () => {
		// The simulator's `users` counts the admin too.
		expect(sim.store.users.size).toBe(ORGANISATION);
		const select = sim.store.customAttributes().find((a) => a.data_type === 'single-select' && a.attribute_options?.length);
		watched = ['job_title', 'location', 'departments', select!.attribute_key];
		const events: Record<string, IDataObject> = {
			newUser: { event: 'newUser' },
			userDeactivated: { event: 'userDeactivated' },
			userUpdated: { event: 'userUpdated', watchedFields: watched },
		};
		for (const [event, parameters] of Object.entries(events)) {
			pollers[event] = await createPoller({ parameters, credentials: sim.credentials() });
			sim.clearLog();
			const first = await pollers[event].poll('trigger', 'activate');
			expect(first.error).toBeUndefined();
			expect(first.items).toEqual([]);
			expect(sim.log.filter((entry) => entry.route === USERS).length).toBe(bound());
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
		expect(fresh.requests).toBe(bound());

		const deactivated = await pollCounted(pollers.userDeactivated);
		expect(deactivated.ids).toEqual(sorted(blocked));

		const updated = await pollCounted(pollers.userUpdated);
		expect(updated.ids).toEqual(sorted(moved));
		for (const item of updated.items) expect(Object.keys(item.changes as IDataObject)).toEqual(['location']);

		for (const poller of Object.values(pollers)) expect((await pollCounted(poller)).ids).toEqual([]);
	}, 180_000);
});
