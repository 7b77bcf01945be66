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

test('get permissions: one item per permission the user holds', async () => {
	const [a, b] = ordinaryPermissions();
	const user = userHolding([a.id, b.id]);
	const { items, error } = await run({ operation: 'getPermissions', userId: byId(user.id) });
	expect(error).toBeUndefined();
	expect(items.map((i) => i.json.name)).toEqual([a.name, b.name]);
	expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
});

describe('update permissions', () => {
	test('add keeps what the user has and gives the rest: ids listed as text, sent as the integers the write takes', async () => {
		const [a, b, c] = ordinaryPermissions();
		const user = userHolding([a.id]);
		const { items, error } = await run({
			operation: 'updatePermissions',
			userId: byId(user.id),
			mode: 'add',
			permissionIds: [String(b.id), String(c.id), String(a.id)],
		});
		expect(error).toBeUndefined();
		expect(held(user.id)).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
		const put = writes(sim);
		expect(put.map((w) => w.route)).toEqual(['PUT /beta/users/:id/permissions']);
		expect(((put[0].body as { permission_ids: number[] }).permission_ids).slice().sort()).toEqual([a.id, b.id, c.id].sort());
		expect(items[0].json).toMatchObject({ id: user.id, mode: 'add', added: [b.name, c.name], removed: [] });
		expect((items[0].json.permissions as unknown[]).length).toBe(3);
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

	test('replace leaves the user with exactly the ones named', async () => {
		const [a, b, c, d] = ordinaryPermissions();
		const user = userHolding([a.id, b.id]);
		const { error } = await run({
			operation: 'updatePermissions',
			userId: byId(user.id),
			mode: 'replace',
			permissionIds: [String(c.id), String(d.id)],
		});
		expect(error).toBeUndefined();
		expect(held(user.id)).toEqual([c.id, d.id]);
	});

	test('replace with nothing removes every permission', async () => {
		const [a] = ordinaryPermissions();
		const user = userHolding([a.id]);
		const { error } = await run({ operation: 'updatePermissions', userId: byId(user.id), mode: 'replace', permissionIds: [] });
		expect(error).toBeUndefined();
		expect(held(user.id)).toEqual([]);
	});

	test('Site Administrator cannot be added: refused before any write', async () => {
		const [a] = ordinaryPermissions();
		const user = userHolding([a.id]);
		const { error } = await run({
			operation: 'updatePermissions',
			userId: byId(user.id),
			mode: 'add',
			permissionIds: [String(a.id), String(siteAdmin().id)],
		});
		expect(error?.message).toBe(`The ${siteAdmin().name} permission cannot be given through the Engagedly API`);
		expect(error?.description).toContain('Nothing was sent');
		expect(writes(sim)).toEqual([]);
		expect(held(user.id)).toEqual([a.id]);
	});

	test('Site Administrator cannot be removed from the admin: refused before any write', async () => {
		const admin = sim.store.adminId;
		const before = held(admin);
		const { error } = await run({
			operation: 'updatePermissions',
			userId: byId(admin),
			mode: 'remove',
			permissionIds: [String(siteAdmin().id)],
		});
		expect(error?.message).toBe(`The ${siteAdmin().name} permission cannot be removed through the Engagedly API`);
		expect(writes(sim)).toEqual([]);
		expect(held(admin)).toEqual(before);
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

	test('a permission id the organisation does not have is refused with the known ones listed', async () => {
		const user = userHolding([]);
		const { error } = await run({ operation: 'updatePermissions', userId: byId(user.id), mode: 'add', permissionIds: '4242' });
		expect(error?.message).toContain('Permission 4242 does not exist');
		expect(error?.description).toContain(ordinaryPermissions()[0].name);
		expect(writes(sim)).toEqual([]);
	});

	test('add or remove with no permission chosen is refused before any request', async () => {
		const user = userHolding([]);
		const { error } = await run({ operation: 'updatePermissions', userId: byId(user.id), mode: 'remove', permissionIds: [] });
		expect(error?.message).toBe('No permissions to remove');
		expect(sim.log).toEqual([]);
	});
});
