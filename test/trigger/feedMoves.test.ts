/**
 * New Praise while the feed moves under it: praises deleted, posted and pinned between the polls
 * of a catch-up and between the pages of one poll, and a praise dated ahead of Engagedly's clock.
 * Against the simulator's defaults, the contract's least convenient reading: pinned praises on
 * top whatever their age, whole-second timestamps shared by praises posted together, ids in no
 * time order, Engagedly's clock 20 s behind ours. Each test asserts what was emitted, the pages
 * the simulator served and what was saved. test/pure/pages.test.ts states the transport scan's rule
 * as a table; test/pure/praiseScan.test.ts the praise scan's.
 */
import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_CLOCK_OFFSET_MS } from '../simulator/rateLimit';
import { activatedPoller, type Poller } from '../helpers/poll';
import { requestsTo, useSimulator } from '../helpers/simulator';

const PRAISES = 'GET /beta/activities/praises';
const PATH = '/beta/activities/praises';

// A "minute" lasts a second: a catch-up's polls each meet a fresh window without waiting a real one.
const sim = useSimulator(
	{ users: 40, timeScale: 60 },
	{
		reset: (running) => {
			running.reset();
			// Moved by the test of a praise dated ahead; every other test meets the default clock.
			running.setRateLimit({ clockOffsetMs: DEFAULT_CLOCK_OFFSET_MS });
		},
	},
);

const activated = async (options: IDataObject = {}) =>
	await activatedPoller({ parameters: { event: 'newPraise', options }, credentials: sim.credentials() });

