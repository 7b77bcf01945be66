/**
 * Sync scheduled every night against the whole organisation, with nobody watching, through n8n's
 * engine: the simulated list carries only what the contract's list carries (no departments,
 * business units, birth date nor employee type; the vendor profile's has them), so unchanged must
 * mean unwritten at the least cost, a bad row must deactivate nobody, lookalikes and races must
 * end in one user, and a scheduled run reads a single user only where its saved digests say so.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { listedUsers } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { UserRecord } from '../simulator';
import { freshEmail, jsonOf, snapshot, writes } from './helpers';
import { everyFieldMapping, onFixedDays, outcomes, syncKit } from './syncKit';

const sim = useSimulator({ seed: 43, users: 120 });
const { costCenter, employee, activeUsers, run, scheduledSync } = syncKit(sim);

const unitNames = (kind: 'department' | 'business', user: UserRecord) =>
	sim.store
		.unitsOf(kind, user.id)
		.map(({ unit }) => unit.name)
		.sort();

/** An employee with every field an HR system keeps: job title, location, departments and businesses by name. */
function fullEmployee(user: UserRecord): IDataObject {
	return {
		...employee(user),
		jobTitle: user.job_title_id === null ? '' : sim.store.jobTitles.get(user.job_title_id)!.name,
		location: user.location_id === null ? '' : sim.store.locations.get(user.location_id)!.name,
		departments: unitNames('department', user),
		businesses: unitNames('business', user),
	};
}

const fullFields = { additionalFields: everyFieldMapping };

/** Users whose units' names are unique, so an HR system's names resolve to exactly one unit. */
function uniquelyNamed(users: UserRecord[]): UserRecord[] {
	const count = (kind: 'departments' | 'businesses', name: string) =>
		[...sim.store[kind].values()].filter((unit) => unit.name.toLowerCase() === name.toLowerCase()).length;
	return users.filter(
		(user) =>
			unitNames('department', user).every((name) => count('departments', name) === 1) &&
			unitNames('business', user).every((name) => count('businesses', name) === 1),
	);
}

describe('unchanged means unwritten', () => {
	test('every field an HR system gives, nothing changed: the first run and the second write nothing; memberships come from the units, birth dates from the single user, only where given', async () => {
		const users = uniquelyNamed(activeUsers());
		expect(users.some((user) => unitNames('department', user).length > 0)).toBe(true);
		const employees = users.map(fullEmployee);
		const withBirthDate = users.filter((user) => user.birth_date !== null).slice(0, 3);
		expect(withBirthDate).toHaveLength(3);
		for (const user of withBirthDate) employees[users.indexOf(user)].birthDate = user.birth_date;
		const before = JSON.stringify([...sim.store.users.values()]);

		for (const round of ['first', 'second']) {
			sim.clearLog();
			// Full Comparison This Run: every birth date given is compared now, not on its user's turn.
			const { items, error } = await run(employees, { ...fullFields, fullComparisonNow: true });
			expect({ round, error }).toEqual({ round, error: undefined });
			expect(new Set(outcomes(items))).toEqual(new Set(['unchanged']));
			expect(writes(sim)).toEqual([]);
			// The directory once, each list once; the contract's list says nothing of memberships nor
			// birth dates, so each unit's members are read once and the three users with a birth date
			// once each. The vendor's list carries both: nothing more.
			const contract = sim.profile === 'contract';
			expect(requestsTo(sim, 'GET /beta/users')).toHaveLength(Math.ceil(sim.store.users.size / 50));
			expect(requestsTo(sim, 'GET /beta/departments/:id')).toHaveLength(contract ? sim.store.departments.size : 0);
			expect(requestsTo(sim, 'GET /beta/businesses/:id')).toHaveLength(contract ? sim.store.businesses.size : 0);
			expect(requestsTo(sim, 'GET /beta/users/:id').map((entry) => entry.path).sort()).toEqual(
				contract ? withBirthDate.map((user) => `/beta/users/${user.id}`).sort() : [],
			);
			for (const list of ['GET /beta/job_titles', 'GET /beta/locations', 'GET /beta/departments', 'GET /beta/businesses']) {
				expect(requestsTo(sim, list)).toHaveLength(1);
			}
		}
		expect(JSON.stringify([...sim.store.users.values()])).toBe(before);
	});

	test('a department moved and a birth date corrected: exactly those two writes, with only those fields', async () => {
		const users = uniquelyNamed(activeUsers());
		const employees = users.map(fullEmployee);
		const [mover, born] = [users[5], users[9]];
		const target = [...sim.store.departments.values()].find(
			(unit) => !unitNames('department', mover).includes(unit.name) && [...sim.store.departments.values()].filter((u) => u.name === unit.name).length === 1,
		)!;
		employees[5] = { ...employees[5], departments: [target.name] };
		employees[9] = { ...employees[9], birthDate: '1991-07-04' };
		const movedFrom = sim.store
			.unitsOf('department', mover.id)
			.map(({ unit }) => ({ id: String(unit.id), name: unit.name }))
			.sort((a, b) => (a.id < b.id ? -1 : 1));
		const bornBefore = born.birth_date;

		// Full Comparison This Run: the birth date is compared now, not on its user's turn.
		const { items, error } = await run(employees, { ...fullFields, fullComparisonNow: true });
		expect(error).toBeUndefined();
		expect(writes(sim).map((entry) => [entry.path, entry.body])).toEqual([
			[`/beta/users/${mover.id}`, { departments: [target.id] }],
			[`/beta/users/${born.id}`, { birth_date: '1991-07-04' }],
		]);
		// The departments by name beside their ids: those left from the units' members (the
		// contract's list does not carry them), the new one from the write's answer.
		expect(items[5].json.changes).toEqual({ departments: { from: movedFrom, to: [{ id: String(target.id), name: target.name }] } });
		expect(items[9].json.changes).toEqual({ birth_date: { from: bornBefore, to: '1991-07-04' } });
		expect(outcomes(items).filter((outcome) => outcome !== 'unchanged')).toEqual(['updated', 'updated']);
		expect(sim.store.unitsOf('department', mover.id).map(({ unit }) => unit.id)).toEqual([target.id]);
		expect(sim.store.getUser(born.id).birth_date).toBe('1991-07-04');
	});
});

