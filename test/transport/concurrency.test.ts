/**
 * Executions sharing one key, run at once through n8n's engine against the simulator's rate
 * limiter (a "minute" lasting a second, a small limit so that the runs span several windows).
 * They share nothing but the API's headers, as queue-mode workers do: each must infer from
 * X-RateLimit-Remaining what the others spend and keep a reserve for them. Before that (one
 * request of reserve, whatever the company), four such executions met 429s on every run.
 *
 * Only counts are asserted: answers 429 (none), the requests made (each page once, no retry)
 * and what each execution returned. How long the runs take is the benchmark's business
 * (`npm run bench`), not a test's.
 */
import { runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';

const USERS = 'GET /beta/users';
const LIMIT = 30;

const sim = useSimulator({ users: 1000, seed: 'concurrency' }, { reset: 'never' });
beforeEach(() => {
	sim.reset({ users: 1000, seed: 'concurrency' });
	sim.setRateLimit({ limit: LIMIT, timeScale: 60 });
});

const getAll = (limit?: number) =>
	runEngagedly({
		parameters: { resource: 'user', operation: 'getAll', ...(limit ? { returnAll: false, limit } : { returnAll: true }) },
		credentials: sim.credentials(),
	});

function expectComplete(run: Awaited<ReturnType<typeof getAll>>, count: number) {
	expect(run.error).toBeUndefined();
	const ids = run.items.map((item) => String(item.json.id));
	expect(ids).toHaveLength(count);
	expect(new Set(ids).size).toBe(count);
}

const tooMany = () => sim.log.filter((entry) => entry.status === 429).length;

describe('executions sharing one key', () => {
	test.each([2, 4, 8])(
		'%i executions listing every user at once meet no 429 and read each page once',
		async (executions) => {
			const runs = await Promise.all(Array.from({ length: executions }, () => getAll()));

			expect(tooMany()).toBe(0);
			for (const run of runs) expectComplete(run, 1000);
			// 1,000 users in pages of 50, each execution: more than one window's budget in all.
			expect(requestsTo(sim, USERS)).toHaveLength(executions * 20);
			expect(executions * 20).toBeGreaterThan(LIMIT);
		},
		90_000,
	);

});
