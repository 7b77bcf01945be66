/**
 * Activate, Deactivate (with the organisation's own block reason codes) and Get Block Reason
 * Codes, through the engine, checked against the simulator's state.
 */
import { byId, loadOptions, runEngagedly } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';
import { ordinaryUsers, writes } from './helpers';

const sim = useSimulator({ seed: 31, users: 30 });

const run = async (parameters: Record<string, unknown>) =>
	await runEngagedly({ parameters: { resource: 'user', ...parameters }, credentials: sim.credentials() });

test('get block reason codes: one item per code the organisation has, a code added in Engagedly and an archived one included', async () => {
	sim.store.blockReasonCodes.push({
		code: 'relocation',
		display_text: 'Relocation',
		description: 'Moved away.',
		source: 'custom',
		archived: false,
		created_by: null,
		updated_at: new Date().toISOString(),
	});
	const { items, error } = await run({ operation: 'getBlockReasonCodes' });
	expect(error).toBeUndefined();
	expect(items.map((i) => i.json.code)).toEqual(sim.store.blockReasonCodes.map((c) => c.code));
	expect(items.find((i) => i.json.code === 'relocation')?.json).toMatchObject({ display_text: 'Relocation' });
	expect(items.filter((i) => i.json.archived === true).length).toBeGreaterThan(0);
	expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
});

