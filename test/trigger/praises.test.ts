/**
 * The "New Praise" event, polled through n8n-core's PollContext against the simulator while
 * praises are posted and edited between polls.
 */
import { forgetCooldowns } from '../../nodes/Engagedly/transport/cooldowns';
import { activatedPoller, createPoller, type Poller } from '../helpers/poll';
import { cooldownOver, inFeedOrder, otherWorkflow, postApart, requestsTo, useSimulator } from '../helpers/simulator';
import { withPollBudget } from '../helpers/transport';
import { ordinaryUsers } from '../user/helpers';

const PRAISES = 'GET /beta/activities/praises';

const sim = useSimulator(
	{ users: 40 },
	{
		// A limit set by a test outlives reset(), and some tests shut the API out with limit 0; one
		// turns the rate-limit headers off in the vendor profile too.
		reset: (running) => {
			running.reset();
			running.setRateLimit({ limit: 200, headers: running.profile === 'vendor' });
		},
	},
);

const activated = async (options: Record<string, unknown> = {}) =>
	await activatedPoller({ parameters: { event: 'newPraise', options }, credentials: sim.credentials() });

/** Polls and returns the emitted praise ids, counting the list requests the poll made. */
async function pollIds(poller: Poller): Promise<{ ids: number[]; requests: number; error?: Error }> {
	sim.clearLog();
	const outcome = await poller.poll();
	return { ids: outcome.items.map((item) => item.id as number), requests: requestsTo(sim, PRAISES).length, error: outcome.error };
}

/** The saved place is the newest praise's time and the ids of the praises of that time. */
function expectPlaceAtNewest(poller: Poller) {
	const at = Math.max(...[...sim.store.praises.values()].map((p) => Date.parse(p.activity_date)));
	const newest = [...sim.store.praises.values()].filter((p) => Date.parse(p.activity_date) === at);
	expect(poller.state()).toMatchObject({ at });
	expect([...(poller.state().ids as number[])].sort()).toEqual(newest.map((p) => p.id).sort());
}

/** The feed lists pinned praises on top, whatever their age (the simulator's default). */
const pinnedOnTop = () => [...sim.store.praises.values()].filter((p) => p.pinned).length;

/** Other workflows spend the (real) minute's window of one request: the next request meets a minute's cooldown. */
async function spendWindow() {
	sim.setRateLimit({ limit: 1 });
	sim.resetRateLimit();
	expect(await otherWorkflow(sim)).toEqual([200]);
}

/** Runs `body` with the poll's time budget at 20 s, so that Engagedly's first cooldown (a minute) would end past it. */
const pastTheBudget = (body: () => Promise<void>) =>
	withPollBudget(20_000, body, () => {
		sim.setRateLimit({ limit: 200 });
		cooldownOver(sim);
	});

/** Whether the key is still in the cooldown a poll met: a request now is refused (and changes nothing). */
const stillCoolingDown = async () => (await otherWorkflow(sim)).includes(429);

