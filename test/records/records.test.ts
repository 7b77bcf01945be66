/**
 * Departments, businesses, locations and job titles through n8n's engine against the simulator.
 * Two implementations (units with members; records with a list of text fields), four kinds: what
 * they share is one table over the four, proving each is wired to its own endpoints; what each
 * implementation adds has its own block, run for both of its kinds.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, fromList, listSearch, listedUsers, pickedUsers, runEngagedly } from '../helpers/engine';
import { schemasFor } from '../schemas/vendor';
import { useSimulator } from '../helpers/simulator';

// A high limit: these tests are about records, not pacing. Each describe block resets where its
// tests need a fresh organisation.
const sim = useSimulator({ seed: 7, users: 120, rateLimit: 100_000 }, { reset: 'never' });

type SchemaName = keyof ReturnType<typeof schemasFor>;
type Stored = { id: string | number; name: string } & Record<string, unknown>;

interface Kind {
	resource: 'department' | 'business' | 'location' | 'jobTitle';
	noun: string;
	path: string;
	locator: string;
	search: string;
	/** The record's schemas in the simulator's profile: as listed, and alone. */
	listSchema: SchemaName;
	schema: SchemaName;
	/** The store's records in id order. */
	all: () => Stored[];
	get: (id: string) => Stored | undefined;
	/** A record made in the store as if in Engagedly's web app, every field set. */
	make: (name: string) => Stored;
	/** An id no record has. */
	unknownId: string;
}

const unitKind = (resource: 'department' | 'business', path: string): Kind => ({
	resource,
	noun: resource,
	path,
	locator: `${resource}Id`,
	search: resource === 'department' ? 'searchDepartments' : 'searchBusinesses',
	listSchema: 'OrgUnitListItemSchema',
	schema: resource === 'department' ? 'DepartmentSchema' : 'BusinessSchema',
	all: () => [...sim.store.units(resource).values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
	get: (id) => sim.store.units(resource).get(id),
	make: (name) => sim.store.createUnit(resource, { name, members: userIds().slice(0, 3) }),
	unknownId: '00000000-0000-4000-8000-000000000000',
});

/** Editor name → API name of each field besides `name`. */
const LOCATION_FIELDS = {
	addressLine1: 'address_line1',
	addressLine2: 'address_line2',
	city: 'city',
	state: 'state',
	country: 'country',
	postalCode: 'postal_code',
};
const JOB_TITLE_FIELDS = { description: 'description', responsibilities: 'responsibilities' };

const recordKind = (resource: 'location' | 'jobTitle', fields: Record<string, string>): Kind => {
	const table = () => (resource === 'location' ? sim.store.locations : sim.store.jobTitles) as unknown as Map<number, Stored>;
	return {
		resource,
		noun: resource === 'location' ? 'location' : 'job title',
		path: resource === 'location' ? '/beta/locations' : '/beta/job_titles',
		locator: `${resource}Id`,
		search: resource === 'location' ? 'searchLocations' : 'searchJobTitles',
		listSchema: resource === 'location' ? 'LocationSchema' : 'JobTitleSchema',
		schema: resource === 'location' ? 'LocationSchema' : 'JobTitleSchema',
		all: () => [...table().values()].sort((a, b) => Number(a.id) - Number(b.id)),
		get: (id) => table().get(Number(id)),
		make: (name) =>
			sim.store.writeNumbered(resource === 'location' ? 'locations' : 'job_titles', {
				name,
				...Object.fromEntries(Object.values(fields).map((wire) => [wire, `${wire} of ${name}`])),
			}) as unknown as Stored,
		unknownId: '999999',
	};
};

const DEPARTMENT = unitKind('department', '/beta/departments');
const BUSINESS = unitKind('business', '/beta/businesses');
const LOCATION = recordKind('location', LOCATION_FIELDS);
const JOB_TITLE = recordKind('jobTitle', JOB_TITLE_FIELDS);

const userIds = () => [...sim.store.users.keys()];
/** A stored record as plain data (a unit's members as [id, member] pairs). */
const copy = (record: Stored) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v instanceof Map ? [...v] : v]));
const routes = () => sim.log.map((entry) => entry.route);
const parse = (schema: SchemaName, value: unknown) => schemasFor(sim.profile)[schema].parse(value) as IDataObject;
const runOn = (resource: string) => (parameters: IDataObject) =>
	runEngagedly({ parameters: { resource, ...parameters }, credentials: sim.credentials() });

