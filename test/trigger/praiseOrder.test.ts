/**
 * New Praise against a feed in any order the API may give: pinned praises listed first
 * whatever their age, praises sharing one timestamp, ids out of time order (the simulator's
 * switches, test/simulator/README.md), and a backlog of 5,000 after a pause, read over as many
 * polls as the poll's budget needs. Through n8n-core's poll context, the static data kept between
 * polls and across restarts; every praise posted after activation must come out exactly once.
 */
import type { IDataObject } from 'n8n-workflow';

import { activatedPoller, type Poller } from '../helpers/poll';
import { requestsTo, useSimulator } from '../helpers/simulator';

const PRAISES = 'GET /beta/activities/praises';

// A "minute" lasts a second: a backlog takes more than a window of 200 requests.
const sim = useSimulator(
	{ users: 40, timeScale: 60 },
	{
		reset: (running) => {
			running.reset();
			running.setPraiseQuirks({ pinnedFirst: true, timestampResolutionMs: 0, scatteredIds: false });
		},
	},
);

const activated = async (options: IDataObject = {}) =>
	await activatedPoller({ parameters: { event: 'newPraise', options }, credentials: sim.credentials() });

/** One poll: the ids it emitted and the list requests it made. */
async function pollOnce(poller: Poller): Promise<{ ids: number[]; requests: number }> {
	sim.clearLog();
	// A fresh rate-limit window each poll, as n8n's once-a-minute polls meet (users.test.ts, poll()).
	sim.resetRateLimit();
	const outcome = await poller.poll();
	expect(outcome.error).toBeUndefined();
	return { ids: outcome.items.map((item) => item.id as number), requests: requestsTo(sim, PRAISES).length };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
/** The oldest praises of the seed, pinned: listed first (the simulator's default), though years old. */
function pinOldest(count: number): void {
	const oldest = [...sim.store.praises.values()].sort((a, b) => Date.parse(a.activity_date) - Date.parse(b.activity_date)).slice(0, count);
	for (const praise of oldest) sim.store.editPraise(praise.id, { pinned: true });
}

describe('pinned praises first (the simulator\'s default)', () => {
	test('an old pinned praise on top does not stop New Praise: 7 new praises, 7 emitted, then none', async () => {
		// Listed on top, though years old: test/simulator/tests/quirks.test.ts, "pinned first, by default".
		pinOldest(2);
		const poller = await activated();
		const added = Array.from({ length: 7 }, () => sim.store.addPraise().id);
		expect(sorted((await pollOnce(poller)).ids)).toEqual(sorted(added));
		expect((await pollOnce(poller)).ids).toEqual([]);
	});

	test('a new praise pinned at once is emitted once; pinned, unpinned and edited later, never again', async () => {
		pinOldest(1);
		const poller = await activated();
		const pinnedAtOnce = sim.store.addPraise({ pinned: true }).id;
		const plain = sim.store.addPraise().id;
		expect(sorted((await pollOnce(poller)).ids)).toEqual(sorted([pinnedAtOnce, plain]));

		sim.store.editPraise(pinnedAtOnce, { pinned: false });
		sim.store.editPraise(plain, { pinned: true });
		expect((await pollOnce(poller)).ids).toEqual([]);
		await poller.restart();
		sim.store.editPraise(plain, { pinned: false, content: 'edited' });
		const later = sim.store.addPraise().id;
		expect((await pollOnce(poller)).ids).toEqual([later]);
	});
});

test.each([2, 120])('%i praises posted at the very time of the newest one already seen (120: more than a page): all new, once', async (count) => {
	// Newer than the seeded praises, on Engagedly's clock and not ahead of it (feedMoves.test.ts has those).
	const at = new Date(sim.store.clock() - 60_000).toISOString();
	const first = sim.store.addPraise({ activity_date: at }).id;
	const poller = await activated();
	expect(poller.state().ids).toEqual([first]);

	const twins = Array.from({ length: count }, () => sim.store.addPraise({ activity_date: at }).id);
	expect(sorted((await pollOnce(poller)).ids)).toEqual(sorted(twins));
	expect(sorted(poller.state().ids as number[])).toEqual(sorted([first, ...twins]));
	expect((await pollOnce(poller)).ids).toEqual([]);
});

test('ids out of time order: every new praise, whatever its id', async () => {
	sim.setPraiseQuirks({ scatteredIds: true });
	const poller = await activated();
	const added = Array.from({ length: 30 }, () => sim.store.addPraise().id);
	expect(added.some((id) => id < Math.max(...added.slice(0, 1)))).toBe(true);
	expect(sorted((await pollOnce(poller)).ids)).toEqual(sorted(added));
	expect((await pollOnce(poller)).ids).toEqual([]);
});

test('all of it at once, over many polls, restarts and praises posted while a poll reads: each praise exactly once', async () => {
	sim.setPraiseQuirks({ pinnedFirst: true, timestampResolutionMs: 60_000, scatteredIds: true });
	pinOldest(3);
	const poller = await activated();
	const posted: number[] = [];
	const emitted: number[] = [];
	const plan = [0, 1, 7, 55, 0, 2, 101, 3, 49, 50, 51, 0, 1];
	for (const [step, count] of plan.entries()) {
		posted.push(...Array.from({ length: count }, (_, i) => sim.store.addPraise({ pinned: (step + i) % 9 === 4 }).id));
		// One more posted while the poll is between its first and second page.
		sim.faults.add({ kind: 'mutate', match: { path: '/beta/activities/praises', query: { page: '2' } }, mutate: (store) => posted.push(store.addPraise().id) });
		emitted.push(...(await pollOnce(poller)).ids);
		sim.faults.clear();
		if (step % 3 === 2) await poller.restart();
	}
	emitted.push(...(await pollOnce(poller)).ids);
	expect(sorted(emitted)).toEqual(sorted(posted));
	expect(new Set(emitted).size).toBe(emitted.length);
});

describe('a backlog of 5,000 praises after a pause', () => {
	beforeEach(() => sim.setPraiseQuirks({ pinnedFirst: true, timestampResolutionMs: 60_000, scatteredIds: true }));

	/**
	 * The backlog of a pause of three and a half days, a praise a minute, two of them sharing
	 * each minute's timestamp (the coarse clock), every thousandth pinned. Dated on Engagedly's
	 * clock (behind this host's by default), as the praises posted during the pass are: on the
	 * host's, the newest of the backlog could be dated after them, and they would never be new.
	 */
	function postBacklog(): number[] {
		const count = 5000;
		const start = sim.store.clock() - (count / 2) * 60_000;
		return Array.from({ length: count }, (_, i) =>
			sim.store.addPraise({ activity_date: new Date(start + Math.floor(i / 2) * 60_000).toISOString(), pinned: i % 1000 === 0 }).id,
		);
	}

	// A Rate Limit Share of 5 %: 10 pages a poll, so the backlog's 101 pages take a pass of 11
	// polls, each after a restart, its place saved between pages that may split a timestamp.
	test('emitted over as many polls as the share needs (10 requests each), each once, the saved state a few hundred bytes', async () => {
		pinOldest(2);
		const poller = await activated({ rateLimitShare: 5 });
		const backlog = postBacklog();
		const duringPass: number[] = [];

		const polls: Array<{ ids: number[]; requests: number; bytes: number }> = [];
		do {
			polls.push({ ...(await pollOnce(poller)), bytes: poller.serialisedState().length });
			if (polls.length === 1) duringPass.push(sim.store.addPraise().id, sim.store.addPraise().id);
			await poller.restart();
		} while (poller.state().pass && polls.length < 50);
		expect(poller.state().pass).toBeUndefined();
		expect(polls.length).toBeGreaterThan(10);
		for (const poll of polls) expect(poll.requests).toBeLessThanOrEqual(10);
		for (const poll of polls) expect(poll.bytes).toBeLessThan(2000);
		const emitted = polls.flatMap((poll) => poll.ids);
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(sorted(emitted)).toEqual(sorted(backlog));

		// Posted while the backlog was read: the next poll's.
		expect(sorted((await pollOnce(poller)).ids)).toEqual(sorted(duringPass));
		expect((await pollOnce(poller)).ids).toEqual([]);
	}, 120_000);
});
