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
