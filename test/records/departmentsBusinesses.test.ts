/**
 * Departments and businesses through n8n's engine against the simulator. Both kinds run the same
 * suite: they share one implementation, and this proves each is wired to its own endpoints.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, listSearch, pickedUsers, runEngagedly } from '../helpers/engine';
import { schemasFor } from '../schemas/vendor';
import { useSimulator } from '../helpers/simulator';

type Kind = 'department' | 'business';

interface KindCase {
	kind: Kind;
	path: string;
	locator: string;
	search: string;
	/** The unit's schema in the simulator's profile. */
	schema: 'DepartmentSchema' | 'BusinessSchema';
}

const CASES: KindCase[] = [
	{
		kind: 'department',
		path: '/beta/departments',
		locator: 'departmentId',
		search: 'searchDepartments',
		schema: 'DepartmentSchema',
	},
	{
		kind: 'business',
		path: '/beta/businesses',
		locator: 'businessId',
		search: 'searchBusinesses',
		schema: 'BusinessSchema',
	},
];

// A high limit: these tests are about units, not pacing. Each describe block resets where its
// tests need a fresh organisation.

const sim = useSimulator({ seed: 7, users: 120, rateLimit: 100_000 }, { reset: 'never' });

const userIds = () => [...sim.store.users.keys()];
const memberIds = (kind: Kind, id: string) => [...sim.store.units(kind).get(id)!.members.keys()];
const routes = () => sim.log.map((entry) => entry.route);
/** A user as Add / Remove Members name them in their output. */
const person = (id: string) => {
	const user = sim.store.users.get(id)!;
	return { id, name: `${user.first_name} ${user.last_name}`, email: user.email };
};

/** A unit with `count` members, made in the store as if in Engagedly's web app. */
function bigUnit(kind: Kind, name: string, count: number) {
	const members = userIds().slice(0, count);
	return sim.store.createUnit(kind, { name, members });
}

