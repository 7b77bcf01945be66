/**
 * Sync through n8n's engine against the simulator: each input item is one employee, mapped with
 * expressions the way an HR source is. The directory is read once (ceil(N/50) pages), users are
 * matched by email whatever the case, the missing created, the changed updated with only what
 * changed, and with Deactivate Missing Users the Active users no item names are deactivated,
 * never the Site Administrator and never more than Max Deactivate Percent of the organisation.
 * Requests, output items (outcome, changes, pairing) and the organisation afterwards are asserted.
 */
import { DateTime } from 'luxon';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { getGlobalState } from 'n8n-workflow';

import { keyFor, signatureOf } from '../../nodes/Engagedly/actions/user/sync/signature';
import { listedUsers, runEngagedly, type EngagedlyCredentials } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { UserRecord } from '../simulator';
import { freshEmail, routes, snapshot, writes } from './helpers';
import { outcomes, syncKit } from './syncKit';

const USERS = 120;
const sim = useSimulator({ seed: 29, users: USERS });
/** Today where the node reads it, in the workflow's time zone; taken before a run, it is never after the node's. */
const today = () => DateTime.now().setZone(getGlobalState().defaultTimezone);

const { costCenter, employee, activeUsers, run } = syncKit(sim);

test('the whole organisation: one read of the directory, the new hire created, only changed fields sent, the rest unchanged', async () => {
	const users = activeUsers();
	const employees = users.map(employee);
	const [renamed, retitled] = [users[3], users[7]];
	const renamedTo = `${renamed.last_name}-Lund`;
	const renamedFrom = renamed.last_name;
	const oldTitle = retitled.job_title_id;
	const otherTitle = [...sim.store.jobTitles.values()].find((t) => t.id !== oldTitle)!;
	const oldManager = retitled.manager_id === null ? null : sim.store.getUser(retitled.manager_id);
	const newManager = users.find((u) => u !== retitled && u.id !== retitled.manager_id)!;
	employees[3] = { ...employees[3], lastName: renamedTo, email: renamed.email.toUpperCase() };
	employees[7] = { ...employees[7], jobTitle: String(otherTitle.id), managerEmail: newManager.email };
	// Engagedly keeps an address as it was typed: the item's lower case still matches it.
	sim.store.updateUser(users[4].id, { email: users[4].email.replace(/^./, (c) => c.toUpperCase()) });
	const hire = freshEmail('hire');
	employees.push({ email: hire, firstName: 'Nadia', lastName: 'Berg', jobTitle: '', managerEmail: users[3].email, costCenter: 'CC-777' });
	const before = new Map(users.map((u) => [u.id, snapshot(u)]));

	const { items, error } = await run(employees);
	expect(error).toBeUndefined();

	// Reads: the attribute definitions once, the directory in pages of 50 once; writes: one per change.
	const pages = requestsTo(sim, 'GET /beta/users');
	expect(pages).toHaveLength(Math.ceil(sim.store.users.size / 50));
	expect(pages.map((entry) => [entry.query.page, entry.query.size, entry.query.include])).toEqual(
		pages.map((_, index) => [String(index + 1), '50', 'primary_reporter']),
	);
	expect(requestsTo(sim, 'GET /beta/user-attributes')).toHaveLength(1);
	// The job titles once too: the items give one (by id here; a name would be matched against it).
	expect(requestsTo(sim, 'GET /beta/job_titles')).toHaveLength(1);
	expect(routes(sim)).toHaveLength(pages.length + 1 + 1 + 3);
	expect(writes(sim).map((entry) => [entry.route, entry.path === `/beta/users/${renamed.id}` ? 'renamed' : entry.path === `/beta/users/${retitled.id}` ? 'retitled' : entry.path, entry.body])).toEqual([
		['PATCH /beta/users/:id', 'renamed', { last_name: renamedTo }],
		['PATCH /beta/users/:id', 'retitled', { job_title: String(otherTitle.id), manager_id: newManager.id }],
		['POST /beta/users', '/beta/users', { email: hire, first_name: 'Nadia', last_name: 'Berg', manager_id: users[3].id, [costCenter().attribute_key]: 'CC-777' }],
	]);

	expect(items.map((item) => item.pairedItem)).toEqual(employees.map((_, item) => ({ item })));
	const expected = employees.map((_, index) => (index === 3 || index === 7 ? 'updated' : index === employees.length - 1 ? 'created' : 'unchanged'));
	expect(outcomes(items)).toEqual(expected);
	expect(items[3].json).toMatchObject({ id: renamed.id, changes: { last_name: { from: renamedFrom, to: renamedTo } } });
	// References name what they point to beside its id, from what the run read (the directory, the
	// job titles it read to match names, the write's answer): no request of their own.
	const person = (u: UserRecord) => ({ id: u.id, name: `${u.first_name} ${u.last_name}`, email: u.email });
	expect(items[7].json.changes).toEqual({
		job_title: {
			from: oldTitle === null ? null : { id: String(oldTitle), name: sim.store.jobTitles.get(oldTitle)!.name },
			to: { id: String(otherTitle.id), name: otherTitle.name },
		},
		manager_id: { from: oldManager && person(oldManager), to: person(newManager) },
	});
	// Every item leads with who and what happened, so n8n's Table view shows them in its first
	// columns; by default nothing of the user follows but the comparison (User Details).
	for (const item of items) expect(Object.keys(item.json)).toEqual(['name', 'email', 'id', 'outcome', 'changes', 'comparison']);
	expect(items[3].json).toMatchObject({ name: `${renamed.first_name} ${renamedTo}`, email: renamed.email, id: renamed.id });
	expect(items[0].json.changes).toEqual({});

	const created = sim.store.userByEmail(hire)!;
	expect(created).toMatchObject({ first_name: 'Nadia', status: 'Active', manager_id: users[3].id });
	for (const user of users) {
		const after = sim.store.getUser(user.id);
		if (user === renamed) expect(after).toEqual({ ...before.get(user.id), last_name: renamedTo });
		else if (user === retitled) expect(after).toEqual({ ...before.get(user.id), job_title_id: otherTitle.id, manager_id: newManager.id });
		else expect(after).toEqual(before.get(user.id));
	}
});

test('new hires who name each other: a manager hired in the same run is created first and named by the new id; two who are each other\'s manager, and one whose manager\'s creation was refused, fail saying why, and nothing is created for them', async () => {
	const [boss] = activeUsers();
	const hire = (name: string, managerEmail: string) => ({ email: freshEmail(name), firstName: name, lastName: 'Nyberg', jobTitle: '', managerEmail, costCenter: 'CC-5' });
	const lead = hire('lead', boss.email);
	const report = hire('report', lead.email);
	const [one, two] = [hire('one', ''), hire('two', '')];
	one.managerEmail = two.email;
	two.managerEmail = one.email;
	const refused = hire('refused', boss.email);
	const waits = hire('waits', refused.email);
	// A dry run has no ids for them: each preview leaves out the manager who would be new, and keeps one who exists.
	const preview = await run([report, lead], { dryRun: true, userDetail: 'full' });
	expect(preview.error).toBeUndefined();
	expect(preview.items.map((item) => [item.json.outcome, (item.json.primary_reporter as IDataObject | null)?.id ?? null])).toEqual([
		['created', null],
		['created', boss.id],
	]);
	expect(writes(sim)).toEqual([]);
	// Engagedly refuses the creation of `refused`, the second POST: the first pass creates whoever
	// names nobody new (the lead, then them), the next those who waited.
	sim.faults.add({ kind: 'body', status: 422, match: { method: 'POST', path: '/beta/users' }, after: 1, body: JSON.stringify({ errors: { email: ['is not accepted here'] } }) });
	// ...and someone Engagedly has moves under the new lead.
	const mover = activeUsers().find((u) => u.id !== boss.id && u.manager_id !== null)!;
	const employees = [report, lead, one, two, refused, waits, { ...employee(mover), managerEmail: lead.email, hrManagers: [lead.email] }];
	// The whole key (100 %, the most a run may take).
	const additionalFields = { jobTitle: '={{ $json.jobTitle }}', manager: '={{ $json.managerEmail }}', hrManagers: listedUsers('={{ $json.hrManagers ?? [] }}') };
	const { items } = await run(employees, { additionalFields, options: { rateLimitShare: 100 } }, { continueOnFail: true });
	const told = items.slice(0, employees.length).map((item) => item.json.outcome ?? item.json.error);
	const notCreated = (address: string) => `"${address}" was not created in this run, so this employee could not be`;
	expect(told).toEqual(['created', 'created', notCreated(two.email), notCreated(one.email), expect.stringContaining('Engagedly answered 422'), notCreated(refused.email), 'updated']);
	expect(items[2].json.description).toBe(
		`A field of this item names "${two.email}", who has no Engagedly user yet: their own item failed (see it), or it names this employee in turn (two new hires who are each other's manager). Fix that and run again.`,
	);
	const created = (address: string) => sim.store.userByEmail(address);
	expect(created(report.email)!.manager_id).toBe(created(lead.email)!.id);
	expect(sim.store.getUser(mover.id).manager_id).toBe(created(lead.email)!.id);
	// ...and named in the changes of the one moved under them, though the directory read before did not hold them.
	// (A write's answer names the manager; HR managers only a read that asks for them shows, so they are named from whom the run created.)
	const named = { id: created(lead.email)!.id, name: 'lead Nyberg', email: lead.email };
	expect(items[6].json.changes).toMatchObject({ manager_id: { to: named }, hr_managers: { to: [named] } });
	expect(created(lead.email)!.manager_id).toBe(boss.id);
	for (const nobody of [one, two, refused, waits]) expect(created(nobody.email)).toBeUndefined();
	// The lead first, then whoever names them.
	expect(writes(sim).filter((entry) => entry.route === 'POST /beta/users').map((entry) => (entry.body as IDataObject).email)).toEqual([lead.email, refused.email, report.email]);
});

