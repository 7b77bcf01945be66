/**
 * Engagedly's clock seconds away from this host's, through n8n's engine over real HTTP: its reset
 * times are on its clock, not ours, so a pacer that read them on ours would send early. 1,500
 * users at 20 requests per 4-second window (30 pages: two windows), the reset rounded down where
 * it says so. Read on this host's clock alone, 3 s behind meets a 429 (the pacer thinks the
 * window has reset when it has not); the pacer learns the offset from the answers' `Date`.
 */
import { runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';

const USERS = 'GET /beta/users';

// The reset times this suite is about are X-RateLimit-Reset: the vendor's header, which the
// contract profile leaves out; so is the window of 20 the pacer reads from X-RateLimit-Limit.
const sim = useSimulator({ users: 1500, seed: 'concurrency', rateLimitHeaders: true }, { reset: 'never' });

const getAll = () =>
	runEngagedly({ parameters: { resource: 'user', operation: 'getAll', returnAll: true }, credentials: sim.credentials() });

describe("Engagedly's clock away from this host's, over real HTTP", () => {
	afterEach(() => sim.setRateLimit({ clockOffsetMs: 0, resetRounding: 'up' }));

	test.each([
		[-3_000, 'up'],
		[-3_000, 'down'],
		[30_000, 'down'],
		[-30_000, 'down'],
	] as const)('%i ms, reset rounded %s: one execution, two windows, no 429, each page once', async (clockOffsetMs, resetRounding) => {
		sim.reset({ users: 1500, seed: 'concurrency' });
		sim.setRateLimit({ limit: 20, timeScale: 15, clockOffsetMs, resetRounding });

		const run = await getAll();

		expect(run.error).toBeUndefined();
		expect(new Set(run.items.map((item) => String(item.json.id))).size).toBe(1500);
		expect(sim.log.filter((entry) => entry.status === 429)).toHaveLength(0);
		expect(requestsTo(sim, USERS)).toHaveLength(30);
	}, 60_000);
});
