/**
 * The user events (new, deactivated, activated, updated), polled through n8n-core's PollContext
 * against the simulator while users are added, changed, blocked and unblocked between polls.
 * The simulator lists users by name, so new and renamed users land on any page.
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { loadOptions } from '../helpers/engine';
import { activatedPoller, createPoller, type Poller } from '../helpers/poll';
import { credentialsFor, requestsTo, useSimulator } from '../helpers/simulator';
import { startSimulator } from '../simulator';
import { ordinaryUsers } from '../user/helpers';

const USERS = 'GET /beta/users';
const PAGE = 50;

// A "minute" of the rate limit lasts a second, so the many full scans here never wait long.
const sim = useSimulator({ users: 250, timeScale: 60 });

/**
 * Fields the contract's user list does not carry (the vendor's list has them): four it leaves to
 * single-user answers, and two its User never shows at all.
 */
const LIST_LACKS = ['birthdate', 'business_unit', 'departments', 'employee_type', 'gender', 'title'];

const maxRequests = () => Math.ceil(sim.store.users.size / PAGE);

async function activated(parameters: IDataObject): Promise<Poller> {
	sim.clearLog();
	const poller = await activatedPoller({ parameters, credentials: sim.credentials() });
	expect(requestsTo(sim, USERS).length).toBeLessThanOrEqual(maxRequests());
	return poller;
}

/** One active poll: the emitted items, and the list requests it cost (always checked against the bound). */
async function poll(poller: Poller) {
	sim.clearLog();
	// n8n polls a trigger at most once a minute, so a poll meets a window its predecessors did not
	// spend. These polls follow each other at once: without rate-limit headers (the contract's
	// default) a poll cannot know what the ones before spent of the window, so each starts a fresh
	// one, as in n8n.
	sim.resetRateLimit();
	const outcome = await poller.poll();
	const cost = requestsTo(sim, USERS).length;
	expect(cost).toBeLessThanOrEqual(maxRequests());
	return { ...outcome, ids: outcome.items.map((item) => String(item.id)), cost };
}

const sortedIds = (ids: string[]) => [...ids].sort();

/** Active users by list position: [first, middle, last] in the simulator's name order. */
function spread(): string[] {
	const sorted = ordinaryUsers(sim);
	return [sorted[0].id, sorted[Math.floor(sorted.length / 2)].id, sorted[sorted.length - 1].id];
}

describe('newUser', () => {
	it('emits new users wherever the name order puts them, each exactly once', async () => {
		const poller = await activated({ event: 'newUser' });
		const early = sim.store.addUser({ first_name: 'Aaaron', last_name: 'First' });
		const middle = sim.store.addUser({ first_name: 'Michael', last_name: 'Middle' });
		const late = sim.store.addUser({ first_name: 'Zzyzx', last_name: 'Last' });
		expect(sim.store.sortedUsers()[0].id).toBe(early.id);
		expect(sim.store.sortedUsers().at(-1)?.id).toBe(late.id);

		const found = await poll(poller);
		expect(found.error).toBeUndefined();
		expect(sortedIds(found.ids)).toEqual(sortedIds([early.id, middle.id, late.id]));
		expect(found.items.find((item) => item.id === middle.id)).toMatchObject({
			email: middle.email,
			first_name: 'Michael',
			status: 'Active',
		});
		expect(found.items[0]).not.toHaveProperty('changes');

		expect((await poll(poller)).ids).toEqual([]);
		// Nothing changed: nothing written (its generation included), not a whole state rewritten a poll.
		const settled = poller.state();
		await poller.restart();
		expect((await poll(poller)).ids).toEqual([]);
		expect(poller.state()).toEqual(settled);
	});

	it('does not count changes, deactivations or renames of existing users as new', async () => {
		const poller = await activated({ event: 'newUser' });
		const [first, middle, last] = spread();
		sim.store.updateUser(first, { first_name: 'Zzz' });
		sim.store.setUserStatus(middle, 'Blocked');
		sim.store.updateUser(last, { title: 'Dr.' });
		expect((await poll(poller)).ids).toEqual([]);
	});

	it('keeps the state compact: one short entry per user, nothing of the records', async () => {
		const poller = await activated({ event: 'newUser' });
		const bytes = poller.serialisedState().length;
		expect(bytes / sim.store.users.size).toBeLessThanOrEqual(48);
		const [someone] = spread();
		expect(poller.serialisedState()).not.toContain(sim.store.users.get(someone)?.email);
	});

	it('"Fetch Test Event" returns a real user without touching the baseline', async () => {
		const poller = await activated({ event: 'newUser' });
		const before = poller.state();
		const pending = sim.store.addUser({ first_name: 'Mmm' }).id;
		sim.clearLog();
		const sample = await poller.poll('manual');
		expect(sample.error).toBeUndefined();
		expect(sample.items).toHaveLength(1);
		expect(sim.store.users.has(String(sample.items[0].id))).toBe(true);
		expect(requestsTo(sim, USERS).length).toBe(1);
		expect(poller.state()).toEqual(before);
		expect((await poll(poller)).ids).toEqual([pending]);
	});
});