test('a new manager whose creation Engagedly answers without an id (none, or null): whoever names them fails as not created, never sent a made-up id', async () => {
	const [boss] = activeUsers();
	const hire = (name: string, managerEmail: string) => ({ email: freshEmail(name), firstName: name, lastName: 'Ode', jobTitle: '', managerEmail, costCenter: 'CC-5' });
	const [noId, nullId] = [hire('noid', boss.email), hire('nullid', boss.email)];
	const reports = [hire('r1', noId.email), hire('r2', nullId.email)];
	sim.faults.add({
		kind: 'rewrite',
		match: { method: 'POST', path: '/beta/users' },
		times: 2,
		rewrite: (body: unknown) => {
			const user = { ...(body as { data: IDataObject }).data };
			if (user.email === noId.email) delete user.id;
			else user.id = null;
			return { ...(body as object), data: user };
		},
	});
	const { items } = await run([...reports, noId, nullId], {}, { continueOnFail: true });
	expect(items.map((item) => item.json.outcome ?? item.json.error)).toEqual([
		`"${noId.email}" was not created in this run, so this employee could not be`,
		`"${nullId.email}" was not created in this run, so this employee could not be`,
		'created',
		'created',
	]);
	expect(writes(sim).map((entry) => (entry.body as IDataObject).email)).toEqual([noId.email, nullId.email]);
});

test('a manager given by an ID the directory holds is sent as given; an ID nobody holds (an HR system\'s own), an address nobody has, and one two users share, fail that item naming the field, with nothing sent for it', async () => {
	const [a, b, c, boss, twin1, twin2, d] = activeUsers().slice(20, 27);
	// Two users whose addresses differ only in case: one address to Engagedly's matching.
	sim.store.updateUser(twin2.id, { email: twin1.email.toUpperCase() });
	const nobody = freshEmail('nobody');
	const hadBoss = a.manager_id === boss.id;
	const employees = [
		{ ...employee(a), managerEmail: boss.id },
		{ ...employee(b), managerEmail: nobody },
		{ ...employee(c), managerEmail: twin1.email },
		// HiBob's work.manager: the manager's id in HiBob, which no Engagedly user has.
		{ ...employee(d), managerEmail: '3332883884017713238' },
	];
	const { items } = await run(employees, {}, { continueOnFail: true });
	expect(items.slice(0, 4).map((item) => [item.json.outcome ?? item.json.error, item.pairedItem])).toEqual([
		[hadBoss ? 'unchanged' : 'updated', { item: 0 }],
		[`No Engagedly user has the email address "${nobody}" (Manager)`, { item: 1 }],
		[`2 Engagedly users have the email address "${twin1.email}"`, { item: 2 }],
		['No Engagedly user has the ID "3332883884017713238" (Manager)', { item: 3 }],
	]);
	expect(items[1].json.description).toBe('Check the address, or pick the user from the list or by ID. Nothing was sent.');
	expect(items[3].json.description).toContain('set Managers Given By to Employee ID');
	expect(writes(sim).map((entry) => entry.path)).toEqual(hadBoss ? [] : [`/beta/users/${a.id}`]);
	expect(sim.store.getUser(a.id).manager_id).toBe(boss.id);
	expect(sim.store.getUser(d.id).manager_id).toBe(d.manager_id);
});

test('Managers Given By Employee ID: managers and HR managers named by the employee ID Engagedly holds (BambooHR\'s supervisorId), a new hire\'s too; an employee ID nobody holds fails the item naming the field', async () => {
	const [boss, hr, report, other] = activeUsers().filter((u) => u.id !== sim.store.adminId && u.employee_id).slice(30, 34);
	const hire = { email: freshEmail('lead'), firstName: 'Lea', lastName: 'Dunn', jobTitle: '', managerEmail: boss.employee_id, employeeId: 'HIRE-900', costCenter: 'CC-5' };
	const employees = [
		{ ...employee(report), managerEmail: boss.employee_id, hrManagers: [hr.employee_id], employeeId: report.employee_id },
		{ ...employee(other), managerEmail: 'HIRE-900', employeeId: other.employee_id },
		hire,
		{ ...employee(boss), managerEmail: 'NO-SUCH-ID', employeeId: boss.employee_id },
	];
	const additionalFields = {
		jobTitle: '={{ $json.jobTitle }}',
		manager: '={{ $json.managerEmail }}',
		hrManagers: listedUsers('={{ $json.hrManagers ?? [] }}'),
		employeeId: '={{ $json.employeeId ?? "" }}',
	};
	const { items } = await run(employees, { additionalFields, managersGivenBy: 'employeeId' }, { continueOnFail: true });
	expect(items.map((item) => item.json.outcome ?? item.json.error)).toEqual([
		'updated',
		'updated',
		'created',
		'No Engagedly user has the Employee ID "NO-SUCH-ID" (Manager)',
	]);
	const created = sim.store.userByEmail(hire.email)!;
	expect(sim.store.getUser(report.id)).toMatchObject({ manager_id: boss.id, hr_manager_ids: [hr.id] });
	expect(sim.store.getUser(other.id).manager_id).toBe(created.id);
	expect(created.manager_id).toBe(boss.id);
	expect(writes(sim).some((entry) => entry.path === `/beta/users/${boss.id}`)).toBe(false);
	// The directory once, in pages of 50, and no look-up per manager.
	expect(requestsTo(sim, 'GET /beta/users')).toHaveLength(Math.ceil(sim.store.users.size / 50));
});

