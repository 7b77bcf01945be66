/**
 * The dropdowns and the user search the User operations use, called as the editor calls them,
 * compared with what the simulator holds; and a wrong key pair in a dropdown.
 */
import type { INodeType } from 'n8n-workflow';

import { listSearch, loadOptions, loadPackage, NODE_TYPE, resourceMapping } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';

// More users than one page (50), so the list search pages.
const sim = useSimulator({ seed: 61, users: 70 }, { reset: 'never' });

const sortedNames = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));

test.each([
	['getLocations', () => [...sim.store.locations.values()]],
	['getJobTitles', () => [...sim.store.jobTitles.values()]],
	['getDepartments', () => [...sim.store.departments.values()]],
	['getBusinesses', () => [...sim.store.businesses.values()]],
	['getPermissions', () => sim.store.permissions],
] as const)('%s lists every record by name, with its id as a string', async (method, records) => {
	const options = await loadOptions(method, sim.credentials());
	const expected = records().map((r) => ({ name: r.name, value: String(r.id) }));
	expect(options.map((o) => ({ name: o.name, value: o.value }))).toEqual(
		sortedNames(expected.map((e) => e.name)).map((name) => expected.find((e) => e.name === name)),
	);
});

/** An option as the editor shows it: a description only where there is something to say. */
const option = (name: string, value: string, description?: string) => ({ name, value, ...(description ? { description } : {}) });

test.each([
	// A location is told apart by where it is; one without a city or country (Remote) by its name alone.
	['getLocations', () => [...sim.store.locations.values()].map((l) => option(l.name, String(l.id), [l.city, l.country].filter(Boolean).join(', ')))],
	// Active courses and playlists by title, with their kind and short code; archived ones are not offered.
	[
		'getLearningResources',
		() => [...sim.store.learningResources.values()].filter((r) => !r.archived).map((r) => option(r.title, String(r.id), `${r.type} · ${r.short_code}`)),
	],
] as const)('%s offers every record once, by name, with its description, in name order', async (method, expected) => {
	const wanted = expected();
	// The seed's Remote office has neither city nor country.
	if (method === 'getLocations') expect(wanted.filter((o) => !('description' in o))).not.toEqual([]);
	expect(await loadOptions(method, sim.credentials())).toEqual([...wanted].sort((a, b) => a.name.localeCompare(b.name)));
});

test('getBlockReasonCodes offers "No Block Reason" first, then each code not archived, in Engagedly’s order, by its display text and description', async () => {
	const usable = sim.store.blockReasonCodes.filter((c) => !c.archived);
	expect(usable.length).toBeLessThan(sim.store.blockReasonCodes.length);
	expect(await loadOptions('getBlockReasonCodes', sim.credentials())).toEqual([
		option('No Block Reason', '', 'Deactivate without a block reason code'),
		...usable.map((c) => option(c.display_text, c.code, c.description)),
	]);
});

test.each([
	['getTitles', 'title'],
	['getGenders', 'gender'],
	['getEmployeeTypes', 'employee_type'],
])('%s lists the options of the %s attribute', async (method, key) => {
	const options = await loadOptions(method, sim.credentials());
	expect(options.map((o) => o.value)).toEqual(sim.store.attribute(key)!.attribute_options!.map((o) => o.value));
	expect(options.length).toBeGreaterThan(1);
});

test('getPermissions says Site Administrator cannot be given through the API', async () => {
	const options = await loadOptions('getPermissions', sim.credentials());
	const admin = sim.store.adminPermission()!;
	expect(options.find((o) => o.value === String(admin.id))?.description).toContain('cannot be given or removed');
});

