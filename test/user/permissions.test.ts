/**
 * Get Permissions and Update Permissions (add, remove, replace). The node computes the final set
 * from the user's current permissions and sends it whole; Site Administrator is never added or
 * removed (asking to is refused before any write) and is kept for a user who holds it. The
 * simulator lists permission ids as text and gives a user's as numbers, and its write takes
 * integers only.
 */
import { byId, runEngagedly } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';
import type { PermissionRecord } from '../simulator';
import { ordinaryUsers, writes } from './helpers';

const sim = useSimulator({ seed: 41, users: 30 });

const run = async (parameters: Record<string, unknown>) =>
	await runEngagedly({ parameters: { resource: 'user', ...parameters }, credentials: sim.credentials() });

const held = (userId: string) => [...(sim.store.userPermissions.get(userId) ?? [])].sort((a, b) => a - b);
const siteAdmin = (): PermissionRecord => sim.store.adminPermission()!;
const ordinaryPermissions = () => sim.store.permissions.filter((p) => p.is_admin !== true);

/** A user with some permissions, set in the store so the test knows the starting point. */
function userHolding(ids: number[]) {
	const user = ordinaryUsers(sim)[5];
	sim.store.userPermissions.set(user.id, new Set(ids));
	return user;
}

describe('update permissions', () => {
	test('add keeps what the user has and gives the rest, each once: ids listed as text, sent as the integers the write takes', async () => {
		const [a, b, c, d] = ordinaryPermissions();
		// A two-digit id, listed as text like the others.
		const e = { ...d, id: 12, name: 'Payroll Reviewer' };
		sim.store.permissions.push(e);
		const user = userHolding([a.id, d.id]);
		const { items, error } = await run({
			operation: 'updatePermissions',
			userId: byId(user.id),
			mode: 'add',
			permissionIds: [String(b.id), String(c.id), String(a.id), String(e.id)],
		});
		expect(error).toBeUndefined();
		expect(held(user.id)).toEqual([a.id, b.id, c.id, d.id, e.id].sort((x, y) => x - y));
		const put = writes(sim);
		expect(put.map((w) => w.route)).toEqual(['PUT /beta/users/:id/permissions']);
		expect(((put[0].body as { permission_ids: number[] }).permission_ids).slice().sort((x, y) => x - y)).toEqual([a.id, b.id, c.id, d.id, e.id].sort((x, y) => x - y));
		expect(items[0].json).toMatchObject({ id: user.id, mode: 'add', added: [b.name, c.name, e.name], removed: [] });
		expect((items[0].json.permissions as unknown[]).length).toBe(5);
	});

	test('remove takes away only the ones named, given as numbers by an expression', async () => {
		const [a, b, c] = ordinaryPermissions();
		const user = userHolding([a.id, b.id, c.id]);
		const { items, error } = await run({
			operation: 'updatePermissions',
			userId: byId(user.id),
			mode: 'remove',
			permissionIds: [b.id],
		});
		expect(error).toBeUndefined();
		expect(held(user.id)).toEqual([a.id, c.id]);
		expect(writes(sim)[0].body).toEqual({ permission_ids: [a.id, c.id] });
		expect(items[0].json).toMatchObject({ added: [], removed: [b.name] });
	});

	test.each([
		['exactly the ones named', [0, 1], [2, 3]],
		['none: nothing named removes every permission', [0], []],
	])('replace leaves the user with %s', async (_case, had, named) => {
		const ids = (indexes: number[]) => indexes.map((index) => ordinaryPermissions()[index].id);
		const user = userHolding(ids(had));
		const { error } = await run({ operation: 'updatePermissions', userId: byId(user.id), mode: 'replace', permissionIds: ids(named).map(String) });
		expect(error).toBeUndefined();
		expect(held(user.id)).toEqual(ids(named));
	});

	test.each([
		['given to another user', 'given', 'add', false],
		['removed from the admin', 'removed', 'remove', true],
	])('Site Administrator cannot be %s: refused before any write, saying what to do', async (_case, verb, mode, toAdmin) => {
		const [a] = ordinaryPermissions();
		const userId = toAdmin ? sim.store.adminId : userHolding([a.id]).id;
		const before = held(userId);
		const asked = toAdmin ? [siteAdmin().id] : [a.id, siteAdmin().id];
		const { error } = await run({ operation: 'updatePermissions', userId: byId(userId), mode, permissionIds: asked.map(String) });
		expect(error?.message).toBe(`The ${siteAdmin().name} permission cannot be ${verb} through the Engagedly API`);
		expect(error?.description).toBe(
			`Remove ${siteAdmin().name} from Permissions: it belongs to the organisation admin, who always keeps it, and cannot be given to anyone else. Nothing was sent.`,
		);
		expect(writes(sim)).toEqual([]);
		expect(held(userId)).toEqual(before);
	});

	test('replace on the admin keeps Site Administrator in the set sent', async () => {
		const admin = sim.store.adminId;
		const [a, b] = ordinaryPermissions();
		const { error } = await run({
			operation: 'updatePermissions',
			userId: byId(admin),
			mode: 'replace',
			permissionIds: [String(a.id), String(b.id)],
		});
		expect(error).toBeUndefined();
		expect((writes(sim)[0].body as { permission_ids: number[] }).permission_ids).toContain(siteAdmin().id);
		expect(held(admin)).toEqual([siteAdmin().id, a.id, b.id].sort((x, y) => x - y));
	});

	test('permission ids the organisation does not have are refused, each named, with the known ones listed by name and id', async () => {
		const user = userHolding([]);
		const { error } = await run({ operation: 'updatePermissions', userId: byId(user.id), mode: 'add', permissionIds: '4242, 4343' });
		expect(error?.message).toBe('Permission 4242, 4343 does not exist in this Engagedly organisation');
		const [a, b] = sim.store.permissions;
		expect(error?.description).toContain(`Choose permissions from the list. Known permissions: ${a.name} (${a.id}), ${b.name} (${b.id}), `);
		expect(writes(sim)).toEqual([]);
	});

	test('add or remove with no permission chosen is refused before any request, saying what to choose', async () => {
		const user = userHolding([]);
		const { error } = await run({ operation: 'updatePermissions', userId: byId(user.id), mode: 'remove', permissionIds: [] });
		expect(error?.message).toBe('No permissions to remove');
		expect(error?.description).toBe('Choose at least one permission under Permissions. Nothing was sent.');
		expect(sim.log).toEqual([]);
	});
});