/** Title and phone number mapped as well: the phone numbers of digits only come back as numbers in the contract's list. */
const withTitleAndPhone = {
	additionalFields: { jobTitle: '={{ $json.jobTitle }}', manager: '={{ $json.managerEmail }}', title: '={{ $json.title }}', phoneNumber: '={{ $json.phone }}' },
};

test("fields Engagedly may never show: title, which the contract's User never shows: written each run for whoever has one, reported rewritten with the field it could not compare (one single-user read per run finds that out); where the answer shows it (the vendor's), compared, and only a real change written", async () => {
	const users = activeUsers().slice(0, 20);
	const titled = users.filter((user) => user.title !== null);
	expect(titled.length).toBeGreaterThan(3);
	expect(users.some((user) => user.phone_number !== null && /^\d+$/.test(user.phone_number))).toBe(true);
	const titles = sim.store.attributes.find((a) => a.attribute_key === 'title')!.attribute_options!.map((o) => o.value);
	const titleOf = new Map(users.map((user) => [user.id, user.title]));
	const retitled = titled[1];
	const oldTitle = retitled.title;
	const newTitle = titles.find((title) => title !== oldTitle)!;
	const employees = users.map((user) => ({
		...employee(user),
		title: user === retitled ? newTitle : (user.title ?? ''),
		phone: user.phone_number ?? '',
	}));
	const contract = sim.profile === 'contract';

	for (const round of ['first', 'second']) {
		sim.clearLog();
		const { items, error } = await run(employees, withTitleAndPhone);
		expect({ round, error }).toEqual({ round, error: undefined });
		const told = items.map((item) => [item.json.email, item.json.outcome, item.json.notCompared, item.json.changes]);
		const written = writes(sim).map((entry) => [entry.path, entry.body]);
		if (contract) {
			// Whether a title changed cannot be told: each is written, none reported a change.
			// Every item has notCompared once one has, so the Table view shows it beside the outcome.
			expect(told).toEqual(users.map((user) => [user.email, ...(user.title === null ? ['unchanged', []] : ['rewritten', ['title']]), {}]));
			expect(written).toEqual(titled.map((user) => [`/beta/users/${user.id}`, { title: user === retitled ? newTitle : titleOf.get(user.id) }]));
			expect(requestsTo(sim, 'GET /beta/users/:id')).toHaveLength(1);
		} else {
			const change = round === 'first' ? { title: { from: oldTitle, to: newTitle } } : {};
			expect(told).toEqual(users.map((user) => [user.email, user === retitled && round === 'first' ? 'updated' : 'unchanged', undefined, user === retitled ? change : {}]));
			expect(written).toEqual(round === 'first' ? [[`/beta/users/${retitled.id}`, { title: newTitle }]] : []);
			expect(requestsTo(sim, 'GET /beta/users/:id')).toEqual([]);
		}
	}
	expect(sim.store.getUser(retitled.id).title).toBe(newTitle);
	for (const user of users) expect(sim.store.getUser(user.id).phone_number).toBe(user.phone_number);

	// The tally and the Summary count the rewrites, so a nightly run says what it costs.
	const { items, error } = await run(employees, { ...withTitleAndPhone, output: 'summary' });
	expect(error).toBeUndefined();
	const { counts, emails } = items[0].json as { counts: IDataObject; emails: IDataObject };
	expect([counts.rewritten, counts.unchanged, counts.updated]).toEqual(contract ? [titled.length, users.length - titled.length, 0] : [0, users.length, 0]);
	expect(emails.rewritten).toEqual(contract ? titled.map((user) => user.email) : []);
});

