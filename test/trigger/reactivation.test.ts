/**
 * A workflow reactivated after a pause: n8n keeps the trigger's saved state, and the trigger
 * asks n8n how it was activated (n8n 2.x calls the first poll of a builder's activation with
 * activation mode 'activate'; every later poll, and the first after a restart of n8n, with
 * another). By default what came while the workflow was inactive is skipped and counted in the
 * log; On Reactivation's other choice emits it (test/trigger/feedMoves.test.ts reads such a
 * catch-up while the feed moves). n8n restarting is no reactivation: the next poll catches up.
 * test/pure/reactivation.test.ts is the decision as a table.
 */
import type { IDataObject } from 'n8n-workflow';

import { activatedPoller, type Poller } from '../helpers/poll';
import { cooldownOver, postApart, requestsTo, useSimulator } from '../helpers/simulator';

const sim = useSimulator(
	{ users: 40, timeScale: 60 },
	{
		reset: (running) => {
			running.reset();
			// One test shuts the API out with limit 0; a limit outlives reset().
			running.setRateLimit({ limit: 200 });
		},
	},
);

const activated = async (parameters: IDataObject) => await activatedPoller({ parameters, credentials: sim.credentials() });

/** One poll in a fresh rate-limit window: the ids it emitted. */
async function pollIds(poller: Poller, activation?: 'activate' | 'init'): Promise<Array<number | string>> {
	sim.resetRateLimit();
	const outcome = await (activation ? poller.poll('trigger', activation) : poller.poll());
	expect(outcome.error).toBeUndefined();
	return outcome.items.map((item) => item.id as number | string);
}

const infoLines = (poller: Poller) => poller.logs.filter((entry) => entry.level === 'info').map((entry) => entry.message);

test('New Praise reactivated after a pause skips what was posted meanwhile and logs how many; a restart of n8n catches up; praises posted after the reactivation come out', async () => {
	const poller = await activated({ event: 'newPraise' });
	const running = postApart(sim, 2);
	expect(await pollIds(poller)).toEqual(running);

	// n8n restarts: the workflow stayed active, so what came while n8n was down is emitted.
	await poller.restart();
	const whileDown = postApart(sim, 3);
	expect(await pollIds(poller, 'init')).toEqual(whileDown);

	// Deactivated for a week: 120 praises (more than two pages), then activated again.
	const whileInactive = postApart(sim, 120);
	sim.clearLog();
	expect(await pollIds(poller, 'activate')).toEqual([]);
	expect(infoLines(poller)).toEqual([
		'Engagedly Events Trigger "Engagedly Events Trigger": the workflow was activated again; 120 item(s) from while it was inactive were skipped (On Reactivation)',
	]);
	// Read down to the last poll's place to count them: three pages.
	expect(requestsTo(sim, 'GET /beta/activities/praises')).toHaveLength(3);
	const newest = Math.max(...whileInactive.map((id) => Date.parse(sim.store.praises.get(id)!.activity_date)));
	expect(poller.state()).toMatchObject({ at: newest });

	const after = sim.store.addPraise().id;
	expect(await pollIds(poller)).toEqual([after]);
	expect(await pollIds(poller)).toEqual([]);
});

test('New User reactivated after a pause skips the users added meanwhile and logs how many; a hire after the reactivation comes out', async () => {
	const poller = await activated({ event: 'newUser' });
	const hired = sim.store.addUser({ first_name: 'Ada', last_name: 'Early' }).id;
	expect(await pollIds(poller)).toEqual([hired]);

	const whileInactive = ['Bo', 'Cy', 'Di'].map((first_name) => sim.store.addUser({ first_name, last_name: 'Meanwhile' }).id);
	expect(await pollIds(poller, 'activate')).toEqual([]);
	expect(infoLines(poller)).toEqual([
		`Engagedly Events Trigger "Engagedly Events Trigger": the workflow was activated again; ${whileInactive.length} item(s) from while it was inactive were skipped (On Reactivation)`,
	]);
	for (const id of whileInactive) expect(poller.state().users).toHaveProperty(id);

	const later = sim.store.addUser({ first_name: 'Eve', last_name: 'Later' }).id;
	expect(await pollIds(poller)).toEqual([later]);
});

test('activated again, the first poll stopped by a rate-limit cooldown: the poll after the cooldown skips what came while the workflow was inactive', async () => {
	const poller = await activated({ event: 'newPraise', options: { maxRateLimitWait: 0 } });
	const whileInactive = postApart(sim, 4);
	// Every request meets Engagedly's first cooldown (a "minute" here is a second): more than the poll may wait.
	sim.setRateLimit({ limit: 0 });
	sim.clearLog();
	expect(await poller.poll('trigger', 'activate')).toEqual({ items: [] });
	expect(sim.log.map((entry) => entry.status)).toEqual([429]);
	expect(poller.state()).toMatchObject({ reactivatedAt: expect.any(Number) as unknown, cooldownUntil: expect.any(Number) as unknown });

	sim.setRateLimit({ limit: 200 });
	// Past the cooldown (a second here) on this process's clock; Engagedly's stays where it is, so a longer jump would be a clock set wrong.
	cooldownOver(sim, 1500);
	expect(await pollIds(poller)).toEqual([]);
	expect(infoLines(poller).at(-1)).toBe(
		`Engagedly Events Trigger "Engagedly Events Trigger": the workflow was activated again; ${whileInactive.length} item(s) from while it was inactive were skipped (On Reactivation)`,
	);
	expect(poller.state()).not.toHaveProperty('reactivatedAt');
	const after = sim.store.addPraise().id;
	expect(await pollIds(poller)).toEqual([after]);
});

test('On Reactivation set by an expression to what it cannot be fails the poll before any request, naming the option', async () => {
	const poller = await activated({ event: 'newUser' });
	await poller.edit({ event: 'newUser', options: { onReactivation: '={{ "later" }}' } });
	sim.clearLog();
	const outcome = await poller.poll();
	expect(outcome.error?.message).toBe('On Reactivation must be "skip" or "emit", not "later"');
	expect(outcome.error?.description).toMatch(/^Set “On Reactivation” in the trigger’s options/);
	expect(sim.log).toEqual([]);
});

