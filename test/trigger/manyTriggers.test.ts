/**
 * Three New User triggers at the default Rate Limit Share (50 %) and two Get Many executions on
 * one key at once, over real HTTP. Each trigger's share caps what its polls take of what the others
 * leave it, so each leaves the rest a part of every window: no 429, every execution returns every
 * user, every trigger reports each new user once. The window is 15 real seconds, as in
 * test/transport/concurrency.test.ts and for its reasons; the exact guarantees at the real minute
 * and 50,000 users are asserted in virtual time (test/transport/sharedKey.test.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { runEngagedly } from '../helpers/engine';
import { createPoller, type Poller } from '../helpers/poll';
import { useSimulator } from '../helpers/simulator';

const USERS = 2000;

// The triggers' share is of what the key has left, which they learn only from X-RateLimit-Remaining:
// the vendor's header, which the contract profile leaves out.
const sim = useSimulator({ users: USERS, seed: 'many-triggers', rateLimitHeaders: true }, { reset: 'never' });

/** Polls until the trigger's pass is complete; the ids it emitted. */
async function fullPass(poller: Poller): Promise<string[]> {
	const ids: string[] = [];
	for (let poll = 0; poll < 20; poll++) {
		const outcome = await poller.poll();
		expect(outcome.error).toBeUndefined();
		ids.push(...outcome.items.map((item: IDataObject) => String(item.id)));
		if (!poller.state().pass) return ids.sort();
	}
	throw new Error('the pass did not complete in 20 polls');
}

const getAll = () => runEngagedly({ parameters: { resource: 'user', operation: 'getAll', returnAll: true }, credentials: sim.credentials() });

test('three New User triggers at 50 % and two Get Many executions on one key: no 429, all complete, each new user once per trigger', async () => {
	sim.setRateLimit({ limit: 200, timeScale: 4 });
	const triggers = await Promise.all([0, 1, 2].map(async () => await createPoller({ parameters: { event: 'newUser' }, credentials: sim.credentials() })));

	const round = async () => {
		const [passes, runs] = await Promise.all([Promise.all(triggers.map(fullPass)), Promise.all([getAll(), getAll()])]);
		for (const run of runs) {
			expect(run.error).toBeUndefined();
			const ids = run.items.map((item) => String(item.json.id));
			expect(new Set(ids).size).toBe(sim.store.users.size);
			expect(ids).toHaveLength(sim.store.users.size);
		}
		return passes;
	};

	// The baselines, with the executions running meanwhile: nothing to report yet.
	expect(await round()).toEqual([[], [], []]);
	const hired = ['Aaaa', 'Mmmm', 'Zzzz', 'Bbbb', 'Yyyy'].map((first_name) => sim.store.addUser({ first_name }).id).sort();
	expect(await round()).toEqual([hired, hired, hired]);

	expect(sim.log.filter((entry) => entry.status === 429)).toHaveLength(0);
}, 180_000);