describe('Deactivate Missing Users', () => {
	test('deactivates the Active users no item names, with the block reason; never the Site Administrator (known by their permissions), who is reported kept; Blocked users are left alone', async () => {
		const admin = sim.store.getUser(sim.store.adminId);
		const users = activeUsers().filter((u) => u.id !== admin.id);
		const [leaverA, leaverB] = [users[5], users[20]];
		const blocked = sim.store.sortedUsers().filter((u) => u.status === 'Blocked');
		expect(blocked.length).toBeGreaterThan(0);
		const employees = users.filter((u) => u !== leaverA && u !== leaverB).map(employee);
		// The whole user in each item (User Details), to see what Engagedly answered for each.
		const settings = { deactivateMissing: true, blockReasonCode: 'involuntary', maxDeactivatePercent: 10, userDetail: 'full' };
		const told = (result: { items: INodeExecutionData[] }) => result.items.slice(employees.length).map((item) => [item.json.id, item.json.outcome, item.json.status, item.json.block_reason_code]);

		// An archived code (Engagedly refuses it) is refused before anything is written.
		expect((await run(employees, { ...settings, blockReasonCode: 'retirement' })).error?.message).toContain('retirement');
		expect(writes(sim)).toEqual([]);
		// A dry run says the same, and writes nothing.
		const dry = await run(employees, { ...settings, dryRun: true });
		expect(dry.error).toBeUndefined();
		expect(writes(sim)).toEqual([]);
		sim.clearLog();

		const { items, error } = await run(employees, settings);
		expect(error).toBeUndefined();
		expect(told(dry)).toEqual(told({ items }));

		const deactivated = items.filter((item) => item.json.outcome === 'deactivated');
		expect(deactivated.map((item) => item.json.id)).toEqual([leaverA.id, leaverB.id]);
		expect(deactivated.map((item) => item.json.status)).toEqual(['Blocked', 'Blocked']);
		// No input item stands for them.
		expect(deactivated.map((item) => item.pairedItem)).toEqual([undefined, undefined]);
		expect(items.slice(0, employees.length).map((item) => item.json.outcome)).toEqual(employees.map(() => 'unchanged'));
		// The admin was a candidate too: kept, and said so in an item of their own.
		const kept = items.filter((item) => item.json.outcome === 'kept');
		expect(kept.map((item) => [item.json.id, item.json.status, item.pairedItem])).toEqual([[admin.id, 'Active', undefined]]);
		expect(kept[0].json.reason).toMatch(/^The Site Administrator is never deactivated by this node/);
		expect(items).toHaveLength(employees.length + 3);
		// The reason has its column beside the outcome in the Table view though only the last items
		// have one: every item leads with the same outcome fields, blank where they do not apply.
		for (const item of items) expect(Object.keys(item.json).slice(0, 6)).toEqual(['name', 'email', 'id', 'outcome', 'changes', 'reason']);
		expect(deactivated.map((item) => [item.json.changes, item.json.reason])).toEqual([[{}, null], [{}, null]]);

		// Each candidate's permissions read (they alone say who the admin is), nobody read on their own.
		expect(requestsTo(sim, 'GET /beta/users/:id/permissions').map((entry) => entry.path).sort()).toEqual(
			[admin.id, leaverA.id, leaverB.id].map((id) => `/beta/users/${id}/permissions`).sort(),
		);
		expect(requestsTo(sim, 'GET /beta/users/:id')).toEqual([]);
		expect(writes(sim).map((entry) => [entry.path, entry.body])).toEqual([
			[`/beta/users/${leaverA.id}/deactivate`, { block_reason_code: 'involuntary' }],
			[`/beta/users/${leaverB.id}/deactivate`, { block_reason_code: 'involuntary' }],
		]);
		expect(requestsTo(sim, 'GET /beta/users/block-reason-codes')).toHaveLength(1);
		expect(sim.store.getUser(leaverA.id)).toMatchObject({ status: 'Blocked', block_reason_code: 'involuntary' });
		expect(sim.store.getUser(admin.id).status).toBe('Active');
		for (const user of blocked) expect(sim.store.getUser(user.id)).toEqual(user);
	});

	test('the guard: more than Max Deactivate Percent of the Active users refuses the whole run, nothing written, in a dry run too', async () => {
		const users = activeUsers();
		const kept = users.slice(0, Math.floor(users.length / 2));
		const half = kept.map(employee);
		half.push({ email: freshEmail('guarded'), firstName: 'Not', lastName: 'Created', jobTitle: '', managerEmail: '', costCenter: 'CC-1' });
		const missing = users.length - Math.floor(users.length / 2);
		const before = sim.store.users.size;
		const refusal = `Refused: this sync would deactivate ${missing} of ${users.length} Active users (${((missing / users.length) * 100).toFixed(1)} %), more than Max Deactivate Percent (10 %)`;

		for (const dryRun of [false, true]) {
			sim.clearLog();
			const { error } = await run(half, { deactivateMissing: true, dryRun });
			expect(error?.message).toBe(refusal);
			expect(error?.description).toContain('Nothing was written');
			expect(writes(sim)).toEqual([]);
			// Refused before the reads a plan needs: no one's permissions.
			expect(requestsTo(sim, 'GET /beta/users/:id/permissions')).toEqual([]);
		}
		const continued = await run(half, { deactivateMissing: true }, { continueOnFail: true });
		expect(continued.items.map((item) => [item.pairedItem, item.json.error])).toEqual(half.map((_, item) => [{ item }, refusal]));
		expect(writes(sim)).toEqual([]);
		expect(sim.store.users.size).toBe(before);
		expect(activeUsers()).toHaveLength(users.length);

		// Output the plan instead: a row that fails travels with the plan (who and why), for the
		// approver to see and Apply Plan to report; the plan is output, and nothing claims a write.
		const failing = [...half.slice(0, -1), { ...half[half.length - 1], firstName: ['a', 'list'] }];
		const planned = await run(failing, { deactivateMissing: true, whenOverGuard: 'outputPlan' });
		expect(planned.error).toBeUndefined();
		expect(planned.items.map((item) => item.json.outcome)).toEqual(['approvalNeeded']);
		const row = { item: half.length - 1, email: half[half.length - 1].email, error: 'First Name must be text, not a list or an object' };
		expect(planned.items[0].json.failed).toEqual([expect.objectContaining(row)]);
		expect((planned.items[0].json.plan as IDataObject).failed).toEqual(planned.items[0].json.failed);
		expect(String(planned.items[0].json.message).split('\n')).toEqual(
			expect.arrayContaining(['Rows that failed, not in the plan (1):', `- item ${row.item} ${String(row.email)}: ${row.error}`, 'Nothing has been written.']),
		);
		expect(writes(sim)).toEqual([]);

		const raised = await run(half, { deactivateMissing: true, maxDeactivatePercent: 60 });
		expect(raised.error).toBeUndefined();
		// Every user left out but the Site Administrator (who is in neither half for certain).
		const leavers = users.filter((u) => !kept.includes(u) && u.id !== sim.store.adminId);
		expect(raised.items.filter((item) => item.json.outcome === 'deactivated').map((item) => item.json.id)).toEqual(leavers.map((u) => u.id));
	});
});

test.each([
	[{ deactivateMissing: true, maxDeactivatePercent: 101 }, 'Max Deactivate Percent must be a number from 0 to 100'],
	[{ createNewHires: 'beforeJoining', daysBeforeJoining: -1 }, 'Days Before Joining must be a whole number from 0'],
	[{ options: { rateLimitShare: 0 } }, 'Rate Limit Share (%) must be a number from 1 to 100 (got "0")'],
	[{ options: { rateLimitShare: 101 } }, 'Rate Limit Share (%) must be a number from 1 to 100 (got "101")'],
])('a run setting out of range (%j) is refused before any request', async (settings, message) => {
	const { error } = await run(activeUsers().slice(0, 2).map(employee), settings);
	expect(error?.message).toBe(message);
	expect(sim.log).toEqual([]);
});

test('with Continue On Fail, a write Engagedly refuses (422), duplicate emails, an invalid value, a job title and a manager no record has are error items of their own; the rest of the sync goes on', async () => {
	const users = activeUsers();
	const employees = users.map(employee);
	const refusedName = users[0].last_name;
	employees[0] = { ...employees[0], lastName: 'Refused' };
	employees[1] = { ...employees[1], lastName: 'Changed' };
	employees[2] = { ...employees[2], email: users[4].email.toUpperCase() };
	employees[3] = { ...employees[3], jobTitle: 'Chief Vibes Officer' };
	employees[5] = { ...employees[5], jobTitle: { id: 1, name: 'a record is fine' }, costCenter: ['a', 'list'] };
	employees[6] = { ...employees[6], managerEmail: 'nobody.here@example.test' };
	employees[7] = { ...employees[7], firstName: ['a', 'list'] };
	// Engagedly refuses the first write (a rule of its own the node cannot check beforehand).
	sim.faults.add({
		kind: 'body',
		status: 422,
		body: JSON.stringify({ error_type: 'validation_error', errors: [{ field: 'last_name', message: 'last_name is not allowed', code: 'invalid' }] }),
		match: { method: 'PATCH', path: `/beta/users/${users[0].id}` },
	});

	const { items, error } = await run(employees, { deactivateMissing: true }, { continueOnFail: true });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(employees.length + 1);
	const head = items.slice(0, 8);
	expect(head.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((item) => ({ item })));
	expect(outcomes(head)).toEqual([
		expect.stringMatching(/^error: .*last_name/) as unknown,
		'updated',
		`error: The email address "${users[4].email.toLowerCase()}" is in 2 input items (2, 4)`,
		'error: No job title in Engagedly has the ID or name "Chief Vibes Officer" (job_title)',
		`error: The email address "${users[4].email.toLowerCase()}" is in 2 input items (2, 4)`,
		expect.stringMatching(/^error: .*Cost Center.* must be text/) as unknown,
		'error: No Engagedly user has the email address "nobody.here@example.test" (Manager)',
		'error: First Name must be text, not a list or an object',
	]);
	expect(items[0].json).toMatchObject({ httpCode: '422' });
	// The unknown manager costs no request of its own: the directory answered every address.
	expect(requestsTo(sim, 'GET /beta/users').every((entry) => entry.query.email === undefined)).toBe(true);
	expect(writes(sim).filter((entry) => entry.method === 'PATCH').map((entry) => [entry.path, entry.body, entry.status])).toEqual([
		[`/beta/users/${users[0].id}`, { last_name: 'Refused' }, 422],
		[`/beta/users/${users[1].id}`, { last_name: 'Changed' }, 200],
	]);
	// Named by an item, even a failed one, users 3 to 7 stay; item 2 named users[4], so
	// users[2] is missing from the input and deactivated.
	const deactivated = items.slice(employees.length).map((item) => [item.json.id, item.json.outcome]);
	expect(deactivated).toEqual([[users[2].id, 'deactivated']]);
	expect(outcomes(items.slice(8, employees.length))).toEqual(employees.slice(8).map(() => 'unchanged'));
	expect(sim.store.getUser(users[2].id).status).toBe('Blocked');
	expect(sim.store.getUser(users[0].id).last_name).toBe(refusedName);
	expect(sim.store.getUser(users[1].id).last_name).toBe('Changed');
	expect(sim.store.getUser(users[3].id).job_title_id).toBe(users[3].job_title_id);
	expect(sim.store.getUser(users[6].id).manager_id).toBe(users[6].manager_id);
	for (const kept of [3, 4, 5, 6, 7]) expect(sim.store.getUser(users[kept].id).status).toBe('Active');
});

