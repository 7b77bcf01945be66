/**
 * Create or Update through n8n's engine against the simulator: the user is matched by email
 * (GET /users?email=, whatever the case); missing, it is created; present, only the fields that
 * differ go out in a PATCH, and nothing at all when nothing differs. What was sent, what the
 * organisation holds afterwards and the `outcome` / `changes` of each item are asserted.
 */
import type { IDataObject } from 'n8n-workflow';

import { MANAGER_FIX } from '../../nodes/Engagedly/descriptions/common';
import { byId, listedUsers, runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { UserRecord } from '../simulator';
import { attributeOfType, freshEmail, jsonOf, mandatoryValues, mapping, ordinaryUsers, routes, snapshot, writes } from './helpers';

const sim = useSimulator({ seed: 13, users: 40 });

const byEmail = (value: string) => ({ __rl: true, mode: 'email', value });

const run = async (parameters: IDataObject, input?: Array<{ json: IDataObject }>) =>
	await runEngagedly({
		parameters: { resource: 'user', operation: 'createOrUpdate', ...parameters },
		credentials: sim.credentials(),
		input,
	});

/** A new hire as an HR system would describe them: job title, location, manager by email, departments, a number attribute. */
function newHire(email: string): IDataObject {
	const [jobTitle] = [...sim.store.jobTitles.values()];
	const [location] = [...sim.store.locations.values()];
	const departments = [...sim.store.departments.values()].slice(0, 2);
	const [manager] = ordinaryUsers(sim);
	const number = attributeOfType(sim, 'number');
	return {
		email,
		firstName: 'Ines',
		lastName: 'Okafor',
		additionalFields: {
			jobTitle: String(jobTitle.id),
			location: String(location.id),
			manager: byEmail(manager.email),
			departments: departments.map((d) => d.id),
			joiningDate: '2026-03-02T00:00:00',
		},
		customAttributes: mapping({ ...mandatoryValues(sim), [number.attribute_key]: 4 }),
	};
}

test('the same item twice: created, then unchanged with nothing written', async () => {
	const email = freshEmail('twice');
	const parameters = newHire(email);
	const before = sim.store.users.size;

	const first = await run(parameters);
	expect(first.error).toBeUndefined();
	expect(first.items).toHaveLength(1);
	expect(first.items[0].json).toMatchObject({ email, first_name: 'Ines', status: 'Active', outcome: 'created' });
	expect(first.items[0].json.changes).toEqual({});
	expect(writes(sim).map((entry) => entry.route)).toEqual(['POST /beta/users']);
	expect(sim.store.users.size).toBe(before + 1);
	const created = sim.store.userByEmail(email)!;
	expect(created.id).toBe(first.items[0].json.id);

	sim.clearLog();
	const second = await run(parameters);
	expect(second.error).toBeUndefined();
	expect(second.items[0].json).toMatchObject({ id: created.id, email, outcome: 'unchanged' });
	expect(writes(sim)).toEqual([]);
	// The manager's address and the user's own: one look-up each, then the attribute definitions.
	expect(requestsTo(sim, 'GET /beta/users').map((entry) => entry.query.email).sort()).toEqual(
		[ordinaryUsers(sim)[0].email, email].sort(),
	);
	// The departments: the contract's list does not carry them, so one single-user read compares
	// them; the vendor's list does.
	expect(requestsTo(sim, 'GET /beta/users/:id')).toHaveLength(sim.profile === 'contract' ? 1 : 0);
	expect(routes(sim)).toHaveLength(sim.profile === 'contract' ? 4 : 3);
	expect(sim.store.users.size).toBe(before + 1);

	// Another manager by email is a change, named from the user read before and the write's answer.
	const [manager, other] = [created.manager_id!, ordinaryUsers(sim)[3].id].map((id) => snapshot(sim.store.getUser(id)));
	sim.clearLog();
	const moved = await run({ ...parameters, additionalFields: { ...(parameters.additionalFields as IDataObject), manager: byEmail(other.email) } });
	expect(writes(sim).map((entry) => entry.body)).toEqual([{ manager_id: other.id }]);
	const named = (user: UserRecord) => ({ id: user.id, name: `${user.first_name} ${user.last_name}`, email: user.email });
	expect(moved.items[0].json).toMatchObject({ outcome: 'updated', changes: { manager_id: { from: named(manager), to: named(other) } } });
	expect(sim.store.getUser(created.id).manager_id).toBe(other.id);
});

test('the same item twice in one run: created, then unchanged (the run remembers the user it created)', async () => {
	const email = freshEmail('one-run');
	const parameters = { ...newHire(email), email: '={{ $json.email }}' };
	const { items, error } = await run(parameters, [{ json: { email } }, { json: { email: email.toUpperCase() } }]);
	expect(error).toBeUndefined();
	expect(jsonOf(items).map((json) => json.outcome)).toEqual(['created', 'unchanged']);
	expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	expect(items[1].json.id).toBe(items[0].json.id);
	expect(writes(sim).map((entry) => entry.route)).toEqual(['POST /beta/users']);
	expect(requestsTo(sim, 'GET /beta/users').map((entry) => entry.query.email)).toHaveLength(2);
});

test('present: only the fields that differ are sent, with their previous values in changes', async () => {
	const email = freshEmail('changes');
	await run(newHire(email));
	const user = sim.store.userByEmail(email)!;
	const stored = snapshot(user);
	const otherTitle = [...sim.store.jobTitles.values()].find((t) => t.id !== stored.job_title_id)!;
	const number = attributeOfType(sim, 'number');
	const parameters = newHire(email.toUpperCase());
	const fields = parameters.additionalFields as IDataObject;
	// Differs: the job title, the last name and the number. The same, in other forms: the
	// departments in the other order, the manager by id instead of email, the number as text.
	fields.jobTitle = String(otherTitle.id);
	fields.departments = [...(fields.departments as string[])].reverse();
	fields.manager = { __rl: true, mode: 'id', value: stored.manager_id };
	parameters.lastName = 'Okafor-Reyes';
	parameters.customAttributes = mapping({ ...mandatoryValues(sim), [number.attribute_key]: '5' });
	sim.clearLog();

	const { items, error } = await run(parameters);
	expect(error).toBeUndefined();
	expect(writes(sim)).toHaveLength(1);
	expect(writes(sim)[0].route).toBe('PATCH /beta/users/:id');
	expect(writes(sim)[0].path).toBe(`/beta/users/${user.id}`);
	expect(writes(sim)[0].body).toEqual({ job_title: String(otherTitle.id), last_name: 'Okafor-Reyes', [number.attribute_key]: 5 });
	expect(items[0].json).toMatchObject({
		id: user.id,
		email,
		outcome: 'updated',
		changes: {
			// Named from the user read before and the write's answer after: no read of the job titles.
			job_title: {
				from: { id: String(stored.job_title_id), name: sim.store.jobTitles.get(stored.job_title_id!)!.name },
				to: { id: String(otherTitle.id), name: otherTitle.name },
			},
			last_name: { from: 'Okafor', to: 'Okafor-Reyes' },
			[number.attribute_key]: { from: 4, to: 5 },
		},
	});
	expect(Object.keys(items[0].json.changes as IDataObject)).toHaveLength(3);
	expect(requestsTo(sim, 'GET /beta/job_titles')).toEqual([]);
	expect(sim.store.getUser(user.id)).toMatchObject({
		...stored,
		job_title_id: otherTitle.id,
		last_name: 'Okafor-Reyes',
		custom: { ...stored.custom, [number.attribute_key]: 5 },
	});
});

test('HR managers are not in the user list: comparing them reads the user once, and the same set is no change', async () => {
	const email = freshEmail('hr');
	const [, hr1, hr2] = ordinaryUsers(sim);
	const parameters = newHire(email);
	(parameters.additionalFields as IDataObject).hrManagers = listedUsers(hr1.email, hr2.email);
	await run(parameters);
	const user = sim.store.userByEmail(email)!;
	expect(user.hr_manager_ids).toEqual([hr1.id, hr2.id]);

	(parameters.additionalFields as IDataObject).hrManagers = listedUsers(hr2.id, hr1.email);
	sim.clearLog();
	const again = await run(parameters);
	expect(again.error).toBeUndefined();
	expect(again.items[0].json.outcome).toBe('unchanged');
	expect(requestsTo(sim, 'GET /beta/users/:id').map((entry) => [entry.path, entry.query.include])).toEqual([
		[`/beta/users/${user.id}`, 'primary_reporter,hr_managers,secondary_managers'],
	]);
	expect(writes(sim)).toEqual([]);

	// A change names the managers the read for comparing them showed, and one given by address
	// from the look-up of it; one given by ID that this run read nowhere keeps its id with a blank
	// name, since finding it would cost a read per item.
	const [hr3, hr4] = ordinaryUsers(sim).slice(3, 5);
	(parameters.additionalFields as IDataObject).hrManagers = listedUsers(hr2.email, hr3.id, hr4.email);
	sim.clearLog();
	const changed = await run(parameters);
	expect(changed.error).toBeUndefined();
	const named = (people: Array<{ id: string; first_name: string; last_name: string; email: string } | { id: string }>) =>
		people
			.map((p) => ('email' in p ? { id: p.id, name: `${p.first_name} ${p.last_name}`, email: p.email } : { id: p.id, name: null, email: null }))
			.sort((a, b) => (a.id < b.id ? -1 : 1));
	expect(changed.items[0].json.changes).toEqual({ hr_managers: { from: named([hr1, hr2]), to: named([hr2, { id: hr3.id }, hr4]) } });
	expect(requestsTo(sim, 'GET /beta/users/:id')).toHaveLength(1);
	expect(sim.store.getUser(user.id).hr_manager_ids.sort()).toEqual([hr2.id, hr3.id, hr4.id].sort());
});

test("Title, which the contract's user never shows: one single-user read finds that out for the whole run; every item writes it, said uncompared", async () => {
	const titles = sim.store.attributes.find((a) => a.attribute_key === 'title')!.attribute_options!.map((o) => o.value);
	const people = ordinaryUsers(sim).slice(6, 8);
	const titleBefore = people.map((user) => user.title);
	const mandatory = Object.keys(mandatoryValues(sim));
	// Each employee's own values of the mandatory attributes, so Title is all an item may change.
	const input = people.map((user, i) => ({
		json: { email: user.email, first: user.first_name, last: user.last_name, title: titles[i % titles.length], ...Object.fromEntries(mandatory.map((key) => [key, user.custom[key]])) },
	}));
	const { items, error } = await run(
		{
			email: '={{ $json.email }}',
			firstName: '={{ $json.first }}',
			lastName: '={{ $json.last }}',
			additionalFields: { title: '={{ $json.title }}' },
			customAttributes: mapping(Object.fromEntries(mandatory.map((key) => [key, `={{ $json["${key}"] }}`]))),
		},
		input,
	);
	expect(error).toBeUndefined();
	if (sim.profile === 'contract') {
		expect(items.map((item) => [item.json.outcome, item.json.changes, item.json.notCompared])).toEqual([
			['rewritten', {}, ['title']],
			['rewritten', {}, ['title']],
		]);
		expect(requestsTo(sim, 'GET /beta/users/:id')).toHaveLength(1);
		expect(writes(sim).map((entry) => entry.body)).toEqual(input.map(({ json }) => ({ title: json.title })));
	} else {
		// The vendor's user shows Title: compared, and only a real change written.
		const changed = people.filter((_user, i) => titleBefore[i] !== input[i].json.title);
		expect(items.map((item) => item.json.outcome)).toEqual(people.map((user) => (changed.includes(user) ? 'updated' : 'unchanged')));
		expect(requestsTo(sim, 'GET /beta/users/:id')).toEqual([]);
		expect(writes(sim).map((entry) => entry.path)).toEqual(changed.map((user) => `/beta/users/${user.id}`));
	}
});

test('Simplify: the ten fields, the manager and departments by name, with the outcome', async () => {
	const email = freshEmail('simple');
	const { items, error } = await run({ ...newHire(email), simplify: true });
	expect(error).toBeUndefined();
	const user = sim.store.userByEmail(email)!;
	const manager = sim.store.getUser(user.manager_id!);
	const departments = [...sim.store.departments.values()].slice(0, 2);
	expect(items[0].json).toEqual({
		id: user.id,
		name: 'Ines Okafor',
		email,
		status: 'Active',
		job_title: sim.store.jobTitles.get(user.job_title_id!)!.name,
		location: sim.store.locations.get(user.location_id!)!.name,
		manager: { name: `${manager.first_name} ${manager.last_name}`, email: manager.email },
		departments: expect.arrayContaining(departments.map((d) => d.name)) as unknown,
		employee_id: null,
		joining_date: '2026-03-02',
		outcome: 'created',
		changes: {},
	});
	expect(Object.keys(items[0].json).slice(0, 2)).toEqual(['outcome', 'changes']);
});

test('a bad value is refused before the look-up: nothing is read or written', async () => {
	const { error } = await run({ ...newHire(freshEmail('bad')), additionalFields: { joiningDate: 'soon' } });
	expect(error?.message).toBe('Joining Date "soon" is not a date');
	expect(sim.log).toEqual([]);
});

/**
 * Managers Given By Employee ID: an HR system names a manager by its own key (BambooHR's
 * `supervisorId`, an employee number), which is the Employee ID Engagedly holds for them. The API
 * has no filter on it, so the directory is read once for the execution, by the first item that
 * needs it, in pages of 50; an organisation of more than two pages shows it is read whole and not
 * per item.
 */
describe('Managers Given By Employee ID', () => {
	const org = useSimulator({ seed: 21, users: 120 });

	/** Items as an HR system hands them over, mapped by expression as a builder would. */
	const byEmployeeId = {
		email: '={{ $json.email }}',
		firstName: '={{ $json.first }}',
		lastName: '={{ $json.last }}',
		additionalFields: {
			employeeId: '={{ $json.employeeNumber }}',
			manager: { __rl: true, mode: 'id', value: '={{ $json.supervisorId }}' },
			hrManagers: [{ __rl: true, mode: 'id', value: '={{ $json.hrIds }}' }],
		},
		options: { managersGivenBy: 'employeeId' },
	};
	const hire = (first: string, employeeNumber: string, supervisorId: string, hrIds: string[]): { json: IDataObject } => ({
		json: { email: freshEmail(first.toLowerCase()), first, last: 'Okafor', employeeNumber, supervisorId, hrIds },
	});
	const runItems = async (input: Array<{ json: IDataObject }>, continueOnFail = false) =>
		await runEngagedly({
			parameters: { resource: 'user', operation: 'createOrUpdate', ...byEmployeeId, customAttributes: mapping(mandatoryValues(org)) },
			credentials: org.credentials(),
			input,
			continueOnFail,
		});
	/** The directory's pages: the user list read without the email filter. */
	const directoryPages = () => requestsTo(org, 'GET /beta/users').filter((entry) => entry.query.email === undefined);
	const withEmployeeIds = () => ordinaryUsers(org).filter((user) => user.employee_id);

	test('Manager and HR Managers by Employee ID: the directory read once for the execution, a user the run created found too', async () => {
		const [a, b, c] = withEmployeeIds();
		const size = org.store.users.size;
		expect(size).toBeGreaterThan(100);
		const lead = hire('Lead', 'HB 0100', ` ${a.employee_id!} `, [b.employee_id!, c.email]);
		// Reports to the lead, whom the first item creates after the directory was read.
		const report = hire('Report', 'HB 0101', 'HB 0100', [b.employee_id!]);

		const { items, error } = await runItems([lead, report]);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.outcome)).toEqual(['created', 'created']);
		const [leadUser, reportUser] = [lead, report].map(({ json }) => org.store.userByEmail(String(json.email))!);
		expect([leadUser.manager_id, leadUser.hr_manager_ids]).toEqual([a.id, [b.id, c.id]]);
		expect([reportUser.manager_id, reportUser.hr_manager_ids]).toEqual([leadUser.id, [b.id]]);
		expect(writes(org).map((entry) => [entry.route, (entry.body as IDataObject).manager_id, (entry.body as IDataObject).hr_managers])).toEqual([
			['POST /beta/users', a.id, [b.id, c.id]],
			['POST /beta/users', leadUser.id, [b.id]],
		]);
		// ceil(N/50) pages once, not per item; addresses (the items' own and C's) by the email filter.
		expect(directoryPages().map((entry) => entry.query.page)).toEqual(
			Array.from({ length: Math.ceil(size / 50) }, (_, i) => String(i + 1)),
		);
		expect(requestsTo(org, 'GET /beta/users').filter((entry) => entry.query.email !== undefined)).toHaveLength(3);
	});

	test('a change names the people from the directory the run read for their Employee IDs, at no request more', async () => {
		const [a, b, c] = withEmployeeIds();
		const item = hire('Moved', 'HB 0300', a.employee_id!, [b.employee_id!]);
		await runItems([item]);
		org.clearLog();
		const { items, error } = await runItems([{ json: { ...item.json, hrIds: [c.employee_id!] } }]);
		expect(error).toBeUndefined();
		const named = (user: UserRecord) => ({ id: user.id, name: `${user.first_name} ${user.last_name}`, email: user.email });
		expect(items[0].json).toMatchObject({ outcome: 'updated', changes: { hr_managers: { from: [named(b)], to: [named(c)] } } });
		expect(writes(org).map((entry) => entry.body)).toEqual([{ hr_managers: [c.id] }]);
		// The directory, the item's address, and the single user whose HR managers are compared.
		expect(routes(org).filter((route) => route.startsWith('GET /beta/users'))).toHaveLength(Math.ceil(org.store.users.size / 50) + 2);
	});

	test('an Employee ID nobody holds fails its item, naming the field and how to map it, with nothing written for it; Continue On Fail writes the others', async () => {
		const [a, b] = withEmployeeIds();
		const input = [hire('First', 'HB 0200', a.employee_id!, []), hire('Ghost', 'HB 0201', 'NOPE-1', [b.employee_id!]), hire('Third', 'HB 0202', a.employee_id!, [b.employee_id!])];

		const stopped = await runItems(input);
		expect(stopped.error?.message).toBe('No Engagedly user has the Employee ID "NOPE-1" (Manager)');
		expect(stopped.error?.description).toContain("map the manager's Employee ID as Engagedly holds it, or their email address");
		expect(stopped.error?.context?.itemIndex).toBe(1);
		expect(org.store.userByEmail(String(input[1].json.email))).toBeUndefined();

		// The items before it were written; none after.
		expect(writes(org).map((entry) => (entry.body as IDataObject).email)).toEqual([input[0].json.email]);

		// Again with Continue On Fail (the last two under new addresses): only the ghost's item fails.
		org.clearLog();
		const again = input.map(({ json }, i) => ({ json: { ...json, email: i === 0 ? json.email : freshEmail('again') } }));
		const { items, error } = await runItems(again, true);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.outcome ?? item.json.error)).toEqual(['unchanged', 'No Engagedly user has the Employee ID "NOPE-1" (Manager)', 'created']);
		expect(writes(org).map((entry) => [(entry.body as IDataObject).email, (entry.body as IDataObject).manager_id, (entry.body as IDataObject).hr_managers])).toEqual([
			[again[2].json.email, a.id, [b.id]],
		]);
		expect(org.store.userByEmail(String(again[1].json.email))).toBeUndefined();
		expect(directoryPages()).toHaveLength(Math.ceil(org.store.users.size / 50));
	});
});

test('Engagedly ID or Email (the default): an HR system’s id sent as an Engagedly id is refused by Engagedly, with advice naming Managers Given By', async () => {
	const { error } = await run({ ...newHire(freshEmail('hr-id')), additionalFields: { manager: byId('1042') } });
	expect(error?.message).toContain('User 1042 does not exist');
	expect(error?.description).toContain(`Manager under Additional Fields: ${MANAGER_FIX}`);
});