test('a unit whose answer has no members is not believed: the items giving departments fail, nothing is written for them', async () => {
	const users = uniquelyNamed(activeUsers()).slice(0, 3);
	const employees = users.map(fullEmployee);
	const target = [...sim.store.departments.values()].find((unit) => !unitNames('department', users[0]).includes(unit.name))!;
	employees[0] = { ...employees[0], departments: [String(target.id)] };
	sim.faults.add({
		kind: 'rewrite',
		times: Infinity,
		match: { method: 'GET', path: '/beta/departments/:id' },
		rewrite: (body) => {
			const answer = body as { data: Record<string, unknown> };
			const unit = { ...answer.data };
			delete unit.members;
			return { ...answer, data: unit };
		},
	});
	const { items } = await run(employees, fullFields, { continueOnFail: true });
	if (sim.profile === 'vendor') {
		// The vendor's list carries memberships: no unit is read, and the one change is written.
		expect(requestsTo(sim, 'GET /beta/departments/:id')).toEqual([]);
		expect(writes(sim).map((entry) => entry.body)).toEqual([{ departments: [String(target.id)] }]);
		return;
	}
	expect(writes(sim)).toEqual([]);
	// Every item that gives departments fails (a failed read is not kept, so each tries once);
	// one that gives none needs no membership and is compared as usual.
	expect(items.map((item) => item.json.error ?? item.json.outcome)).toEqual(
		employees.map((json) =>
			(json.departments as string[]).length
				? expect.stringMatching(/^Engagedly's answer for department .+ has no list of members$/)
				: 'unchanged',
		),
	);
	expect(sim.store.unitsOf('department', users[0].id).map(({ unit }) => unit.id)).not.toContain(target.id);
});

describe('a small organisation, Deactivate Missing Users at 100 %', () => {
	const small = useSimulator({ seed: 11, users: 40 });
	const kit = syncKit(small);
	const everyone = () => kit.activeUsers().map(kit.employee);
	const deactivateAll = { deactivateMissing: true, maxDeactivatePercent: 100 };

	test('at 100 % everyone else is deactivated but the Site Administrator; with one input item n8n pairs their items with it', async () => {
		const admin = small.store.getUser(small.store.adminId);
		const [kept, ...others] = small.store.sortedUsers().filter((u) => u.status === 'Active' && u.id !== admin.id);
		expect(admin.status).toBe('Active');
		expect(others.length).toBeGreaterThan(1);
		const candidates = small.store.sortedUsers().filter((u) => u.status === 'Active' && u.id !== kept.id);
		const { items, error } = await kit.run([kit.employee(kept)], { ...deactivateAll, additionalFields: {} });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.id, item.json.outcome])).toEqual([
			[kept.id, 'unchanged'],
			...candidates.map((u) => [u.id, u.id === admin.id ? 'kept' : 'deactivated']),
		]);
		expect(items.map((item) => item.pairedItem)).toEqual(items.map(() => ({ item: 0 })));
		expect(small.store.getUser(admin.id).status).toBe('Active');
		for (const user of others) expect(small.store.getUser(user.id).status).toBe('Blocked');
		expect(writes(small).map((entry) => entry.path)).toEqual(others.map((u) => `/beta/users/${u.id}/deactivate`));
	});

	test('two rows with a blank and a null address: those items fail, the rest are synced, nobody is deactivated, and the run ends in error saying so', async () => {
		const employees = everyone();
		const active = kit.activeUsers().length;
		employees[3] = { ...employees[3], email: '' };
		employees[17] = { ...employees[17], email: null };
		employees[20] = { ...employees[20], lastName: 'Still-Synced' };

		const { error } = await kit.run(employees, deactivateAll);
		expect(error?.message).toBe(
			`2 failed: 0 created, 1 updated, 0 rewritten, ${employees.length - 3} unchanged, 0 reactivated, 0 blocked, 0 held, 0 deactivated, 0 kept, 2 failed`,
		);
		expect(String((error as unknown as IDataObject).description)).toContain('item 3, item 17): Names nobody: its Email is empty');
		expect(writes(small).map((entry) => entry.route)).toEqual(['PATCH /beta/users/:id']);
		expect(kit.activeUsers()).toHaveLength(active);

		const continued = await kit.run(employees, deactivateAll, { continueOnFail: true });
		const failed = continued.items.filter((item) => item.json.error);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 3 }, { item: 17 }]);
		expect(failed[0].json.description).toMatch(/^2 input items named nobody \(items 3, 17\)\. So that nobody is deactivated for a row that lost its address, this run deactivated nobody\./);
		expect(kit.activeUsers()).toHaveLength(active);
	});

	test('an address that is no address, and an Email expression that fails: the same, nobody deactivated', async () => {
		// An expression that fails: item 2 has no contact, and the node it falls back to does not exist.
		const employees = everyone().map((json) => ({ ...json, contact: { email: json.email } }));
		const active = kit.activeUsers().length;
		employees[1] = { ...employees[1], contact: { email: 'not an address' } };
		delete (employees[2] as IDataObject).contact;

		const { items } = await kit.run(employees, { ...deactivateAll, email: '={{ $json.contact ? $json.contact.email : $("HR Export").item.json.email }}' }, { continueOnFail: true });
		const failed = items.filter((item) => item.json.error);
		expect(failed.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: 1 }, 'Names nobody: its Email "not an address" is not an email address'],
			[{ item: 2 }, expect.stringMatching(/^Names nobody: its Email expression failed/)],
		]);
		expect(writes(small)).toEqual([]);
		expect(kit.activeUsers()).toHaveLength(active);
	});

	test('the address lost in every item (a mapping typo): every item fails, nobody is deactivated, nothing is written', async () => {
		const active = kit.activeUsers().length;
		const { error } = await kit.run(everyone(), { ...deactivateAll, email: '={{ $json.mail }}' });
		expect(error?.message).toMatch(new RegExp(`^${active} failed: 0 created, 0 updated`));
		expect(writes(small)).toEqual([]);
		expect(kit.activeUsers()).toHaveLength(active);
	});
});

