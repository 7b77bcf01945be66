/**
 * The multi-user fields (HR Managers, Secondary Managers, department and business Members, the
 * users of Add Members and Remove Members, learning-resource Authors) are pickers: each entry from
 * the list, by email or by ID, an expression in one giving several (a comma-separated text or a
 * list mixing ids, addresses and records). Addresses are looked up once each (GET /users?email=)
 * before the write, which carries ids only. What goes wrong names the field and how to give a
 * person: a name typed as an ID before any request, an ID Engagedly does not know in its answer.
 */
import type { IDataObject } from 'n8n-workflow';

import { PERSON_FIX } from '../../nodes/Engagedly/descriptions/common';
import { byId, fromList, listedUsers, pickedUsers, runEngagedly } from '../helpers/engine';
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
			hrManagers: listedUsers(hr1.email, hr2.email, hr1.email.toUpperCase()),
			// An expression in one entry may give several, as a comma-separated text.
			secondaryManagers: [{ __rl: true, mode: 'id', value: `={{ '${secondary.id}, ${manager.email}' }}` }],
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

test('entries left empty in the editor are no entries: the people given are written, a list of only empty entries is not given', async () => {
	const [user, a, b] = ordinaryUsers(sim);
	sim.store.updateUser(user.id, { secondary_manager_ids: [b.id] });
	// As the editor saves a picker whose Add button was clicked and left empty.
	const empty = fromList('');
	const { error } = await run({
		resource: 'user',
		operation: 'update',
		userId: byId(user.id),
		updateFields: { hrManagers: [empty, ...listedUsers(a.email), byId(' ')], secondaryManagers: [empty] },
	});
	expect(error).toBeUndefined();
	expect(writes(sim).at(-1)?.body).toEqual({ hr_managers: [a.id] });
	expect(sim.store.getUser(user.id)).toMatchObject({ hr_manager_ids: [a.id], secondary_manager_ids: [b.id] });
});

test('an unknown address stops the item naming it and the field, and how to fix it, with nothing written', async () => {
	const [user, a] = ordinaryUsers(sim);
	const bad = await run({
		resource: 'user',
		operation: 'update',
		userId: byId(user.id),
		updateFields: { secondaryManagers: listedUsers(a.email, 'nobody.at.all@example.test') },
	});
	expect(bad.error?.message).toBe('No Engagedly user has the email address "nobody.at.all@example.test" (Secondary Managers)');
	expect(bad.error?.description).toBe('Check the address, or pick the user from the list or by ID. Nothing was sent.');
	expect(writes(sim)).toEqual([]);
});

test('a name typed where an ID goes is refused before any request, naming the field and how to give a person', async () => {
	const [user] = ordinaryUsers(sim);
	sim.clearLog();
	const { error } = await run({ resource: 'user', operation: 'update', userId: byId(user.id), updateFields: { hrManagers: listedUsers('Priya Nguyen') } });
	expect(error?.message).toBe('HR Managers: "Priya Nguyen" is neither an email address nor a user ID');
	expect(error?.description).toBe(PERSON_FIX);
	expect(sim.log).toEqual([]);
});

test.each([
	['User → Create', 'HR Managers under Additional Fields', 'hr_managers'],
	['User → Update', 'Secondary Managers under Update Fields', 'secondary_managers'],
	['Department → Create', 'Members', 'members'],
	['Business → Update', 'Members under Update Fields', 'members'],
	['Department → Add Members', 'Users to Add', 'members'],
])('%s: an ID Engagedly does not know comes back under the field’s name, with how to give a person', async (operation, label, wire) => {
	const [user] = ordinaryUsers(sim);
	const unit = [...sim.store.businesses.values()][0];
	const department = [...sim.store.departments.values()][0];
	const ghost = 'f00dfeed-0000-4000-8000-00000000dead';
	const custom = mapping(mandatoryValues(sim), (await mapperSchema(sim, 'create')).fields);
	const parameters: Record<string, IDataObject> = {
		'User → Create': {
			resource: 'user',
			operation: 'create',
			email: freshEmail('ghost'),
			firstName: 'Gus',
			lastName: 'Host',
			additionalFields: { hrManagers: listedUsers(ghost) },
			customAttributes: custom,
		},
		'User → Update': { resource: 'user', operation: 'update', userId: byId(user.id), updateFields: { secondaryManagers: listedUsers(ghost) } },
		'Department → Create': { resource: 'department', operation: 'create', name: 'Ghosts', members: pickedUsers(ghost) },
		'Business → Update': { resource: 'business', operation: 'update', businessId: byId(unit.id), updateFields: { members: listedUsers(ghost) } },
		'Department → Add Members': { resource: 'department', operation: 'addMembers', departmentId: byId(department.id), members: pickedUsers(ghost) },
	};
	const { error } = await run(parameters[operation]);
	// Engagedly's words, whatever they are, come after the field's name; the wire name is not shown.
	expect(error?.message).toMatch(new RegExp(`^Engagedly answered 422: .*${label}: `));
	expect(error?.message).not.toMatch(new RegExp(`\\b${wire}:`));
	expect(error?.description).toContain(`${label}: ${PERSON_FIX}`);
});

describe('department and business members', () => {
	test('Create takes addresses and ids, in a list', async () => {
		const [a, b] = ordinaryUsers(sim);
		const { items, error } = await run({ resource: 'department', operation: 'create', name: 'People Ops', members: pickedUsers(a.email, b.id) });
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
			updateFields: { members: [{ __rl: true, mode: 'id', value: `={{ ${JSON.stringify(members)} }}` }] },
		});
		expect(error).toBeUndefined();
		expect([...target.members.keys()]).toEqual(members.map((m) => m.id));
	});
});

test('learning-resource Authors take an address', async () => {
	const resource = [...sim.store.learningResources.values()].find((r) => r.author_id !== null)!;
	const author = sim.store.getUser(resource.author_id!);
	const { items, error } = await run({ resource: 'learningResource', operation: 'getAll', returnAll: true, filters: { authors: listedUsers(author.email) } });
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.id)).toContain(resource.id);
	expect(requestsTo(sim, 'GET /beta/learning/resources').map((entry) => entry.query['authors[]'])).toEqual([author.id]);
});

test('a refusal in another shape the contract allows (texts naming no field) still says how to give a person, for the people fields the write sent', async () => {
	const [user] = ordinaryUsers(sim);
	const ghost = 'f00dfeed-0000-4000-8000-00000000dead';
	// The contract promises {field, message, code} for most errors only: this 422 is a list of texts.
	sim.faults.add({
		kind: 'body',
		status: 422,
		match: { method: 'PATCH', path: `/beta/users/${user.id}` },
		body: JSON.stringify({ error_type: 'validation_error', errors: [`User ${ghost} does not exist`] }),
	});
	const { error } = await run({
		resource: 'user',
		operation: 'update',
		userId: byId(user.id),
		updateFields: { secondaryManagers: listedUsers(ghost), level: 'L3' },
	});
	expect(error?.message).toBe(`Engagedly answered 422: validation_error: User ${ghost} does not exist`);
	expect(error?.description).toContain(`Secondary Managers under Update Fields: ${PERSON_FIX}`);
	// Only the fields the write sent: HR Managers, a people field too, was not among them.
	expect(error?.description).not.toContain('HR Managers under Update Fields');
});
