import { runEngagedly } from '../helpers/engine';
import { createPoller } from '../helpers/poll';
import { otherWorkflow, useSimulator } from '../helpers/simulator';
import { withPollBudget } from '../helpers/transport';

const sim = useSimulator(
	{ users: 300, seed: 'rate-limit' },
	{
		// The first test turns the rate-limit headers on; the others meet the profile's default.
		reset: (running) => {
			running.reset();
			running.setRateLimit({ headers: running.profile === 'vendor' });
		},
	},
);
const statuses = () => sim.log.map((entry) => entry.status);

/** Another workflow using the same key spends the whole window's budget behind our back. */
async function spendBudget(requests: number) {
	await otherWorkflow(sim, requests);
	sim.clearLog();
}

describe('staying under the rate limit', () => {
	test('a run that needs more requests than one window allows waits for the reset, spreading them across windows, and never meets a 429', async () => {
		// 3 requests a "minute", a minute lasting a second: 300 users in pages of 50 need 6 requests.
		// A limit other than the documented 200 is known only from X-RateLimit-Limit and -Remaining:
		// the vendor's headers, which the contract profile leaves out.
		sim.setRateLimit({ limit: 3, timeScale: 60, headers: true });
		const { items, error } = await runEngagedly({
			parameters: { resource: 'user', operation: 'getAll', returnAll: true },
			credentials: sim.credentials(),
		});

		expect(error).toBeUndefined();
		expect(new Set(items.map((item) => item.json.id)).size).toBe(300);
		expect(statuses()).not.toContain(429);
		expect(sim.log.filter((entry) => entry.route === 'GET /beta/users')).toHaveLength(6);
		// Six requests, with one of the three kept in reserve each window, take at least three windows.
		const seconds = new Set(sim.log.map((entry) => entry.time.slice(0, 19)));
		expect(seconds.size).toBeGreaterThanOrEqual(3);
	});

	test('an unannounced 429 (the budget spent by someone else) is waited out with Retry-After, then the run succeeds', async () => {
		// A window of 15 real seconds: the run's first request lands in the window spent before it
		// however long a loaded machine takes to start the run (a second-long window did not).
		sim.setRateLimit({ limit: 10, timeScale: 4 });
		await spendBudget(10);

		const { items, error } = await runEngagedly({
			parameters: { resource: 'user', operation: 'getAll', returnAll: true },
			credentials: sim.credentials(),
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(300);
		// One 429, then no request until the cooldown was over: hammering would have met more of them.
		expect(statuses().filter((status) => status === 429)).toHaveLength(1);
		expect(statuses()[0]).toBe(429);
		expect(statuses().slice(1).every((status) => status === 200)).toBe(true);
	}, 60_000);

	test('a cooldown Engagedly announced is kept by everything on the key: an execution started inside it sends nothing, nor does a trigger poll, which keeps its state and emits what came meanwhile once the wait is over', async () => {
		const getMany = async () =>
			await runEngagedly({ parameters: { resource: 'user', operation: 'getAll', returnAll: true, options: { maxRateLimitWait: 5 } }, credentials: sim.credentials() });
		const poller = await createPoller({ parameters: { event: 'newPraise' }, credentials: sim.credentials() });
		expect((await poller.poll()).error).toBeUndefined();
		const baseline = poller.state();

		sim.setRateLimit({ limit: 3, timeScale: 1 });
		await spendBudget(3);
		// Longer than Max Rate-Limit Wait: the execution fails at once, saying how long was asked.
		const first = await getMany();
		expect(first.error?.message).toMatch(/asked to wait 60 s.*Max Rate-Limit Wait option allows \(5 s\)/);
		expect(first.error?.description).toMatch(/rate limit/i);
		expect(statuses()).toEqual([429]);
		const praise = sim.store.addPraise({ title: 'Meanwhile' });

		// Inside the minute: another execution on the key sends nothing, and says why.
		sim.clearLog();
		const second = await getMany();
		expect(second.error?.message).toMatch(/^Engagedly's rate limit is cooling down: it asked to wait \d+ s, more than the Max Rate-Limit Wait option allows \(5 s\) \(announced to an earlier request on this key; nothing was sent\)$/);
		expect(second.error?.description).toMatch(/^Engagedly answered 429 to another execution on this key and asked everyone on it to wait; a request sent inside the wait would lengthen it\. Run the workflow again after it\.$/);
		// Fetch Test Event says it must wait, and how long, sending nothing.
		let test: Awaited<ReturnType<typeof poller.poll>> | undefined;
		await withPollBudget(20_000, async () => void (test = await poller.poll('manual')), () => undefined);
		expect(test?.error?.message).toMatch(/^Engagedly's rate limit is cooling down on this key: \d+ s left$/);
		expect(test?.error?.description).toMatch(/nothing was sent\. Fetch the test event again in \d+ s\.$/);
		// Nor does the trigger's poll, which emits nothing and keeps its state as it was.
		const inside = await poller.poll();
		expect(inside).toEqual({ items: [] });
		expect(sim.log).toEqual([]);
		expect(poller.state()).toEqual(baseline);

		// The wait over, on Engagedly's clock and on ours: the next poll emits what came meanwhile, once.
		sim.resetRateLimit();
		jest.useFakeTimers({ now: Date.now() + 61_000, doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
		try {
			const after = await poller.poll();
			expect(after.error).toBeUndefined();
			expect(after.items.map((item) => item.id)).toEqual([praise.id]);
		} finally {
			jest.useRealTimers();
		}
	});
});
