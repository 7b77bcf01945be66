/**
 * Rate Limit Shares as what each execution may take of what the others leave it
 * (transport/rateLimit.ts), through n8n's engine over real HTTP: two Syncs at the default 75 %,
 * a New User trigger at its default 50 % polling all the while, and a Get Many, on one key, with
 * and without rate-limit headers (then one count of the key for the process: keyCounts.ts).
 * Counts only (CONTRIBUTING.md): no 429, every window within the limit, the trigger served in
 * every window, a hire emitted by the poll after it was made, every execution complete. The bounds
 * at Engagedly's real minute are asserted in virtual time (sharedKey.test.ts).
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

/** Who sent a logged request: the trigger reads the directory without `include`, the Get Many with its own, Sync with managers. */
function sender(entry: { route: string | null; query: IDataObject }): 'trigger' | 'getMany' | 'sync' {
	if (entry.route === 'GET /beta/users' && entry.query.include === undefined) return 'trigger';
	if (entry.route === 'GET /beta/users' && entry.query.include === 'direct_reports') return 'getMany';
	return 'sync';
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

	test('two Syncs at 75 %, a New User trigger at 50 % and a Get Many on one key: no 429, every window within the limit, the trigger served in each, a hire emitted by the next poll', async () => {
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
		let emittedBy: number | undefined;
		const polls: number[] = [];
		while (!done || emittedBy === undefined) {
			const next = Date.now() + WINDOW_MS / 2;
			const outcome = await poller.poll();
			expect(outcome.error).toBeUndefined();
			polls.push(outcome.items.length);
			if (hire !== undefined && emittedBy === undefined) {
				expect(outcome.items.map((item) => String(item.id))).toEqual([hire]);
				emittedBy = polls.length;
			}
			if (hire === undefined && poller.state().users !== undefined && !poller.state().pass && !poller.state().first) {
				hire = sim.store.addUser({ first_name: 'Nora', last_name: 'Newhire' }).id;
			}
			await sleep(Math.max(0, next - Date.now()));
		}
		const [first, second, listed] = await runs;

		expect(sim.log.filter((entry) => entry.status === 429)).toHaveLength(0);
		for (const run of [first, second]) {
			expect(run.error).toBeUndefined();
			expect(run.items.filter((item) => item.json.outcome === 'updated')).toHaveLength(CHANGES);
		}
		expect(listed.error).toBeUndefined();
		expect(listed.items.length).toBeGreaterThanOrEqual(300);
		expect(polls.slice(0, emittedBy! - 1).every((items) => items === 0)).toBe(true);

		// The key's windows as the simulator counts them: one opens with the first request after the last closed.
		const windows: Array<Record<'trigger' | 'getMany' | 'sync', number>> = [];
		let start = -Infinity;
		for (const entry of [...sim.log].sort((a, b) => Date.parse(a.time) - Date.parse(b.time))) {
			const at = Date.parse(entry.time);
			if (at >= start + WINDOW_MS) {
				start = at;
				windows.push({ trigger: 0, getMany: 0, sync: 0 });
			}
			windows[windows.length - 1][sender(entry)]++;
		}
		expect(windows.length).toBeGreaterThan(2);
		for (const window of windows) expect(window.trigger + window.getMany + window.sync).toBeLessThanOrEqual(LIMIT);
		// The trigger polled until the last execution was done: served in every window but the last (which may open after it stopped).
		for (const window of windows.slice(0, -1)) expect(window.trigger).toBeGreaterThan(0);
	}, 180_000);
});