describe.each([DEPARTMENT, BUSINESS, LOCATION, JOB_TITLE])('$resource', (kind) => {
	const { path, locator, search } = kind;
	const run = runOn(kind.resource);

	describe('reads', () => {
		beforeAll(() => {
			sim.reset();
			// More than one full page of the largest size.
			for (let i = 1; i <= 60; i++) kind.make(`Extra ${kind.resource} ${String(i).padStart(2, '0')}`);
		});
		beforeEach(() => sim.clearLog());

		it('getAll with a limit below one page returns exactly that many, ids as strings, asking for no more', async () => {
			const result = await run({ operation: 'getAll', returnAll: false, limit: 7 });
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(7);
			for (const item of result.items) {
				parse(kind.listSchema, item.json);
				expect(typeof item.json.id).toBe('string');
			}
			expect(sim.log).toHaveLength(1);
			expect(sim.log[0].query).toMatchObject({ page: '1', size: '7' });
		});

		it('getAll with returnAll pages through every record', async () => {
			expect(kind.all().length).toBeGreaterThan(50);
			const result = await run({ operation: 'getAll', returnAll: true });
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.id)).toEqual(kind.all().map((r) => String(r.id)));
			expect(sim.log.filter((entry) => entry.route === `GET ${path}`).length).toBeGreaterThanOrEqual(2);
		});

		it('its list search returns records and filters them by name', async () => {
			const all = await listSearch(search, sim.credentials());
			const choices = kind.all().map((r) => ({ name: r.name, value: String(r.id) }));
			expect(all.results).toEqual(choices.slice(0, 50));
			expect(all.paginationToken).toBe('2');
			const next = await listSearch(search, sim.credentials(), undefined, all.paginationToken);
			expect(next.results).toEqual(choices.slice(50));

			const filtered = [
				...(await listSearch(search, sim.credentials(), `${kind.resource} 59`)).results,
				...(await listSearch(search, sim.credentials(), `${kind.resource} 59`, '2')).results,
			];
			expect(filtered).toEqual(choices.filter((c) => c.name === `Extra ${kind.resource} 59`));
			expect(filtered).toHaveLength(1);
		});
	});

	describe('writes', () => {
		beforeEach(() => sim.reset());

		it.each([
			['create', { name: '   ' }],
			['update', { updateFields: { name: ' ' } }],
		])('%s refuses an empty name before any request', async (operation, parameters) => {
			const record = kind.make('Named');
			sim.clearLog();
			const result = await run({ operation, [locator]: byId(record.id), ...parameters });
			expect(result.error?.message).toBe(`The ${kind.noun} name is empty`);
			expect(sim.log).toHaveLength(0);
			expect(kind.get(String(record.id))?.name).toBe('Named');
		});

		it('update with nothing set fails before any request, saying what to add, and changes nothing', async () => {
			const record = kind.make('Untouched');
			const before = copy(kind.get(String(record.id))!);
			sim.clearLog();
			const result = await run({ operation: 'update', [locator]: byId(record.id), updateFields: {} });
			expect(result.error?.message).toBe('Nothing to update');
			expect(result.error?.description).toMatch(new RegExp(` under Update Fields; the ${kind.noun} is left as it is otherwise\\.$`));
			expect(sim.log).toHaveLength(0);
			expect(copy(kind.get(String(record.id))!)).toEqual(before);
		});

		// Continue On Fail turning such a 404 into an item is test/user/items.test.ts's first test.
		it('delete returns { deleted, id }; a get afterwards fails with a clear 404', async () => {
			const record = kind.make('Doomed');
			const id = String(record.id);
			const result = await run({ operation: 'delete', [locator]: byId(id) });
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
			expect(kind.get(id)).toBeUndefined();

			const again = await run({ operation: 'get', [locator]: byId(id) });
			expect(again.error?.httpCode).toBe('404');
			expect(again.error?.message).toMatch(/404/);
			expect(again.error?.message).toContain(id);
			expect(again.error?.description).toMatch(/not found/i);
		});

		it('update of a record that does not exist fails with 404 and writes nothing', async () => {
			sim.clearLog();
			const result = await run({ operation: 'update', [locator]: byId(kind.unknownId), updateFields: { name: 'Ghost' } });
			expect(result.error?.httpCode).toBe('404');
			expect(routes()).toEqual([`GET ${path}/:id`]);
		});
	});
});