describe('identity: Match By Employee ID, and lookalikes held', () => {
	const byEmployeeId = {
		additionalFields: { jobTitle: '={{ $json.jobTitle }}', manager: '={{ $json.managerEmail }}', employeeId: '={{ $json.employeeId ?? "" }}' },
	};

	/** An active user other than the admin, with an employee ID, and their HR row under a new address. */
	function addressChange() {
		const user = snapshot(activeUsers().find((u) => u.employee_id && u.id !== sim.store.adminId)!);
		const employees = activeUsers().map(employee);
		const index = activeUsers().findIndex((u) => u.id === user.id);
		const newAddress = freshEmail('renamed');
		employees[index] = { ...employees[index], email: newAddress, employeeId: user.employee_id };
		return { user, employees, index, newAddress };
	}

	test('matched by employee ID first: an address change in the HR system updates the address; no second account, nobody deactivated', async () => {
		const { user, employees, index, newAddress } = addressChange();
		const size = sim.store.users.size;
		const { items, error } = await run(employees, { ...byEmployeeId, matchByEmployeeId: true, deactivateMissing: true });
		expect(error).toBeUndefined();
		expect(items[index].json).toMatchObject({ id: user.id, email: newAddress, outcome: 'updated', changes: { email: { from: user.email, to: newAddress } } });
		expect(writes(sim).map((entry) => [entry.route, entry.body])).toEqual([['PATCH /beta/users/:id', { email: newAddress }]]);
		expect(sim.store.users.size).toBe(size);
		expect(sim.store.getUser(user.id)).toMatchObject({ email: newAddress, status: 'Active' });
	});

	test.each([
		['a new address (the missing old one looks like the same person)', false, {}],
		['a new name and a new address but the same employee ID', true, byEmployeeId],
	])('matched by address only, %s: both are held and neither written', async (_case, renamed, fields) => {
		const { user, employees, index, newAddress } = addressChange();
		if (renamed) employees[index] = { ...employees[index], lastName: `${user.last_name}-Wed` };
		// Match By Employee ID off (it is on by default): the employee ID is then only a sign of a lookalike.
		const { items, error } = await run(employees, { ...fields, matchByEmployeeId: false, deactivateMissing: true });
		expect(error).toBeUndefined();
		expect(writes(sim)).toEqual([]);
		expect(items[index].json).toMatchObject({ email: newAddress, outcome: 'held', heldWith: { id: user.id, email: user.email } });
		expect(items.slice(employees.length).map((item) => [item.json.id, item.json.outcome, item.json.heldWith])).toEqual([
			[user.id, 'held', { item: index, email: newAddress }],
		]);
		expect(sim.store.getUser(user.id).status).toBe('Active');
		expect(sim.store.userByEmail(newAddress)).toBeUndefined();
	});

	test('by default, an address change follows the employee ID: the same user takes the new address', async () => {
		const { user, employees, index, newAddress } = addressChange();
		const { items, error } = await run(employees, { ...byEmployeeId, deactivateMissing: true });
		expect(error).toBeUndefined();
		expect(items[index].json).toMatchObject({ id: user.id, email: newAddress, outcome: 'updated' });
		expect(writes(sim).map((entry) => [entry.route, entry.path, entry.body])).toEqual([['PATCH /beta/users/:id', `/beta/users/${user.id}`, { email: newAddress }]]);
	});

	test('a manager whose address changes in the same run is found by the new address: their reports keep them, nothing else written', async () => {
		const users = activeUsers().filter((u) => u.id !== sim.store.adminId);
		const manager = users.find((u) => u.employee_id && users.some((r) => r.manager_id === u.id))!;
		const employees: IDataObject[] = activeUsers().map((u) => ({ ...employee(u), employeeId: u.employee_id ?? '' }));
		const newAddress = freshEmail('manager-renamed');
		const oldAddress = manager.email.toLowerCase();
		for (const row of employees) {
			if (row.email === manager.email) row.email = newAddress;
			if (String(row.managerEmail).toLowerCase() === oldAddress) row.managerEmail = newAddress;
		}
		const { items, error } = await run(employees, byEmployeeId);
		expect(error).toBeUndefined();
		expect(outcomes(items).filter((outcome) => outcome !== 'unchanged')).toEqual(['updated']);
		expect(writes(sim).map((entry) => [entry.path, entry.body])).toEqual([[`/beta/users/${manager.id}`, { email: newAddress }]]);
	});

	test('one user named by two items (a rehire’s new profile by address, the old profile by employee ID): both fail, naming the user; nobody created, deactivated or written', async () => {
		const users = activeUsers().filter((u) => u.id !== sim.store.adminId);
		const employees: IDataObject[] = users.map((u) => ({ ...employee(u), employeeId: u.employee_id ?? '' }));
		const person = users.find((u) => u.employee_id)!;
		const index = users.indexOf(person);
		const renamed = freshEmail('old-profile');
		// The old profile keeps the old ID under a renamed address and has left; the new one has the address and a new ID.
		employees[index] = { ...employees[index], employeeId: 'NEW-PROFILE-1' };
		employees.push({ ...employee(person), email: renamed, employeeId: person.employee_id, status: 'Terminated', leavingDate: '2020-01-31' });
		const size = sim.store.users.size;
		const { items } = await run(
			employees,
			{ ...byEmployeeId, deactivateMissing: true, employmentFields: { employmentStatus: '={{ $json.status ?? "" }}', leavingDate: '={{ $json.leavingDate ?? "" }}' } },
			{ continueOnFail: true },
		);
		const failed = items.filter((item) => item.json.error);
		const message = `2 input items name one Engagedly user, ${person.email} (ID ${person.id})`;
		expect(failed.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: index }, message],
			[{ item: employees.length - 1 }, message],
		]);
		expect(failed[0].json.description).toContain(`item ${index} (${person.email.toLowerCase()}, employee ID NEW-PROFILE-1) and item ${employees.length - 1} (${renamed}, employee ID ${person.employee_id})`);
		expect(writes(sim)).toEqual([]);
		expect(sim.store.users.size).toBe(size);
		expect(sim.store.getUser(person.id).status).toBe('Active');
	});

	test('a transfer between two sources: the old row a leaver, the new row a hire of the same name: both held, nothing written', async () => {
		const { user, employees, index, newAddress } = addressChange();
		// Two systems, two employee IDs: the old one says they left, the new one is a new hire under the new address.
		employees[index] = { ...employees[index], employeeId: 'SYS2-77' };
		employees.push({ ...employee(user), employeeId: user.employee_id, status: 'Terminated', leavingDate: '2020-01-31' });
		const size = sim.store.users.size;
		const { items, error } = await run(employees, {
			...byEmployeeId,
			employmentFields: { employmentStatus: '={{ $json.status ?? "" }}', leavingDate: '={{ $json.leavingDate ?? "" }}' },
		});
		expect(error).toBeUndefined();
		expect(writes(sim)).toEqual([]);
		expect(items[index].json).toMatchObject({ email: newAddress, outcome: 'held', heldWith: { id: user.id, email: user.email } });
		expect(items[employees.length - 1].json).toMatchObject({ id: user.id, outcome: 'held', heldWith: { item: index, email: newAddress } });
		expect(sim.store.users.size).toBe(size);
		expect(sim.store.getUser(user.id).status).toBe('Active');
	});

	test('not matching by employee ID, a creation whose employee ID a deactivated user holds is held, naming them; no second account', async () => {
		const { user, employees, index, newAddress } = addressChange();
		sim.store.setUserStatus(user.id, 'Blocked');
		employees[index] = { ...employees[index], lastName: 'Someone-Else' };
		const size = sim.store.users.size;
		const { items, error } = await run(employees, { ...byEmployeeId, matchByEmployeeId: false });
		expect(error).toBeUndefined();
		expect(writes(sim)).toEqual([]);
		expect(items[index].json).toMatchObject({ email: newAddress, outcome: 'held', heldWith: { id: user.id, email: user.email } });
		expect(sim.store.users.size).toBe(size);
	});

	test('a leaver Engagedly lacks is no creation: the missing user of the same name is deactivated, not held', async () => {
		const { user, employees, index } = addressChange();
		employees[index] = { ...employees[index], status: 'Terminated' };
		const { items, error } = await run(employees, { deactivateMissing: true, employmentFields: { employmentStatus: '={{ $json.status ?? "" }}' } });
		expect(error).toBeUndefined();
		expect(items[index].json).toMatchObject({ outcome: 'unchanged', reason: 'Left: not in Engagedly, so not created' });
		expect(sim.store.getUser(user.id).status).toBe('Blocked');
	});

	test('an employee ID two users share, or one user\u2019s while the address is another\u2019s: that item fails, nothing written', async () => {
		const [a, b, c] = activeUsers().filter((u) => u.employee_id && u.id !== sim.store.adminId);
		sim.store.updateUser(a.id, { employee_id: 'SHARED-1' });
		sim.store.updateUser(b.id, { employee_id: 'SHARED-1' });
		const rows: IDataObject[] = [
			{ ...employee(a), email: freshEmail('shared-id'), employeeId: 'SHARED-1' },
			{ ...employee(c), email: b.email, employeeId: c.employee_id },
		];
		const { items } = await run(rows, { ...byEmployeeId, matchByEmployeeId: true }, { continueOnFail: true });
		expect(items.map((item) => item.json.error)).toEqual([
			'2 Engagedly users have the employee ID "SHARED-1"',
			`The employee ID "${c.employee_id}" is ${c.email}'s, the address ${b.email.toLowerCase()} is another user's`,
		]);
		expect(writes(sim)).toEqual([]);
	});

	test('two input items with one employee ID are both refused, and the user they name is kept', async () => {
		const users = activeUsers();
		const employees = users.map((user) => ({ ...employee(user), employeeId: user.employee_id ?? '' }));
		const [a, b] = users.filter((u) => u.employee_id && u.id !== sim.store.adminId);
		const both = [users.indexOf(a), users.indexOf(b)].sort((x, y) => x - y);
		employees[users.indexOf(b)].employeeId = a.employee_id!;
		const { items } = await run(employees, { ...byEmployeeId, matchByEmployeeId: true }, { continueOnFail: true });
		const failed = items.filter((item) => item.json.error);
		expect(failed.map((item) => [item.pairedItem, item.json.error])).toEqual(
			both.map((item) => [{ item }, `The employee ID "${a.employee_id}" is in 2 input items (${both.join(', ')})`]),
		);
		expect(writes(sim)).toEqual([]);
	});
});