/** One poll in a fresh rate-limit window (as polls a minute apart meet): the ids it emitted and the pages it asked for. */
async function pollOnce(poller: Poller, activation?: 'activate'): Promise<{ ids: number[]; pages: string[] }> {
	sim.clearLog();
	sim.resetRateLimit();
	const outcome = await (activation ? poller.poll('trigger', activation) : poller.poll());
	expect(outcome.error).toBeUndefined();
	return { ids: outcome.items.map((item) => item.id as number), pages: requestsTo(sim, PRAISES).map((entry) => String(entry.query.page)) };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const timeOf = (id: number) => Date.parse(sim.store.praises.get(id)!.activity_date);

/** The saved place is the newest praise's time (of those `among`) and the ids of the praises of that time. */
function expectPlaceAtNewest(poller: Poller, among = [...sim.store.praises.keys()]) {
	const at = Math.max(...among.map(timeOf));
	expect(poller.state()).toMatchObject({ at });
	expect(sorted(poller.state().ids as number[])).toEqual(sorted(among.filter((id) => timeOf(id) === at)));
}

/**
 * Praises oldest first on Engagedly's clock, `perStamp` sharing each time, times `gapMs` apart,
 * the newest a second ago (so that what is posted later is newer).
 */
function postDated(count: number, gapMs = 1000, perStamp = 1): number[] {
	const newest = sim.store.clock() - 1000;
	const stamps = Math.ceil(count / perStamp);
	return Array.from({ length: count }, (_, i) =>
		sim.store.addPraise({ activity_date: new Date(newest - (stamps - 1 - Math.floor(i / perStamp)) * gapMs).toISOString() }).id,
	);
}

/** The newest praise of `ids` that still exists. */
const newestLeft = (ids: number[]) =>
	ids.filter((id) => sim.store.praises.has(id)).reduce((best, id) => (timeOf(id) > timeOf(best) || (timeOf(id) === timeOf(best) && id > best) ? id : best));

describe('deleted and posted while a catch-up reads the feed', () => {
	test('a backlog of 500 read over several polls, its newest praises deleted (once more than a page) and new ones posted between polls and between pages: every praise once, none lost', async () => {
		// 2 % of the key: 4 pages a poll, so the backlog (10 pages and the pinned praises on top) takes several polls.
		const poller = await activated({ rateLimitShare: 2, onReactivation: 'emit' });
		// A paused workflow's backlog: two praises a minute (whole-minute stamps, shared), 500 of them.
		const backlog = postDated(500, 60_000, 2);
		const posted: number[] = [];
		const deleted: number[] = [];
		// Between the first two pages of every poll: the newest praise of the backlog (read already) deleted, one posted.
		const betweenPages = () =>
			sim.faults.add({
				kind: 'mutate',
				match: { path: PATH },
				after: 1,
				mutate: (store) => {
					const gone = newestLeft(backlog);
					deleted.push(gone);
					store.praises.delete(gone);
					posted.push(store.addPraise().id);
				},
			});

		const polls: Array<{ ids: number[]; pages: string[] }> = [];
		betweenPages();
		polls.push(await pollOnce(poller, 'activate'));
		sim.faults.clear();
		while (poller.state().pass && polls.length < 30) {
			// Between polls: the five newest praises of the backlog still there (read already) deleted,
			// after the first poll more than a page of them; three posted.
			for (let i = 0; i < (polls.length === 1 ? 60 : 5); i++) {
				const gone = newestLeft(backlog);
				deleted.push(gone);
				sim.store.praises.delete(gone);
			}
			posted.push(...Array.from({ length: 3 }, () => sim.store.addPraise().id));
			betweenPages();
			polls.push(await pollOnce(poller));
			sim.faults.clear();
		}
		expect(poller.state().pass).toBeUndefined();
		expect(polls.length).toBeGreaterThan(2);
		// Each poll within its share of the key.
		for (const poll of polls) expect(poll.pages.length).toBeLessThanOrEqual(4);
		// The pass emitted the backlog, the praises deleted after it read them included; the next poll, what was posted meanwhile.
		const pass = polls.flatMap((poll) => poll.ids);
		expect(sorted(pass)).toEqual(sorted(backlog));
		const next = await pollOnce(poller);
		expect(sorted(next.ids)).toEqual(sorted(posted));
		expect((await pollOnce(poller)).ids).toEqual([]);
		expect(deleted.length).toBeGreaterThan(10);
		expectPlaceAtNewest(poller);
		expect(JSON.stringify(poller.state()).length).toBeLessThan(1000);
	}, 120_000);

	test('a praise deleted between the first two pages of a burst: every praise of the burst once, the page that shrank read again before it counts', async () => {
		const poller = await activated();
		const burst = postDated(70);
		// The newest of the burst, read on page 1, deleted before page 2 is served: a praise slides from page 2 onto page 1.
		const gone = burst.at(-1)!;
		const goneAt = timeOf(gone);
		sim.faults.add({ kind: 'mutate', match: { path: PATH, query: { page: '2' } }, mutate: (store) => store.praises.delete(gone) });

		const poll = await pollOnce(poller);
		// Read before it was deleted, so emitted too: oldest first.
		expect(poll.ids).toEqual(burst);
		// Page 2 shrank: page 1 again, then page 2, then the top once more (did anything move onto it meanwhile?).
		expect(poll.pages).toEqual(['1', '2', '1', '2', '1']);
		// The saved place is the newest praise emitted, though deleted since: nothing newer was missed.
		expect(poller.state()).toMatchObject({ at: goneAt, ids: [gone] });
		expect((await pollOnce(poller)).ids).toEqual([]);
	});

	test('praises pinned while a catch-up reads the feed, between polls and between pages, read or not yet, and old ones unpinned: every praise once', async () => {
		const poller = await activated({ rateLimitShare: 2, onReactivation: 'emit' });
		// Old praises pinned on top: each unpinned between two polls drops to the bottom of the feed, pulling everything above it up a place.
		const old = [...sim.store.praises.values()].sort((a, b) => Date.parse(a.activity_date) - Date.parse(b.activity_date)).slice(0, 6);
		for (const praise of old) sim.store.editPraise(praise.id, { pinned: true });
		const backlog = postDated(300, 60_000, 2);
		const emitted: number[] = [];
		const pinned: number[] = [];
		/** Pins the oldest praise of the backlog not yet emitted (below where the pass reads) or, `read`, the newest emitted. */
		const pin = (read = false) => {
			const candidates = backlog.filter((id) => emitted.includes(id) === read && !pinned.includes(id));
			const id = read ? candidates.at(-1)! : candidates[0];
			pinned.push(id);
			sim.store.editPraise(id, { pinned: true });
		};
		// Between the first two pages of a poll: a praise the pass has not reached pinned, above where it reads.
		const betweenPages = () => sim.faults.add({ kind: 'mutate', match: { path: PATH }, after: 1, mutate: () => pin() });

		const polls: Array<{ ids: number[]; pages: string[] }> = [];
		do {
			if (polls.length > 0) {
				pin();
				pin(true);
				for (const praise of old.filter((candidate) => candidate.pinned).slice(0, 2)) sim.store.editPraise(praise.id, { pinned: false });
			}
			betweenPages();
			const poll = await pollOnce(poller, polls.length === 0 ? 'activate' : undefined);
			sim.faults.clear();
			polls.push(poll);
			emitted.push(...poll.ids);
		} while (poller.state().pass && polls.length < 30);
		expect(poller.state().pass).toBeUndefined();
		expect(sorted(emitted)).toEqual(sorted(backlog));
		expect(polls.length).toBeGreaterThan(2);
		for (const poll of polls) expect(poll.pages.length).toBeLessThanOrEqual(4);
		// Each poll that went on with the pass ended with a look at the top.
		for (const poll of polls.slice(1)) expect(poll.pages.at(-1)).toBe('1');
		expect(pinned.length).toBeGreaterThan(6);
		expect(old.filter((praise) => !praise.pinned).length).toBeGreaterThan(3);
		expect((await pollOnce(poller)).ids).toEqual([]);
		expectPlaceAtNewest(poller, backlog);
	}, 120_000);
});

describe('a praise dated ahead of Engagedly\'s clock', () => {
	test('is emitted once and blinds nothing: the praises posted until its time are emitted, the saved place stays at the newest real one', async () => {
		// Dated an hour ahead (an import, a client with another clock), there before activation too.
		const hour = 3_600_000;
		const earlier = sim.store.addPraise({ activity_date: new Date(sim.store.clock() + 2 * hour).toISOString() }).id;
		const poller = await activated();
		expect(poller.state().at).toBeLessThan(timeOf(earlier));

		const ahead = sim.store.addPraise({ activity_date: new Date(sim.store.clock() + hour).toISOString() }).id;
		expect((await pollOnce(poller)).ids).toEqual([ahead]);
		const real = postDated(3);
		expect((await pollOnce(poller)).ids).toEqual(real);
		await poller.restart();
		const more = sim.store.addPraise().id;
		expect((await pollOnce(poller)).ids).toEqual([more]);
		expect((await pollOnce(poller)).ids).toEqual([]);
		expectPlaceAtNewest(poller, [...real, more]);

		// Engagedly's clock passes both: they are praises like any other now, emitted already.
		sim.setRateLimit({ clockOffsetMs: DEFAULT_CLOCK_OFFSET_MS + 3 * hour });
		expect((await pollOnce(poller)).ids).toEqual([]);
		const later = sim.store.addPraise().id;
		expect((await pollOnce(poller)).ids).toEqual([later]);
		expectPlaceAtNewest(poller);
		// Nothing is kept of them once the saved place is past them.
		expect(poller.state()).not.toHaveProperty('ahead');
	});
});