describe.each([DEPARTMENT, BUSINESS])('$resource members', (kind) => {
	const resource = kind.resource as 'department' | 'business';
	const { path, locator } = kind;
	const run = runOn(resource);
	const units = () => sim.store.units(resource);
	const memberIds = (id: string) => [...units().get(id)!.members.keys()];
	/** A user as Add / Remove Members name them in their output. */
	const person = (id: string) => {
		const user = sim.store.users.get(id)!;
		return { id, name: `${user.first_name} ${user.last_name}`, email: user.email };
	};
	/** A unit with `count` members. */
	const bigUnit = (name: string, count: number) => sim.store.createUnit(resource, { name, members: userIds().slice(0, count) });

	beforeEach(() => sim.reset());

	it('get returns the unit with its members', async () => {
		const unit = [...units().values()].find((u) => u.members.size > 0)!;
		const result = await run({ operation: 'get', [locator]: byId(unit.id) });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const json = parse(kind.schema, result.items[0].json);
		expect(json.id).toBe(unit.id);
		expect(json.name).toBe(unit.name);
		expect((json.members as IDataObject[]).map((m) => m.id)).toEqual([...unit.members.keys()]);
	});

	it('create makes the unit with the chosen members and returns it as the API does', async () => {
		const members = userIds().slice(3, 6);
		const result = await run({ operation: 'create', name: 'Onboarding Crew', members: pickedUsers(...members) });
		expect(result.error).toBeUndefined();
		const json = parse(kind.schema, result.items[0].json);
		expect(json.name).toBe('Onboarding Crew');
		expect((json.members as IDataObject[]).map((m) => m.id)).toEqual(members);
		expect(units().get(String(json.id))?.name).toBe('Onboarding Crew');
		expect(memberIds(String(json.id))).toEqual(members);
		expect(routes()).toEqual([`POST ${path}`]);
	});

	it('create accepts member ids from an expression as a comma-separated string', async () => {
		const [a, b] = userIds().slice(10, 12);
		const result = await run({ operation: 'create', name: 'From Expression', members: pickedUsers(`={{ ' ${a}, ${b},' }}`) });
		expect(result.error).toBeUndefined();
		expect(memberIds(String(result.items[0].json.id))).toEqual([a, b]);
	});

	it('update of the name alone keeps all members (even more than 50)', async () => {
		const unit = bigUnit('Big One', 70);
		const before = memberIds(unit.id);
		sim.clearLog();
		const result = await run({ operation: 'update', [locator]: byId(unit.id), updateFields: { name: 'Renamed' } });
		expect(result.error).toBeUndefined();
		const json = parse(kind.schema, result.items[0].json);
		expect(json.name).toBe('Renamed');
		expect(json.members).toHaveLength(70);
		expect(units().get(unit.id)?.name).toBe('Renamed');
		expect(memberIds(unit.id)).toEqual(before);
		expect(routes()).toEqual([`GET ${path}/:id`, `PUT ${path}/:id`]);
	});

	it('update of the members alone keeps the name', async () => {
		const unit = bigUnit('Keep My Name', 5);
		const members = userIds().slice(40, 43);
		const result = await run({ operation: 'update', [locator]: byId(unit.id), updateFields: { members: listedUsers(...members) } });
		expect(result.error).toBeUndefined();
		expect(units().get(unit.id)?.name).toBe('Keep My Name');
		expect(memberIds(unit.id)).toEqual(members);
	});

	it('update with both name and members sends them without reading first', async () => {
		const unit = bigUnit('Both', 5);
		const members = userIds().slice(50, 52);
		sim.clearLog();
		const result = await run({
			operation: 'update',
			[locator]: byId(unit.id),
			updateFields: { name: 'Both Changed', members: listedUsers(...members) },
		});
		expect(result.error).toBeUndefined();
		expect(units().get(unit.id)?.name).toBe('Both Changed');
		expect(memberIds(unit.id)).toEqual(members);
		expect(routes()).toEqual([`PUT ${path}/:id`]);
	});

	it('update with Members added but left empty empties the unit, as its description says', async () => {
		const unit = bigUnit('To Empty', 4);
		// As the editor saves Members added to Update Fields: its first entry, blank.
		const result = await run({ operation: 'update', [locator]: byId(unit.id), updateFields: { members: [fromList('')] } });
		expect(result.error).toBeUndefined();
		expect(units().get(unit.id)?.members.size).toBe(0);
		expect(units().get(unit.id)?.name).toBe('To Empty');
	});

	it('addMembers adds to a unit of more than 50 members, keeps everyone, skips who is already in', async () => {
		const unit = bigUnit('Crowd', 60);
		const before = memberIds(unit.id);
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
		expect(parse(kind.schema, unitNow).members).toHaveLength(61);
		expect(memberIds(unit.id)).toEqual([...before, newcomer]);
		expect(units().get(unit.id)?.name).toBe('Crowd');
	});

	it('addMembers of someone already in writes nothing and returns the unit', async () => {
		const unit = bigUnit('Already', 55);
		const before = memberIds(unit.id);
		sim.clearLog();
		const result = await run({ operation: 'addMembers', [locator]: byId(unit.id), members: pickedUsers(before[0]) });
		expect(result.error).toBeUndefined();
		const { added, alreadyMembers, ...unitNow } = result.items[0].json;
		expect({ added, alreadyMembers }).toEqual({ added: [], alreadyMembers: [person(before[0])] });
		expect(parse(kind.schema, unitNow).members).toHaveLength(55);
		expect(routes()).toEqual([`GET ${path}/:id`]);
		expect(memberIds(unit.id)).toEqual(before);
	});

	it('removeMembers takes some out of a unit of more than 50 members, ignoring who is absent (named from their user record when given by address)', async () => {
		const unit = bigUnit('Shrinking', 65);
		const before = memberIds(unit.id);
		const [outsider, byAddress] = userIds().filter((id) => !before.includes(id));
		const result = await run({
			operation: 'removeMembers',
			[locator]: byId(unit.id),
			members: pickedUsers(before[0], before[64], outsider, sim.store.users.get(byAddress)!.email),
		});
		expect(result.error).toBeUndefined();
		const { removed, notMembers, ...unitNow } = result.items[0].json;
		expect(Object.keys(result.items[0].json).slice(0, 2)).toEqual(['removed', 'notMembers']);
		expect(removed).toEqual([person(before[0]), person(before[64])]);
		// Known only by id: the id alone. Looked up by address: its user record names them.
		expect(notMembers).toEqual([{ id: outsider }, person(byAddress)]);
		expect(parse(kind.schema, unitNow).members).toHaveLength(63);
		expect(memberIds(unit.id)).toEqual(before.slice(1, 64));
		expect(units().get(unit.id)?.name).toBe('Shrinking');
	});

	it('a member list whose expression yields nobody, or a non-address By Email, fails before any request, naming the field', async () => {
		const unit = bigUnit('Nobody', 2);
		sim.clearLog();
		// The editor already refuses an empty pick; an expression can still come out empty.
		const nobody = { user: [{ user: { __rl: true, mode: 'id', value: '={{ [] }}' } }] };
		for (const [operation, noun, label] of [['addMembers', 'add', 'Users to Add'], ['removeMembers', 'remove', 'Users to Remove']]) {
			const { error } = await run({ operation, [locator]: byId(unit.id), members: nobody });
			expect([error?.message, error?.description]).toEqual([`No users to ${noun}`, `Pick at least one user under ${label}.`]);
		}
		// An entry's expression may give a list: each piece is read in the entry's mode, not as an id.
		const listed = { user: [{ user: { __rl: true, mode: 'email', value: '={{ ["not-an-address"] }}' } }] };
		const refusals = await Promise.all(
			[
				{ operation: 'addMembers', [locator]: byId(unit.id), members: listed },
				{ operation: 'removeMembers', [locator]: byId(unit.id), members: listed },
				{ operation: 'create', name: 'Never', members: listed },
				{ operation: 'update', [locator]: byId(unit.id), updateFields: { members: listed.user.map((entry) => entry.user) } },
			].map(async (parameters) => (await run(parameters)).error?.message),
		);
		expect(refusals).toEqual(['Users to Add', 'Users to Remove', 'Members', 'Members'].map((label) => `${label}: "not-an-address" is not an email address`));
		expect(sim.log).toHaveLength(0);
	});
});