test('an item naming a deactivated user: reported blocked, nothing written, in a dry run too; Reactivate Returning Employees reactivates them and applies the change, and one with nothing to change is only reactivated', async () => {
	const [blocked, same] = sim.store
		.sortedUsers()
		.filter((u) => u.status === 'Blocked')
		.map((u) => snapshot(u));
	// Their departments as they are: a user left blocked is not compared, so no department's members are read.
	const departments = (user: UserRecord) => sim.store.unitsOf('department', user.id).map((m) => String(m.unit.id));
	const employees = [
		{ ...employee(blocked), lastName: `${blocked.last_name}-Back`, departments: departments(blocked) },
		{ ...employee(same), departments: departments(same) },
	];
	const fields = { additionalFields: { manager: '={{ $json.managerEmail }}', departments: '={{ $json.departments }}' } };
	// Their status in each item (User Details: Simplified), as Engagedly answered or would.
	for (const dryRun of [true, false]) {
		sim.clearLog();
		const left = await run(employees, { ...fields, userDetail: 'simplified', dryRun });
		expect(left.error).toBeUndefined();
		expect(left.items.map((item) => item.json)).toMatchObject([
			{ id: blocked.id, status: 'Blocked', outcome: 'blocked' },
			{ id: same.id, status: 'Blocked', outcome: 'blocked' },
		]);
		expect(writes(sim)).toEqual([]);
		expect(routes(sim)).not.toContain('GET /beta/departments/:id');
	}
	expect(sim.store.getUser(blocked.id)).toMatchObject({ status: 'Blocked', last_name: blocked.last_name });

	const reactivated = [
		{ id: blocked.id, status: 'Active', outcome: 'reactivated', changes: { last_name: { to: `${blocked.last_name}-Back` } } },
		{ id: same.id, status: 'Active', outcome: 'reactivated', changes: {} },
	];
	const preview = await run(employees, { ...fields, reactivateReturning: true, dryRun: true, userDetail: 'simplified' });
	expect(preview.items.map((item) => item.json)).toMatchObject(reactivated);
	expect(writes(sim)).toEqual([]);
	sim.clearLog();
	const back = await run(employees, { ...fields, reactivateReturning: true, userDetail: 'simplified' });
	expect(back.error).toBeUndefined();
	expect(back.items.map((item) => item.json)).toMatchObject(reactivated);
	expect(writes(sim).map((entry) => [entry.route, entry.path.split('/')[3]])).toEqual([
		['PUT /beta/users/:id/activate', blocked.id],
		['PATCH /beta/users/:id', blocked.id],
		['PUT /beta/users/:id/activate', same.id],
	]);
	expect(writes(sim)[1].body).toEqual({ last_name: `${blocked.last_name}-Back` });
	expect(sim.store.getUser(blocked.id)).toMatchObject({ status: 'Active', last_name: `${blocked.last_name}-Back` });
	expect(sim.store.getUser(same.id).status).toBe('Active');
});

test('a deactivation or reactivation the answer does not show, and a missing user whose permissions cannot be read, are failures: never reported deactivated, reactivated or kept', async () => {
	const users = activeUsers().filter((u) => u.id !== sim.store.adminId);
	const [unshown, unreadable, raced] = [users[5], users[20], users[30]];
	const blocked = sim.store.sortedUsers().find((u) => u.status === 'Blocked')!;
	const employees = [...activeUsers().filter((u) => u !== unshown && u !== unreadable && u !== raced), blocked].map(employee);
	const answering = (id: string, status: string) => ({
		kind: 'rewrite' as const,
		match: { path: `/beta/users/${id}/${status === 'Active' ? 'deactivate' : 'activate'}` },
		rewrite: (body: unknown) => ({ ...(body as object), data: { ...(body as { data: object }).data, status } }),
	});
	sim.faults.add(answering(unshown.id, 'Active'));
	sim.faults.add(answering(blocked.id, 'Blocked'));
	sim.faults.add({ kind: 'status', status: 403, match: { path: `/beta/users/${unreadable.id}/permissions` } });
	// Deactivated by someone else meanwhile, with another reason, which Engagedly keeps.
	sim.faults.add({
		kind: 'rewrite',
		match: { path: `/beta/users/${raced.id}/deactivate` },
		rewrite: (body: unknown) => ({ ...(body as object), data: { ...(body as { data: object }).data, status: 'Blocked', block_reason_code: 'resigned' } }),
	});

	const { items } = await run(employees, { deactivateMissing: true, reactivateReturning: true, blockReasonCode: 'involuntary' }, { continueOnFail: true });
	expect(items.map((item) => item.json.outcome).filter((outcome) => outcome !== 'unchanged')).toEqual([undefined, undefined, undefined, undefined]);
	const failed = items.filter((item) => item.json.error).map((item) => [item.pairedItem, (item.json.user as IDataObject | undefined)?.id, item.json.error]);
	expect(failed).toEqual([
		[{ item: employees.length - 1 }, undefined, `Engagedly answered with user ${blocked.id} Blocked, not Active`],
		[undefined, unshown.id, `Engagedly answered with user ${unshown.id} Active, not Blocked`],
		[undefined, unreadable.id, expect.stringContaining('403') as unknown],
		[undefined, raced.id, `User ${raced.id} was already deactivated with the reason "resigned", which Engagedly kept`],
	]);
	expect(requestsTo(sim, 'PUT /beta/users/:id/deactivate').map((entry) => entry.path)).toEqual([`/beta/users/${unshown.id}/deactivate`, `/beta/users/${raced.id}/deactivate`]);
	expect(sim.store.getUser(unreadable.id).status).toBe('Active');
});