describe.each(CASES)('$kind', ({ kind, path, locator, search, schema: schemaName }) => {
	const schema = {
		parse: (value: unknown) => schemasFor(sim.profile)[schemaName].parse(value) as { id: string; name: string; members: Array<{ id: string }> },
	};
	const listItem = () => schemasFor(sim.profile).OrgUnitListItemSchema;
	const run = (parameters: IDataObject, continueOnFail = false) =>
		runEngagedly({
			parameters: { resource: kind, ...parameters },
			credentials: sim.credentials(),
			continueOnFail,
		});

	describe('reads', () => {
		beforeAll(() => {
			sim.reset();
			// More than one full page of the largest size.
			for (let i = 1; i <= 60; i++)
				sim.store.createUnit(kind, { name: `Extra ${kind} ${String(i).padStart(2, '0')}` });
		});
		beforeEach(() => sim.clearLog());

		it('getAll with a limit below one page returns exactly that many, asking for no more', async () => {
			const result = await run({ operation: 'getAll', returnAll: false, limit: 7 });
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(7);
			for (const item of result.items) listItem().parse(item.json);
			expect(sim.log).toHaveLength(1);
			expect(sim.log[0].query).toMatchObject({ page: '1', size: '7' });
		});

		it('getAll with returnAll pages through every record', async () => {
			const total = sim.store.units(kind).size;
			expect(total).toBeGreaterThan(50);
			const result = await run({ operation: 'getAll', returnAll: true });
			expect(result.error).toBeUndefined();
			const ids = result.items.map((item) => item.json.id);
			expect(new Set(ids).size).toBe(total);
			expect(new Set(ids)).toEqual(new Set(sim.store.units(kind).keys()));
			expect(
				sim.log.filter((entry) => entry.route === `GET ${path}`).length,
			).toBeGreaterThanOrEqual(2);
		});

		it('get returns the unit with its members', async () => {
			const unit = [...sim.store.units(kind).values()].find((u) => u.members.size > 0)!;
			const result = await run({ operation: 'get', [locator]: byId(unit.id) });
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(1);
			const json = schema.parse(result.items[0].json);
			expect(json.id).toBe(unit.id);
			expect(json.name).toBe(unit.name);
			expect(json.members.map((m) => m.id)).toEqual([...unit.members.keys()]);
		});

		it(`list search ${search} returns units and filters them by name`, async () => {
			const all = await listSearch(search, sim.credentials());
			expect(all.results.length).toBeGreaterThan(0);
			const firstPage = [...sim.store.units(kind).values()]
				.sort((a, b) => (a.id < b.id ? -1 : 1))
				.slice(0, 50)
				.map((u) => ({ name: u.name, value: u.id }));
			expect(all.results).toEqual(firstPage);
			expect(all.paginationToken).toBe('2');
			const next = await listSearch(search, sim.credentials(), undefined, all.paginationToken);
			expect(next.results.length).toBe(sim.store.units(kind).size - 50);

			const target = [...sim.store.units(kind).values()].find(
				(u) => u.name === `Extra ${kind} 07`,
			)!;
			const filtered = [
				...(await listSearch(search, sim.credentials(), `${kind} 07`)).results,
				...(await listSearch(search, sim.credentials(), `${kind} 07`, '2')).results,
			];
			expect(filtered).toEqual([{ name: target.name, value: target.id }]);
		});
	});

	describe('writes', () => {
		beforeEach(() => sim.reset());

		it('create makes the unit with the chosen members and returns it as the API does', async () => {
			const members = userIds().slice(3, 6);
			const result = await run({ operation: 'create', name: 'Onboarding Crew', members });
			expect(result.error).toBeUndefined();
			const json = schema.parse(result.items[0].json);
			expect(json.name).toBe('Onboarding Crew');
			expect(json.members.map((m) => m.id)).toEqual(members);
			const stored = sim.store.units(kind).get(json.id);
			expect(stored?.name).toBe('Onboarding Crew');
			expect([...stored!.members.keys()]).toEqual(members);
			expect(routes()).toEqual([`POST ${path}`]);
		});

		it('create accepts member ids from an expression as a comma-separated string', async () => {
			const [a, b] = userIds().slice(10, 12);
			const result = await run({
				operation: 'create',
				name: 'From Expression',
				members: ` ${a}, ${b},`,
			});
			expect(result.error).toBeUndefined();
			expect(memberIds(kind, String(result.items[0].json.id))).toEqual([a, b]);
		});

		it('create refuses an empty name before any request', async () => {
			const result = await run({ operation: 'create', name: '   ' });
			expect(result.error?.message).toMatch(new RegExp(`${kind} name is empty`));
			expect(sim.log).toHaveLength(0);
		});

		it('update of the name alone keeps all members (even more than 50)', async () => {
			const unit = bigUnit(kind, 'Big One', 70);
			const before = memberIds(kind, unit.id);
			sim.clearLog();
			const result = await run({
				operation: 'update',
				[locator]: byId(unit.id),
				updateFields: { name: 'Renamed' },
			});
			expect(result.error).toBeUndefined();
			const json = schema.parse(result.items[0].json);
			expect(json.name).toBe('Renamed');
			expect(json.members).toHaveLength(70);
			expect(sim.store.units(kind).get(unit.id)?.name).toBe('Renamed');
			expect(memberIds(kind, unit.id)).toEqual(before);
			expect(routes()).toEqual([`GET ${path}/:id`, `PUT ${path}/:id`]);
		});

		it('update of the members alone keeps the name', async () => {
			const unit = bigUnit(kind, 'Keep My Name', 5);
			const members = userIds().slice(40, 43);
			const result = await run({
				operation: 'update',
				[locator]: byId(unit.id),
				updateFields: { members },
			});
			expect(result.error).toBeUndefined();
			expect(sim.store.units(kind).get(unit.id)?.name).toBe('Keep My Name');
			expect(memberIds(kind, unit.id)).toEqual(members);
		});

		it('update with both name and members sends them without reading first', async () => {
			const unit = bigUnit(kind, 'Both', 5);
			const members = userIds().slice(50, 52);
			sim.clearLog();
			const result = await run({
				operation: 'update',
				[locator]: byId(unit.id),
				updateFields: { name: 'Both Changed', members },
			});
			expect(result.error).toBeUndefined();
			expect(sim.store.units(kind).get(unit.id)?.name).toBe('Both Changed');
			expect(memberIds(kind, unit.id)).toEqual(members);
			expect(routes()).toEqual([`PUT ${path}/:id`]);
		});

		it('update with Members added but left empty empties the unit, as its description says', async () => {
			const unit = bigUnit(kind, 'To Empty', 4);
			const result = await run({
				operation: 'update',
				[locator]: byId(unit.id),
				updateFields: { members: [] },
			});
			expect(result.error).toBeUndefined();
			expect(sim.store.units(kind).get(unit.id)?.members.size).toBe(0);
			expect(sim.store.units(kind).get(unit.id)?.name).toBe('To Empty');
		});

		it('update with nothing set fails before any request and changes nothing', async () => {
			const unit = bigUnit(kind, 'Untouched', 3);
			sim.clearLog();
			const result = await run({ operation: 'update', [locator]: byId(unit.id), updateFields: {} });
			expect(result.error?.message).toBe('Nothing to update');
			expect(sim.log).toHaveLength(0);
			expect(memberIds(kind, unit.id)).toHaveLength(3);
		});

		it('addMembers adds to a unit of more than 50 members, keeps everyone, skips who is already in', async () => {
			const unit = bigUnit(kind, 'Crowd', 60);
			const before = memberIds(kind, unit.id);
			const newcomer = userIds().find((id) => !before.includes(id))!;
			const result = await run({
				operation: 'addMembers',
				[locator]: byId(unit.id),
				members: pickedUsers(before[59], newcomer),
			});
			expect(result.error).toBeUndefined();
			// The output says who was added and who was already there, then the unit as it is now.
			const { added, alreadyMembers, ...unitNow } = result.items[0].json;
			expect(Object.keys(result.items[0].json).slice(0, 2)).toEqual(['added', 'alreadyMembers']);
			expect(added).toEqual([person(newcomer)]);
			expect(alreadyMembers).toEqual([person(before[59])]);
			expect(schema.parse(unitNow).members).toHaveLength(61);
			expect(memberIds(kind, unit.id)).toEqual([...before, newcomer]);
			expect(sim.store.units(kind).get(unit.id)?.name).toBe('Crowd');
		});

		it('addMembers of someone already in writes nothing and returns the unit', async () => {
			const unit = bigUnit(kind, 'Already', 55);
			const before = memberIds(kind, unit.id);
			sim.clearLog();
			const result = await run({
				operation: 'addMembers',
				[locator]: byId(unit.id),
				members: pickedUsers(before[0]),
			});
			expect(result.error).toBeUndefined();
			const { added, alreadyMembers, ...unitNow } = result.items[0].json;
			expect({ added, alreadyMembers }).toEqual({ added: [], alreadyMembers: [person(before[0])] });
			expect(schema.parse(unitNow).members).toHaveLength(55);
			expect(routes()).toEqual([`GET ${path}/:id`]);
			expect(memberIds(kind, unit.id)).toEqual(before);
		});

		it('removeMembers takes some out of a unit of more than 50 members, ignoring who is absent', async () => {
			const unit = bigUnit(kind, 'Shrinking', 65);
			const before = memberIds(kind, unit.id);
			const outsider = userIds().find((id) => !before.includes(id))!;
			const result = await run({
				operation: 'removeMembers',
				[locator]: byId(unit.id),
				members: pickedUsers(before[0], before[64], outsider),
			});
			expect(result.error).toBeUndefined();
			const { removed, notMembers, ...unitNow } = result.items[0].json;
			expect(Object.keys(result.items[0].json).slice(0, 2)).toEqual(['removed', 'notMembers']);
			expect(removed).toEqual([person(before[0]), person(before[64])]);
			expect(notMembers).toEqual([{ id: outsider }]);
			expect(schema.parse(unitNow).members).toHaveLength(63);
			expect(memberIds(kind, unit.id)).toEqual(before.slice(1, 64));
			expect(sim.store.units(kind).get(unit.id)?.name).toBe('Shrinking');
		});

		it('addMembers whose expression yields nobody fails before any request', async () => {
			const unit = bigUnit(kind, 'Nobody', 2);
			sim.clearLog();
			// The editor already refuses an empty pick; an expression can still come out empty.
			const result = await run({
				operation: 'addMembers',
				[locator]: byId(unit.id),
				members: '={{ [] }}',
			});
			expect(result.error?.message).toBe('No users to add');
			expect(sim.log).toHaveLength(0);
		});

		it('delete returns { deleted, id }; a get afterwards fails with a clear 404', async () => {
			const unit = bigUnit(kind, 'Doomed', 2);
			const result = await run({ operation: 'delete', [locator]: byId(unit.id) });
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json)).toEqual([{ deleted: true, id: unit.id }]);
			expect(sim.store.units(kind).has(unit.id)).toBe(false);

			const again = await run({ operation: 'get', [locator]: byId(unit.id) });
			expect(again.error?.httpCode).toBe('404');
			expect(again.error?.message).toMatch(/404/);
			expect(again.error?.message).toContain(unit.id);
			expect(again.error?.description).toMatch(/not found/i);

			const soft = await run({ operation: 'get', [locator]: byId(unit.id) }, true);
			expect(soft.items[0].json).toMatchObject({ httpCode: '404' });
		});

		it('update of a unit that does not exist fails with 404 and writes nothing', async () => {
			sim.clearLog();
			const result = await run({
				operation: 'update',
				[locator]: byId('00000000-0000-4000-8000-000000000000'),
				updateFields: { name: 'Ghost' },
			});
			expect(result.error?.httpCode).toBe('404');
			expect(routes()).toEqual([`GET ${path}/:id`]);
		});
	});
});