test('no dropdown reads the whole directory: getUsers, which did, is no longer registered and no field asks for it (user fields search instead)', async () => {
	const { nodeTypes } = await loadPackage();
	const node = nodeTypes.getByNameAndVersion(NODE_TYPE, 1) as INodeType;
	expect(Object.keys(node.methods?.loadOptions ?? {})).not.toContain('getUsers');
	await expect(loadOptions('getUsers', sim.credentials())).rejects.toThrow('No loadOptions method getUsers');
	// Nor does any field ask for it, however deep in a collection.
	const walk = (properties: unknown[]): string[] =>
		properties.flatMap((property) => {
			const p = property as { name?: string; typeOptions?: { loadOptionsMethod?: string }; options?: unknown[]; values?: unknown[] };
			const own = p.typeOptions?.loadOptionsMethod === 'getUsers' ? [String(p.name)] : [];
			return [...own, ...walk(Array.isArray(p.options) ? p.options : []), ...walk(Array.isArray(p.values) ? p.values : [])];
		});
	expect(node.description.properties.length).toBeGreaterThan(50);
	expect(walk(node.description.properties)).toEqual([]);
});

describe('searchUsers (the user picker)', () => {
	test('a name on page 1: that page alone, then scrolling on reads the last page once and offers nothing more', async () => {
		const { first_name, last_name } = sim.store.sortedUsers()[10];
		sim.clearLog();
		const first = await listSearch('searchUsers', sim.credentials(), `${first_name} ${last_name}`);
		expect(requestsTo(sim, 'GET /beta/users').map((entry) => entry.query.page)).toEqual(['1']);
		expect(first.paginationToken).toBeDefined();
		sim.clearLog();
		const rest = await listSearch('searchUsers', sim.credentials(), `${first_name} ${last_name}`, first.paginationToken);
		expect(requestsTo(sim, 'GET /beta/users').map((entry) => entry.query.page)).toEqual(['2']);
		expect(rest.paginationToken).toBeUndefined();
	});

	test('a name on page 2 (typed in capitals, with spaces around) of a directory of two pages: both pages read once, every user whose name or address holds it, and nothing more to scroll', async () => {
		const { first_name, last_name } = sim.store.sortedUsers()[60];
		const text = `${first_name} ${last_name}`.toLowerCase();
		const expected = sim.store.sortedUsers().filter((u) => `${u.first_name} ${u.last_name} ${u.email}`.toLowerCase().includes(text));
		sim.clearLog();
		const found = await listSearch('searchUsers', sim.credentials(), `  ${text.toUpperCase()} `);
		expect(found.paginationToken).toBeUndefined();
		expect(found.results.map((r) => r.value)).toEqual(expected.map((u) => u.id));
		expect(requestsTo(sim, 'GET /beta/users').map((entry) => entry.query.page).sort()).toEqual(['1', '2']);
	});

	test('without a filter it pages through every user', async () => {
		const first = await listSearch('searchUsers', sim.credentials());
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('2');
		const second = await listSearch('searchUsers', sim.credentials(), undefined, first.paginationToken);
		expect(second.paginationToken).toBeUndefined();
		expect([...first.results, ...second.results].map((r) => r.value)).toEqual(sim.store.sortedUsers().map((u) => u.id));
	});
});

describe('a listed record without an id (an answer the contract does not allow) fails the list, naming it, instead of offering "undefined" as a choice', () => {
	afterEach(() => sim.faults.clear());
	const idLess = (path: string, page?: string) =>
		sim.faults.add({
			kind: 'rewrite',
			match: { path, ...(page && { query: { page } }) },
			rewrite: (body) => ({ ...(body as object), data: (body as { data: Array<Record<string, unknown>> }).data.map((record, i) => (i === 3 ? { ...record, id: null } : record)) }),
		});

	test.each([
		['scrolling the user picker', undefined],
		['a name typed into the user picker', 'a'],
	])('%s', async (_title, filter) => {
		idLess('/beta/users', '1');
		await expect(listSearch('searchUsers', sim.credentials(), filter)).rejects.toThrow('Engagedly listed a record of /users without an id');
	});

	test('the department search', async () => {
		idLess('/beta/departments');
		await expect(listSearch('searchDepartments', sim.credentials())).rejects.toMatchObject({
			message: 'Engagedly listed a record of /departments without an id',
			description: 'A record without an id cannot be picked, so the list is not shown. Try again; if it persists, check the records in Engagedly, or give the ID by expression.',
		});
	});
});