describe('job titles, locations, departments and businesses by name, as an HR system knows them', () => {
	test('names (any case) and ids both resolve, each list read once per run, only when an item gives that field', async () => {
		const users = activeUsers();
		const [a, b] = [users[10], users[11]];
		const title = [...sim.store.jobTitles.values()].find((t) => t.id !== a.job_title_id)!;
		const place = [...sim.store.locations.values()].find((l) => l.id !== a.location_id)!;
		const hadTitle = b.job_title_id === title.id;
		const [sales, ops] = [...sim.store.departments.values()].slice(0, 2);
		const employees = [
			{ ...employee(a), jobTitle: title.name.toUpperCase(), location: ` ${place.name.toLowerCase()} `, departments: [sales.name, String(ops.id)] },
			{ ...employee(b), jobTitle: String(title.id) },
		];

		const { items, error } = await run(employees, {
			additionalFields: { jobTitle: '={{ $json.jobTitle }}', manager: '={{ $json.managerEmail }}', location: '={{ $json.location ?? "" }}', departments: '={{ $json.departments ?? [] }}' },
		});
		expect(error).toBeUndefined();
		expect(outcomes(items)).toEqual(['updated', hadTitle ? 'unchanged' : 'updated']);
		// The contract's list does not say who is in which department: each department's members
		// are read once for the whole run (the vendor's list carries it, so nothing more is read).
		const memberReads = sim.profile === 'contract' ? sim.store.departments.size : 0;
		expect(routes(sim).filter((route) => /job_titles|locations|departments/.test(route)).sort()).toEqual([
			'GET /beta/departments',
			...Array.from({ length: memberReads }, () => 'GET /beta/departments/:id'),
			'GET /beta/job_titles',
			'GET /beta/locations',
		]);
		expect(sim.store.getUser(a.id)).toMatchObject({ job_title_id: title.id, location_id: place.id });
		expect(sim.store.unitsOf('department', a.id).map(({ unit }) => unit.id).sort()).toEqual([sales.id, ops.id].sort());
		expect(sim.store.getUser(b.id).job_title_id).toBe(title.id);
	});

	test('a user moved from one department to another: changes name both; one in no department or business who joins one: changes name none before', async () => {
		const user = activeUsers().find((u) => sim.store.unitsOf('department', u.id).length === 1)!;
		const [{ unit: left }] = sim.store.unitsOf('department', user.id);
		const joined = [...sim.store.departments.values()].find((unit) => !unit.members.has(user.id))!;
		// Someone in no unit at all (the seed gives everyone a department).
		const loner = activeUsers().find((u) => u.id !== user.id)!;
		for (const unit of [...sim.store.departments.values(), ...sim.store.businesses.values()]) unit.members.delete(loner.id);
		sim.store.touch();
		const business = [...sim.store.businesses.values()][0];
		const { items, error } = await run([{ ...employee(user), departments: [String(joined.id)] }, { ...employee(loner), departments: [String(joined.id)], businesses: [String(business.id)] }], {
			additionalFields: { manager: '={{ $json.managerEmail }}', departments: '={{ $json.departments }}', businesses: '={{ $json.businesses }}' },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.changes)).toEqual([
			{ departments: { from: [{ id: String(left.id), name: left.name }], to: [{ id: String(joined.id), name: joined.name }] } },
			{ departments: { from: [], to: [{ id: String(joined.id), name: joined.name }] }, businesses: { from: [], to: [{ id: String(business.id), name: business.name }] } },
		]);
	});

	test('an unchanged department administrator is output with their departments as Engagedly holds them: each named, administrator or not', async () => {
		const user = activeUsers().find((u) => sim.store.unitsOf('department', u.id).some((m) => m.isAdmin) && sim.store.unitsOf('department', u.id).some((m) => !m.isAdmin))!;
		const held = sim.store.unitsOf('department', user.id);
		const { items, error } = await run([{ ...employee(user), departments: held.map((m) => String(m.unit.id)) }], {
			additionalFields: { manager: '={{ $json.managerEmail }}', departments: '={{ $json.departments }}' },
			userDetail: 'full',
		});
		expect(error).toBeUndefined();
		expect(items[0].json.outcome).toBe('unchanged');
		const byId = (units: IDataObject[]) => [...units].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
		expect(byId((items[0].json.departments as IDataObject[]).map(({ id, name, is_admin }) => ({ id: String(id), name, is_admin })))).toEqual(
			byId(held.map((m) => ({ id: String(m.unit.id), name: m.unit.name, is_admin: m.isAdmin }))),
		);
	});

	test('a department whose answer lists no members fails the item that compares departments, naming it: a membership read that may be incomplete decides no write', async () => {
		const user = activeUsers()[14];
		const unit = [...sim.store.departments.values()][0];
		sim.faults.add({
			kind: 'rewrite',
			match: { method: 'GET', path: `/beta/departments/${unit.id}` },
			rewrite: (body: unknown) => ({ ...(body as object), data: { ...(body as { data: object }).data, members: undefined } }),
		});
		const { items, error } = await run(
			[{ ...employee(user), departments: [String(unit.id)] }],
			{ additionalFields: { manager: '={{ $json.managerEmail }}', departments: '={{ $json.departments }}' } },
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		if (sim.profile !== 'contract') {
			// The vendor's user list says who is in which department: no unit is read.
			expect(requestsTo(sim, 'GET /beta/departments/:id')).toEqual([]);
			return;
		}
		expect(items).toEqual([
			{
				json: {
					error: `Engagedly's answer for department ${unit.id} has no list of members`,
					description: 'Who belongs to which department is read from its members; without them no membership can be compared, so nothing was written.',
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(writes(sim)).toEqual([]);
	});

	test('a list whose read failed is read again for the next item that gives the field: only the first item fails', async () => {
		const [a, b] = activeUsers().slice(12, 14);
		const title = [...sim.store.jobTitles.values()].find((t) => t.id !== a.job_title_id && t.id !== b.job_title_id)!;
		sim.faults.add({ kind: 'status', status: 403, match: { method: 'GET', path: '/beta/job_titles' } });
		const { items } = await run(
			[a, b].map((user) => ({ ...employee(user), jobTitle: title.name })),
			{ additionalFields: { jobTitle: '={{ $json.jobTitle }}', manager: '={{ $json.managerEmail }}' } },
			{ continueOnFail: true },
		);
		expect(items.map((item) => [item.json.outcome, typeof item.json.error])).toEqual([
			[undefined, 'string'],
			['updated', 'undefined'],
		]);
		expect(items[0].json.error).toContain('403');
		expect(requestsTo(sim, 'GET /beta/job_titles')).toHaveLength(2);
		expect(sim.store.getUser(a.id).job_title_id).toBe(a.job_title_id);
		expect(sim.store.getUser(b.id).job_title_id).toBe(title.id);
	});
});

describe('leavers the HR system names, hires before their start date', () => {
	const managesNobody = (u: UserRecord) => !sim.store.directReports(u.id).some((r) => r.status === 'Active');
	const employmentFields = {
		employmentFields: { employmentStatus: '={{ $json.status ?? "" }}', leavingDate: '={{ $json.leavingDate ?? "" }}', blockReasonCode: '={{ $json.code ?? "" }}' },
	};

	test('a leaver by status is deactivated once (their own code, else the run’s) and never again; a leaving date that has passed (yesterday, their last day) deactivates; one ahead (working their notice) is kept up to date and listed onNotice; the Site Administrator named a leaver is kept; a leaver Engagedly lacks is not created, one Blocked is unchanged; none counts for the guard', async () => {
		const users = activeUsers().filter((u) => u.id !== sim.store.adminId);
		// A manager leaves: the reports they leave behind are named, not one their item gives another manager.
		const activeReports = (u: UserRecord) => sim.store.directReports(u.id).filter((r) => r.status === 'Active');
		const byStatus = users.find((u) => activeReports(u).length >= 2)!;
		const [reassigned, ...reports] = activeReports(byStatus);
		const [byFalse, byDate, ahead] = users.filter((u) => u !== byStatus && u !== reassigned && !reports.includes(u) && managesNobody(u)).slice(30, 33);
		const newManager = users.find((u) => ![byStatus, reassigned, ...reports, byFalse, byDate, ahead].includes(u))!;
		const blocked = sim.store.sortedUsers().find((u) => u.status === 'Blocked')!;
		const gone = freshEmail('gone');
		const employees: IDataObject[] = activeUsers().map(employee);
		const at = (user: UserRecord) => employees.findIndex((json) => json.email === user.email);
		employees[at(byStatus)] = { ...employees[at(byStatus)], status: ' terminated ', code: 'dismissal_with_cause' };
		employees[at(reassigned)] = { ...employees[at(reassigned)], managerEmail: newManager.email };
		employees[at(byFalse)] = { ...employees[at(byFalse)], status: false };
		employees[at(byDate)] = { ...employees[at(byDate)], status: 'Active', leavingDate: today().minus({ days: 1 }).toISODate() };
		employees[at(sim.store.admin)] = { ...employees[at(sim.store.admin)], status: 'Terminated' };
		// On notice, with a leaving date ahead and a status already in Left Statuses: still brought up to date.
		const renamed = `${ahead.last_name}-Noor`;
		employees[at(ahead)] = { ...employees[at(ahead)], status: 'Terminated', leavingDate: '2999-12-31', lastName: renamed };
		employees.push({ ...employee(blocked), status: 'Inactive' });
		employees.push({ email: gone, firstName: 'Gone', lastName: 'Before', jobTitle: '', managerEmail: '', costCenter: 'CC-1', status: 'Terminated' });
		// Max Deactivate Percent 0: missing users would be refused, the named leavers are not.
		const settings = { ...employmentFields, blockReasonCode: 'involuntary', deactivateMissing: true, maxDeactivatePercent: 0, userDetail: 'full' };

		// A dry run's Summary first: who loses their manager, and nothing written.
		const preview = await run(employees, { ...settings, dryRun: true, output: 'summary' });
		expect(preview.items[0].json).toMatchObject({ withoutManager: reports.map((r) => r.email), counts: { deactivated: 3, kept: 1 }, onNotice: [{ email: ahead.email, date: '2999-12-31' }] });
		expect(writes(sim)).toEqual([]);

		const { items, error } = await run(employees, settings);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual(employees.map((_, item) => ({ item })));
		expect(items.find((item) => item.json.id === byStatus.id)!.json.withoutManager).toEqual(
			reports.map((r) => ({ id: r.id, email: r.email, name: `${r.first_name} ${r.last_name}` })),
		);
		const outcomeOf = (email: string) => items.find((item) => item.json.email === email)!.json;
		expect(outcomeOf(byStatus.email)).toMatchObject({ outcome: 'deactivated', status: 'Blocked' });
		expect(outcomeOf(byDate.email)).toMatchObject({ outcome: 'deactivated' });
		expect(outcomeOf(sim.store.admin.email)).toMatchObject({ outcome: 'kept', status: 'Active' });
		expect(outcomeOf(ahead.email)).toMatchObject({ outcome: 'updated', lifecycle: 'onNotice', date: '2999-12-31', status: 'Active', last_name: renamed });
		expect(outcomeOf(blocked.email)).toMatchObject({ outcome: 'unchanged', reason: 'Left, and already deactivated' });
		expect(outcomeOf(gone)).toMatchObject({ outcome: 'unchanged', reason: 'Left: not in Engagedly, so not created' });
		expect(writes(sim).filter((entry) => entry.method === 'PATCH').map((entry) => [entry.path, entry.body])).toEqual(
			[
				[`/beta/users/${reassigned.id}`, { manager_id: newManager.id }],
				[`/beta/users/${ahead.id}`, { last_name: renamed }],
			].sort((a, b) => at(a[0] === `/beta/users/${ahead.id}` ? ahead : reassigned) - at(b[0] === `/beta/users/${ahead.id}` ? ahead : reassigned)),
		);
		expect(writes(sim).filter((entry) => entry.method !== 'PATCH').map((entry) => [entry.path, entry.body])).toEqual([
			[`/beta/users/${byStatus.id}/deactivate`, { block_reason_code: 'dismissal_with_cause' }],
			[`/beta/users/${byFalse.id}/deactivate`, { block_reason_code: 'involuntary' }],
			[`/beta/users/${byDate.id}/deactivate`, { block_reason_code: 'involuntary' }],
		]);
		expect(sim.store.getUser(byStatus.id)).toMatchObject({ status: 'Blocked', block_reason_code: 'dismissal_with_cause' });
		expect(sim.store.getUser(ahead.id).status).toBe('Active');
		expect(sim.store.getUser(blocked.id)).toEqual(blocked);
		expect(sim.store.userByEmail(gone)).toBeUndefined();

		// The same export the next night: nothing written, the leavers unchanged.
		sim.clearLog();
		const again = await run(employees, { ...settings, output: 'summary' });
		expect(again.error).toBeUndefined();
		expect(writes(sim)).toEqual([]);
		const { counts } = again.items[0].json as { counts: IDataObject };
		expect(counts).toMatchObject({ deactivated: 0, kept: 1, unchanged: employees.length - 1 });
		expect(again.items[0].json.onNotice).toEqual([{ email: ahead.email, date: '2999-12-31' }]);
		// Nobody on notice, no onNotice in the Summary.
		const noneAhead = await run(employees.map((json) => (json.email === ahead.email ? { ...json, status: 'Active', leavingDate: '' } : json)), { ...settings, output: 'summary' });
		expect(noneAhead.items[0].json).not.toHaveProperty('onNotice');

		// A leaver's own code Engagedly would refuse (archived) fails that item only, with Continue On Fail.
		const archived = await run(employees.map((json) => (json.code ? { ...json, code: 'retirement' } : json)), settings, { continueOnFail: true });
		expect(archived.items.filter((item) => item.json.error).map((item) => item.pairedItem)).toEqual([{ item: at(byStatus) }]);
		expect(writes(sim)).toEqual([]);
	});

	test('lifecycles as HR systems record them: a rehire whose export keeps the old leaving date is reactivated, one starting in three months stays pending (not reactivated today), someone between two employments is deactivated until then, a fixed-term hire is created, BambooHR’s 0000-00-00 is no date; the same export again writes nothing', async () => {
		const day = (offset: number) => today().plus({ days: offset }).toISODate()!;
		const [rehired, returning] = [0, 1].map((n) => snapshot(sim.store.addUser({ first_name: `Rehire${n}`, last_name: 'Again', status: 'Blocked' })));
		const [between, bamboo] = activeUsers().filter((u) => u.id !== sim.store.adminId && managesNobody(u)).slice(40, 42);
		const fixedTerm = freshEmail('fixed-term');
		const employees: IDataObject[] = [
			{ ...employee(rehired), status: 'Active', joiningDate: day(-20), leavingDate: day(-200) },
			{ ...employee(returning), status: 'Terminated', joiningDate: day(90), leavingDate: day(-100) },
			{ ...employee(between), status: 'Terminated', joiningDate: day(90), leavingDate: day(-1), code: 'involuntary' },
			{ email: fixedTerm, firstName: 'Fia', lastName: 'Term', jobTitle: '', managerEmail: '', costCenter: 'CC-4', joiningDate: day(0), leavingDate: day(180) },
			{ ...employee(bamboo), status: 'Active', joiningDate: '0000-00-00', leavingDate: '0000-00-00' },
		];
		const settings = {
			...employmentFields,
			additionalFields: { jobTitle: '={{ $json.jobTitle }}', manager: '={{ $json.managerEmail }}', joiningDate: '={{ $json.joiningDate }}' },
			createNewHires: 'beforeJoining',
			daysBeforeJoining: 14,
			reactivateReturning: true,
		};
		const { items, error } = await run(employees, settings);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.email, item.json.outcome, item.json.lifecycle ?? null, item.json.date ?? null])).toEqual([
			[rehired.email, 'reactivated', null, null],
			[returning.email, 'pending', 'rejoining', day(90)],
			[between.email, 'deactivated', 'rejoining', day(90)],
			[fixedTerm, 'created', 'onNotice', day(180)],
			[bamboo.email, 'unchanged', null, null],
		]);
		expect(items[1].json.reason).toBe(`Reactivated from ${day(76)}`);
		expect(writes(sim).map((entry) => [entry.route, entry.path.split('/')[3] ?? null, entry.body])).toEqual([
			['PUT /beta/users/:id/activate', rehired.id, {}],
			['PATCH /beta/users/:id', rehired.id, { joining_date: day(-20) }],
			['PUT /beta/users/:id/deactivate', between.id, { block_reason_code: 'involuntary' }],
			['POST /beta/users', null, expect.objectContaining({ email: fixedTerm, joining_date: day(0) }) as unknown],
		]);
		expect(sim.store.getUser(rehired.id).status).toBe('Active');
		expect(sim.store.getUser(returning.id)).toEqual(returning);
		expect(sim.store.getUser(between.id)).toMatchObject({ status: 'Blocked', block_reason_code: 'involuntary' });
		expect(sim.store.userByEmail(fixedTerm)).toMatchObject({ status: 'Active' });

		// The next night, the same export: nothing written; the one between employments now waits, Blocked, like the other rehire.
		sim.clearLog();
		const again = await run(employees, settings);
		expect(again.error).toBeUndefined();
		expect(writes(sim)).toEqual([]);
		expect(outcomes(again.items)).toEqual(['unchanged', 'pending', 'pending', 'unchanged', 'unchanged']);
	});

	test('dates as HR exports give them, in a workflow east of UTC: a Workday leaving date with its zone deactivates the leaver; a Joining Date an expression returns as a Date is sent as the workflow’s day; a leaving date on the Rehire Date, status Active, is a rehire who works here, not deactivated', async () => {
		const zone = 'Europe/Berlin';
		const day = (offset: number) => DateTime.now().setZone(zone).plus({ days: offset }).toISODate()!;
		const [leaver, rehired] = activeUsers().filter((u) => u.id !== sim.store.adminId && managesNobody(u)).slice(50, 52);
		const hire = freshEmail('date-hire');
		// Local midnight in Berlin of the joining day is 23:00 UTC the day before: the UTC day is a day early.
		const joiningAt = DateTime.fromISO(day(-10), { zone }).toUTC().toISO()!;
		const employees: IDataObject[] = [
			// Workday's web services write xs:date with the zone of the tenant: status still Active, the date decides.
			{ ...employee(leaver), status: 'Active', leavingDate: `${day(-3)}-08:00` },
			{ ...employee(rehired), status: 'Active', leavingDate: day(-5), rehireDate: day(-5) },
			{ email: hire, firstName: 'Dita', lastName: 'Datum', jobTitle: '', managerEmail: '', costCenter: 'CC-8', joiningAt },
		];
		const settings = {
			employmentFields: { ...employmentFields.employmentFields, rehireDate: '={{ $json.rehireDate ?? "" }}' },
			additionalFields: { jobTitle: '={{ $json.jobTitle }}', manager: '={{ $json.managerEmail }}', joiningDate: '={{ $json.joiningAt ? new Date($json.joiningAt) : "" }}' },
		};
		const { items, error } = await run(employees, settings, { timezone: zone });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.email, item.json.outcome, item.json.lifecycle ?? null, item.json.date ?? null])).toEqual([
			[leaver.email, 'deactivated', 'left', day(-3)],
			[rehired.email, 'unchanged', null, null],
			[hire, 'created', null, null],
		]);
		expect(writes(sim).map((entry) => [entry.route, entry.path.split('/')[3] ?? null, entry.body])).toEqual([
			['PUT /beta/users/:id/deactivate', leaver.id, {}],
			['POST /beta/users', null, expect.objectContaining({ email: hire, joining_date: day(-10) }) as unknown],
		]);
		expect(sim.store.getUser(leaver.id).status).toBe('Blocked');
		expect(sim.store.getUser(rehired.id).status).toBe('Active');
		expect(sim.store.userByEmail(hire)).toMatchObject({ status: 'Active', joining_date: expect.stringContaining(day(-10)) as unknown });
	});

	test('an address two Engagedly users share, in any case, is never guessed: the item fails naming both, and neither is written nor deactivated as missing', async () => {
		const address = freshEmail('ann.lee');
		const twins = [address.replace(/^./, (c) => c.toUpperCase()), address].map((email) => sim.store.addUser({ email, first_name: 'Ann', last_name: 'Lee' }));
		const employees = [...activeUsers().filter((u) => !twins.includes(u)).map(employee), { ...employee(twins[1]), lastName: 'Lee-Park' }];
		const { items, error } = await run(employees, { deactivateMissing: true }, { continueOnFail: true });
		expect(error).toBeUndefined();
		const failed = items.filter((item) => item.json.error);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: employees.length - 1 }]);
		expect(failed[0].json.error).toBe(`2 Engagedly users have the email address "${address}"`);
		for (const twin of twins) expect(String(failed[0].json.description)).toContain(`${twin.email} (ID ${twin.id})`);
		expect(writes(sim)).toEqual([]);
		for (const twin of twins) expect(sim.store.getUser(twin.id)).toMatchObject({ status: 'Active', last_name: 'Lee' });
	});

	test('Create New Hires days before their joining date: a hire further ahead is pending with the date and not created, and so is a hire whose manager they are (a user Engagedly has is updated, however far ahead); changed to come exactly Days Before Joining ahead, a dry run previews both, the next run creates the manager first', async () => {
		const hire = freshEmail('pending');
		const report = freshEmail('pending-report');
		const joining = DateTime.now().plus({ days: 400 }).toISODate()!;
		const row = { email: hire, firstName: 'Pia', lastName: 'Later', jobTitle: '', managerEmail: '', costCenter: 'CC-3', joiningDate: joining };
		// Joins at once, but reports to Pia: created without their manager, the HR system's line would be lost.
		const hr = activeUsers()[11];
		const reportRow = { ...row, email: report, firstName: 'Rui', managerEmail: hire, hrManagers: [hire, hr.email], joiningDate: DateTime.now().toISODate()! };
		const settings = {
			createNewHires: 'beforeJoining',
			daysBeforeJoining: 14,
			additionalFields: { manager: '={{ $json.managerEmail }}', hrManagers: listedUsers('={{ $json.hrManagers ?? [] }}'), joiningDate: '={{ $json.joiningDate }}' },
		};
		// A user Engagedly has already is no new hire: their joining date far ahead is an update.
		const moved = activeUsers()[9];
		const early = await run([reportRow, row, { ...employee(moved), joiningDate: joining }], settings);
		expect(early.error).toBeUndefined();
		expect(early.items.map((item) => item.json)).toMatchObject([
			{ outcome: 'pending', date: joining, email: report, reason: expect.stringContaining(hire) as unknown },
			{ outcome: 'pending', date: joining, email: hire },
			{ outcome: 'updated', email: moved.email },
		]);
		expect(writes(sim).map((entry) => [entry.path, entry.body])).toEqual([[`/beta/users/${moved.id}`, { joining_date: joining }]]);
		sim.clearLog();

		// Exactly Days Before Joining ahead: created from today.
		const soon = today().plus({ days: 14 }).toISODate()!;
		const ready = [reportRow, { ...row, joiningDate: soon }];
		// A dry run previews the report, listed before their manager, without them (no id yet), as
		// manager or HR manager: the projected user in full (User Details).
		const dry = await run(ready, { ...settings, dryRun: true, userDetail: 'full' });
		expect(dry.error).toBeUndefined();
		expect(outcomes(dry.items)).toEqual(['created', 'created']);
		expect(dry.items[0].json).toMatchObject({ id: null, email: report });
		expect(dry.items[0].json).not.toHaveProperty('manager_id');
		expect((dry.items[0].json.hr_managers as IDataObject[]).map((person) => person.id)).toEqual([hr.id]);
		expect(writes(sim)).toEqual([]);

		const later = await run(ready, settings);
		expect(later.error).toBeUndefined();
		expect(later.items.map((item) => [item.json.email, item.json.outcome, item.pairedItem])).toEqual([
			[report, 'created', { item: 0 }],
			[hire, 'created', { item: 1 }],
		]);
		// Nobody was looked up one by one: the directory answered every address.
		expect(requestsTo(sim, 'GET /beta/users').every((entry) => entry.query.email === undefined)).toBe(true);
		expect(writes(sim).map((entry) => [entry.route, (entry.body as IDataObject).email])).toEqual([['POST /beta/users', hire], ['POST /beta/users', report]]);
		expect(sim.store.userByEmail(hire)).toMatchObject({ first_name: 'Pia', status: 'Active', joining_date: expect.stringContaining(soon) as unknown });
		expect(sim.store.userByEmail(report)!.manager_id).toBe(sim.store.userByEmail(hire)!.id);
		expect(sim.store.userByEmail(report)!.hr_manager_ids).toEqual([sim.store.userByEmail(hire)!.id, hr.id]);
		// A Summary of a run that can have pending hires counts them, none here.
		expect((await run(ready, { ...settings, output: 'summary' })).items[0].json.counts).toMatchObject({ unchanged: 2, pending: 0 });
	});
});