describe('deactivate', () => {
	test('with a code picked from the dropdown (archived codes not offered): the user is blocked with that reason', async () => {
		const user = ordinaryUsers(sim)[0];
		const options = await loadOptions('getBlockReasonCodes', sim.credentials());
		const archived = sim.store.blockReasonCodes.filter((c) => c.archived).map((c) => c.code);
		expect(archived.length).toBeGreaterThan(0);
		// First "No Block Reason" (''): the code is optional, and the editor flags an empty value the list lacks.
		expect(options[0]).toMatchObject({ name: 'No Block Reason', value: '' });
		expect(options.slice(1).map((o) => o.value).sort()).toEqual(
			sim.store.blockReasonCodes
				.map((c) => c.code)
				.filter((code) => !archived.includes(code))
				.sort(),
		);
		const picked = options.find((o) => o.value === 'sabatical') ?? options[1];
		sim.clearLog();

		const { items, error } = await run({ operation: 'deactivate', userId: byId(user.id), blockReasonCode: picked.value });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: user.id, status: 'Blocked', block_reason_code: picked.value });
		expect(sim.store.users.get(user.id)).toMatchObject({ status: 'Blocked', block_reason_code: picked.value });
		expect(sim.store.users.get(user.id)!.user_blocked_at).not.toBeNull();
		expect(writes(sim).map((w) => [w.route, w.body])).toEqual([
			['PUT /beta/users/:id/deactivate', { block_reason_code: picked.value }],
		]);
	});

	test('without a code: blocked with no reason, and the codes are not read', async () => {
		const user = ordinaryUsers(sim)[1];
		const { error } = await run({ operation: 'deactivate', userId: byId(user.id) });
		expect(error).toBeUndefined();
		expect(sim.store.users.get(user.id)).toMatchObject({ status: 'Blocked', block_reason_code: null });
		// Who the Site Administrator is, only their permissions say: read before the write.
		expect(sim.log.map((e) => [e.route, e.body])).toEqual([
			['GET /beta/users/:id/permissions', undefined],
			['PUT /beta/users/:id/deactivate', {}],
		]);
	});

	test('an unknown code is refused with the organisation’s codes listed, "code (text)" apart by commas, and the user stays active', async () => {
		const user = ordinaryUsers(sim)[2];
		const { error } = await run({ operation: 'deactivate', userId: byId(user.id), blockReasonCode: 'sabbatical' });
		expect(error?.message).toContain('"sabbatical" is not a block reason code');
		const [first, second] = sim.store.blockReasonCodes.filter((c) => !c.archived);
		expect(error?.description).toContain(`use one of: ${first.code} (${first.display_text}), ${second.code} (${second.display_text})`);
		expect(error?.context?.itemIndex).toBe(0);
		expect(writes(sim)).toEqual([]);
		expect(sim.store.users.get(user.id)!.status).toBe('Active');
	});

	test('a code when the organisation has none to use: the refusal says none is defined and to leave it empty', async () => {
		const user = ordinaryUsers(sim)[2];
		for (const code of sim.store.blockReasonCodes) code.archived = true;
		const { error } = await run({ operation: 'deactivate', userId: byId(user.id), blockReasonCode: 'sabbatical' });
		expect(error?.description).toBe(
			'Pick Block Reason Code from the list, or use one of: none defined. Leave it empty to deactivate without a reason. Nothing was sent.',
		);
		expect(writes(sim)).toEqual([]);
	});

	test('an archived code (typed in an expression) is refused by name with the codes to use instead, before any write', async () => {
		const user = ordinaryUsers(sim)[2];
		const [archived] = sim.store.blockReasonCodes.filter((c) => c.archived);
		const { error } = await run({ operation: 'deactivate', userId: byId(user.id), blockReasonCode: archived.code });
		expect(error?.message).toBe(`Block reason code "${archived.code}" is archived in this Engagedly organisation`);
		for (const code of sim.store.blockReasonCodes) {
			if (code.archived) expect(error?.description).not.toContain(`${code.code} (`);
			else expect(error?.description).toContain(`${code.code} (${code.display_text})`);
		}
		expect(error?.context?.itemIndex).toBe(0);
		expect(writes(sim)).toEqual([]);
		expect(sim.store.users.get(user.id)!.status).toBe('Active');
	});

	test('the Site Administrator, known by their permissions, is refused before any write (Engagedly would deactivate them)', async () => {
		const { error } = await run({ operation: 'deactivate', userId: byId(sim.store.adminId) });
		expect(error?.message).toBe(`User ${sim.store.adminId} is the Site Administrator: not deactivated`);
		expect(error?.description).toMatch(/^The Site Administrator is never deactivated by this node: .* Nothing was written\.$/);
		expect(error?.context?.itemIndex).toBe(0);
		expect(sim.log.map((e) => e.route)).toEqual(['GET /beta/users/:id/permissions']);
		expect(sim.store.admin.status).toBe('Active');
	});
	test('a user already deactivated for another reason is not reported as deactivated for this one', async () => {
		// What Engagedly does with a user already blocked is not documented; the simulator answers
		// 200 and keeps the first reason, which the answer shows.
		const user = ordinaryUsers(sim)[4];
		sim.store.setUserStatus(user.id, 'Blocked', 'fatigue');
		const { error } = await run({ operation: 'deactivate', userId: byId(user.id), blockReasonCode: 'involuntary' });
		expect(error?.message).toBe(`User ${user.id} was already deactivated with the reason "fatigue", which Engagedly kept`);
		expect(error?.description).toContain('activate the user, then deactivate them again');
		expect(error?.context?.itemIndex).toBe(0);
		expect(sim.store.users.get(user.id)).toMatchObject({ status: 'Blocked', block_reason_code: 'fatigue' });

		// Without a reason asked for, a user who is blocked is what was wanted.
		const again = await run({ operation: 'deactivate', userId: byId(user.id) });
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({ id: user.id, status: 'Blocked', block_reason_code: 'fatigue' });
	});
});

test('activate: a blocked user becomes active and loses the block reason', async () => {
	const user = ordinaryUsers(sim)[3];
	sim.store.setUserStatus(user.id, 'Blocked', 'fatigue');
	const { items, error } = await run({ operation: 'activate', userId: byId(user.id) });
	expect(error).toBeUndefined();
	expect(items[0].json).toMatchObject({ id: user.id, status: 'Active' });
	expect(sim.store.users.get(user.id)).toMatchObject({ status: 'Active', block_reason_code: null, user_blocked_at: null });
	expect(writes(sim).map((w) => w.route)).toEqual(['PUT /beta/users/:id/activate']);
});