describe('races end in one user', () => {
	/**
	 * Another execution creates `email` between this run's read and its POST, which Engagedly
	 * then refuses: by default a 422 `duplicate_value` (in words of its own), or `answer`.
	 */
	function raceOn(email: string, lastName = 'Berg', answer?: { status: number; body: unknown }) {
		const mutate = (store: typeof sim.store) => {
			store.addUser({ email, first_name: 'Nadia', last_name: lastName, custom: {} });
		};
		const match = { method: 'POST', path: '/beta/users' };
		if (!answer) sim.faults.add({ kind: 'mutate', match, mutate });
		else sim.faults.add({ kind: 'body', match, mutate, status: answer.status, body: JSON.stringify(answer.body) });
	}

	test('Sync: a creation answered 422 duplicate_value is read back by address and brought up to date, whatever its words', async () => {
		const hire = freshEmail('race');
		const employees = [{ email: hire, firstName: 'Nadia', lastName: 'Berg', jobTitle: '', managerEmail: '', costCenter: 'CC-321' }];
		raceOn(hire);
		const { items, error } = await run(employees);
		expect(error).toBeUndefined();
		expect(writes(sim).map((entry) => [entry.route, entry.status])).toEqual([
			['POST /beta/users', 422],
			['PATCH /beta/users/:id', 200],
		]);
		// Read back by address, after the refusal: the directory read before it did not have them.
		const lookups = requestsTo(sim, 'GET /beta/users').filter((entry) => entry.query.email !== undefined);
		expect(lookups.map((entry) => entry.query.email)).toEqual([hire]);
		expect(sim.log.indexOf(lookups[0])).toBeGreaterThan(sim.log.findIndex((entry) => entry.route === 'POST /beta/users'));
		const users = [...sim.store.users.values()].filter((user) => user.email === hire);
		expect(users).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: users[0].id, outcome: 'updated', changes: { [costCenter().attribute_key]: { to: 'CC-321' } } });
		expect(users[0].custom[costCenter().attribute_key]).toBe('CC-321');
	});

	const createOrUpdate = (email: string) =>
		run([{ email, firstName: 'Nadia', lastName: 'Berg', costCenter: 'CC-9' }], { operation: 'createOrUpdate', additionalFields: {} });

	test.each([
		['422 duplicate_value', undefined, 422],
		['409, a conflict with another request', { status: 409, body: { message: 'Another request is creating this record' } }, 409],
	])('Create or Update: the same race answered %s is an update, never an error, never a second user', async (_name, answer, status) => {
		const hire = freshEmail('race-cou');
		raceOn(hire, 'Lund', answer);
		const { items, error } = await createOrUpdate(hire);
		expect(error).toBeUndefined();
		expect(writes(sim).map((entry) => [entry.route, entry.status])).toEqual([
			['POST /beta/users', status],
			['PATCH /beta/users/:id', 200],
		]);
		expect(items[0].json).toMatchObject({ email: hire, outcome: 'updated', changes: { last_name: { from: 'Lund', to: 'Berg' } } });
		expect([...sim.store.users.values()].filter((user) => user.email === hire)).toHaveLength(1);
		expect(sim.store.userByEmail(hire)!.last_name).toBe('Berg');
	});

	test.each([
		['without codes is read back by address', { errors: { email: ['is not accepted here'] } }, 'Email: is not accepted here', 2],
		[
			'with a code other than duplicate_value is not',
			{ error_type: 'validation_error', errors: [{ field: 'cost_center', code: 'missing_field', message: 'is required' }] },
			'validation_error: cost_center: is required (missing_field)',
			1,
		],
	])('a 422 %s; with nobody there it is the item’s error in Engagedly’s words', async (_name, body, words, reads) => {
		const hire = freshEmail('no-codes');
		sim.faults.add({ kind: 'body', status: 422, match: { method: 'POST', path: '/beta/users' }, body: JSON.stringify(body) });
		const { error } = await createOrUpdate(hire);
		expect(error?.message).toBe(`Engagedly answered 422: ${words}`);
		const lookups = requestsTo(sim, 'GET /beta/users').filter((entry) => entry.query.email === hire);
		// Once before the POST (who has the address?); after a refusal that may mean "taken", once more.
		expect(lookups).toHaveLength(reads);
		expect(sim.log.indexOf(lookups[reads - 1]) > sim.log.findIndex((entry) => entry.route === 'POST /beta/users')).toBe(reads === 2);
		expect(writes(sim).map((entry) => [entry.route, entry.status])).toEqual([['POST /beta/users', 422]]);
		expect(sim.store.userByEmail(hire)).toBeUndefined();
	});
});

test('a failure is never green: without Continue On Fail every other employee is synced, then the execution fails with what was written and the first failures', async () => {
	const users = activeUsers();
	const employees = users.slice(0, 4).map(employee);
	employees[1] = { ...employees[1], jobTitle: '999999' };
	employees[2] = { ...employees[2], lastName: 'Written' };
	const hire = freshEmail('green');
	employees.push({ email: hire, firstName: 'Ola', lastName: 'Nord', jobTitle: '', managerEmail: '', costCenter: 'CC-1' });
	const { error, items } = await run(employees);
	expect(items).toEqual([]);
	expect(error?.message).toBe('1 failed: 1 created, 1 updated, 0 rewritten, 2 unchanged, 0 reactivated, 0 blocked, 0 held, 0 deactivated, 0 kept, 1 failed');
	expect((error as unknown as IDataObject).description).toBe(
		'Everything else was applied. Why:\nitem 1: No job title in Engagedly has the ID or name "999999" (job_title)\nTurn on Continue On Fail to get every failure as an item of its own.',
	);
	expect(sim.store.getUser(users[2].id).last_name).toBe('Written');
	expect(sim.store.userByEmail(hire)).toBeDefined();
	// A Summary is no way around it.
	expect((await run(employees, { output: 'summary' })).error?.message).toMatch(/^1 failed: /);
});

