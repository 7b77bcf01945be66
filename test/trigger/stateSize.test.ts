/**
 * The user events' saved state at 10,000, 50,000 and 100,000 users: never above 64
 * bytes a user at any poll, before, during and after a bulk change of a tenth of the organisation
 * (a mass deactivation, a reorganisation, a wave of new hires), every change emitted exactly
 * once, and n8n restarted (the state reloaded from JSON) every third poll. Through n8n-core's
 * poll context, at the default Rate Limit Share (100 requests a poll: 2,000 polls' worth of pages
 * at 100,000 users is 20 polls a pass).
 *
 * The rate limit is lifted here: how the pacer keeps to it is the transport suites' subject, and
 * at 200 a minute 100,000 users take 10 minutes a pass.
 */
import type { IDataObject } from 'n8n-workflow';

import { createPoller, type Poller } from '../helpers/poll';
import { useSimulator } from '../helpers/simulator';

const MAX_BYTES_PER_USER = 64;

const sim = useSimulator({ users: 10, rateLimit: 1_000_000 }, { reset: 'never' });

/** Polls until the pass in progress is complete (restarting every third poll); its items and the largest state a user. */
async function pass(poller: Poller, between: (poll: number) => void = () => {}) {
	const items: IDataObject[] = [];
	let peak = 0;
	let polls = 0;
	let inProgress: boolean;
	do {
		const outcome = await poller.poll();
		expect(outcome.error).toBeUndefined();
		items.push(...outcome.items);
		// The state as n8n writes it to its database, read once a poll (megabytes at this size).
		const saved = poller.serialisedState();
		peak = Math.max(peak, saved.length / sim.store.users.size);
		inProgress = saved.includes('"pass":{');
		polls++;
		if (polls % 3 === 0) await poller.restart();
		between(polls);
	} while (inProgress && polls < 100);
	expect(inProgress).toBe(false);
	return { ids: items.map((item) => String(item.id)).sort(), items, peak, polls };
}

const sorted = (ids: string[]) => [...ids].sort();
const activeUsers = () =>
	sim.store
		.sortedUsers()
		.filter((user) => user.id !== sim.store.adminId && user.status === 'Active');

describe.each([10_000, 50_000, 100_000])('%i users', (size) => {
	// At 100,000 users the deactivation only (a pass takes minutes of CI time); `npm run bench` measures every event at every size.
	const everyEvent = size < 100_000;
	beforeAll(() => sim.reset({ users: size }), 120_000);

	test('userDeactivated: a tenth of the organisation deactivated, before and during a pass', async () => {
		const poller = await createPoller({
			parameters: { event: 'userDeactivated' },
			credentials: sim.credentials(),
		});
		const baseline = await pass(poller);
		expect(baseline.ids).toEqual([]);
		expect(baseline.peak).toBeLessThanOrEqual(MAX_BYTES_PER_USER);

		const list = activeUsers();
		const before = list
			.filter((_, i) => i % 9 === 3)
			.slice(0, size / 10)
			.map((user) => user.id);
		for (const id of before) sim.store.setUserStatus(id, 'Blocked', 'not_known');
		// During the pass: on pages read already (the next pass's) and on pages to come (this one's).
		const during = [list[1].id, list[list.length - 2].id];
		const bulk = await pass(poller, (poll) => {
			if (poll === 1) for (const id of during) sim.store.setUserStatus(id, 'Blocked', 'not_known');
		});
		const next = await pass(poller);

		expect(before).toHaveLength(size / 10);
		expect(bulk.peak).toBeLessThanOrEqual(MAX_BYTES_PER_USER);
		expect(next.peak).toBeLessThanOrEqual(MAX_BYTES_PER_USER);
		const emitted = [...bulk.ids, ...next.ids];
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(sorted(emitted)).toEqual(sorted([...before, ...during]));
		expect(next.ids).toEqual([during[0]]);
		expect((await pass(poller)).ids).toEqual([]);
	}, 600_000);

	if (everyEvent)
		test('userUpdated on four fields: a reorganisation moves a tenth of the organisation', async () => {
			const select = sim.store
				.customAttributes()
				.find((a) => a.data_type === 'single-select' && a.attribute_options?.length);
			const watched = ['job_title', 'location', 'level', select!.attribute_key];
			const poller = await createPoller({
				parameters: { event: 'userUpdated', watchedFields: watched },
				credentials: sim.credentials(),
			});
			expect((await pass(poller)).peak).toBeLessThanOrEqual(MAX_BYTES_PER_USER);

			const locations = [...sim.store.locations.keys()];
			const moved = activeUsers()
				.filter((_, i) => i % 9 === 7)
				.slice(0, size / 10)
				.map((user) => {
					sim.store.updateUser(user.id, {
						location_id: locations.find((id) => id !== user.location_id)!,
					});
					return user.id;
				});
			const reorganised = await pass(poller);

			expect(reorganised.peak).toBeLessThanOrEqual(MAX_BYTES_PER_USER);
			expect(reorganised.ids).toEqual(sorted(moved));
			for (const item of reorganised.items)
				expect(Object.keys(item.changes as IDataObject)).toEqual(['location']);
			const quiet = await pass(poller);
			expect(quiet.ids).toEqual([]);
			// The values a reorganisation left unused are dropped: the table stays the distinct values in use.
			expect((poller.state().values as string[]).length).toBeLessThan(size / 10);
		}, 600_000);

	if (size === 10_000) {
		test('newUser: a tenth more people hired between two passes', async () => {
			const poller = await createPoller({
				parameters: { event: 'newUser' },
				credentials: sim.credentials(),
			});
			expect((await pass(poller)).peak).toBeLessThanOrEqual(MAX_BYTES_PER_USER);
			const hired = Array.from(
				{ length: size / 10 },
				(_, i) => sim.store.addUser({ first_name: `Hire${i}` }).id,
			);
			const wave = await pass(poller);
			expect(wave.peak).toBeLessThanOrEqual(MAX_BYTES_PER_USER);
			expect(wave.ids).toEqual(sorted(hired));
			expect((await pass(poller)).ids).toEqual([]);
		}, 600_000);
	}
});
