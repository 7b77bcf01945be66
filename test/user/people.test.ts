/**
 * The multi-user fields (HR Managers, Secondary Managers, department and business Members, the
 * users of Add Members and Remove Members, learning-resource Authors) take a comma-separated
 * text or a list mixing ids, email addresses and records: addresses are looked up once each
 * (GET /users?email=) before the write, which carries ids only. Saved arrays of ids still work.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, fromList, pickedUsers, runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import { freshEmail, mandatoryValues, mapperSchema, mapping, ordinaryUsers, routes, writes } from './helpers';

const sim = useSimulator({ seed: 52, users: 80 });

const run = async (parameters: IDataObject) =>
	await runEngagedly({ parameters, credentials: sim.credentials() });

const lookups = () => requestsTo(sim, 'GET /beta/users').map((entry) => entry.query.email);

test('the onboarding create: manager and two HR managers by address, a secondary manager by id in a text; one lookup per address, then the write', async () => {
	const [manager, hr1, hr2, secondary] = ordinaryUsers(sim);
	const custom = mapping(mandatoryValues(sim), (await mapperSchema(sim, 'create')).fields);
	sim.clearLog();
	const { items, error } = await run({
		resource: 'user',
		operation: 'create',
		email: freshEmail('onboard'),
		firstName: 'Ola',
		lastName: 'Board',
		additionalFields: {
			manager: { __rl: true, mode: 'email', value: manager.email },
			// The same address twice (once in another case) is one lookup.
			hrManagers: [hr1.email, hr2.email, hr1.email.toUpperCase()],
			secondaryManagers: `${secondary.id}, ${manager.email}`,
		},
		customAttributes: custom,
	});
	expect(error).toBeUndefined();
	expect([...lookups()].sort((a, b) => String(a).localeCompare(String(b)))).toEqual(
		[manager.email, hr1.email, hr2.email].sort((a, b) => a.localeCompare(b)),
	);
	expect(writes(sim)).toHaveLength(1);
	expect(writes(sim)[0].body).toMatchObject({
		manager_id: manager.id,
		hr_managers: [hr1.id, hr2.id],
		secondary_managers: [secondary.id, manager.id],
	});
	// addresses, the attribute definitions (read once per execution for the mandatory check), the write
	expect(routes(sim)).toHaveLength(3 + 1 + 1);
	const created = sim.store.getUser(String(items[0].json.id));
	expect(created).toMatchObject({ manager_id: manager.id, hr_manager_ids: [hr1.id, hr2.id], secondary_manager_ids: [secondary.id, manager.id] });
});

test('entries left empty in the editor (saved as [] or blank) are no entries: the people given are written, a list of only empty entries is not given', async () => {
	const [user, a, b] = ordinaryUsers(sim);
	sim.store.updateUser(user.id, { secondary_manager_ids: [b.id] });
	// As the editor saves a people list whose Add button was clicked and left empty.
	const { error } = await run({
		resource: 'user',
		operation: 'update',
		userId: byId(user.id),
		updateFields: { hrManagers: [[], a.email, ''], secondaryManagers: [[]] },
	});
	expect(error).toBeUndefined();
	expect(writes(sim).at(-1)?.body).toEqual({ hr_managers: [a.id] });
	expect(sim.store.getUser(user.id)).toMatchObject({ hr_manager_ids: [a.id], secondary_manager_ids: [b.id] });
});

test('a saved array of ids (from the old dropdown) still works, and an unknown address stops the item naming it with nothing written', async () => {
	const [user, a, b] = ordinaryUsers(sim);
	const ok = await run({ resource: 'user', operation: 'update', userId: byId(user.id), updateFields: { hrManagers: [a.id, b.id] } });
	expect(ok.error).toBeUndefined();
	expect(sim.store.getUser(user.id).hr_manager_ids).toEqual([a.id, b.id]);

	sim.clearLog();
	const bad = await run({
		resource: 'user',
		operation: 'update',
		userId: byId(user.id),
		updateFields: { secondaryManagers: `${a.email}, nobody.at.all@example.test` },
	});
	expect(bad.error?.message).toBe('No Engagedly user has the email address "nobody.at.all@example.test" (Secondary Managers)');
	expect(writes(sim)).toEqual([]);
});

describe('department and business members', () => {
	test('Create takes addresses and ids, in a list', async () => {
		const [a, b] = ordinaryUsers(sim);
		const { items, error } = await run({ resource: 'department', operation: 'create', name: 'People Ops', members: [a.email, b.id] });
		expect(error).toBeUndefined();
		expect(writes(sim).map((entry) => entry.body)).toEqual([{ name: 'People Ops', members: [a.id, b.id] }]);
		expect([...sim.store.departments.get(String(items[0].json.id))!.members.keys()]).toEqual([a.id, b.id]);
	});

	test('Add Members takes people by email, by ID and from the list, an expression entry giving several; Remove Members an address', async () => {
		const business = [...sim.store.businesses.values()][0];
		const outsiders = ordinaryUsers(sim).filter((u) => !business.members.has(u.id));
		const [x, y, z, w] = outsiders;
		const before = [...business.members.keys()];
		const added = await run({
			resource: 'business',
			operation: 'addMembers',
			businessId: byId(business.id),
			members: {
				user: [
					{ user: { __rl: true, mode: 'email', value: x.email } },
					{ user: { __rl: true, mode: 'email', value: `={{ ['${y.email}', '${z.email}'] }}` } },
					{ user: fromList(w.id) },
				],
			},
		});
		expect(added.error).toBeUndefined();
		expect(lookups()).toEqual([x.email, y.email, z.email]);
		expect((writes(sim)[0].body as IDataObject).members).toEqual([...before, x.id, y.id, z.id, w.id]);
		expect([...business.members.keys()]).toEqual([...before, x.id, y.id, z.id, w.id]);

		const removed = await run({ resource: 'business', operation: 'removeMembers', businessId: byId(business.id), members: pickedUsers(x.email) });
		expect(removed.error).toBeUndefined();
		expect([...business.members.keys()]).toEqual([...before, y.id, z.id, w.id]);
	});

	test('Update takes the members as records mapped from a Get (their ids)', async () => {
		const [source, target] = [...sim.store.departments.values()];
		const got = await run({ resource: 'department', operation: 'get', departmentId: byId(source.id) });
		const members = got.items[0].json.members as IDataObject[];
		expect(members.length).toBeGreaterThan(0);
		const { error } = await run({
			resource: 'department',
			operation: 'update',
			departmentId: byId(target.id),
			updateFields: { members: `={{ ${JSON.stringify(members)} }}` },
		});
		expect(error).toBeUndefined();
		expect([...target.members.keys()]).toEqual(members.map((m) => m.id));
	});
});

test('learning-resource Authors take an address', async () => {
	const resource = [...sim.store.learningResources.values()].find((r) => r.author_id !== null)!;
	const author = sim.store.getUser(resource.author_id!);
	const { items, error } = await run({ resource: 'learningResource', operation: 'getAll', returnAll: true, filters: { authors: author.email } });
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.id)).toContain(resource.id);
	expect(requestsTo(sim, 'GET /beta/learning/resources').map((entry) => entry.query['authors[]'])).toEqual([author.id]);
});