describe('userDeactivated and userActivated', () => {
	it('follow a user through deactivation and reactivation, each event once, on its own trigger', async () => {
		const deactivated = await activated({ event: 'userDeactivated' });
		const reactivated = await activated({ event: 'userActivated' });
		const [first, middle, last] = spread();
		for (const id of [first, middle, last]) expect(sim.store.users.get(id)?.status).toBe('Active');

		sim.store.setUserStatus(first, 'Blocked', 'not_known');
		sim.store.setUserStatus(last, 'Blocked');
		const off = await poll(deactivated);
		expect(sortedIds(off.ids)).toEqual(sortedIds([first, last]));
		expect(off.items.find((item) => item.id === first)).toMatchObject({ status: 'Blocked', block_reason_code: 'not_known' });
		expect((await poll(reactivated)).ids).toEqual([]);
		expect((await poll(deactivated)).ids).toEqual([]);

		// Still blocked, only the reason changes: not a new deactivation.
		sim.store.setUserStatus(first, 'Blocked', 'fatigue');
		expect((await poll(deactivated)).ids).toEqual([]);

		sim.store.setUserStatus(first, 'Active');
		const on = await poll(reactivated);
		expect(on.ids).toEqual([first]);
		expect(on.items[0]).toMatchObject({ status: 'Active', user_blocked_at: null });
		expect((await poll(deactivated)).ids).toEqual([]);
		expect((await poll(reactivated)).ids).toEqual([]);

		// Reactivated and deactivated again between two polls: user_blocked_at moved, so it counts.
		await sleep(5);
		sim.store.setUserStatus(last, 'Active');
		sim.store.setUserStatus(last, 'Blocked');
		sim.store.setUserStatus(middle, 'Blocked');
		expect(sortedIds((await poll(deactivated)).ids)).toEqual(sortedIds([middle, last]));
		expect((await poll(reactivated)).ids).toEqual([]);
	});

	it('ignores users that are new (already blocked or not) and users that stay as they are', async () => {
		const deactivated = await activated({ event: 'userDeactivated' });
		const reactivated = await activated({ event: 'userActivated' });
		const blockedNewcomer = sim.store.addUser({ first_name: 'Bea' });
		sim.store.setUserStatus(blockedNewcomer.id, 'Blocked');
		sim.store.addUser({ first_name: 'Cal' });
		expect((await poll(deactivated)).ids).toEqual([]);
		expect((await poll(reactivated)).ids).toEqual([]);
		sim.store.setUserStatus(blockedNewcomer.id, 'Active');
		expect((await poll(reactivated)).ids).toEqual([blockedNewcomer.id]);
	});

	it('"Fetch Test Event" returns a user in the matching state', async () => {
		const deactivated = await activated({ event: 'userDeactivated' });
		const blocked = [...sim.store.users.values()].filter((user) => user.status === 'Blocked');
		expect(blocked.length).toBeGreaterThan(0);
		const sample = await deactivated.poll('manual');
		expect(sample.items).toHaveLength(1);
		expect(sample.items[0].status).toBe('Blocked');
		expect(blocked.map((user) => user.id)).toContain(sample.items[0].id);

		const reactivated = await activated({ event: 'userActivated' });
		const active = await reactivated.poll('manual');
		expect(active.items[0].status).toBe('Active');
	});

	it.each([
		[250, 'is shown'],
		[251, 'is past the 250 users it looks at: an empty sample'],
	])('"Fetch Test Event" of User Activated, the one active user %i in list order %s', async (position) => {
		sim.store.addUser({ first_name: 'Zed' });
		const sorted = sim.store.sortedUsers();
		expect(sorted.length).toBe(251);
		sorted.forEach((user, index) => sim.store.setUserStatus(user.id, index === position - 1 ? 'Active' : 'Blocked'));
		const poller = await createPoller({ parameters: { event: 'userActivated' }, credentials: sim.credentials() });
		const sample = await poller.poll('manual');
		expect(sample.error).toBeUndefined();
		expect(sample.items.map((item) => item.id)).toEqual(position <= 250 ? [sorted[position - 1].id] : []);
	});
});

