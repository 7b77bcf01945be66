/**
 * Several input items through one User operation: each output item is paired with its input,
 * and with Continue On Fail a failing item becomes an error item in its place while the others
 * go through.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import { attributeOfType, mapping, ordinaryUsers, writes } from './helpers';

const sim = useSimulator({ seed: 71, users: 20 });

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const update = async (ids: string[], continueOnFail: boolean, custom: IDataObject = {}) =>
	await runEngagedly({
		parameters: {
			resource: 'user',
			operation: 'update',
			userId: { ...byId(''), value: '={{ $json.id }}' },
			updateFields: { level: '={{ $json.level }}' },
			customAttributes: mapping(custom),
		},
		credentials: sim.credentials(),
		input: ids.map((id, i) => ({ json: { id, level: `L${i + 1}`, number: i === 3 ? 'not a number' : String(i) } })),
		continueOnFail,
	});

test('4 items, Continue On Fail, the second unknown to Engagedly, the fourth refused before its request (a bad custom attribute value): 4 items paired 0 to 3, those two errors, the others written', async () => {
	const number = attributeOfType(sim, 'number');
	const [a, b, c] = ordinaryUsers(sim);
	const levelBefore = b.level;
	const { items, error } = await update([a.id, UNKNOWN, c.id, b.id], true, { [number.attribute_key]: '={{ $json.number }}' });
	expect(error).toBeUndefined();
	expect(items.map((i) => i.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
	expect(items[0].json).toMatchObject({ id: a.id, level: 'L1' });
	expect(items[1].json).toMatchObject({ httpCode: '404' });
	expect(items[1].json.error).toContain('404');
	expect(items[1].json.description).toContain('not found');
	expect(items[2].json).toMatchObject({ id: c.id, level: 'L3' });
	expect(items[3].json.error).toContain(number.attribute_key);
	expect(items[3].json.httpCode).toBeUndefined();
	expect(writes(sim).map((w) => w.path)).toEqual([a.id, UNKNOWN, c.id].map((id) => `/beta/users/${id}`));
	expect(sim.store.users.get(a.id)!.level).toBe('L1');
	expect(sim.store.users.get(c.id)!.level).toBe('L3');
	expect(sim.store.users.get(b.id)!.level).toBe(levelBefore);
	expect(requestsTo(sim, 'GET /beta/user-attributes')).toHaveLength(1);
});

test('without Continue On Fail the run stops at the failing item and names it', async () => {
	const [a, c] = ordinaryUsers(sim);
	const { error } = await update([a.id, UNKNOWN, c.id], false);
	expect(error?.httpCode).toBe('404');
	expect(error?.context?.itemIndex).toBe(1);
	// The first item was already written; the third was never tried.
	expect(sim.store.users.get(a.id)!.level).toBe('L1');
	expect(writes(sim)).toHaveLength(2);
});

test('an operation that returns a list (Get Permissions: one item per permission held) pairs every element with its input item', async () => {
	const [a, b] = ordinaryUsers(sim);
	const permissions = sim.store.permissions.filter((p) => p.is_admin !== true);
	sim.store.userPermissions.set(a.id, new Set([permissions[0].id]));
	sim.store.userPermissions.set(b.id, new Set([permissions[1].id, permissions[2].id]));
	const { items } = await runEngagedly({
		parameters: { resource: 'user', operation: 'getPermissions', userId: { ...byId(''), value: '={{ $json.id }}' } },
		credentials: sim.credentials(),
		input: [{ json: { id: a.id } }, { json: { id: b.id } }],
	});
	expect(items.map((i) => [i.json.id, i.json.name, i.pairedItem])).toEqual([
		[permissions[0].id, permissions[0].name, { item: 0 }],
		[permissions[1].id, permissions[1].name, { item: 1 }],
		[permissions[2].id, permissions[2].name, { item: 1 }],
	]);
});
