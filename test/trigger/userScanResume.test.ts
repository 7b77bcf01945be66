/**
 * User events across polls, continued from userScan.test.ts (same organisation and share, see
 * userScanKit.ts): what a pass keeps when a poll fails, n8n restarts, or a poll runs out of time
 * or of rate limit, and the Rate Limit Share's bounds.
 */
import type { IDataObject } from 'n8n-workflow';

import { cooldownOver, otherWorkflow, requestsTo } from '../helpers/simulator';
import { withPollBudget } from '../helpers/transport';
import { USERS, useUserScanKit } from './userScanKit';

const { sim, triggerOn, fullPass, activeUsers } = useUserScanKit();

/** Runs `body` with the poll's time budget at `ms`, then restores the suite's rate limit (which outlives reset()). */
const withBudget = (ms: number, body: () => Promise<void>) =>
	withPollBudget(ms, body, () => {
		sim.faults.clear();
		sim.setRateLimit({ limit: 200, timeScale: 60, headers: sim.profile === 'vendor' });
		cooldownOver(sim);
	});

describe('a pass over polls, interrupted', () => {
	test('a watched field changed twice during a pass is reported once, with the value of the last complete pass as previous', async () => {
		const poller = await triggerOn({ event: 'userUpdated', watchedFields: ['job_title'] });
		await fullPass(poller);
		const user = activeUsers().at(-2)!;
		const titles = [...sim.store.jobTitles.keys()].filter((id) => id !== user.job_title_id);
		const before = sim.store.users.get(user.id)!.job_title_id;

		const pass = await fullPass(poller, (poll) =>
			sim.store.updateUser(user.id, { job_title_id: titles[poll] }),
		);

		expect(pass.ids).toEqual([user.id]);
		const changes = pass.items[0].changes as IDataObject;
		expect(Object.keys(changes)).toEqual(['job_title']);
		expect((changes.job_title as IDataObject).previous).toMatchObject({ id: String(before) });
		expect((changes.job_title as IDataObject).current).toMatchObject({
			id: String(sim.store.users.get(user.id)!.job_title_id),
		});
		expect((await fullPass(poller)).ids).toEqual([]);
	});

	test('a poll that fails half-way saves nothing; the next goes on from the last saved page and nothing is lost or repeated', async () => {
		const poller = await triggerOn({ event: 'newUser' });
		await fullPass(poller);
		const added = sim.store.addUser({ first_name: 'Zzzoe', last_name: 'Zzzyx' }).id;
		// Sorted onto page 13, which the failing poll reads before page 15: it must not have recorded her.
		const twin = sim.store.sortedUsers()[620];
		const readBeforeFailure = sim.store.addUser({ first_name: twin.first_name, last_name: twin.last_name }).id;

		sim.clearLog();
		expect((await poller.poll()).error).toBeUndefined();
		const saved = JSON.stringify(poller.state());
		const savedPass = poller.state().pass as IDataObject;
		// Page 15 of the second poll fails, retries included.
		sim.faults.add({
			kind: 'status',
			status: 503,
			match: { path: '/beta/users', query: { page: '15' } },
			times: 4,
		});
		const failed = await poller.poll();
		expect(failed.error?.message).toMatch(/503|Engagedly/);
		expect(failed.items).toEqual([]);
		// (Compared whole, as text; the page and the count first, for a readable failure.)
		const after = poller.state().pass as IDataObject;
		expect(after.page).toBe(savedPass.page);
		expect(JSON.stringify(poller.state()) === saved).toBe(true);

		await poller.restart();
		const rest = await fullPass(poller);
		// Pages 11 to 25 read again from page 11: the failed poll's pages are not lost.
		expect(rest.pages).toEqual([10, 5]);
		expect(rest.ids).toEqual([added, readBeforeFailure].sort());
	});

	test('the pass in progress survives a restart (n8n restarted, or another instance polls next)', async () => {
		const poller = await triggerOn({ event: 'userDeactivated' });
		await fullPass(poller);
		const user = activeUsers().at(-1)!;
		sim.store.setUserStatus(user.id, 'Blocked', 'not_known');

		const pass = await fullPass(poller, async () => await poller.restart());
		expect(pass.ids).toEqual([user.id]);
	});

	test('a poll that runs out of time saves its place: every change still comes out once', async () => {
		const poller = await triggerOn({ event: 'newUser', options: { rateLimitShare: 100 } });
		await fullPass(poller);
		const added = [
			sim.store.addUser({ first_name: 'Aaaa' }).id,
			sim.store.addUser({ first_name: 'Zzzz' }).id,
		];
		// 60 ms a page: a poll reads a few pages at most, whatever the machine's speed.
		sim.faults.add({ kind: 'latency', ms: 60, match: { path: '/beta/users' }, times: Infinity });
		await withBudget(150, async () => {
			const pass = await fullPass(poller);
			expect(pass.pages.length).toBeGreaterThan(1);
			expect(pass.pages.reduce((a, b) => a + b)).toBe(Math.ceil(sim.store.users.size / 50));
			expect(pass.ids).toEqual(added.sort());
		});
	});

	test('a poll does not wait for the rate limit past its time budget: it saves its place instead', async () => {
		const poller = await triggerOn({ event: 'newUser', options: { rateLimitShare: 100 } });
		// A real one-minute window with 20 requests, 18 of them spent by other workflows. The poll
		// learns what they spent only from X-RateLimit-Remaining: the vendor's header, which the
		// contract profile leaves out (the next test meets the 429 that follows without it).
		sim.setRateLimit({ limit: 20, timeScale: 1, headers: true });
		await withBudget(20_000, async () => {
			expect(await otherWorkflow(sim, 18)).toEqual(Array(18).fill(200));
			sim.clearLog();
			const outcome = await poller.poll();

			expect(outcome.error).toBeUndefined();
			// One page (a poll always reads one), then the window has nothing left: stop, not wait a minute.
			expect(requestsTo(sim, USERS)).toHaveLength(1);
			expect(poller.state().pass).toMatchObject({ page: 2 });
			expect(sim.log.filter((entry) => entry.status === 429)).toHaveLength(0);
		});
	});

	test("a poll that meets Engagedly's one-minute cooldown stops at once, keeps the pages it read, and the next poll goes on: each change once", async () => {
		const poller = await triggerOn({ event: 'newUser' });
		await fullPass(poller);
		const [first, last] = [sim.store.addUser({ first_name: 'Aaaa' }).id, sim.store.addUser({ first_name: 'Zzzz' }).id];
		expect((await poller.poll()).items.map((item) => item.id)).toEqual([first]);
		const before = poller.state().pass as IDataObject;

		// Three requests a real minute, the fourth met with a minute's cooldown. Without rate-limit
		// headers (the contract's default; here in either profile) nothing warns of it.
		sim.setRateLimit({ limit: 3, timeScale: 1, headers: false });
		sim.resetRateLimit();
		await withBudget(20_000, async () => {
			sim.clearLog();
			const cut = await poller.poll();

			expect(cut.error).toBeUndefined();
			expect(cut.items).toEqual([]);
			expect(requestsTo(sim, USERS).map((entry) => entry.status)).toEqual([200, 200, 200, 429]);
			// The poll came back while the cooldown was still in force: it did not wait it out.
			expect(await otherWorkflow(sim)).toEqual([429]);
			expect(poller.state().pass).toMatchObject({ page: (before.page as number) + 3 });
			expect(poller.logs.at(-1)).toMatchObject({
				level: 'info',
				message: expect.stringMatching(/3 page\(s\) read, then stopped for Engagedly's rate-limit cooldown \(60 s\).*the next poll goes on/),
			});
		});

		const rest = await fullPass(poller);
		expect(rest.ids).toEqual([last]);
	});

	test('a poll that meets a cooldown longer than its Max Rate-Limit Wait mid-pass stops without failing: nothing emitted, the pass where it was, the cooldown saved; the poll after it goes on from there, each change once', async () => {
		const poller = await triggerOn({ event: 'newUser', options: { maxRateLimitWait: 5 } });
		await fullPass(poller);
		const [first, last] = [sim.store.addUser({ first_name: 'Aaaa' }).id, sim.store.addUser({ first_name: 'Zzzz' }).id];
		expect((await poller.poll()).items.map((item) => item.id)).toEqual([first]);
		const before = poller.state();

		// Three requests a real minute, the fourth met with a minute's cooldown: more than the 5 s the poll may wait.
		sim.setRateLimit({ limit: 3, timeScale: 1, headers: false });
		sim.resetRateLimit();
		await withBudget(30_000, async () => {
			sim.clearLog();
			const cut = await poller.poll();

			expect(cut).toEqual({ items: [] });
			expect(requestsTo(sim, USERS).map((entry) => entry.status)).toEqual([200, 200, 200, 429]);
			// The pages it read are read again by the poll after the cooldown: nothing of them was kept.
			expect(poller.state()).toEqual({ ...before, cooldownUntil: expect.any(Number) as unknown });
			expect(poller.logs.at(-1)).toMatchObject({ level: 'info', message: expect.stringMatching(/after 3 page\(s\): .*Max Rate-Limit Wait option allows \(5 s\)\. Nothing emitted/) });
			// Inside the cooldown, the next poll sends nothing.
			sim.clearLog();
			expect(await poller.poll()).toEqual({ items: [] });
			expect(sim.log).toEqual([]);
		});

		const rest = await fullPass(poller);
		expect(rest.ids).toEqual([last]);
	});

	test('a Rate Limit Share outside 1 to 100 is refused before any request, naming the option and the fix; 1 and 100 are taken', async () => {
		for (const share of [0, 150]) {
			const poller = await triggerOn({ event: 'newUser', options: { rateLimitShare: share } });
			sim.clearLog();
			const outcome = await poller.poll();
			expect(outcome.error?.message).toBe(`Rate Limit Share must be a percentage from 1 to 100, not "${share}"`);
			expect(outcome.error?.description).toMatch(/^Set “Rate Limit Share \(%\)” in the trigger’s options/);
			expect(sim.log).toHaveLength(0);
		}
		for (const share of [1, 100]) {
			const poller = await triggerOn({ event: 'newUser', options: { rateLimitShare: share } });
			expect((await poller.poll()).error).toBeUndefined();
		}
	});

	test('a Max Rate-Limit Wait below 0, blank, null or not a number is refused before any request, naming the option and the fix; 0 is taken', async () => {
		const shown: Record<string, string> = { '-1': '-1', '={{ "abc" }}': 'abc', '={{ "" }}': '', '={{ null }}': 'null' };
		for (const wait of [-1, '={{ "abc" }}', '={{ "" }}', '={{ null }}']) {
			const poller = await triggerOn({ event: 'newUser', options: { maxRateLimitWait: wait } });
			sim.clearLog();
			const outcome = await poller.poll();
			expect(outcome.error?.message).toBe(`Max Rate-Limit Wait (Seconds) must be a number of 0 or more, not "${shown[String(wait)]}"`);
			expect(outcome.error?.description).toMatch(/^Set “Max Rate-Limit Wait \(Seconds\)” in the trigger’s options/);
			expect(sim.log).toHaveLength(0);
		}
		const poller = await triggerOn({ event: 'newUser', options: { maxRateLimitWait: 0 } });
		expect((await poller.poll()).error).toBeUndefined();
	});
});