describe.each([
	{ kind: LOCATION, fields: LOCATION_FIELDS as Record<string, string>, lone: 'postalCode' },
	{ kind: JOB_TITLE, fields: JOB_TITLE_FIELDS as Record<string, string>, lone: 'responsibilities' },
])('$kind.resource fields', ({ kind, fields, lone }) => {
	const { resource, path, locator } = kind;
	const run = runOn(resource);
	const stored = (id: string | number) => ({ ...kind.get(String(id))! });

	beforeEach(() => sim.reset());

	it('get returns every field, the id as a string although the API sends a number', async () => {
		const record = kind.make('Every Field');
		const result = await run({ operation: 'get', [locator]: byId(record.id) });
		expect(result.error).toBeUndefined();
		const json = parse(kind.schema, result.items[0].json);
		expect(json.id).toBe(String(record.id));
		expect(json.name).toBe(record.name);
		for (const wire of Object.values(fields)) expect(json[wire]).toBe(record[wire]);
		// The simulator sends numbers in single responses: the node is what made it a string.
		expect(typeof record.id).toBe('number');
	});

	it('create sends every field and returns the record with a string id', async () => {
		const additionalFields = Object.fromEntries(Object.keys(fields).map((name) => [name, `new ${name}`]));
		const result = await run({ operation: 'create', name: 'Fresh', additionalFields });
		expect(result.error).toBeUndefined();
		const json = parse(kind.schema, result.items[0].json);
		expect(typeof json.id).toBe('string');
		const record = stored(String(json.id));
		expect(record.name).toBe('Fresh');
		for (const [name, wire] of Object.entries(fields)) {
			expect(record[wire]).toBe(`new ${name}`);
			expect(json[wire]).toBe(`new ${name}`);
		}
		expect(routes()).toEqual([`POST ${path}`]);
	});

	it('create with the name only (a field added and left blank) sends the name alone and leaves the other fields blank', async () => {
		sim.clearLog();
		const result = await run({ operation: 'create', name: 'Bare', additionalFields: { [lone]: '  ' } });
		expect(result.error).toBeUndefined();
		expect(sim.log.map((entry) => entry.body)).toEqual([{ name: 'Bare' }]);
		const record = stored(String(result.items[0].json.id));
		expect(record.name).toBe('Bare');
		for (const wire of Object.values(fields)) expect(record[wire]).toBeNull();
	});

	// A cleared field is blank in the answer, `null` or `""` by the profile: the store says which it is.
	it.each([
		['one field alone', () => ({ [lone]: 'Changed' }), () => ({ [fields[lone]]: 'Changed' }), true],
		['the name alone', () => ({ name: 'New Name' }), () => ({ name: 'New Name' }), true],
		['a field added and left empty (cleared)', () => ({ [lone]: '' }), () => ({ [fields[lone]]: null }), false],
	] as Array<[string, () => IDataObject, () => IDataObject, boolean]>)(
		'update of %s keeps every other field',
		async (_name, updateFields, changed, answered) => {
			const record = kind.make('Whole');
			const before = stored(record.id);
			sim.clearLog();
			const result = await run({ operation: 'update', [locator]: byId(record.id), updateFields: updateFields() });
			expect(result.error).toBeUndefined();
			expect(stored(record.id)).toEqual({ ...before, ...changed() });
			expect(result.items[0].json).toMatchObject({ id: String(record.id), name: 'Whole', ...(answered ? changed() : {}) });
			expect(routes()).toEqual([`GET ${path}/:id`, `PUT ${path}/:id`]);
		},
	);

	it('each item of a run is handled on its own, ids from expressions included', async () => {
		const a = kind.make('First');
		const b = kind.make('Second');
		const result = await runEngagedly({
			parameters: { resource, operation: 'get', [locator]: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			credentials: sim.credentials(),
			input: [{ json: { id: a.id } }, { json: { id: String(b.id) } }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.name, item.pairedItem])).toEqual([
			['First', { item: 0 }],
			['Second', { item: 1 }],
		]);
	});
});
