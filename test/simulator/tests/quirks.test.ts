/**
 * The switches that make the simulator as unfriendly as Engagedly may be: its clock
 * ahead of or behind this host's (the `Date` header and `X-RateLimit-Reset` on its clock), the
 * reset rounded down, and a praise feed with pinned posts first, shared timestamps and ids out of
 * time order. Each stays in force across reset(), as the rate limit's settings do.
 */
import { useSimulator } from '../../helpers/simulator';
import { client } from './client';

const sim = useSimulator(
	// The reset's time is read from X-RateLimit-Reset, which the contract profile leaves out.
	{ seed: 3, rateLimitHeaders: true },
	{
		reset: (running) => {
			running.reset();
			running.setRateLimit({ limit: 200, timeScale: 1, clockOffsetMs: 0, resetRounding: 'up' });
			running.setPraiseQuirks({ pinnedFirst: false, timestampResolutionMs: 0, scatteredIds: false });
		},
	},
);

/** Milliseconds, the request's send and arrival on this host's clock around it. */
async function timed(path: string) {
	const sentAt = Date.now();
	const res = await client(sim).get(path, { size: 1 });
	return { res, sentAt, arrivedAt: Date.now() };
}

describe("Engagedly's clock", () => {
	test.each([30_000, -30_000, 3_000])('%i ms from the host: Date and X-RateLimit-Reset are on its clock', async (offset) => {
		sim.setRateLimit({ clockOffsetMs: offset });
		sim.reset();
		const { res, sentAt, arrivedAt } = await timed('/users');

		const date = Date.parse(String(res.headers.date));
		// HTTP dates are whole seconds, cut down.
		expect(date).toBeGreaterThanOrEqual(Math.floor((sentAt + offset) / 1000) * 1000);
		expect(date).toBeLessThanOrEqual(arrivedAt + offset);
		// The window opened with this request: it resets a minute later, on Engagedly's clock.
		const reset = Number(res.headers['x-ratelimit-reset']) * 1000;
		expect(reset).toBeGreaterThanOrEqual(sentAt + offset + 60_000);
		expect(reset).toBeLessThanOrEqual(arrivedAt + offset + 61_000);
	});

	test('the clock stays moved across reset(), and praises posted meanwhile carry its time', async () => {
		sim.setRateLimit({ clockOffsetMs: -20_000 });
		sim.reset();
		const before = Date.now();
		const praise = sim.store.addPraise();
		expect(Date.parse(praise.activity_date)).toBeLessThanOrEqual(before - 20_000 + 1000);
		expect(Date.parse(praise.activity_date)).toBeGreaterThanOrEqual(before - 20_000);
	});

	test.each(['down', 'up'] as const)('reset rounded %s: X-RateLimit-Reset is the window end cut to that second', async (rounding) => {
		sim.setRateLimit({ resetRounding: rounding, timeScale: 60 });
		sim.reset();
		const { res, sentAt, arrivedAt } = await timed('/users');
		const reset = Number(res.headers['x-ratelimit-reset']) * 1000;
		// A "minute" is a second here: the window ends 1 s after the request reached the simulator.
		const [earliestEnd, latestEnd] = [sentAt + 1000, arrivedAt + 1000];
		if (rounding === 'down') {
			expect(reset).toBeLessThanOrEqual(latestEnd);
			expect(reset).toBeGreaterThan(earliestEnd - 1000);
		} else {
			expect(reset).toBeGreaterThanOrEqual(earliestEnd);
			expect(reset).toBeLessThan(latestEnd + 1000);
		}
	});
});

describe('the praise feed', () => {
	const listed = async () =>
		(await client(sim).get('/activities/praises', { size: 50 })).body as { data: Array<{ id: number; pinned: boolean; activity_date: string }> };

	test('pinned first: every pinned praise, whatever its age, before every other; the rest newest first', async () => {
		sim.setPraiseQuirks({ pinnedFirst: true });
		const old = [...sim.store.praises.values()].sort((a, b) => Date.parse(a.activity_date) - Date.parse(b.activity_date))[0];
		sim.store.editPraise(old.id, { pinned: true });
		const fresh = sim.store.addPraise();

		const { data } = await listed();
		const firstUnpinned = data.findIndex((praise) => !praise.pinned);
		expect(firstUnpinned).toBeGreaterThan(0);
		expect(data.slice(firstUnpinned).every((praise) => !praise.pinned)).toBe(true);
		expect(data.slice(0, firstUnpinned).map((praise) => praise.id)).toContain(old.id);
		expect(data[firstUnpinned].id).toBe(fresh.id);
		const dates = data.slice(firstUnpinned).map((praise) => Date.parse(praise.activity_date));
		expect(dates).toEqual([...dates].sort((a, b) => b - a));
	});

	test('a coarse clock gives praises posted together one timestamp', () => {
		sim.setPraiseQuirks({ timestampResolutionMs: 60_000 });
		const [a, b, c] = [sim.store.addPraise(), sim.store.addPraise(), sim.store.addPraise()];
		expect(new Set([a.activity_date, b.activity_date, c.activity_date]).size).toBeLessThanOrEqual(2);
		expect(Date.parse(a.activity_date) % 60_000).toBe(0);
	});

	test('scattered ids: new praises do not take ids in time order', () => {
		sim.setPraiseQuirks({ scatteredIds: true });
		const largest = Math.max(...sim.store.praises.keys());
		const ids = Array.from({ length: 20 }, () => sim.store.addPraise().id);
		expect(new Set(ids).size).toBe(20);
		expect(ids.some((id) => id < largest)).toBe(true);
		expect(ids.some((id, i) => i > 0 && id < ids[i - 1])).toBe(true);
	});
});
