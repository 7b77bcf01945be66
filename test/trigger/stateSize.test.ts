/**
 * The user events at scale: 10,000 users (every event) and 100,000 (deactivation). A pass reads
 * the list at 50 users a request, ceil(N/50) requests in all, over polls of at most 100 requests
 * (the default Rate Limit Share of 50 %), every answer a 200. The saved state stays within its
 * bytes a user (64 at most) at every poll, before and after a bulk change of a tenth of the
 * organisation (a mass deactivation, a reorganisation, a wave of new hires) wherever the users
 * sit in the list, each change emitted exactly once, n8n restarted (the state reloaded from JSON)
 * after the first poll of every pass. Changes made in the middle of a pass: userScan.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { createPoller, type Poller } from '../helpers/poll';
import { requestsTo, useSimulator } from '../helpers/simulator';

const USERS = 'GET /beta/users';
/** The default Rate Limit Share, 50 % of 200 requests a minute. */
const PAGES_PER_POLL = 100;
/** Bytes a user the saved state may take, by event (docs/engagedly-events-trigger.md, "saved state"). */
const MAX_BYTES_PER_USER: Record<string, number> = { newUser: 45, userDeactivated: 50, userUpdated: 64 };

const sim = useSimulator({ users: 10, timeScale: 60 }, { reset: 'never' });

/** Polls until a pass is complete; its items, its requests a poll, and the largest state a user. */
async function pass(poller: Poller, event: string) {
	const items: IDataObject[] = [];
	const polls: number[] = [];
	let peak = 0;
	let inProgress: boolean;
	do {
		sim.clearLog();
		// A fresh rate-limit window each poll, as n8n's once-a-minute polls meet (users.test.ts, poll()).
		sim.resetRateLimit();
		const outcome = await poller.poll();
		expect(outcome.error).toBeUndefined();
		expect(sim.log.every((entry) => entry.status === 200)).toBe(true);
		polls.push(requestsTo(sim, USERS).length);
		items.push(...outcome.items);
		// The state as n8n writes it to its database, read once a poll (megabytes at this size).
		const saved = poller.serialisedState();
		peak = Math.max(peak, saved.length / sim.store.users.size);
		inProgress = saved.includes('"pass":{');
		if (polls.length === 1) await poller.restart();
	} while (inProgress && polls.length < 100);
	expect(inProgress).toBe(false);
	for (const pages of polls) expect(pages).toBeLessThanOrEqual(PAGES_PER_POLL);
	expect(polls.reduce((a, b) => a + b)).toBe(Math.ceil(sim.store.users.size / 50));
	expect(peak).toBeLessThanOrEqual(MAX_BYTES_PER_USER[event]);
	return { ids: items.map((item) => String(item.id)).sort(), items, polls };
}

const sorted = (ids: string[]) => [...ids].sort();
const activeUsers = () =>
	sim.store.sortedUsers().filter((user) => user.id !== sim.store.adminId && user.status === 'Active');
const triggerOn = async (parameters: IDataObject) =>
	await createPoller({ parameters, credentials: sim.credentials() });

describe.each([10_000, 100_000])('%i users', (size) => {
	beforeAll(() => {
		sim.reset({ users: size });
		// At 100,000 users a pass would wait out ten windows: how the pacer keeps the limit is the
		// transport suites' subject. At 10,000 the real 200 a minute (a second) paces every poll.
		sim.setRateLimit({ limit: size > 10_000 ? 1_000_000 : 200 });
	}, 120_000);

	test('userDeactivated: a baseline over polls of at most 100 requests, then a tenth of the organisation deactivated', async () => {
		// The simulator's `users` counts the admin too.
		expect(sim.store.users.size).toBe(size);
		const poller = await triggerOn({ event: 'userDeactivated' });
		const baseline = await pass(poller, 'userDeactivated');
		expect(baseline.ids).toEqual([]);
		expect(baseline.polls).toHaveLength(Math.ceil(size / 50 / PAGES_PER_POLL));

		const blocked = activeUsers()
			.filter((_, i) => i % 9 === 3)
			.slice(0, size / 10)
			.map((user) => user.id);
		expect(blocked).toHaveLength(size / 10);
		for (const id of blocked) sim.store.setUserStatus(id, 'Blocked', 'not_known');

		expect((await pass(poller, 'userDeactivated')).ids).toEqual(sorted(blocked));
		// That the pass after finds nothing is the same code at any size: proven at 10,000 (all events).
		if (size === 10_000) expect((await pass(poller, 'userDeactivated')).ids).toEqual([]);
	}, 600_000);

	if (size > 10_000) return;

	test('userUpdated on four fields: a reorganisation moves a tenth of the organisation', async () => {
		const select = sim.store
			.customAttributes()
			.find((a) => a.data_type === 'single-select' && a.attribute_options?.length);
		const poller = await triggerOn({
			event: 'userUpdated',
			watchedFields: ['job_title', 'location', 'level', select!.attribute_key],
		});
		expect((await pass(poller, 'userUpdated')).ids).toEqual([]);
		// Four small indices a user into a table of the distinct values, never a record.
		expect((poller.state().values as string[]).length).toBeLessThan(size / 10);
		expect(poller.serialisedState()).not.toContain(activeUsers()[4321].email);

		const locations = [...sim.store.locations.keys()];
		const list = activeUsers();
		const moved = list
			.filter((_, i) => i % 9 === 7)
			.slice(0, size / 10)
			.map((user) => {
				sim.store.updateUser(user.id, { location_id: locations.find((id) => id !== user.location_id)! });
				return user.id;
			});
		// Not watched (and not moved): no event.
		sim.store.updateUser(list.filter((_, i) => i % 9 === 8).at(-1)!.id, { phone_number: '+44 20 7946 0000' });
		const reorganised = await pass(poller, 'userUpdated');

		expect(reorganised.ids).toEqual(sorted(moved));
		for (const item of reorganised.items) expect(Object.keys(item.changes as IDataObject)).toEqual(['location']);
		expect((await pass(poller, 'userUpdated')).ids).toEqual([]);
		// The values a reorganisation left unused are dropped: the table stays the distinct values in use.
		expect((poller.state().values as string[]).length).toBeLessThan(size / 10);
	}, 600_000);

	test('newUser: a tenth more people hired between two passes, their names all over the list', async () => {
		const poller = await triggerOn({ event: 'newUser' });
		expect((await pass(poller, 'newUser')).ids).toEqual([]);
		const hired = Array.from(
			{ length: size / 10 },
			(_, i) => sim.store.addUser({ first_name: `${String.fromCharCode(65 + (i % 26))}hire${i}` }).id,
		);
		expect((await pass(poller, 'newUser')).ids).toEqual(sorted(hired));
		expect((await pass(poller, 'newUser')).ids).toEqual([]);
	}, 600_000);
});
