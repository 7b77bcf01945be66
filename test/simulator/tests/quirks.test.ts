/**
 * The switches that make the simulator as unfriendly as Engagedly may be: its clock
 * ahead of or behind this host's (the `Date` header and `X-RateLimit-Reset` on its clock), the
 * reset rounded down, and a praise feed with pinned posts first, shared timestamps and ids out of
 * time order. Each stays in force across reset(), as the rate limit's settings do.
 */
import { useSimulator } from '../../helpers/simulator';
import { PROFILES, startSimulator } from '../../simulator';
import type { Store } from '../../simulator/store';
import { client } from './client';

const sim = useSimulator(
	// The reset's time is read from X-RateLimit-Reset, which the contract profile leaves out.
	{ seed: 3, rateLimitHeaders: true },
	{
		reset: (running) => {
			running.reset();
			running.setRateLimit({ limit: 200, timeScale: 1, clockOffsetMs: 0, resetRounding: 'up' });
			running.setPraiseQuirks({ pinnedFirst: true, timestampResolutionMs: 0, scatteredIds: false });
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

test('a simulator started without options takes the less convenient side: its clock 20 s behind, the reset rounded down, praises to the whole second with ids out of time order', async () => {
	// The headers only to read the reset's rounding (the contract profile sends none).
	const fresh = await startSimulator({ rateLimitHeaders: true });
	try {
		const sentAt = Date.now();
		const res = await client(fresh).get('/users', { size: 1 });
		const arrivedAt = Date.now();
		expect(Date.parse(String(res.headers.date))).toBeGreaterThanOrEqual(Math.floor((sentAt - 20_000) / 1000) * 1000);
		expect(Date.parse(String(res.headers.date))).toBeLessThanOrEqual(arrivedAt - 20_000);
		const reset = Number(res.headers['x-ratelimit-reset']) * 1000;
		expect(reset).toBeGreaterThan(sentAt + 40_000 - 1000);
		expect(reset).toBeLessThanOrEqual(arrivedAt + 40_000);

		const largest = Math.max(...fresh.store.praises.keys());
		const posted = Array.from({ length: 20 }, () => fresh.store.addPraise());
		expect(posted.filter((praise) => Date.parse(praise.activity_date) % 1000 !== 0)).toEqual([]);
		expect(posted.some((praise) => praise.id < largest)).toBe(true);
	} finally {
		await fresh.stop();
	}
});

describe('the praise feed', () => {
	const listed = async () =>
		(await client(sim).get('/activities/praises', { size: 50 })).body as { data: Array<{ id: number; pinned: boolean; activity_date: string; content: string }> };

	test('pinned first, by default: every pinned praise, whatever its age, before every other; the rest newest first', async () => {
		const old = [...sim.store.praises.values()].sort((a, b) => Date.parse(a.activity_date) - Date.parse(b.activity_date))[0];
		sim.store.editPraise(old.id, { pinned: true });
		const fresh = sim.store.addPraise({ content: 'Added behind the API' });

		const { data } = await listed();
		const firstUnpinned = data.findIndex((praise) => !praise.pinned);
		expect(firstUnpinned).toBeGreaterThan(0);
		expect(data.slice(firstUnpinned).every((praise) => !praise.pinned)).toBe(true);
		expect(data.slice(0, firstUnpinned).map((praise) => praise.id)).toContain(old.id);
		expect(data[firstUnpinned]).toMatchObject({ id: fresh.id, content: 'Added behind the API' });
		const dates = data.slice(firstUnpinned).map((praise) => Date.parse(praise.activity_date));
		expect(dates).toEqual([...dates].sort((a, b) => b - a));
	});

	test('pinnedFirst off (the friendly side): strictly newest first, a pinned praise in its place by date', async () => {
		sim.setPraiseQuirks({ pinnedFirst: false });
		const tenth = [...sim.store.praises.values()].sort((a, b) => Date.parse(b.activity_date) - Date.parse(a.activity_date) || b.id - a.id)[9];
		sim.store.editPraise(tenth.id, { pinned: true });

		const { data } = await listed();
		expect(data[9].id).toBe(tenth.id);
		const dates = data.map((praise) => Date.parse(praise.activity_date));
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

/**
 * What the contract leaves open about users, where the simulator takes the less convenient side
 * unless a suite turns on the kinder one (setFriendlyUsers, kept across reset()).
 */
describe.each(PROFILES)('users, %s profile: the less convenient side by default, the kinder on request', (profile) => {
	let defaults: Store['friendlyUsers'] | undefined;
	const users = useSimulator(
		{ seed: 5, users: 30, profile },
		{
			reset: (running) => {
				running.reset();
				// Back to the switches the simulator started with, so that "by default" below tests its defaults.
				running.setFriendlyUsers((defaults ??= { ...running.store.friendlyUsers }));
			},
		},
	);
	type User = Record<string, unknown>;
	const api = () => client(users);
	const list = async (query: Record<string, string | number> = {}) => ((await api().get('/users', { size: 50, ...query })).body as { data: User[] }).data;
	const single = async (id: string, include?: string) =>
		((await api().get(`/users/${id}`, include ? { include } : {})).body as { data: User }).data;

	test("no is_admin on the contract's users, title and gender on none: the vendor's User has them (is_admin on the single user only)", async () => {
		const admin = users.store.admin;
		const someone = users.store.sortedUsers().find((u) => u.id !== admin.id && u.manager_id === admin.id && u.title !== null)!;
		const written = ((await api().patch(`/users/${someone.id}`, { level: 'L2' })).body as { data: User }).data;
		const rendered: Array<[string, User]> = [
			['list element', (await list({ include: 'primary_reporter,direct_reports' })).find((u) => u.id === admin.id)!],
			['embedded', (await list({ include: 'primary_reporter' })).find((u) => u.id === someone.id)!.primary_reporter as User],
			['single admin', await single(admin.id, 'direct_reports')],
			['single', await single(someone.id)],
			['write answer', written],
			['deactivated', ((await api().put(`/users/${someone.id}/deactivate`, {})).body as { data: User }).data],
		];
		const singleUser = (where: string) => !['list element', 'embedded'].includes(where);
		for (const [where, user] of rendered) {
			const expected = profile === 'contract' ? [] : singleUser(where) ? ['gender', 'is_admin', 'title'] : ['gender', 'title'];
			expect({ where, keys: ['gender', 'is_admin', 'title'].filter((key) => key in user) }).toEqual({ where, keys: expected });
		}
		if (profile === 'vendor') {
			expect(rendered.filter(([where]) => singleUser(where)).map(([, user]) => user.is_admin)).toEqual([true, null, null, null]);
			expect(rendered[3][1].title).toBe(someone.title);
		}
	});

	test('the organisation admin is deactivated like anyone (the contract names no refusal); adminNotDeactivatable answers 422, across reset()', async () => {
		const adminId = users.store.adminId;
		expect((await api().put(`/users/${adminId}/deactivate`, {})).status).toBe(200);
		expect(users.store.admin.status).toBe('Blocked');

		users.setFriendlyUsers({ adminNotDeactivatable: true });
		users.reset();
		const refused = await api().put(`/users/${adminId}/deactivate`, {});
		expect(refused.status).toBe(422);
		expect(users.store.admin.status).toBe('Active');
	});

	test('the email filter matches any address that contains the text, case aside; exactEmailFilter only that address, across reset()', async () => {
		const ann = users.store.addUser({ email: 'ann@open-points.example' });
		const joann = users.store.addUser({ email: 'JoAnn@Open-Points.example' });
		const found = async (email: string) => (await list({ email })).map((u) => u.id).sort();
		expect(await found('ANN@open-points.example')).toEqual([ann.id, joann.id].sort());
		expect(await found('open-points')).toEqual([ann.id, joann.id].sort());

		users.setFriendlyUsers({ exactEmailFilter: true });
		users.reset();
		const again = [users.store.addUser({ email: 'ann@open-points.example' }), users.store.addUser({ email: 'joann@open-points.example' })];
		expect(await found('ANN@open-points.example')).toEqual([again[0].id]);
		expect(await found('open-points')).toEqual([]);
	});

	test('a phone number of digits only: a number in lists and embedded users, text on the single user (the vendor: text); phoneNumbersAsText: text everywhere, across reset()', async () => {
		const forms = async () => {
			const adminId = users.store.adminId;
			const [digits, dashed, zero] = ['15551234567', '+1-555-123-4567', '0555123'].map((phone) =>
				users.store.addUser({ phone_number: phone, manager_id: adminId }),
			);
			const listed = await list({ include: 'direct_reports' });
			const byId = (id: string) => listed.find((u) => u.id === id)!;
			const embedded = (byId(adminId).direct_reports as User[]).find((u) => u.id === digits.id)!;
			return {
				listed: [digits, dashed, zero].map((u) => byId(u.id).phone_number),
				embedded: embedded.phone_number,
				single: (await single(digits.id)).phone_number,
			};
		};
		const text = { listed: ['15551234567', '+1-555-123-4567', '0555123'], embedded: '15551234567', single: '15551234567' };
		expect(await forms()).toEqual(profile === 'vendor' ? text : { ...text, listed: [15551234567, '+1-555-123-4567', '0555123'], embedded: 15551234567 });

		users.setFriendlyUsers({ phoneNumbersAsText: true });
		users.reset();
		expect(await forms()).toEqual(text);
	});
});