describe('newPraise', () => {
	it('sets a baseline on activation and emits nothing from the past, for one request', async () => {
		expect(sim.store.praises.size).toBeGreaterThan(50);
		sim.clearLog();
		const poller = await activated();
		expect(requestsTo(sim, PRAISES).length).toBe(1);
		expectPlaceAtNewest(poller);
		const baseline = poller.state();

		const again = await pollIds(poller);
		expect(again).toEqual({ ids: [], requests: 1, error: undefined });
		// Nothing new: nothing written.
		expect(poller.state()).toEqual(baseline);
	});

	it('emits the record as the API returns it', async () => {
		const poller = await activated();
		const praise = sim.store.addPraise({ title: 'Launch day', content: 'Thanks @team' });
		const { items } = await poller.poll();
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			id: praise.id,
			activity_type: 'Praise',
			title: 'Launch day',
			content: 'Thanks @team',
			last_updated_at: praise.last_updated_at,
		});
		expect(items[0]).toHaveProperty('recognized_actors');
		expect(items[0]).not.toHaveProperty('changes');
	});

	it('does not emit edited praises again, old or recently emitted', async () => {
		const poller = await activated();
		const fresh = sim.store.addPraise().id;
		expect((await pollIds(poller)).ids).toEqual([fresh]);

		const old = [...sim.store.praises.keys()].sort((a, b) => a - b)[3];
		sim.store.editPraise(old, { content: 'edited long after' });
		sim.store.editPraise(fresh, { content: 'edited right after', pinned: true });
		expect((await pollIds(poller)).ids).toEqual([]);

		const next = sim.store.addPraise().id;
		sim.store.editPraise(next, { title: 'edited before the poll' });
		expect((await pollIds(poller)).ids).toEqual([next]);
	});

	it('a poll that meets a 429 cooldown longer than Max Rate-Limit Wait stops: nothing emitted, nothing failed, the cooldown saved; after a restart the next poll sends nothing before it ends, Fetch Test Event says how long to wait, and the poll after it catches up', async () => {
		const poller = await activated({ maxRateLimitWait: 5 });
		const before = poller.state();
		const added = Array.from({ length: 60 }, () => sim.store.addPraise().id);
		// Every request now meets Engagedly's first cooldown, a minute: more than the 5 s the poll may wait.
		sim.setRateLimit({ limit: 0 });

		expect(await pollIds(poller)).toEqual({ ids: [], requests: 1, error: undefined });
		// The state as it was, and when the cooldown ends, on our clock.
		expect(poller.state()).toEqual({ ...before, cooldownUntil: expect.any(Number) as unknown });
		expect(poller.state().cooldownUntil).toBeGreaterThan(Date.now() + 50_000);
		// Logged (info: nothing failed) with its reason, the keys left out.
		expect(poller.logs.filter((entry) => entry.level === 'warn')).toEqual([]);
		const stopped = poller.logs.at(-1)!;
		expect(stopped).toEqual({
			level: 'info',
			message: expect.stringMatching(
				/^Engagedly Events Trigger "Engagedly Events Trigger": stopped for Engagedly's rate-limit cooldown \(\d+ s left\) after 0 page\(s\): Engagedly's rate limit is cooling down: it asked to wait 60 s, more than the Max Rate-Limit Wait option allows \(5 s\)\. Nothing emitted; the cooldown's end is saved, no poll sends before it, and the next poll after it goes on from the last saved place$/,
			) as unknown,
			metadata: { node: 'Engagedly Events Trigger', pagesRead: 0, cooldownMs: expect.any(Number) as unknown },
		});
		expect(stopped.message).not.toContain(sim.keys.demo.secretKey);
		expect(stopped.message).not.toContain(sim.keys.demo.clientKey);

		// n8n restarts: what this process knew of the key is gone; the saved state is not.
		forgetCooldowns();
		await poller.restart();
		sim.clearLog();
		expect(await pollIds(poller)).toEqual({ ids: [], requests: 0, error: undefined });
		// "Fetch Test Event" says it must wait, and how long, and sends nothing either.
		const logged = poller.logs.length;
		const sample = await poller.poll('manual');
		expect(sample.items).toEqual([]);
		expect(sample.error?.message).toMatch(/^Engagedly's rate limit is cooling down on this key: (5\d|60) s left$/);
		expect(sample.error?.description).toMatch(/^Engagedly answered 429 on this key and asked everyone on it to wait; a request sent inside the wait would lengthen it, so nothing was sent\. Fetch the test event again in \d+ s\.$/);
		expect(sim.log).toEqual([]);
		expect(poller.logs.slice(logged)).toEqual([]);

		sim.setRateLimit({ limit: 200 });
		cooldownOver(sim);
		const recovered = await pollIds(poller);
		expect(recovered.ids).toEqual(inFeedOrder(sim, added));
		// Each poll that saves counts one on (a poll that finds the count moved on since it began leaves its finds to the one that moved it).
		expect(before.gen).toEqual(expect.any(Number));
		expect(poller.state().gen).toBe((before.gen as number) + 1);
		expect(poller.state()).not.toHaveProperty('cooldownUntil');
	});

	it('stops at a cooldown longer than what is left of its 30 seconds: no error, the part read emitted, the rest by the next poll, each praise once; each poll logs what it read', async () => {
		const poller = await activated();
		const added = postApart(sim, 60);
		// One request a (real) minute, the second met with Engagedly's first cooldown, a minute. With
		// no rate-limit headers (the contract's default; here in either profile) nothing warns of it.
		sim.setRateLimit({ limit: 1, headers: false });
		sim.resetRateLimit();
		await pastTheBudget(async () => {
			const cut = await pollIds(poller);

			expect(cut.error).toBeUndefined();
			expect(sim.log.map((entry) => entry.status)).toEqual([200, 429]);
			expect(await stillCoolingDown()).toBe(true);
			// The newest that share the page read (50) with the pinned praises on top, oldest first;
			// the pass's place saved for the rest.
			expect(pinnedOnTop()).toBeGreaterThan(0);
			expect(cut.ids).toEqual(added.slice(10 + pinnedOnTop()));
			expect(poller.state().pass).toMatchObject({ page: 2 });
			expect(poller.logs.filter((entry) => entry.level === 'info')).toEqual([
				{
					level: 'info',
					message: `Engagedly Events Trigger "Engagedly Events Trigger": ${cut.ids.length} new, 1 page(s) read, then stopped for Engagedly's rate-limit cooldown (60 s), longer than is left of the poll's 20 s; its place is saved and the next poll goes on from there`,
					metadata: { node: 'Engagedly Events Trigger', pagesRead: 1, cooldownMs: 60_000 },
				},
			]);
		});

		expect((await pollIds(poller)).ids).toEqual(added.slice(0, 10 + pinnedOnTop()));
		expect((await pollIds(poller)).ids).toEqual([]);
		expect(poller.state().pass).toBeUndefined();
		// A poll that ends normally says what it found, for the debug log only.
		expect(poller.logs.at(-1)).toEqual({ level: 'debug', message: 'Engagedly Events Trigger "Engagedly Events Trigger": 0 new, 1 page(s) read', metadata: undefined });
	});

	it('a cooldown longer than what is left of its 30 seconds, met before anything is read: no baseline saved at activation (the next poll takes it) but when the cooldown ends, a poll inside it sends nothing and logs so, the state left alone after', async () => {
		// Other workflows spent the window: the activation's first request meets a minute's cooldown.
		await spendWindow();
		const poller = await createPoller({ parameters: { event: 'newPraise' }, credentials: sim.credentials() });
		await pastTheBudget(async () => {
			const first = await poller.poll('trigger', 'activate');

			expect(first.error).toBeUndefined();
			expect(first.items).toEqual([]);
			expect(await stillCoolingDown()).toBe(true);
			// Nothing but when the cooldown ends, so that the next poll sends nothing before then.
			expect(poller.state()).toEqual({ cooldownUntil: expect.any(Number) as unknown });
			// When the cooldown ends, on our clock: after a restart the next poll waits it out from this alone.
			expect(poller.state().cooldownUntil).toBeGreaterThan(Date.now() + 30_000);
			// A poll inside the cooldown sends nothing, and says so.
			const logged = poller.logs.length;
			expect(await pollIds(poller)).toEqual({ ids: [], requests: 0, error: undefined });
			expect(poller.logs.slice(logged)).toEqual([
				{
					level: 'info',
					message: expect.stringMatching(
						/^Engagedly Events Trigger "Engagedly Events Trigger": Engagedly's rate-limit cooldown on this key has \d+ s left; nothing sent, the next poll goes on$/,
					) as unknown,
					metadata: { node: 'Engagedly Events Trigger', cooldownMs: expect.any(Number) as unknown },
				},
			]);
		});
		expect((await pollIds(poller)).ids).toEqual([]);
		const next = sim.store.addPraise().id;
		expect((await pollIds(poller)).ids).toEqual([next]);

		// A poll that meets the cooldown before it has read anything leaves the state as it was.
		const before = poller.state();
		const later = sim.store.addPraise().id;
		await spendWindow();
		await pastTheBudget(async () => {
			expect(await pollIds(poller)).toEqual({ ids: [], requests: 1 });
			expect(poller.state()).toEqual({ ...before, cooldownUntil: expect.any(Number) as unknown });
		});
		expect((await pollIds(poller)).ids).toEqual([later]);
	});

	it('"Fetch Test Event" returns the newest real praise, logs nothing and does not move the baseline; its errors are thrown', async () => {
		const poller = await activated({ maxRateLimitWait: 5 });
		const before = poller.state();
		const pending = [sim.store.addPraise().id, sim.store.addPraise().id];

		sim.clearLog();
		const logged = poller.logs.length;
		const sample = await poller.poll('manual');
		expect(sample.error).toBeUndefined();
		expect(sample.items.map((item) => item.id)).toEqual([pending[1]]);
		expect(requestsTo(sim, PRAISES).length).toBe(1);
		expect(poller.state()).toEqual(before);
		// The poll's log lines are for active workflows; the editor shows the sample itself.
		expect(poller.logs.slice(logged)).toEqual([]);

		sim.setRateLimit({ limit: 0 });
		const failed = await poller.poll('manual');
		expect(failed.error?.message).toMatch(/rate limit/i);
		expect(poller.state()).toEqual(before);
		sim.setRateLimit({ limit: 200 });
		cooldownOver(sim);
		expect((await pollIds(poller)).ids).toEqual(pending);
	});

	it('sets a new baseline when the node is switched to another event and back', async () => {
		const poller = await activated();
		sim.store.addPraise();
		await poller.edit({ event: 'newUser' });
		expect((await poller.poll()).items).toEqual([]);
		await poller.edit({ event: 'newPraise' });
		expect((await poller.poll()).items).toEqual([]);
		const next = sim.store.addPraise().id;
		expect((await pollIds(poller)).ids).toEqual([next]);
	});

	it('emits a praise once when two polls of the node overlap (the later one discards its result)', async () => {
		const poller = await activated();
		const added = Array.from({ length: 70 }, () => sim.store.addPraise().id);
		const [a, b] = await Promise.all([poller.poll(), poller.poll()]);
		const ids = [...a.items, ...b.items].map((item) => item.id);
		expect(ids).toEqual(inFeedOrder(sim, added));
		expect((await pollIds(poller)).ids).toEqual([]);
	});

	// Every fourth poll restarts the trigger from its saved state (JSON): nothing repeats after a restart, nothing is lost.
	it('emits each praise exactly once over many polls while praises are posted and edited, across restarts', async () => {
		const poller = await activated();
		const emitted: number[] = [];
		const posted: number[] = [];
		// Deterministic mix: quiet polls, single posts, bursts over a page, edits of anything.
		const plan = [0, 1, 0, 7, 55, 0, 2, 101, 3, 0, 49, 50, 51, 0, 1];
		for (const [step, count] of plan.entries()) {
			const added = postApart(sim, count);
			posted.push(...added);
			const ids = [...sim.store.praises.keys()];
			for (let i = 0; i < 5; i++) sim.store.editPraise(ids[(step * 37 + i * 101) % ids.length], { content: `edit ${step}.${i}` });

			const result = await pollIds(poller);
			expect(result.error).toBeUndefined();
			expect(result.ids).toEqual(added);
			// The new praises, then the saved newest (a new one may share its time), then one older: the stop.
			expect({ step, requests: result.requests }).toEqual({ step, requests: Math.floor((count + 1) / 50) + 1 });
			emitted.push(...result.ids);
			if (step % 4 === 3) await poller.restart();
		}
		expect(emitted).toEqual(posted);
		expect(new Set(emitted).size).toBe(emitted.length);
	});
});