describe('userUpdated', () => {
	const customKey = (name: string) => {
		const attribute = sim.store.customAttributes().find((a) => a.name === name);
		if (!attribute) throw new Error(`No custom attribute ${name}`);
		return attribute.attribute_key;
	};

	it('offers the system fields and the organisation’s custom attributes to watch', async () => {
		const options = (await loadOptions('getWatchableUserFields', sim.credentials())) as Array<{ name: string; value: string }>;
		const values = options.map((option) => option.value);
		for (const field of ['status', 'email', 'job_title', 'manager', 'level']) expect(values).toContain(field);
		// Only what this account's list carries: the contract's leaves these to single-user answers.
		for (const field of LIST_LACKS) {
			if (sim.profile === 'contract') expect(values).not.toContain(field);
			else expect(values).toContain(field);
		}
		for (const attribute of sim.store.customAttributes()) {
			expect(options).toContainEqual(expect.objectContaining({ name: attribute.name, value: attribute.attribute_key }));
		}
		// Preset attributes are system fields, offered once under their list names.
		expect(values).not.toContain('business_units');
		expect(new Set(values).size).toBe(values.length);
	});

	it('reports only watched fields, with their previous and current values', async () => {
		const cost = customKey('Cost Center');
		const tshirt = customKey('T-Shirt Size');
		const poller = await activated({
			event: 'userUpdated',
			watchedFields: ['level', 'job_title', 'status', cost, tshirt],
		});
		const [first, middle, last] = spread();
		const user = (id: string) => sim.store.users.get(id)!;
		const levelBefore = user(first).level;
		const costBefore = user(middle).custom[cost];
		const jobTitles = [...sim.store.jobTitles.values()];
		const jobBefore = user(last).job_title_id;
		const jobAfter = jobTitles.find((job) => job.id !== jobBefore)!;

		sim.store.updateUser(first, { level: levelBefore === 'L9' ? 'L8' : 'L9', phone_number: '+1 555 0100' });
		sim.store.updateUser(middle, { custom: { ...user(middle).custom, [cost]: 'CC-999' } });
		sim.store.updateUser(last, { job_title_id: jobAfter.id });
		sim.store.setUserStatus(last, 'Blocked');
		// Unwatched fields only: no event.
		const quiet = sim.store.sortedUsers().find((u) => ![first, middle, last, sim.store.adminId].includes(u.id))!.id;
		sim.store.updateUser(quiet, { phone_number: '+1 555 0199', middle_name: 'Quiet' });

		const changed = await poll(poller);
		expect(changed.error).toBeUndefined();
		expect(sortedIds(changed.ids)).toEqual(sortedIds([first, middle, last]));
		const byId = Object.fromEntries(changed.items.map((item) => [item.id, item]));
		expect(byId[first].changes).toEqual({ level: { previous: levelBefore, current: user(first).level } });
		expect(byId[middle].changes).toEqual({
			[cost]: { previous: costBefore === undefined ? null : String(costBefore), current: 'CC-999' },
		});
		const jobRef = (id: number | null) => {
			const job = id === null ? undefined : sim.store.jobTitles.get(id);
			return job ? { id: String(job.id), name: job.name } : null;
		};
		expect(byId[last].changes).toEqual({
			job_title: { previous: jobRef(jobBefore), current: jobRef(jobAfter.id) },
			status: { previous: 'Active', current: 'Blocked' },
		});
		expect(byId[last]).toMatchObject({ status: 'Blocked', email: user(last).email });

		expect((await poll(poller)).ids).toEqual([]);
		await poller.restart();
		expect((await poll(poller)).ids).toEqual([]);
	});

	it('does not fire when phone numbers only change form (a number in one answer, text in the next: "string or number"); a real change is reported as text', async () => {
		const [first] = spread();
		sim.store.updateUser(first, { phone_number: '15550142' });
		// Digits only: the contract's list gives them as numbers (every third seeded user has such a number).
		const poller = await activated({ event: 'userUpdated', watchedFields: ['phone_number'] });
		try {
			// The kinder side on purpose, between polls: the same numbers as text is a change of form only.
			sim.setFriendlyUsers({ phoneNumbersAsText: true });
			expect((await poll(poller)).ids).toEqual([]);
			sim.setFriendlyUsers({ phoneNumbersAsText: false });
			expect((await poll(poller)).ids).toEqual([]);
			sim.store.updateUser(first, { phone_number: '15550143' });
			const changed = await poll(poller);
			expect(changed.items.map((item) => [item.id, item.changes])).toEqual([
				[first, { phone_number: { previous: '15550142', current: '15550143' } }],
			]);
			// The value table keeps only what users hold now: the old number is dropped, not kept for ever.
			expect(poller.state().values).not.toContain('"15550142"');
		} finally {
			sim.setFriendlyUsers({ phoneNumbersAsText: false });
		}
	});

	it('does not fire when a job title is renamed, but reports the new name as the previous value later', async () => {
		const poller = await activated({ event: 'userUpdated', watchedFields: ['job_title'] });
		const [someone] = spread();
		const jobId = sim.store.users.get(someone)!.job_title_id ?? [...sim.store.jobTitles.keys()][0];
		sim.store.updateUser(someone, { job_title_id: jobId });
		await poll(poller);

		sim.store.jobTitles.get(jobId)!.name = 'Renamed Title';
		sim.store.touch();
		expect((await poll(poller)).ids).toEqual([]);

		const other = [...sim.store.jobTitles.values()].find((job) => job.id !== jobId)!;
		sim.store.updateUser(someone, { job_title_id: other.id });
		const moved = await poll(poller);
		expect(moved.ids).toEqual([someone]);
		expect(moved.items[0].changes).toEqual({
			job_title: { previous: { id: String(jobId), name: 'Renamed Title' }, current: { id: String(other.id), name: other.name } },
		});
	});

	it('watched fields this account’s list does not carry fail the poll, each by name, instead of never firing', async () => {
		const poller = await createPoller({
			parameters: { event: 'userUpdated', watchedFields: ['departments', 'employee_id', 'gender'] },
			credentials: sim.credentials(),
		});
		const first = await poller.poll('trigger', 'activate');
		if (sim.profile === 'vendor') {
			expect(first.error).toBeUndefined();
			return;
		}
		expect(first.error?.message).toBe("Engagedly's user list does not carry Departments, Gender: it cannot be watched");
		expect(first.error?.description).toMatch(/^Engagedly gives it only when one user is read.*Remove it from Fields to Watch/);
		const manual = await poller.poll('manual');
		expect(manual.error?.message).toBe("Engagedly's user list does not carry Departments, Gender: it cannot be watched");
	});

	it('keeps still over polls of unchanged users in this profile; an employee type change fires once, in the profile’s form', async () => {
		// The contract's list carries neither birth date nor employee type: there, the change is not watchable.
		const listed = sim.profile === 'vendor' ? ['birthdate', 'employee_type'] : [];
		const poller = await activated({
			event: 'userUpdated',
			watchedFields: [...listed, 'employee_id', 'joining_date', customKey('Cost Center')],
		});
		for (let i = 0; i < 3; i++) expect((await poll(poller)).ids).toEqual([]);
		await poller.restart();
		expect((await poll(poller)).ids).toEqual([]);

		const options = sim.store.attributes.find((a) => a.attribute_key === 'employee_type')!.attribute_options!;
		const someone = sim.store.sortedUsers().find((u) => u.employee_type !== null && u.id !== sim.store.adminId)!;
		const before = someone.employee_type!;
		const after = options.find((option) => option.value !== before)!.value;
		sim.store.updateUser(someone.id, { employee_type: after });
		// The contract renders the option's value, the vendor {id, name} (the trigger hands ids on as strings).
		const rendered = (name: string) =>
			sim.profile === 'vendor' ? { id: String(options.find((option) => option.value === name)!.id), name } : name;
		const changed = await poll(poller);
		if (sim.profile === 'contract') {
			expect(changed.ids).toEqual([]);
			return;
		}
		expect(changed.ids).toEqual([someone.id]);
		expect(changed.items[0].changes).toEqual({ employee_type: { previous: rendered(before), current: rendered(after) } });
		expect((await poll(poller)).ids).toEqual([]);
	});

	it('fires nothing when the same organisation answers in the other profile, whatever is watched', async () => {
		const other = sim.profile === 'vendor' ? 'contract' : 'vendor';
		// Same seed and size as this file's simulator after its reset: the same users, rendered the other way.
		const twin = await startSimulator({ users: 250, timeScale: 60, profile: other });
		try {
			// Whatever both profiles' lists carry: the contract side offers exactly that.
			const contractSide = sim.profile === 'contract' ? sim : twin;
			const fields = ((await loadOptions('getWatchableUserFields', credentialsFor(contractSide))) as Array<{ value: string }>).map(
				(o) => o.value,
			);
			const credentials = sim.credentials();
			const poller = await createPoller({ parameters: { event: 'userUpdated', watchedFields: fields }, credentials });
			expect((await poller.poll('trigger', 'activate')).items).toEqual([]);

			credentials.baseUrl = twin.baseUrl;
			const switched = await poller.poll();
			expect(switched.error).toBeUndefined();
			expect(switched.items).toEqual([]);
			credentials.baseUrl = sim.baseUrl;
			expect((await poller.poll()).items).toEqual([]);

			// A real change is still one, reported in the form each side gave.
			const someone = sim.store.sortedUsers().find((u) => u.id !== sim.store.adminId)!;
			twin.store.updateUser(someone.id, { level: 'L42' });
			credentials.baseUrl = twin.baseUrl;
			const changed = await poller.poll();
			expect(changed.items.map((item) => [item.id, item.changes])).toEqual([
				[someone.id, { level: { previous: someone.level, current: 'L42' } }],
			]);
		} finally {
			await twin.stop();
		}
	});

	it('watches the manager through the list’s primary_reporter, at no extra request, in polls and the sample', async () => {
		const poller = await activated({ event: 'userUpdated', watchedFields: ['manager'] });
		const [, middle] = spread();
		const before = sim.store.users.get(middle)!.manager_id;
		const manager = sim.store.sortedUsers().find((user) => user.id !== before && user.id !== middle)!;
		sim.store.updateUser(middle, { manager_id: manager.id });
		const changed = await poll(poller);
		expect(changed.ids).toEqual([middle]);
		const previous = before === null ? null : { id: before, name: `${sim.store.users.get(before)!.first_name} ${sim.store.users.get(before)!.last_name}` };
		expect(changed.items[0].changes).toEqual({
			manager: { previous, current: { id: manager.id, name: `${manager.first_name} ${manager.last_name}` } },
		});
		expect(sim.log.every((entry) => entry.route === USERS && String(entry.query.include) === 'primary_reporter')).toBe(true);

		sim.clearLog();
		const sample = await poller.poll('manual');
		expect(sample.error).toBeUndefined();
		expect(sim.log.map((entry) => [entry.route, entry.query.include])).toEqual([[USERS, 'primary_reporter']]);
	});

	it('sets a new baseline when the watched fields change (not when they are only reordered), and refuses an empty selection saying what to pick', async () => {
		const poller = await activated({ event: 'userUpdated', watchedFields: ['middle_name'] });
		const [first] = spread();
		sim.store.updateUser(first, { level: 'L7' });
		// Another field in the place of the first: what that one held is no previous value of this one.
		await poller.edit({ event: 'userUpdated', watchedFields: ['level'] });
		expect((await poll(poller)).ids).toEqual([]);
		await poller.edit({ event: 'userUpdated', watchedFields: ['middle_name', 'level'] });
		expect((await poll(poller)).ids).toEqual([]);
		sim.store.updateUser(first, { level: 'L8' });
		await poller.edit({ event: 'userUpdated', watchedFields: ['level', 'middle_name'] });
		const changed = await poll(poller);
		expect(changed.items.map((item) => item.changes)).toEqual([{ level: { previous: 'L7', current: 'L8' } }]);

		await poller.edit({ event: 'userUpdated', watchedFields: [] });
		const before = poller.state();
		const refused = await poller.poll();
		expect(refused.error?.message).toBe('No fields to watch');
		expect(refused.error?.description).toMatch(/^Pick at least one field in “Fields to Watch”/);
		expect(poller.state()).toEqual(before);
	});

	it('"Fetch Test Event" returns a real user with a changes object over the watched fields, previous being what the last active poll saved', async () => {
		const poller = await activated({ event: 'userUpdated', watchedFields: ['level', 'email'] });
		const before = poller.state();
		const sample = await poller.poll('manual');
		expect(sample.items).toHaveLength(1);
		const user = sim.store.users.get(String(sample.items[0].id))!;
		expect(sample.items[0].changes).toEqual({
			email: { previous: user.email, current: user.email },
			level: { previous: user.level, current: user.level },
		});
		expect(poller.state()).toEqual(before);

		// Changed since the last active poll: the sample shows the value that poll saved, and saves nothing.
		const level = user.level;
		sim.store.updateUser(user.id, { level: `${String(level)}+` });
		const changed = await poller.poll('manual');
		expect(changed.items.map((item) => [item.id, item.changes])).toEqual([
			[user.id, { email: { previous: user.email, current: user.email }, level: { previous: level, current: `${String(level)}+` } }],
		]);
		expect(poller.state()).toEqual(before);
	});

	it('emits every expected event exactly once over many polls of changing data', async () => {
		const triggers = {
			newUser: await activated({ event: 'newUser' }),
			userDeactivated: await activated({ event: 'userDeactivated' }),
			userActivated: await activated({ event: 'userActivated' }),
			userUpdated: await activated({ event: 'userUpdated', watchedFields: ['first_name', 'level'] }),
		};
		const expected: Record<string, string[]> = { newUser: [], userDeactivated: [], userActivated: [], userUpdated: [] };
		const levels = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7'];

		for (let round = 0; round < 8; round++) {
			const users = sim.store.sortedUsers().filter((user) => user.id !== sim.store.adminId);
			const pick = (k: number) => users[(round * 53 + k * 31) % users.length];
			const step: Record<string, string[]> = { newUser: [], userDeactivated: [], userActivated: [], userUpdated: [] };
			const touched = new Set<string>();
			for (let k = 0; k < round % 3; k++) {
				step.newUser.push(sim.store.addUser({ first_name: `N${String.fromCharCode(65 + ((round * 7 + k * 11) % 26))}x` }).id);
			}
			for (let k = 0; k < 3; k++) {
				const user = pick(k);
				if (touched.has(user.id)) continue;
				touched.add(user.id);
				if (user.status === 'Active') {
					sim.store.setUserStatus(user.id, 'Blocked');
					step.userDeactivated.push(user.id);
				} else {
					sim.store.setUserStatus(user.id, 'Active');
					step.userActivated.push(user.id);
				}
			}
			for (let k = 3; k < 6; k++) {
				const user = pick(k);
				if (touched.has(user.id)) continue;
				touched.add(user.id);
				const next = levels[(levels.indexOf(user.level ?? '') + 1) % levels.length];
				// Renames move the user to another page of the name-ordered list.
				sim.store.updateUser(user.id, k === 3 ? { first_name: `${user.first_name}q` } : { level: next });
				step.userUpdated.push(user.id);
			}
			for (const [event, poller] of Object.entries(triggers)) {
				const result = await poll(poller);
				expect(result.error).toBeUndefined();
				expect(sortedIds(result.ids)).toEqual(sortedIds(step[event]));
				expected[event].push(...step[event]);
			}
			if (round === 4) for (const poller of Object.values(triggers)) await poller.restart();
		}
		expect(expected.newUser.length).toBeGreaterThan(3);
		expect(expected.userActivated.length).toBeGreaterThan(0);
	}, 120_000);
});