describe('When Over The Guard: output the plan, and Apply Plan', () => {
	const applyPlan = async (plan: unknown, parameters: IDataObject = {}, credentials = sim.credentials()) =>
		await runEngagedly({
			parameters: { resource: 'user', operation: 'applyPlan', ...parameters },
			credentials,
			// As a Wait node hands it on: JSON, and back.
			input: [{ json: JSON.parse(JSON.stringify({ plan })) as IDataObject }],
		});

	type Plan = IDataObject & { steps: IDataObject[]; plannedAt: string; signature: string };

	test('the plan applied is the plan approved, while fresh, whole or not at all: an extended, edited or foreign plan, an old one and one whose block reason code was archived meanwhile are refused with nothing written; a row that failed at plan time ends the approved run in error after the rest is written', async () => {
		const users = activeUsers().filter((u) => u.id !== sim.store.adminId);
		const [gone, other] = [users.slice(0, 20), users[30]];
		const employees: IDataObject[] = activeUsers().filter((u) => !gone.includes(u)).map(employee);
		const hire = freshEmail('signed');
		employees.push({ email: hire, firstName: 'Sig', lastName: 'Ned', jobTitle: '', managerEmail: '', costCenter: 'CC-5' });
		// A row the node cannot read: it fails at plan time, and travels with the plan.
		const bad = employees.findIndex((json) => json.email === other.email);
		employees[bad] = { ...employees[bad], joiningDate: 'someday' };
		const settings = { deactivateMissing: true, whenOverGuard: 'outputPlan', blockReasonCode: 'involuntary', additionalFields: { jobTitle: '={{ $json.jobTitle }}', joiningDate: '={{ $json.joiningDate ?? "" }}' } };
		const planned = await run(employees, settings);
		expect(planned.error).toBeUndefined();
		const plan = planned.items[0].json.plan as Plan;
		expect(plan.failed).toEqual([expect.objectContaining({ item: bad, email: other.email, error: 'Joining Date "someday" is not a date' })]);
		const { signature, ...content } = plan;
		const resign = (changed: IDataObject) => ({ ...changed, signature: signatureOf(keyFor(sim.keys.demo.secretKey), changed) });

		const edited = 'Plan is not the plan Sync made: its signature does not match';
		const refusals: Array<[string, unknown, string, EngagedlyCredentials?]> = [
			['a deactivation added', { ...plan, steps: [...plan.steps, { ...plan.steps[1], user: { id: other.id, email: other.email, name: null } }] }, edited],
			// Every other edit and another key: test/pure/approved.test.ts and test/user/applyPlan.test.ts.
		];
		for (const [why, changed, message, credentials] of refusals) {
			sim.clearLog();
			const refused = await applyPlan(changed, {}, credentials);
			expect([why, refused.error?.message]).toEqual([why, message]);
			expect(sim.log).toEqual([]);
		}
		expect(signature).toBe(signatureOf(keyFor(sim.keys.demo.secretKey), content));

		// Older than Max Plan Age (24 hours by default): refused before any request, saying to run Sync again.
		const old = resign({ ...content, plannedAt: new Date(Date.now() - 25 * 3_600_000).toISOString() });
		sim.clearLog();
		const stale = await applyPlan(old);
		expect(stale.error?.message).toMatch(/^Plan is 25\.0 hours old, more than Max Plan Age \(Hours\) \(24\)$/);
		expect(stale.error?.description).toContain('Run Sync again');
		expect(sim.log).toEqual([]);

		// The block reason code archived since: refused before the first write, naming it.
		const code = sim.store.blockReasonCodes.find((c) => c.code === 'involuntary')!;
		code.archived = true;
		sim.clearLog();
		const archived = await applyPlan(plan);
		expect(archived.error?.message).toBe('Block reason code "involuntary" is archived in this Engagedly organisation');
		expect(writes(sim)).toEqual([]);
		code.archived = false;

		// Approved as it was: applied whole (a raised Max Plan Age takes the older plan too), then the
		// row that failed when it was made ends the run in error, naming it.
		sim.clearLog();
		const applied = await applyPlan(old, { maxPlanAge: 48 });
		expect(applied.error?.message).toBe(`1 failed: 1 created, 20 deactivated, 1 failed`);
		expect(applied.error?.description).toContain(`Item ${bad} (${other.email}) failed when the plan was made: Joining Date "someday" is not a date`);
		expect(applied.error?.description).toContain('The rest of the approved plan was applied.');
		expect(writes(sim).map((entry) => entry.route)).toEqual(['POST /beta/users', ...gone.map(() => 'PUT /beta/users/:id/deactivate')]);
		for (const user of gone) expect(sim.store.getUser(user.id)).toMatchObject({ status: 'Blocked', block_reason_code: 'involuntary' });
		expect(sim.store.getUser(other.id).status).toBe('Active');
	});

	test('over the guard the run outputs the plan (counts, names, whose manager leaves) with nothing written; Apply Plan writes exactly its steps, a step whose user changed meanwhile is stale and not written', async () => {
		const admin = sim.store.getUser(sim.store.adminId);
		const users = activeUsers().filter((u) => u.id !== admin.id);
		const manager = users.find((u) => sim.store.directReports(u.id).some((r) => r.status === 'Active'))!;
		const reports = sim.store.directReports(manager.id).filter((r) => r.status === 'Active');
		const left = [manager, ...users.filter((u) => u !== manager && !reports.includes(u)).slice(0, 29)];
		const missing = users.filter((u) => left.includes(u));
		const employees = activeUsers().filter((u) => !missing.includes(u)).map(employee);
		// Item 0 is the Site Administrator: everyone reports to them, so they are not the one given another manager.
		const [renamed, changedMeanwhile] = [1, 0];
		expect(sim.store.userByEmail(String(employees[0].email))!.id).toBe(admin.id);
		// Renamed and given another manager: Apply Plan's changes name them from the directory it read.
		const renamedBefore = snapshot(sim.store.userByEmail(String(employees[renamed].email))!);
		const oldBoss = snapshot(sim.store.getUser(renamedBefore.manager_id!));
		const below = (id: string): string[] => sim.store.directReports(id).flatMap((r) => [r.id, ...below(r.id)]);
		const newBoss = activeUsers().find((u) => !missing.includes(u) && ![renamedBefore.id, renamedBefore.manager_id, ...below(renamedBefore.id)].includes(u.id))!;
		employees[renamed] = { ...employees[renamed], lastName: 'Approved', managerEmail: newBoss.email, hrManagers: [newBoss.email] };
		employees[changedMeanwhile] = { ...employees[changedMeanwhile], lastName: 'Stale' };
		const hire = freshEmail('approved');
		employees.push({ email: hire, firstName: 'Ada', lastName: 'Proved', jobTitle: '', managerEmail: manager.email, costCenter: 'CC-4' });
		const before = JSON.stringify([...sim.store.users.values()]);

		const additionalFields = { jobTitle: '={{ $json.jobTitle }}', manager: '={{ $json.managerEmail }}', hrManagers: listedUsers('={{ $json.hrManagers ?? [] }}') };
		const planned = await run(employees, { deactivateMissing: true, whenOverGuard: 'outputPlan', additionalFields });
		expect(planned.error).toBeUndefined();
		expect(writes(sim)).toEqual([]);
		expect(JSON.stringify([...sim.store.users.values()])).toBe(before);
		expect(planned.items).toHaveLength(1);
		expect(planned.items[0].pairedItem).toEqual(employees.map((_, item) => ({ item })));
		const output = planned.items[0].json as IDataObject & { plan: { steps: IDataObject[] }; counts: IDataObject; names: IDataObject };
		expect(output.outcome).toBe('approvalNeeded');
		expect(output.reason).toMatch(/^Refused: this sync would deactivate 30 of \d+ Active users/);
		expect(output.counts).toEqual({ create: 1, update: 2, reactivate: 0, deactivate: 30, kept: 0, held: 0, pending: 0, unchanged: employees.length - 3, blocked: 0, failed: 0 });
		expect(output.names).toMatchObject({ create: [`Ada Proved <${hire}>`] });
		expect((output.names as { deactivate: string[] }).deactivate).toContain(`${manager.first_name} ${manager.last_name} <${manager.email}>`);
		expect(output.withoutManager).toEqual(expect.arrayContaining(reports.map((r) => `${r.first_name} ${r.last_name} <${r.email}>`)));
		// Bounded: the steps that write, each ids, addresses, body, changes and a fingerprint.
		expect(output.plan.steps.map((step) => step.kind)).toEqual(['update', 'update', 'create', ...missing.map(() => 'deactivate')]);
		for (const step of output.plan.steps) expect(Object.keys(step).every((key) => ['kind', 'item', 'user', 'body', 'changes', 'notCompared', 'blockReasonCode', 'withoutManager', 'fingerprint'].includes(key))).toBe(true);

		// Meanwhile someone changes one of the users in Engagedly.
		const stale = sim.store.userByEmail(String(employees[changedMeanwhile].email))!;
		sim.store.updateUser(stale.id, { last_name: 'Changed In Engagedly' });
		// ...and one the plan deactivates is made Site Administrator (permissions are not in a fingerprint).
		const promoted = missing[1];
		sim.store.userPermissions.set(promoted.id, new Set([sim.store.adminPermission()!.id]));
		// ...and one it deactivates changes address (the fingerprint holds it): that step is stale.
		const [moved, movedFrom] = [missing[2], missing[2].email];
		sim.store.updateUser(moved.id, { email: freshEmail('moved') });
		const deactivated = missing.filter((u) => u !== promoted && u !== moved);
		sim.clearLog();
		const { items, error } = await applyPlan(output.plan);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.email, item.json.outcome])).toEqual([
			[stale.email, 'stale'],
			[employees[renamed].email, 'updated'],
			[hire, 'created'],
			...missing.map((u) => (u === moved ? [movedFrom, 'stale'] : [u.email, u === promoted ? 'kept' : 'deactivated'])),
		]);
		expect(sim.store.getUser(promoted.id).status).toBe('Active');
		// Every item in one shape, led by who; the hire it created is named and has the id Engagedly gave them.
		for (const item of items) expect(Object.keys(item.json)).toEqual(['name', 'email', 'id', 'outcome', 'changes', 'reason', 'appliedAt']);
		expect(items.find((item) => item.json.email === hire)?.json).toMatchObject({ name: 'Ada Proved', id: sim.store.userByEmail(hire)!.id });
		const named = (u: UserRecord) => ({ id: u.id, name: `${u.first_name} ${u.last_name}`, email: u.email });
		expect(items[renamed].json.changes).toEqual({
			last_name: { from: renamedBefore.last_name, to: 'Approved' },
			manager_id: { from: named(oldBoss), to: named(newBoss) },
			// A write's answer shows no HR managers: they are named from the directory Apply Plan read.
			hr_managers: { from: renamedBefore.hr_manager_ids.map((id) => named(sim.store.getUser(id))), to: [named(newBoss)] },
		});
		expect(requestsTo(sim, 'GET /beta/users').filter((entry) => entry.query.email === undefined)).toHaveLength(Math.ceil(sim.store.users.size / 50));
		const renamedUser = sim.store.userByEmail(String(employees[renamed].email))!;
		expect(writes(sim).map((entry) => [entry.route, entry.path, entry.body])).toEqual([
			['PATCH /beta/users/:id', `/beta/users/${renamedUser.id}`, { last_name: 'Approved', manager_id: newBoss.id, hr_managers: [newBoss.id] }],
			['POST /beta/users', '/beta/users', { email: hire, first_name: 'Ada', last_name: 'Proved', manager_id: manager.id, [costCenter().attribute_key]: 'CC-4' }],
			...deactivated.map((u) => ['PUT /beta/users/:id/deactivate', `/beta/users/${u.id}/deactivate`, {}]),
		]);
		expect(sim.store.getUser(stale.id).last_name).toBe('Changed In Engagedly');
		for (const user of deactivated) expect(sim.store.getUser(user.id).status).toBe('Blocked');

		sim.clearLog();
		const edited = await applyPlan({ ...output.plan, steps: [{ ...output.plan.steps[0], kind: 'kept' }] });
		expect(edited.error?.message).toBe('Plan is not a plan Sync output: step 0 is a "kept"');
		expect(edited.error?.description).toBe('Map the `plan` field of the item a Sync output for approval (When Over The Guard: output the plan), unchanged. Nothing was read or written.');
		expect(sim.log).toEqual([]);
		// Applied again from the editor (a manual run: n8n keeps no static data for the next one, so
		// nothing is remembered as written), all of it is stale but the Site Administrator, by the
		// fingerprints alone: Output "Summary" says so in one item.
		const twice = await applyPlan(output.plan, { output: 'summary' });
		expect(twice.error).toBeUndefined();
		const steps = output.plan.steps.map((step) => String((step.user as IDataObject).email));
		expect(twice.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[
				{
					counts: { created: 0, updated: 0, reactivated: 0, deactivated: 0, alreadyApplied: 0, kept: 1, stale: steps.length - 1, failed: 0 },
					emails: { created: [], updated: [], reactivated: [], deactivated: [], alreadyApplied: [], kept: [promoted.email], stale: steps.filter((email) => email !== promoted.email), failed: [] },
				},
				{ item: 0 },
			],
		]);
		// Permissions that cannot be read prove nothing: that step fails, and nothing is written.
		sim.faults.add({ kind: 'status', status: 403, match: { path: `/beta/users/${promoted.id}/permissions` } });
		const unreadable = await applyPlan(output.plan);
		expect(unreadable.error?.message).toMatch(/^1 failed: /);
		expect(writes(sim)).toEqual([]);
		// With Output "Summary" too: the summary does not swallow the failure.
		sim.faults.add({ kind: 'status', status: 403, match: { path: `/beta/users/${promoted.id}/permissions` } });
		const summarised = await applyPlan(output.plan, { output: 'summary' });
		expect(summarised.error?.message).toMatch(/^1 failed: /);
		expect(sim.store.getUser(promoted.id).status).toBe('Active');
	});
});