test('Output: Summary: one item with the counts and the addresses per outcome, whether it was a dry run and its comparison (incremental: no run compares everyone unless asked), paired with every input item', async () => {
	// The Site Administrator left out too: a sync never deactivates them, and counts them kept.
	const admin = sim.store.admin;
	const users = activeUsers().filter((user) => user.id !== admin.id);
	const employees = users.map(employee);
	const [gone] = employees.splice(1, 1);
	employees[0] = { ...employees[0], lastName: 'Summed' };
	const hire = freshEmail('summary');
	employees.push({ email: hire, firstName: 'Sam', lastName: 'Ary', jobTitle: '', managerEmail: '', costCenter: 'CC-2' });

	for (const dryRun of [true, false]) {
		const { items, error } = await run(employees, { output: 'summary', deactivateMissing: true, dryRun });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual(employees.map((_, item) => ({ item })));
		expect(items[0].json).toEqual({
			dryRun,
			comparison: 'incremental',
			counts: { created: 1, updated: 1, rewritten: 0, unchanged: employees.length - 2, reactivated: 0, blocked: 0, held: 0, deactivated: 1, kept: 1, failed: 0 },
			emails: {
				created: [hire],
				updated: [users[0].email],
				rewritten: [],
				unchanged: employees.slice(1, -1).map((json) => json.email),
				reactivated: [],
				blocked: [],
				held: [],
				deactivated: [gone.email],
				kept: [admin.email],
				failed: [],
			},
		});
	}
});

test('Dry Run outputs what the real run would: a new hire with a job title and location by name, and a user moved to another job title and department: the same output, for each choice of User Details: who (name, address, id) and what happened first, then only the fields asked for', async () => {
	const users = uniquelyNamed(activeUsers());
	const employees = users.slice(0, 6).map(fullEmployee);
	const [title] = [...sim.store.jobTitles.values()].filter((t) => t.id !== users[2].job_title_id);
	const [place] = [...sim.store.locations.values()];
	const department = [...sim.store.departments.values()].find(
		(unit) => [...sim.store.departments.values()].filter((u) => u.name === unit.name).length === 1,
	)!;
	employees[2] = { ...employees[2], jobTitle: title.name, departments: [department.name] };
	const hire = freshEmail('dry-same');
	employees.push({
		email: hire,
		firstName: 'Dora',
		lastName: 'Ry',
		jobTitle: title.name,
		location: place.name,
		managerEmail: users[0].email,
		departments: [department.name],
		businesses: [],
		costCenter: 'CC-8',
	});
	// Ids of job titles and locations are numbers in some answers and strings in others, and the
	// vendor writes some blanks as "" where the contract has null: compared as the node reads
	// them (every id a string, a blank a blank).
	const plain = (value: unknown): unknown =>
		JSON.parse(JSON.stringify(value), (key, inner: unknown) =>
			key === 'id' && typeof inner === 'number' ? String(inner) : inner === '' ? null : inner,
		);
	// A dry run's items say so (dryRun: true); everything else is the real run's.
	const compared = (items: INodeExecutionData[]) => jsonOf(items).map((json) => plain({ ...json, dryRun: undefined, id: json.outcome === 'created' ? null : json.id }));

	for (const userDetail of ['person', 'simplified', 'full']) {
		sim.reset();
		const dry = await run(employees, { ...fullFields, userDetail, dryRun: true });
		expect(writes(sim)).toEqual([]);
		expect(jsonOf(dry.items).every((json) => json.dryRun === true)).toBe(true);
		const real = await run(employees, { ...fullFields, userDetail });
		expect(jsonOf(real.items).some((json) => 'dryRun' in json)).toBe(false);
		expect(dry.error).toBeUndefined();
		expect(real.error).toBeUndefined();
		expect(outcomes(real.items)).toEqual(['unchanged', 'unchanged', 'updated', 'unchanged', 'unchanged', 'unchanged', 'created']);
		// The moved user's references are named on both sides, in both runs alike (the dry run's
		// from the lists it read, the real run's from the write's answer, or the lists).
		const before = sim.store.jobTitles.get(users[2].job_title_id!);
		for (const changed of [dry.items[2].json.changes, real.items[2].json.changes]) {
			expect(changed).toMatchObject({
				job_title: { from: before ? { id: String(before.id), name: before.name } : null, to: { id: String(title.id), name: title.name } },
				departments: { to: [{ id: String(department.id), name: department.name }] },
			});
		}
		// Every item leads with who (name, address, id) and what happened; the user's other fields
		// follow only as asked, then the comparison.
		const more: Record<string, string[]> = {
			person: [],
			simplified: ['status', 'job_title', 'location', 'manager', 'departments', 'employee_id', 'joining_date'],
		};
		if (userDetail !== 'full') {
			expect(compared(dry.items)).toEqual(compared(real.items));
			expect(Object.keys(real.items[2].json)).toEqual(['name', 'email', 'id', 'outcome', 'changes', ...more[userDetail], 'comparison']);
			expect(real.items[2].json).toMatchObject({ outcome: 'updated', comparison: 'incremental', email: employees[2].email, id: users[2].id });
			expect(real.items[6].json).toMatchObject({ name: 'Dora Ry', email: hire, id: sim.store.userByEmail(hire)!.id });
			if (userDetail === 'simplified') expect(dry.items[6].json).toMatchObject({ job_title: title.name, location: place.name, departments: [department.name] });
		} else {
			// The updated user is the write's answer in both; the new hire carries every field the
			// contract's User table lists, with the values the real creation answered.
			expect(Object.keys(real.items[2].json).slice(0, 5)).toEqual(['name', 'email', 'id', 'outcome', 'changes']);
			expect(plain({ ...dry.items[2].json, dryRun: undefined })).toEqual(plain(real.items[2].json));
			const created = plain(real.items[6].json) as IDataObject;
			for (const [key, value] of Object.entries(plain({ ...dry.items[6].json, dryRun: undefined }) as IDataObject)) {
				if (key === 'id') continue;
				expect({ key, value }).toEqual({ key, value: created[key] });
			}
		}
	}
});