test('a department search matches the text in any case, spaces around it ignored, and offers each match by name with its id; no text offers every department', async () => {
	const departments = [...sim.store.departments.values()];
	const word = departments[0].name.split(' ')[0];
	const matching = departments.filter((d) => d.name.toLowerCase().includes(word.toLowerCase()));
	expect(matching.length).toBeLessThan(departments.length);

	const found = await listSearch('searchDepartments', sim.credentials(), `  ${word.toUpperCase()} `);
	expect(found).toEqual({ results: matching.map((d) => ({ name: d.name, value: String(d.id) })), paginationToken: undefined });
	expect((await listSearch('searchDepartments', sim.credentials())).results).toHaveLength(departments.length);
});

test('getWatchableUserFields: only the fields the list carries, by name, then each custom attribute by name with its kind, from one user read and the definitions', async () => {
	sim.clearLog();
	const options = await loadOptions('getWatchableUserFields', sim.credentials());

	expect(requestsTo(sim, 'GET /beta/users').map((entry) => entry.query)).toEqual([{ page: '1', size: '1' }]);
	const custom = sim.store
		.customAttributes()
		.map((a) => ({ name: a.name, value: a.attribute_key, description: `Custom attribute (${a.data_type})` }))
		.sort((a, b) => a.name.localeCompare(b.name));
	expect(options.slice(-custom.length)).toEqual(custom);
	const system = options.slice(0, -custom.length).map((o) => o.name);
	expect(system).toEqual(sortedNames(system));
	expect(system).toContain('Status');
	// Fields the contract's list leaves to single-user answers would never fire: offered only where the list carries them.
	for (const field of ['birthdate', 'employee_type', 'gender', 'title']) {
		if (sim.profile === 'contract') expect(options.map((o) => o.value)).not.toContain(field);
		else expect(options.map((o) => o.value)).toContain(field);
	}
});

describe('a wrong key pair', () => {
	const wrong = () => ({ clientKey: 'not-the-client-key', secretKey: 'not-the-secret-key', baseUrl: sim.baseUrl });

	test.each(['getLocations', 'getBlockReasonCodes', 'getWatchableUserFields'])('in the %s dropdown says the keys were rejected', async (method) => {
		const failure = (await loadOptions(method, wrong()).then(
			() => undefined,
			(error: unknown) => error,
		)) as { message: string; description?: string } | undefined;
		expect(failure).toBeDefined();
		expect(failure!.message).toContain('401');
		expect(failure!.description).toContain('Client Key / Secret Key pair was rejected');
		expect(`${failure!.message} ${failure!.description}`).not.toContain('not-the-secret-key');
	});

	test('in the user picker too', async () => {
		await expect(listSearch('searchUsers', wrong(), 'a')).rejects.toThrow('401');
	});

	test('the custom attribute mapper says why where its attributes would be, and how to bring them back', async () => {
		const mapper = await resourceMapping('getCustomAttributes', wrong(), { resource: 'user', operation: 'create' });
		expect(mapper.fields).toEqual([]);
		expect(mapper.emptyFieldsNotice).toMatch(/^Custom attributes could not be loaded: .*401.*Client Key \/ Secret Key pair was rejected/s);
		expect(mapper.emptyFieldsNotice).toContain('close this node and open it again');
		expect(mapper.emptyFieldsNotice).not.toContain('not-the-secret-key');
	});

	test('the custom attribute mapper keeps the attributes the node holds when it cannot read them, so a failed refresh drops no value', async () => {
		const held = (await resourceMapping('getCustomAttributes', sim.credentials(), { resource: 'user', operation: 'create' })).fields;
		expect(held.length).toBeGreaterThan(0);
		const customAttributes = { mappingMode: 'defineBelow', value: { [held[0].id]: 'kept' }, schema: held };
		const mapper = await resourceMapping('getCustomAttributes', wrong(), { resource: 'user', operation: 'create', customAttributes });
		expect(mapper.fields).toEqual(held);
	});
});
