/**
 * Executions sharing one key, at once, through n8n's engine over real HTTP. They share nothing
 * but the API's headers, as queue-mode workers do: each infers from X-RateLimit-Remaining what
 * the others spend. The exact guarantees are asserted in virtual time (sharedKey.test.ts); this
 * shows the same pacer over sockets and the engine, by counts only (no 429, each page once, every
 * user returned); durations are the benchmark's business.
 *
 * The window is 15 real seconds (a "minute" at timeScale 4): long against the reset header's
 * whole seconds and a busy machine's latency, as Engagedly's 60 s is against its 0.3 to 0.5 s.
 * With a one-second window the header's resolution is a whole window, and CI met 429s there.
 */
import { runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';

const USERS = 'GET /beta/users';
const LIMIT = 200;

// The executions learn what the others spend only from X-RateLimit-Remaining: the vendor's
// headers, which the contract profile leaves out (without them each paces by its own count alone).
const sim = useSimulator({ users: 1000, seed: 'concurrency', rateLimitHeaders: true }, { reset: 'never' });

const getAll = () =>
	runEngagedly({ parameters: { resource: 'user', operation: 'getAll', returnAll: true }, credentials: sim.credentials() });

describe('executions sharing one key', () => {
	test.each([
		[4, 3000],
		[8, 1500],
	])(
		'%i executions listing %i users each at once, more than one window holds: no 429, each page read once by each',
		async (executions, users) => {
			sim.reset({ users, seed: 'concurrency' });
			sim.setRateLimit({ limit: LIMIT, timeScale: 4 });
			const pages = Math.ceil(users / 50);
			expect(executions * pages).toBeGreaterThan(LIMIT);

			const runs = await Promise.all(Array.from({ length: executions }, () => getAll()));

			expect(sim.log.filter((entry) => entry.status === 429)).toHaveLength(0);
			for (const run of runs) {
				expect(run.error).toBeUndefined();
				const ids = run.items.map((item) => String(item.json.id));
				expect(new Set(ids).size).toBe(users);
				expect(ids).toHaveLength(users);
			}
			expect(requestsTo(sim, USERS)).toHaveLength(executions * pages);
		},
		120_000,
	);
});

describe('a Sync sharing the key', () => {
	test('Sync at a Rate Limit Share of 50 % spends at most half of any window, and a Get Many started beside it is served from the rest: no 429, both complete', async () => {
		const users = 3000;
		const windowLimit = 40;
		sim.reset({ users, seed: 'concurrency' });
		sim.setRateLimit({ limit: windowLimit, timeScale: 4 });
		const employees = sim.store.sortedUsers().filter((user) => user.status === 'Active');
		const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
		const sync = runEngagedly({
			parameters: {
				resource: 'user',
				operation: 'sync',
				email: '={{ $json.email }}',
				firstName: '={{ $json.first_name }}',
				lastName: '={{ $json.last_name }}',
				customAttributes: { mappingMode: 'defineBelow', value: { [costCenter]: '={{ $json.costCenter }}' }, matchingColumns: [], schema: [] },
				options: { rateLimitShare: 50 },
			},
			credentials: sim.credentials(),
			input: employees.map((user) => ({ json: { email: user.email, first_name: user.first_name, last_name: user.last_name, costCenter: user.custom[costCenter] } })),
		});
		const [synced, listed] = await Promise.all([sync, getAll()]);

		expect(sim.log.filter((entry) => entry.status === 429)).toHaveLength(0);
		expect(synced.error).toBeUndefined();
		expect(new Set(synced.items.map((item) => item.json.outcome))).toEqual(new Set(['unchanged']));
		expect(listed.error).toBeUndefined();
		expect(listed.items).toHaveLength(users);
		// The key's windows as the simulator counts them: one opens with the first request after the last closed.
		const minuteMs = 60_000 / 4;
		let start = -Infinity;
		const syncPerWindow: number[] = [];
		for (const entry of [...sim.log].sort((a, b) => Date.parse(a.time) - Date.parse(b.time))) {
			const at = Date.parse(entry.time);
			if (at >= start + minuteMs) {
				start = at;
				syncPerWindow.push(0);
			}
			// Sync reads the directory with each user's manager; Get Many without.
			if (entry.query.include === 'primary_reporter' || entry.route === 'GET /beta/user-attributes') syncPerWindow[syncPerWindow.length - 1]++;
		}
		// Half of 40, and one more: a request sent as a window opens goes before its answer says who came back.
		expect(Math.max(...syncPerWindow)).toBeLessThanOrEqual(windowLimit / 2 + 1);
	}, 180_000);
});