describe('a scheduled Sync reads a single user only where an item changed what only that answer carries, or on their turn', () => {
	/** Birth date (no list carries it in the contract; the vendor's list does) and HR managers (no list carries them). */
	const singleUserFields = {
		additionalFields: {
			jobTitle: '={{ $json.jobTitle }}',
			manager: '={{ $json.managerEmail }}',
			birthDate: '={{ $json.birthDate }}',
			hrManagers: listedUsers('={{ $json.hrManagers }}'),
		},
	};
	const days = onFixedDays(sim);

	const withSingleUserFields = (user: UserRecord): IDataObject => ({
		...employee(user),
		birthDate: user.birth_date ?? '',
		hrManagers: user.hr_manager_ids.map((id) => sim.store.getUser(id).email),
	});

	const singleReads = () => requestsTo(sim, 'GET /beta/users/:id').map((entry) => entry.path.split('/').pop()!).sort();
	const comparisons = (items: INodeExecutionData[]) => [...new Set(jsonOf(items).map((json) => json.comparison))];
	const waitingOf = (items: INodeExecutionData[]) => jsonOf(items).filter((json) => json.waitingForTurn).map((json) => String(json.id)).sort();
	const contract = () => sim.profile === 'contract';

	let users: UserRecord[];
	let employees: IDataObject[];
	/** The users a full comparison reads: those whose items give a field their list element does not carry. */
	let readInFull: string[];
	beforeEach(() => {
		users = activeUsers().slice(0, 40);
		employees = users.map(withSingleUserFields);
		readInFull = users
			.filter((user) => user.hr_manager_ids.length > 0 || (contract() && user.birth_date !== null))
			.map((user) => user.id)
			.sort();
		expect(users.filter((user) => user.hr_manager_ids.length > 0).length).toBeGreaterThan(2);
		expect(users.filter((user) => user.birth_date !== null).length).toBeGreaterThan(2);
	});

	test('the first run reads a share of them and the rest wait for their turn, saying so; a second run the same day, nothing changed, reads none and writes nothing; a manual run uses the saved digests and saves nothing', async () => {
		const sync = scheduledSync(singleUserFields);
		const first = await sync.run(employees, {});
		expect(first.error).toBeUndefined();
		expect(new Set(outcomes(first.items))).toEqual(new Set(['unchanged']));
		expect(comparisons(first.items)).toEqual(['incremental']);
		// Read or waiting, never both, never neither; most wait.
		const read = singleReads();
		const waiting = waitingOf(first.items);
		expect([...read, ...waiting].sort()).toEqual(readInFull);
		expect(read.length).toBeLessThan(readInFull.length);
		expect(waiting.length).toBeGreaterThan(0);

		sim.clearLog();
		const second = await sync.run(employees);
		expect(second.error).toBeUndefined();
		expect(new Set(outcomes(second.items))).toEqual(new Set(['unchanged']));
		expect(singleReads()).toEqual([]);
		expect(writes(sim)).toEqual([]);
		expect(requestsTo(sim, 'GET /beta/users')).toHaveLength(Math.ceil(sim.store.users.size / 50));
		expect(waitingOf(second.items)).toEqual(waiting);

		const state = sync.saved();
		// One entry for each user read, of a few dozen bytes: an id and a digest, never the values.
		const entries = sync.digests();
		expect(Object.keys(entries).sort()).toEqual(read);
		expect(JSON.stringify(entries).length / read.length).toBeLessThan(60);
		for (const user of users.filter((u) => u.birth_date !== null)) expect(state).not.toContain(user.birth_date);

		// By hand the next day: that day's turn, from the digests the schedule saved; nothing saved.
		days.at(1);
		sim.clearLog();
		const manual = await sync.run(employees, { output: 'summary' }, 'manual');
		expect(manual.items[0].json).toMatchObject({ comparison: 'incremental', counts: { unchanged: users.length } });
		const byHand = singleReads();
		expect(byHand.length).toBeLessThan(waiting.length);
		expect(byHand.every((id) => waiting.includes(id!))).toBe(true);
		expect(manual.items[0].json.waitingForTurn).toEqual({
			users: waiting.length - byHand.length,
			fields: contract() ? ['birth_date', 'hr_managers'] : ['hr_managers'],
			everyoneComparedBy: expect.stringMatching(/^2026-12-0[3-8]$/),
		});
		expect(sync.saved()).toBe(state);
	});

	test('a birth date and HR managers changed in the items, and an employee new to the saved state: the changed users read, and written where Engagedly holds another value; the newcomer waits for their turn', async () => {
		const sync = scheduledSync(singleUserFields);
		const managedUsers = users.filter((user) => user.hr_manager_ids.length > 0);
		// The newcomer comes after the changed users: the run has learnt by then which fields Engagedly shows.
		const newcomer = managedUsers[managedUsers.length - 1];
		const born = users.find((user) => user.birth_date !== null && user !== newcomer)!;
		const [managed, sameByHand] = managedUsers.filter((user) => ![born, newcomer].includes(user));
		// A full comparison first: everyone but the newcomer has a digest.
		await sync.run(employees.filter((_, index) => users[index] !== newcomer), { fullComparisonNow: true });
		const newManager = users.find((user) => ![born, managed, newcomer, sameByHand].includes(user) && !managed.hr_manager_ids.includes(user.id))!;
		employees[users.indexOf(born)].birthDate = '1991-07-04';
		employees[users.indexOf(managed)].hrManagers = [newManager.email];
		// Changed in the item, and in Engagedly by hand to the same: read, and nothing to write.
		employees[users.indexOf(sameByHand)].hrManagers = [newManager.email];
		sim.store.updateUser(sameByHand.id, { hr_manager_ids: [newManager.id] });
		const changed = (contract() ? [born, managed, sameByHand] : [managed, sameByHand]).map((user) => user.id).sort();

		// A Dry Run reads as the real run would (and, to show them as the write would leave them, the
		// users it would update that were not read: the vendor's born), and saves nothing.
		const before = sync.saved();
		sim.clearLog();
		const dry = await sync.run(employees, { dryRun: true });
		expect(comparisons(dry.items)).toEqual(['incremental']);
		expect(singleReads()).toEqual((contract() ? changed : [...changed, born.id]).sort());
		expect(writes(sim)).toEqual([]);
		expect(sync.saved()).toBe(before);

		sim.clearLog();
		const { items, error } = await sync.run(employees);
		expect(error).toBeUndefined();
		expect(jsonOf(items).filter((json) => json.outcome === 'updated').map((json) => json.id).sort()).toEqual([born.id, managed.id].sort());
		// The vendor's list carries the birth date: that user is compared without a read of their own.
		expect(singleReads()).toEqual(changed);
		expect(waitingOf(items)).toEqual([newcomer.id]);
		expect(items[users.indexOf(newcomer)].json.waitingForTurn).toEqual({ fields: contract() && newcomer.birth_date !== null ? ['birth_date', 'hr_managers'] : ['hr_managers'], turn: expect.stringMatching(/^2026-12-0[2-8]$/) });
		expect(writes(sim).map((entry) => [entry.path, entry.body])).toEqual(
			[
				[`/beta/users/${born.id}`, { birth_date: '1991-07-04' }],
				[`/beta/users/${managed.id}`, { hr_managers: [newManager.id] }],
			].sort((a, b) => users.findIndex((u) => a[0] === `/beta/users/${u.id}`) - users.findIndex((u) => b[0] === `/beta/users/${u.id}`)),
		);
		expect(sim.store.getUser(born.id).birth_date).toBe('1991-07-04');

		sim.clearLog();
		await sync.run(employees);
		expect(singleReads()).toEqual([]);
		expect(writes(sim)).toEqual([]);
	});

	test('drift by hand in Engagedly, on users compared before and on users never compared: each put back on its user’s turn and not before, each night reading only the users whose turn it is, every one of them once in Full Comparison Every days (7); Full Comparison This Run finds a change at once', async () => {
		const sync = scheduledSync(singleUserFields);
		const first = await sync.run(employees);
		const waiting = waitingOf(first.items);
		const comparedFirst = readInFull.filter((id) => !waiting.includes(id));
		const managedUsers = users.filter((user) => user.hr_manager_ids.length > 0);
		// One user the first run compared, one it left waiting.
		const before = managedUsers.find((user) => comparedFirst.includes(user.id))!;
		const never = managedUsers.find((user) => waiting.includes(user.id))!;
		const born = users.find((user) => user.birth_date !== null && readInFull.includes(user.id) && ![before, never].includes(user))!;
		const drifted = [before, never, born];
		const original = new Map(drifted.map((user) => [user.id, { hr: [...user.hr_manager_ids], birth: user.birth_date }]));
		// The vendor's list carries the birth date: a drift there is seen, and put back, at once.
		if (contract()) sim.store.updateUser(born.id, { birth_date: '1970-01-01' });
		sim.store.updateUser(before.id, { hr_manager_ids: [] });
		sim.store.updateUser(never.id, { hr_manager_ids: [] });

		// A second run the same day: nobody's turn.
		sim.clearLog();
		await sync.run(employees);
		expect(singleReads()).toEqual([]);

		const nights: string[][] = [];
		for (let night = 1; night <= 7; night++) {
			days.at(night);
			sim.clearLog();
			const result = await sync.run(employees);
			expect([night, comparisons(result.items), result.error]).toEqual([night, ['incremental'], undefined]);
			nights.push(singleReads() as string[]);
			// Each drift is put back the night its user is read, not before.
			const fixed = (user: UserRecord) => nights.some((reads) => reads.includes(user.id));
			expect([night, sim.store.getUser(before.id).hr_manager_ids]).toEqual([night, fixed(before) ? original.get(before.id)!.hr : []]);
			expect([night, sim.store.getUser(never.id).hr_manager_ids]).toEqual([night, fixed(never) ? original.get(never.id)!.hr : []]);
			if (contract()) expect(sim.store.getUser(born.id).birth_date).toBe(fixed(born) ? original.get(born.id)!.birth : '1970-01-01');
		}
		// Every user read once in the period, no night reading anyone twice, none reading them all.
		expect(nights.flat().sort()).toEqual(readInFull);
		expect(Math.max(...nights.map((reads) => reads.length))).toBeLessThan(readInFull.length);
		for (const user of drifted) expect(sim.store.getUser(user.id).hr_manager_ids).toEqual(original.get(user.id)!.hr);
		expect(sim.store.getUser(born.id).birth_date).toBe(original.get(born.id)!.birth);

		// Full Comparison This Run finds a change by hand at once (which runs compare in full: test/pure/digests.test.ts).
		sim.store.updateUser(before.id, { hr_manager_ids: [] });
		const asked = await sync.run(employees, { fullComparisonNow: true });
		expect(comparisons(asked.items)).toEqual(['full']);
		expect(sim.store.getUser(before.id).hr_manager_ids).toEqual(original.get(before.id)!.hr);
	});

	test('a failed run saves no digest it did not confirm: a write whose answer was lost is read again next time; a run stopped before its end saves nothing', async () => {
		const sync = scheduledSync(singleUserFields);
		await sync.run(employees, { fullComparisonNow: true });
		const [first, lost] = users.filter((user) => user.hr_manager_ids.length > 0);
		const newManager = users.find((user) => ![first, lost].includes(user) && !first.hr_manager_ids.includes(user.id) && !lost.hr_manager_ids.includes(user.id))!;
		employees[users.indexOf(first)].hrManagers = [newManager.email];
		employees[users.indexOf(lost)].hrManagers = [newManager.email];
		// The write takes effect, its answer is cut off: the node cannot know it worked.
		sim.faults.add({ kind: 'truncated', match: { method: 'PATCH', path: `/beta/users/${lost.id}` } });

		const failed = await sync.run(employees);
		expect(failed.error?.message).toMatch(/^1 failed: .*1 updated/);
		expect(sim.store.getUser(lost.id).hr_manager_ids).toEqual([newManager.id]);

		// Saved anyway (n8n saves a failed execution's static data): the confirmed write's digest, not the lost one's.
		sim.clearLog();
		const after = await sync.run(employees);
		expect(after.error).toBeUndefined();
		expect(comparisons(after.items)).toEqual(['incremental']);
		expect(singleReads()).toEqual([lost.id]);
		expect(writes(sim)).toEqual([]);

		// A run that cannot read the directory stops before its end: the saved state is what it was.
		const before = sync.saved();
		sim.faults.add({ kind: 'status', status: 500, times: Infinity, match: { method: 'GET', path: '/beta/users' } });
		const stopped = await sync.run(employees, { fullComparisonNow: true });
		expect(stopped.error).toBeDefined();
		expect(sync.saved()).toBe(before);
	});
});