test('Email mapped to a column the input lacks: one line says so once, for how many, names the field the input has, and the dry run wrote nothing', async () => {
	const employees = activeUsers().slice(0, 4).map(employee);
	sim.clearLog();
	const { error } = await run(employees, { email: '={{ $json.Email }}', dryRun: true });
	expect(error?.message).toMatch(/^4 failed: /);
	const description = String((error as { description?: string }).description);
	expect(description).toMatch(/^Nothing was written: this was a dry run./);
	const lines = description.split('\n').filter((line) => line.includes('its Email is empty'));
	expect(lines).toEqual([
		'4 of them (item 0, item 1, item 2, item 3): Names nobody: its Email is empty: the Email expression reads "Email", which the input item does not have. It has "email": map Email to that field.',
	]);
	expect(writes(sim)).toEqual([]);
});

test('a dry run names both sides of a job title given by its name, from the list it read to match it', async () => {
	const users = activeUsers();
	const employees = users.map(employee);
	const retitled = users[5];
	const oldTitle = retitled.job_title_id;
	const newTitle = [...sim.store.jobTitles.values()].find((t) => t.id !== oldTitle)!;
	employees[5] = { ...employees[5], jobTitle: newTitle.name };

	const { items, error } = await run(employees, { dryRun: true });
	expect(error).toBeUndefined();
	expect(items[5].json).toMatchObject({ outcome: 'updated', dryRun: true });
	expect(items[5].json.changes).toEqual({
		job_title: {
			from: oldTitle === null ? null : { id: String(oldTitle), name: sim.store.jobTitles.get(oldTitle)!.name },
			to: { id: String(newTitle.id), name: newTitle.name },
		},
	});
	expect(writes(sim)).toEqual([]);
});