describe('newPraise for a recognition channel: filters and Message-Ready Output', () => {
	const people = () => ordinaryUsers(sim);
	const name = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`;

	it('Message-Ready Output: the praise as a chat line needs it, HTML removed and names joined', async () => {
		const poller = await activated({ messageReady: true });
		const [ana, ben] = people();
		const praise = sim.store.addPraise({
			content: `<p><span class="mention">@${ana.first_name}</span> &amp; <span class="mention">@${ben.first_name}</span>: Q&amp;A was <b>great</b>, we&#39;re grateful!</p>`,
			recognized_ids: [ana.id, ben.id],
			tags: [{ code: 'teamwork', label: 'Teamwork' }, { code: 'customer_focus', label: 'Customer focus' }],
		});

		const { items, error } = await poller.poll();
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				id: praise.id,
				date: praise.activity_date,
				title: null,
				author: name(sim.store.admin),
				recognized: `${name(ana)}, ${name(ben)}`,
				content: `@${ana.first_name} & @${ben.first_name}: Q&A was great, we're grateful!`,
				tags: 'Teamwork, Customer focus',
				link: null,
			},
		]);
	});

	it('filters by recognised user, author and tag; the praises they pass over are never emitted later', async () => {
		const [ana, ben, cleo] = people();
		const poller = await activated();
		await poller.edit({ event: 'newPraise', filters: { recognizedUser: { __rl: true, mode: 'id', value: ana.id }, tag: 'TEAMWORK' } });
		const wanted = sim.store.addPraise({ recognized_ids: [ben.id, ana.id], tags: [{ code: 'teamwork', label: 'Teamwork' }] }).id;
		sim.store.addPraise({ recognized_ids: [ben.id], tags: [{ code: 'teamwork', label: 'Teamwork' }] });
		sim.store.addPraise({ recognized_ids: [ana.id], tags: [{ code: 'innovation', label: 'Innovation' }] });

		expect((await pollIds(poller)).ids).toEqual([wanted]);
		// The two passed over moved the saved place on: dropping the filters does not bring them back.
		expectPlaceAtNewest(poller);
		await poller.edit({ event: 'newPraise' });
		expect((await pollIds(poller)).ids).toEqual([]);

		await poller.edit({ event: 'newPraise', filters: { author: { __rl: true, mode: 'list', value: cleo.id } } });
		sim.store.addPraise({ recognized_ids: [ana.id] });
		const byCleo = sim.store.addPraise({ author_id: cleo.id, recognized_ids: [ana.id] }).id;
		expect((await pollIds(poller)).ids).toEqual([byCleo]);
	});

	it('a person given by email address is looked up once a poll (the API\'s email filter), then matched by id', async () => {
		const [ana, ben] = people();
		const poller = await activated();
		await poller.edit({ event: 'newPraise', filters: { recognizedUser: { __rl: true, mode: 'email', value: ana.email.toUpperCase() } } });
		sim.store.addPraise({ recognized_ids: [ben.id] });
		const forAna = sim.store.addPraise({ recognized_ids: [ana.id] }).id;

		sim.clearLog();
		const { items, error } = await poller.poll();
		expect(error).toBeUndefined();
		expect(items.map((item) => item.id)).toEqual([forAna]);
		expect(requestsTo(sim, 'GET /beta/users').map((entry) => entry.query.email)).toEqual([ana.email.toUpperCase()]);
	});

	it('a cooldown longer than what is left of its 30 seconds, met looking the address up, stops the poll at once without failing it: nothing emitted or moved on, the cooldown saved', async () => {
		const [ana] = people();
		const poller = await activated();
		await poller.edit({ event: 'newPraise', filters: { recognizedUser: { __rl: true, mode: 'email', value: ana.email } } });
		const before = poller.state();
		const forAna = sim.store.addPraise({ recognized_ids: [ana.id] }).id;
		// Other workflows spent the window: the lookup, the poll's first request, meets a minute's cooldown.
		await spendWindow();
		await pastTheBudget(async () => {
			sim.clearLog();
			expect(await poller.poll()).toEqual({ items: [] });
			expect(sim.log.map((entry) => entry.status)).toEqual([429]);
			expect(await stillCoolingDown()).toBe(true);
			expect(poller.state()).toEqual({ ...before, cooldownUntil: expect.any(Number) as unknown });
			expect(poller.logs.at(-1)?.message).toMatch(/after 0 page\(s\): Engagedly's rate limit is cooling down: it asked to wait 60 s, longer than is left of this poll's time\. Nothing emitted/);
		});
		expect((await pollIds(poller)).ids).toEqual([forAna]);
	});

	it.each([
		['author', 'Author'],
		['recognizedUser', 'Recognized User'],
	])('an unknown address in the %s filter fails the poll, naming the filter, and moves nothing on', async (filter, label) => {
		const poller = await activated();
		const before = poller.state();
		await poller.edit({ event: 'newPraise', filters: { [filter]: { __rl: true, mode: 'email', value: 'nobody@nowhere.example' } } });
		sim.store.addPraise();

		const { error } = await poller.poll();
		expect(error?.message).toBe(`No Engagedly user has the email address "nobody@nowhere.example" (${label})`);
		expect(poller.state()).toEqual(before);
	});

	it('Fetch Test Event gives the newest praise, a pinned one above the first dated one included', async () => {
		sim.store.addPraise({ activity_date: new Date(Date.now() + 60_000).toISOString() });
		const newest = sim.store.addPraise({ activity_date: new Date(Date.now() + 120_000).toISOString(), pinned: true }).id;
		const poller = await createPoller({ parameters: { event: 'newPraise' }, credentials: sim.credentials() });
		// Pinned praises are listed first (the simulator's default): the newest is not the first dated one.
		const { items, error } = await poller.poll('manual');
		expect(error).toBeUndefined();
		expect(items.map((item) => item.id)).toEqual([newest]);
	});

	it('Fetch Test Event gives the newest praise that matches the filters, message-ready if asked', async () => {
		const [ana, ben] = people();
		const forAna = sim.store.addPraise({ recognized_ids: [ana.id], content: '<p>For <b>Ana</b></p>' }).id;
		sim.store.addPraise({ recognized_ids: [ben.id] });
		const poller = await createPoller({
			parameters: { event: 'newPraise', filters: { recognizedUser: { __rl: true, mode: 'id', value: ana.id } }, options: { messageReady: true } },
			credentials: sim.credentials(),
		});

		const { items, error } = await poller.poll('manual');
		expect(error).toBeUndefined();
		expect(items).toEqual([expect.objectContaining({ id: forAna, content: 'For Ana', recognized: name(ana) })]);
		expect(poller.state()).toEqual({});
	});

	it.each([
		[250, 'is shown'],
		[251, 'is past the 250 praises it looks at: an empty sample'],
	])('Fetch Test Event with a filter: the one matching praise %i down the feed %s', async (position) => {
		const [ana, ben] = people();
		// The seeded praises unpinned (the simulator lists pinned ones first) so that a position down the
		// feed is exact; a pinned praise above the first dated one is met by the test of the newest pinned.
		for (const praise of sim.store.praises.values()) sim.store.editPraise(praise.id, { pinned: false, recognized_ids: [ben.id] });
		// Newest first, a second apart, above the seeded ones.
		const start = Date.now() + 600_000;
		const feed = Array.from({ length: 260 }, (_, i) => sim.store.addPraise({ recognized_ids: [ben.id], activity_date: new Date(start - i * 1000).toISOString() }).id);
		sim.store.editPraise(feed[position - 1], { recognized_ids: [ana.id] });
		const poller = await createPoller({
			parameters: { event: 'newPraise', filters: { recognizedUser: { __rl: true, mode: 'id', value: ana.id } } },
			credentials: sim.credentials(),
		});

		const { items, error } = await poller.poll('manual');
		expect(error).toBeUndefined();
		expect(items.map((item) => item.id)).toEqual(position <= 250 ? [feed[position - 1]] : []);
	});
});
