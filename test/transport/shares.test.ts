/**
 * Rate Limit Shares as what each execution may take of what the others leave it
 * (transport/rateLimit.ts), through n8n's engine over real HTTP: two Syncs at the default 75 %,
 * a New User trigger at its default 50 % polling all the while, and a Get Many, on one key, with
 * and without rate-limit headers (then one count of the key for the process: keyCounts.ts).
 * What holds however busy the machine is: every execution completes with all its work, the
 * trigger's polls never fail, and the hire is emitted once, by a poll after she was made. How the
 * windows are shared (no 429, each within the limit, the trigger served in each) depends on when
 * each request lands, so it is asserted in virtual time, exactly (sharedKey.test.ts).
 *
 * The window is 15 real seconds of 40 requests (a "minute" at timeScale 4), as in
 * concurrency.test.ts and for its reasons.
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { documentedWindow } from '../../nodes/Engagedly/transport/rateLimit';
import { runEngagedly } from '../helpers/engine';
import { createPoller } from '../helpers/poll';
import type { SimulatorHandle } from '../helpers/simulator';
import { useSimulator } from '../helpers/simulator';

const LIMIT = 40;
const WINDOW_MS = 60_000 / 4;
/** Users each Sync changes: a write each, so each Sync spans several windows. */
const CHANGES = 25;

/** A Sync of `employees`, the first `changed` of them with a new cost center. */
function sync(sim: SimulatorHandle, employees: Array<{ email: string; first_name: string; last_name: string; custom: IDataObject }>, changed: number) {
	const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
	return runEngagedly({
		parameters: {
			resource: 'user',
			operation: 'sync',
			email: '={{ $json.email }}',
			firstName: '={{ $json.first_name }}',
			lastName: '={{ $json.last_name }}',
			customAttributes: { mappingMode: 'defineBelow', value: { [costCenter]: '={{ $json.costCenter }}' }, matchingColumns: [], schema: [] },
		},
		credentials: sim.credentials(),
		input: employees.map((user, i) => ({
			json: { email: user.email, first_name: user.first_name, last_name: user.last_name, costCenter: i < changed ? `Moved ${i}` : user.custom[costCenter] },
		})),
	});
}

// With the vendor's headers, every execution learns what the others spent from X-RateLimit-Remaining;
// without them (the contract's default), the executions of this one process share one count of the
// key, against the documented window (here the simulator's: helpers/simulator.ts).
describe.each([
	['with', true],
	['without', false],
])('%s rate-limit headers', (_words, headers) => {
	const sim = useSimulator({ users: 300, seed: 'shares', rateLimitHeaders: headers });
	afterEach(() => {
		documentedWindow.limit = 200;
	});

	test('two Syncs at 75 %, a New User trigger at 50 % and a Get Many on one key: every execution complete, the trigger never failing, the hire emitted once', async () => {
		sim.setRateLimit({ limit: LIMIT, timeScale: 4 });
		// Without headers the node knows the limit from the documentation alone: here it says 40.
		documentedWindow.limit = LIMIT;
		const employees = sim.store.sortedUsers().filter((user) => user.status === 'Active' && user.id !== sim.store.adminId);
		const half = Math.floor(employees.length / 2);
		const poller = await createPoller({ parameters: { event: 'newUser' }, credentials: sim.credentials() });

		let done = false;
		const runs = Promise.all([
			sync(sim, employees.slice(0, half), CHANGES),
			sync(sim, employees.slice(half), CHANGES),
			runEngagedly({ parameters: { resource: 'user', operation: 'getAll', returnAll: true, options: { include: ['direct_reports'] } }, credentials: sim.credentials() }),
		]).finally(() => {
			done = true;
		});

		// The trigger polls all the while, twice a "minute" (n8n polls at most once a minute: a poll
		// never starts before the last ended, and each is a new execution); once its baseline is
		// taken, a hire is made, and the poll after it emits her.
		let hire: string | undefined;
		const emitted: string[][] = [];
		while (!done || !emitted.flat().includes(hire ?? '')) {
			const next = Date.now() + WINDOW_MS / 2;
			const outcome = await poller.poll();
			expect(outcome.error).toBeUndefined();
			if (hire !== undefined) emitted.push(outcome.items.map((item) => String(item.id)));
			else expect(outcome.items).toHaveLength(0);
			if (hire === undefined && poller.state().users !== undefined && !poller.state().pass && !poller.state().first) {
				hire = sim.store.addUser({ first_name: 'Nora', last_name: 'Newhire' }).id;
			}
			await sleep(Math.max(0, next - Date.now()));
		}
		const [first, second, listed] = await runs;

		for (const run of [first, second]) {
			expect(run.error).toBeUndefined();
			expect(run.items.filter((item) => item.json.outcome === 'updated')).toHaveLength(CHANGES);
		}
		expect(listed.error).toBeUndefined();
		expect(listed.items.length).toBeGreaterThanOrEqual(300);
		expect(emitted.flat()).toEqual([hire]);
		// Each Sync's writes reached Engagedly (a 429 on the way was waited out, never dropped).
		expect(sim.log.filter((entry) => entry.route === 'PATCH /beta/users/:id' && entry.status === 200)).toHaveLength(2 * CHANGES);
	}, 180_000);
});
