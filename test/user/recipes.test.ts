/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * Real exports as they come: for each HR system, its employee export built from the vendor's
 * published shape (test/user/exports/, each file citing where the shape comes from), handed to
 * Sync through n8n's engine with the recipe's own expressions, exactly as docs/engagedly-node.md
 * ("Recipes: HR systems") prints them. Engagedly (the simulator, its least convenient profile)
 * already holds the people it should: the leaver Active, the rehire Blocked, one name or title
 * out of date. Each person's outcome, lifecycle state and date, the writes, and the organisation
 * afterwards are asserted; then the same export again writes nothing. Today is the workflow's day
 * (n8n's default time zone), and every date of the exports is relative to it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

import { DateTime } from 'luxon';
import type { IDataObject, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { getGlobalState } from 'n8n-workflow';

import { runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { UserRecord } from '../simulator';
import { bamboohr } from './exports/bamboohr';
import { finch } from './exports/finch';
import { hibob } from './exports/hibob';
import { merge } from './exports/merge';
import { personio } from './exports/personio';
import { dayFrom, type Recipe } from './exports/recipe';
import { workday } from './exports/workday';
import { customAttributes, jsonOf, mapping, snapshot, writes } from './helpers';

const sim = useSimulator({ seed: 47, users: 6 });
/** Today where the node reads it, in the workflow's time zone; taken before a run, it is never after the node's. */
const today = () => DateTime.now().setZone(getGlobalState().defaultTimezone).toISODate()!;

const costCenterKey = () => customAttributes(sim).find((a) => a.mandatory)!.attribute_key;
const titleId = (name: string) => String([...sim.store.jobTitles.values()].find((t) => t.name === name)!.id);
const locationId = (name: string) => String([...sim.store.locations.values()].find((l) => l.name === name)!.id);
const user = (email: string) => sim.store.userByEmail(email)!;

/** Sync with the recipe's parameters; Custom Attributes maps the organisation's Cost Center. */
async function runRecipe<A>(recipe: Recipe<A>, items: IDataObject[], continueOnFail = false) {
	return await runEngagedly({
		parameters: { resource: 'user', operation: 'sync', ...recipe.parameters, customAttributes: mapping({ [costCenterKey()]: recipe.costCenter }) },
		credentials: sim.credentials(),
		input: items.map((json) => ({ json })),
		continueOnFail,
	});
}

/** Someone Engagedly holds before the run, as the HR system last had them. */
interface Holding {
	email: string;
	first: string;
	last: string;
	title: string;
	location?: string;
	manager?: string;
	employeeId: string;
	joining: string;
	costCenter: string;
	status?: 'Blocked';
}

function hold(h: Holding): UserRecord {
	const added = sim.store.addUser({
		email: h.email,
		first_name: h.first,
		last_name: h.last,
		employee_id: h.employeeId,
		job_title_id: Number(titleId(h.title)),
		location_id: h.location === undefined ? null : Number(locationId(h.location)),
		manager_id: h.manager === undefined ? sim.store.adminId : user(h.manager).id,
		joining_date: `${h.joining}T00:00:00.000Z`,
	});
	added.custom[costCenterKey()] = h.costCenter;
	if (h.status === 'Blocked') sim.store.setUserStatus(added.id, 'Blocked');
	return added;
}

/** Each item's outcome, lifecycle state (none when active) and date, in input order; a failed item (Continue On Fail) by its input item. */
type Row = [email: string, outcome: string, lifecycle: string | null, date: string | null];
const rows = (items: INodeExecutionData[]): Row[] =>
	items.map(({ json, pairedItem }) => [
		json.email === undefined ? `item ${(pairedItem as IPairedItemData).item}` : String(json.email),
		String(json.outcome ?? `error: ${String(json.error)}`),
		(json.lifecycle as string | null) ?? null,
		(json.date as string | null) ?? null,
	]);

/** The writes, per user address (a creation under the new address), in the order they were sent. */
function writesByUser(): Record<string, Array<[string, unknown]>> {
	const emailOf = (entry: (typeof sim.log)[number]) => {
		if (entry.route === 'POST /beta/users') return String((entry.body as IDataObject).email);
		const id = entry.path.split('/')[3];
		return sim.store.getUser(id).email;
	};
	const out: Record<string, Array<[string, unknown]>> = {};
	for (const entry of writes(sim)) (out[emailOf(entry)] ??= []).push([entry.route!, entry.body]);
	return out;
}

interface Expected {
	first: Row[];
	writes: Record<string, Array<[string, unknown]>>;
	/** What changed in Engagedly, per address; everyone else held is as they were. */
	after: Record<string, Partial<UserRecord>>;
	/** Addresses Engagedly must not have afterwards (pending hires, leavers it never had). */
	absent: string[];
	/** The second run's outcomes, in input order. */
	again: string[];
}

/** What a recipe's two runs may need besides: Continue On Fail (items expected to fail), and what a person does between the runs. */
interface Runs {
	continueOnFail?: boolean;
	/** Done after the first run's assertions, before the same export runs again (as its errors advise). */
	between?: () => void;
}

/** The first run and the same export again; asserts everything, and returns both runs' items for what a test adds. */
async function runTwice<A>(recipe: Recipe<A>, items: IDataObject[], held: UserRecord[], expected: () => Expected, runs: Runs = {}) {
	const before = new Map(sim.store.sortedUsers().map((u) => [u.id, snapshot(u)]));

	const first = await runRecipe(recipe, items, runs.continueOnFail);
	expect(first.error).toBeUndefined();
	const want = expected();
	expect(rows(first.items)).toEqual(want.first);
	expect(first.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
	expect(writesByUser()).toEqual(want.writes);

	// Reads: the directory once, in pages of 50; nobody on their own; the permissions of exactly
	// those deactivated (the Site Administrator is known by them).
	const pages = requestsTo(sim, 'GET /beta/users');
	expect(pages).toHaveLength(Math.ceil(before.size / 50));
	expect(pages.every((entry) => entry.query.email === undefined)).toBe(true);
	expect(requestsTo(sim, 'GET /beta/users/:id')).toEqual([]);
	// The attribute definitions and each list the recipe names records from, once.
	const mapped = recipe.parameters.additionalFields as IDataObject;
	expect(requestsTo(sim, 'GET /beta/user-attributes')).toHaveLength(1);
	expect(requestsTo(sim, 'GET /beta/job_titles')).toHaveLength(1);
	expect(requestsTo(sim, 'GET /beta/locations')).toHaveLength(mapped.location === undefined ? 0 : 1);
	const deactivated = Object.entries(want.writes)
		.filter(([, sent]) => sent.some(([route]) => route === 'PUT /beta/users/:id/deactivate'))
		.map(([email]) => `/beta/users/${user(email).id}/permissions`);
	expect(requestsTo(sim, 'GET /beta/users/:id/permissions').map((entry) => entry.path).sort()).toEqual(deactivated.sort());

	// The organisation afterwards.
	for (const [id, was] of before) {
		const now = sim.store.getUser(id);
		const change = want.after[was.email];
		if (change) expect(now).toMatchObject({ ...change });
		else expect(now).toEqual(was);
	}
	// Everyone the recipe's Engagedly held is still there.
	for (const person of held) expect(sim.store.users.has(person.id)).toBe(true);
	for (const email of want.absent) expect(sim.store.userByEmail(email)).toBeUndefined();

	// The same export again (after what a person did between the runs, if anything): nothing to write.
	runs.between?.();
	sim.clearLog();
	const again = await runRecipe(recipe, items, runs.continueOnFail);
	expect(again.error).toBeUndefined();
	expect(writes(sim)).toEqual([]);
	expect(jsonOf(again.items).map((json) => json.outcome)).toEqual(want.again);
	return { first: first.items, again: again.items };
}

/** What a creation sends: the fields given, and the Cost Center under the attribute's key. */
const creation = (body: IDataObject): [string, unknown] => {
	const { costCenter, ...rest } = body;
	return ['POST /beta/users', { ...rest, [costCenterKey()]: costCenter }];
};
const deactivation: [string, unknown] = ['PUT /beta/users/:id/deactivate', {}];
const activation: [string, unknown] = ['PUT /beta/users/:id/activate', expect.anything()];
const patch = (body: IDataObject): [string, unknown] => ['PATCH /beta/users/:id', body];
const blocked = { status: 'Blocked' as const };
const reactivated = { status: 'Active' as const, user_blocked_at: null, block_reason_code: null };

describe('BambooHR: a custom report with onlyCurrent=false', () => {
	test('hires a month ahead wait, the new hire is created, the marriage (a new surname and address) updates the same user, a report moves to her by her employee number, the leaver deactivated, the rehire reactivated, the one on notice and the old leaver left alone; again, nothing', async () => {
		const t = today();
		const d = (offset: number) => dayFrom(t, offset);
		const olivia = hold({ email: 'olivia.hansen@northwind.example', first: 'Olivia', last: 'Hansen', title: 'Engineering Manager', location: 'Berlin', employeeId: '1001', joining: '2016-03-01', costCenter: 'Europe' });
		const common = { manager: olivia.email, costCenter: 'Europe' };
		const mei = hold({ ...common, email: 'mei.tanaka@northwind.example', first: 'Mei', last: 'Tanaka', title: 'Software Engineer', location: 'Berlin', employeeId: '1013', joining: '2021-06-14' });
		const held = [
			olivia,
			mei,
			hold({ ...common, email: 'noah.schulz@northwind.example', first: 'Noah', last: 'Schulz', title: 'Software Engineer', location: 'Berlin', employeeId: '1016', joining: '2022-09-05' }),
			hold({ ...common, email: 'lucas.costa@northwind.example', first: 'Lucas', last: 'Costa', title: 'Support Specialist', location: 'London', employeeId: '1019', joining: '2020-01-06' }),
			hold({ ...common, email: 'sara.evans@northwind.example', first: 'Sara', last: 'Evans', title: 'Account Manager', location: 'London', employeeId: '1010', joining: '2019-09-02' }),
			hold({ ...common, email: 'omar.haddad@northwind.example', first: 'Omar', last: 'Haddad', title: 'Sales Executive', location: 'Berlin', employeeId: '1005', joining: '2019-04-01', status: 'Blocked' }),
		];
		const items = bamboohr.items(bamboohr.answer(t));

		await runTwice(bamboohr, items, held, () => ({
			first: [
				['olivia.hansen@northwind.example', 'unchanged', null, null],
				['mei.tanaka-berg@northwind.example', 'updated', null, null],
				['noah.schulz@northwind.example', 'updated', null, null],
				['jonas.weber@northwind.example', 'pending', 'notYetJoined', d(30)],
				['priya.nair@northwind.example', 'created', null, null],
				['lucas.costa@northwind.example', 'unchanged', 'onNotice', d(12)],
				['sara.evans@northwind.example', 'deactivated', 'left', d(-20)],
				['omar.haddad@northwind.example', 'reactivated', null, null],
				['ivan.novak@northwind.example', 'unchanged', 'left', '2018-11-30'],
			],
			writes: {
				'mei.tanaka-berg@northwind.example': [patch({ email: 'mei.tanaka-berg@northwind.example', last_name: 'Tanaka-Berg' })],
				'noah.schulz@northwind.example': [patch({ manager_id: mei.id })],
				'priya.nair@northwind.example': [
					creation({ email: 'priya.nair@northwind.example', first_name: 'Priya', last_name: 'Nair', employee_id: '1031', job_title: titleId('Product Designer'), location: locationId('London'), manager_id: olivia.id, joining_date: d(-2), costCenter: 'Europe' }),
				],
				'sara.evans@northwind.example': [deactivation],
				'omar.haddad@northwind.example': [activation, patch({ joining_date: d(-5) })],
			},
			after: {
				'mei.tanaka@northwind.example': { email: 'mei.tanaka-berg@northwind.example', last_name: 'Tanaka-Berg' },
				'noah.schulz@northwind.example': { manager_id: mei.id },
				'sara.evans@northwind.example': blocked,
				'omar.haddad@northwind.example': { ...reactivated, joining_date: `${d(-5)}T00:00:00.000Z` },
			},
			absent: ['mei.tanaka@northwind.example', 'jonas.weber@northwind.example', 'ivan.novak@northwind.example'],
			again: ['unchanged', 'unchanged', 'unchanged', 'pending', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged'],
		}));
		expect(user('priya.nair@northwind.example')).toMatchObject({ status: 'Active', manager_id: olivia.id, joining_date: `${d(-2)}T00:00:00.000Z` });
		// One account for Mei, under her new address; Noah's manager by the employee number that stayed hers.
		expect(user('mei.tanaka-berg@northwind.example').id).toBe(mei.id);
	});
});

describe('Personio: GET /company/employees', () => {
	test('attributes unwrapped, dates with their offsets read as days: the promotion applied, the marriage on parental leave (a new surname and address) updates the same user, a report moves to the promoted supervisor, the hire of today created, onboarding hires wait, parental leave stays, the leaver deactivated; the rehire is one account named by two rows, refused until Engagedly holds the new profile\'s ID, then the new profile is pending and the old one a stranger', async () => {
		const t = today();
		const d = (offset: number) => dayFrom(t, offset);
		const katrin = hold({ email: 'katrin.vogel@lindenhof.example', first: 'Katrin', last: 'Vogel', title: 'Engineering Manager', location: 'Berlin', employeeId: '2116366', joining: '2015-04-01', costCenter: 'KST 4100' });
		const common = { manager: katrin.email, costCenter: 'KST 4100', location: 'Berlin' };
		const felix = hold({ ...common, email: 'felix.bauer@lindenhof.example', first: 'Felix', last: 'Bauer', title: 'Software Engineer', employeeId: '2116380', joining: '2019-01-07' });
		const max = hold({ ...common, email: 'max.braun@lindenhof.example', first: 'Max', last: 'Braun', title: 'Sales Executive', employeeId: '1900123', joining: '2018-05-02', status: 'Blocked' });
		const held = [
			katrin,
			felix,
			hold({ ...common, email: 'anna.schmidt@lindenhof.example', first: 'Anna', last: 'Schmidt', title: 'Product Manager', employeeId: '2116391', joining: '2018-10-01' }),
			hold({ ...common, email: 'sophie.lang@lindenhof.example', first: 'Sophie', last: 'Lang', title: 'Software Engineer', employeeId: '2116395', joining: '2021-03-01' }),
			hold({ ...common, email: 'paul.richter@lindenhof.example', first: 'Paul', last: 'Richter', title: 'Software Engineer', employeeId: '2116402', joining: '2020-02-03' }),
			hold({ ...common, email: 'jana.wolf@lindenhof.example', first: 'Jana', last: 'Wolf', title: 'Account Manager', employeeId: '2116377', joining: '2017-06-01' }),
			max,
		];
		const items = personio.items(personio.answer(t));
		const [newProfile, oldProfile] = ['max.braun@lindenhof.example', 'max.braun_k3x9q@lindenhof.example'].map((email) => items.findIndex((item) => ((item.attributes as IDataObject).email as IDataObject).value === email));
		const clash = `error: 2 input items name one Engagedly user, max.braun@lindenhof.example (ID ${max.id})`;

		// The rehire's two rows name one account (the new profile by its address, the old by its ID):
		// both fail, nothing is written for them, and the rest of the export is applied.
		const { first, again } = await runTwice(
			personio,
			items,
			held,
			() => ({
				first: [
					['katrin.vogel@lindenhof.example', 'unchanged', null, null],
					['felix.bauer@lindenhof.example', 'updated', null, null],
					['lena.hoffmann@lindenhof.example', 'pending', 'notYetJoined', d(25)],
					['tim.krause@lindenhof.example', 'created', null, null],
					['anna.keller@lindenhof.example', 'updated', null, null],
					['sophie.lang@lindenhof.example', 'updated', null, null],
					['paul.richter@lindenhof.example', 'unchanged', 'onNotice', d(30)],
					['jana.wolf@lindenhof.example', 'deactivated', 'left', d(-10)],
					[`item ${newProfile}`, clash, null, null],
					[`item ${oldProfile}`, clash, null, null],
				],
				writes: {
					'felix.bauer@lindenhof.example': [patch({ job_title: titleId('Senior Software Engineer') })],
					'tim.krause@lindenhof.example': [
						creation({ email: 'tim.krause@lindenhof.example', first_name: 'Tim', last_name: 'Krause', employee_id: '2220004', job_title: titleId('Support Specialist'), location: locationId('Berlin'), manager_id: katrin.id, joining_date: t, costCenter: 'KST 4100' }),
					],
					'anna.keller@lindenhof.example': [patch({ email: 'anna.keller@lindenhof.example', last_name: 'Keller' })],
					'sophie.lang@lindenhof.example': [patch({ manager_id: felix.id })],
					'jana.wolf@lindenhof.example': [deactivation],
				},
				after: {
					'felix.bauer@lindenhof.example': { job_title_id: Number(titleId('Senior Software Engineer')) },
					'anna.schmidt@lindenhof.example': { email: 'anna.keller@lindenhof.example', last_name: 'Keller' },
					'sophie.lang@lindenhof.example': { manager_id: felix.id },
					'jana.wolf@lindenhof.example': blocked,
				},
				absent: ['anna.schmidt@lindenhof.example', 'lena.hoffmann@lindenhof.example', 'max.braun_k3x9q@lindenhof.example'],
				again: ['unchanged', 'unchanged', 'pending', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'pending', 'unchanged'],
			}),
			// Between the runs, what the error advises, once for the rehire: Engagedly's user holds the new profile's ID.
			{ continueOnFail: true, between: () => sim.store.updateUser(max.id, { employee_id: '2220005' }) },
		);
		// Each error names both rows by their keys, and says what to do.
		for (const index of [newProfile, oldProfile]) {
			expect(first[index].json.description).toContain(
				`They are item ${newProfile} (max.braun@lindenhof.example, employee ID 2220005) and item ${oldProfile} (max.braun_k3x9q@lindenhof.example, employee ID 1900123)`,
			);
			expect(first[index].json.description).toContain('give the user in Engagedly the Employee ID of the row that is them now');
		}
		// Then the new profile names him by both keys and waits for its window; the old one is a leaver Engagedly never had.
		expect(rows([again[newProfile], again[oldProfile]])).toEqual([
			['max.braun@lindenhof.example', 'pending', 'notYetJoined', d(20)],
			['max.braun_k3x9q@lindenhof.example', 'unchanged', 'left', '2024-03-31'],
		]);
		expect(user('max.braun@lindenhof.example')).toMatchObject({ id: max.id, status: 'Blocked', employee_id: '2220005' });
		expect(user('anna.keller@lindenhof.example').id).toBe(held[2].id);
	});
});

describe('HiBob: POST /people/search with showInactive and humanReadable APPEND', () => {
	function holdBob() {
		const ingrid = hold({ email: 'ingrid.berg@fjord.example', first: 'Ingrid', last: 'Berg', title: 'Engineering Manager', employeeId: '1', joining: '2017-09-04', costCenter: 'CC-130' });
		const common = { manager: ingrid.email, costCenter: 'CC-130' };
		return [
			ingrid,
			hold({ ...common, email: 'astrid.dahl@fjord.example', first: 'Astrid', last: 'Dahl', title: 'Software Engineer', employeeId: '14', joining: '2020-03-02' }),
			hold({ ...common, email: 'nora.eide@fjord.example', first: 'Nora', last: 'Eide', title: 'Operations Analyst', employeeId: '27', joining: '2019-11-18' }),
			hold({ ...common, email: 'emil.solberg@fjord.example', first: 'Emil', last: 'Solberg', title: 'Senior Software Engineer', employeeId: '30', joining: '2018-05-14' }),
			hold({ ...common, manager: 'emil.solberg@fjord.example', email: 'jakob.lie@fjord.example', first: 'Jakob', last: 'Lie', title: 'Software Engineer', employeeId: '35', joining: '2021-08-16' }),
			hold({ ...common, email: 'tor.aas@fjord.example', first: 'Tor', last: 'Aas', title: 'Operations Analyst', employeeId: '22', joining: '2019-02-04' }),
			hold({ ...common, email: 'kari.holm@fjord.example', first: 'Kari', last: 'Holm', title: 'Software Engineer', employeeId: '17', joining: '2018-08-06', status: 'Blocked' }),
		];
	}

	test('the lifecycle status decides, not the access status: Hired waits (or is reactivated within the window when rehired), parental leave stays, garden leave is on notice and hands a report over (reportsTo), Terminated is deactivated; the marriage (a new surname and address) updates the same user; titles by their readable name', async () => {
		const t = today();
		const d = (offset: number) => dayFrom(t, offset);
		const held = holdBob();
		const [ingrid, astrid] = held;
		const items = hibob.items(hibob.answer(t));

		await runTwice(hibob, items, held, () => ({
			first: [
				['ingrid.berg@fjord.example', 'unchanged', null, null],
				['astrid.dahl-moe@fjord.example', 'updated', null, null],
				['henrik.strand@fjord.example', 'pending', 'notYetJoined', d(21)],
				['sofie.lunde@fjord.example', 'created', null, null],
				['nora.eide@fjord.example', 'unchanged', null, null],
				['emil.solberg@fjord.example', 'unchanged', 'onNotice', d(20)],
				['jakob.lie@fjord.example', 'updated', null, null],
				['tor.aas@fjord.example', 'deactivated', 'left', d(-7)],
				['kari.holm@fjord.example', 'reactivated', 'notYetJoined', d(7)],
			],
			writes: {
				'astrid.dahl-moe@fjord.example': [patch({ email: 'astrid.dahl-moe@fjord.example', last_name: 'Dahl-Moe' })],
				'sofie.lunde@fjord.example': [
					creation({ email: 'sofie.lunde@fjord.example', first_name: 'Sofie', last_name: 'Lunde', employee_id: '42', job_title: titleId('Marketing Specialist'), manager_id: ingrid.id, joining_date: t, costCenter: 'CC-130' }),
				],
				'jakob.lie@fjord.example': [patch({ manager_id: ingrid.id })],
				'tor.aas@fjord.example': [deactivation],
				'kari.holm@fjord.example': [activation, patch({ joining_date: d(7) })],
			},
			after: {
				'astrid.dahl@fjord.example': { email: 'astrid.dahl-moe@fjord.example', last_name: 'Dahl-Moe' },
				'jakob.lie@fjord.example': { manager_id: ingrid.id },
				'tor.aas@fjord.example': blocked,
				'kari.holm@fjord.example': { ...reactivated, joining_date: `${d(7)}T00:00:00.000Z` },
			},
			absent: ['astrid.dahl@fjord.example', 'henrik.strand@fjord.example'],
			again: ['unchanged', 'unchanged', 'pending', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged'],
		}));
		expect(user('astrid.dahl-moe@fjord.example').id).toBe(astrid.id);
	});
	test('mapped to the access status (internal.status) instead, a Dry Run shows why the recipe does not: parental leave would be deactivated, the hire three weeks ahead and the rehire read as withdrawn hires', async () => {
		const t = today();
		holdBob();
		const items = hibob.items(hibob.answer(t));
		const access = { ...hibob, parameters: { ...hibob.parameters, employmentFields: { employmentStatus: '={{ $json.internal.status }}', leavingDate: '={{ $json.internal.terminationDate }}' }, leftStatuses: 'Inactive', dryRun: true } };
		const { items: out, error } = await runRecipe(access, items);
		expect(error).toBeUndefined();
		expect(rows(out).filter(([email]) => ['henrik.strand@fjord.example', 'nora.eide@fjord.example', 'kari.holm@fjord.example'].includes(email))).toEqual([
			['henrik.strand@fjord.example', 'unchanged', 'left', null],
			['nora.eide@fjord.example', 'deactivated', 'left', null],
			['kari.holm@fjord.example', 'unchanged', 'left', null],
		]);
		expect(writes(sim)).toEqual([]);
	});
});

describe('Merge: GET /hris/v1/employees?expand=employments,manager', () => {
	test('PENDING waits by its start date (not the earlier hire date), the latest employment gives the title, the manager by the expanded address (a report moves to the promoted one), a new work address updates the same user; a rehire ahead is rejoining: pending when Blocked, deactivated between employments when still Active', async () => {
		const t = today();
		const d = (offset: number) => dayFrom(t, offset);
		const ruth = hold({ email: 'ruth.okafor@meridian.example', first: 'Ruth', last: 'Okafor', title: 'Engineering Manager', employeeId: '100', joining: '2018-02-05', costCenter: 'CC-140' });
		const common = { manager: ruth.email, costCenter: 'CC-140' };
		const daniel = hold({ ...common, email: 'daniel.kim@meridian.example', first: 'Daniel', last: 'Kim', title: 'Software Engineer', employeeId: '114', joining: '2020-05-04' });
		const hannah = hold({ ...common, email: 'hannah.young@meridian.example', first: 'Hannah', last: 'Young', title: 'Account Manager', employeeId: '121', joining: '2021-09-01' });
		const leah = hold({ ...common, email: 'leah.cohen@meridian.example', first: 'Leah', last: 'Cohen', title: 'Account Manager', employeeId: '126', joining: '2021-11-15' });
		const held = [
			ruth,
			daniel,
			hold({ ...common, manager: hannah.email, email: 'noor.aziz@meridian.example', first: 'Noor', last: 'Aziz', title: 'Software Engineer', employeeId: '131', joining: '2022-02-01' }),
			leah,
			hannah,
			hold({ ...common, email: 'samuel.reddy@meridian.example', first: 'Samuel', last: 'Reddy', title: 'Sales Executive', employeeId: '109', joining: '2019-03-18' }),
			hold({ ...common, email: 'zoe.walker@meridian.example', first: 'Zoe', last: 'Walker', title: 'Support Specialist', employeeId: '103', joining: '2019-01-07', status: 'Blocked' }),
			hold({ ...common, email: 'grace.mensah@meridian.example', first: 'Grace', last: 'Mensah', title: 'Accountant', employeeId: '117', joining: '2020-10-05' }),
		];
		const items = merge.items(merge.answer(t));

		await runTwice(merge, items, held, () => ({
			first: [
				['ruth.okafor@meridian.example', 'unchanged', null, null],
				['daniel.kim@meridian.example', 'updated', null, null],
				['noor.aziz@meridian.example', 'updated', null, null],
				['leah.cohen@meridian-group.example', 'updated', null, null],
				['chloe.martin@meridian.example', 'pending', 'notYetJoined', d(30)],
				['mateo.garcia@meridian.example', 'created', null, null],
				['hannah.young@meridian.example', 'unchanged', 'onNotice', d(14)],
				['samuel.reddy@meridian.example', 'deactivated', 'left', d(-10)],
				['zoe.walker@meridian.example', 'pending', 'rejoining', d(45)],
				['grace.mensah@meridian.example', 'deactivated', 'rejoining', d(60)],
			],
			writes: {
				'daniel.kim@meridian.example': [patch({ job_title: titleId('Senior Software Engineer') })],
				'noor.aziz@meridian.example': [patch({ manager_id: daniel.id })],
				'leah.cohen@meridian-group.example': [patch({ email: 'leah.cohen@meridian-group.example' })],
				'mateo.garcia@meridian.example': [
					creation({ email: 'mateo.garcia@meridian.example', first_name: 'Mateo', last_name: 'Garcia', employee_id: '150', job_title: titleId('Product Manager'), manager_id: ruth.id, joining_date: d(-1), costCenter: 'CC-140' }),
				],
				'samuel.reddy@meridian.example': [deactivation],
				'grace.mensah@meridian.example': [deactivation],
			},
			after: {
				'daniel.kim@meridian.example': { job_title_id: Number(titleId('Senior Software Engineer')) },
				'noor.aziz@meridian.example': { manager_id: daniel.id },
				'leah.cohen@meridian.example': { email: 'leah.cohen@meridian-group.example' },
				'samuel.reddy@meridian.example': blocked,
				'grace.mensah@meridian.example': blocked,
			},
			absent: ['leah.cohen@meridian.example', 'chloe.martin@meridian.example'],
			again: ['unchanged', 'unchanged', 'unchanged', 'unchanged', 'pending', 'unchanged', 'unchanged', 'unchanged', 'pending', 'pending'],
		}));
		expect(user('leah.cohen@meridian-group.example').id).toBe(leah.id);
	});
});

describe('Finch: directory, employment and individual joined by individual_id', () => {
	test('At Once: the prehire and the hire of today are created; on leave stays, the end date ahead is on notice (his report handed over: the manager by the address the Code node looks up), terminated and retired are deactivated; a new legal name and address update the same user; the rehire (latest_rehire_date) is reported blocked while Reactivate Returning is off', async () => {
		const t = today();
		const d = (offset: number) => dayFrom(t, offset);
		const ethan = hold({ email: 'ethan.brooks@harbor.example', first: 'Ethan', last: 'Brooks', title: 'Operations Analyst', employeeId: '000001', joining: '2016-08-15', costCenter: 'CC-150' });
		const common = { manager: ethan.email, costCenter: 'CC-150' };
		const yara = hold({ ...common, email: 'yara.nasser@harbor.example', first: 'Yara', last: 'Nasser', title: 'Accountant', employeeId: '000014', joining: '2019-05-06' });
		const liam = hold({ ...common, email: 'liam.murphy@harbor.example', first: 'Liam', last: 'Murphy', title: 'Accountant', employeeId: '000009', joining: '2018-02-12' });
		const held = [
			ethan,
			yara,
			hold({ ...common, email: 'rosa.silva@harbor.example', first: 'Rosa', last: 'Silva', title: 'Operations Analyst', employeeId: '000021', joining: '2020-09-14' }),
			liam,
			hold({ ...common, manager: liam.email, email: 'owen.price@harbor.example', first: 'Owen', last: 'Price', title: 'Accountant', employeeId: '000027', joining: '2022-06-06' }),
			hold({ ...common, email: 'kenji.ito@harbor.example', first: 'Kenji', last: 'Ito', title: 'Support Specialist', employeeId: '000031', joining: '2021-01-11' }),
			hold({ ...common, email: 'thomas.meyer@harbor.example', first: 'Thomas', last: 'Meyer', title: 'Operations Analyst', employeeId: '000002', joining: '2001-04-02' }),
			hold({ ...common, email: 'fatima.ahmed@harbor.example', first: 'Fatima', last: 'Ahmed', title: 'Accountant', employeeId: '000005', joining: '2015-03-02', status: 'Blocked' }),
		];
		const items = finch.items(finch.answer(t));

		await runTwice(finch, items, held, () => ({
			first: [
				['ethan.brooks@harbor.example', 'unchanged', null, null],
				['yara.haddad@harbor.example', 'updated', null, null],
				['leon.fischer@harbor.example', 'created', 'notYetJoined', d(10)],
				['maya.patel@harbor.example', 'created', null, null],
				['rosa.silva@harbor.example', 'unchanged', null, null],
				['liam.murphy@harbor.example', 'unchanged', 'onNotice', d(5)],
				['owen.price@harbor.example', 'updated', null, null],
				['kenji.ito@harbor.example', 'deactivated', 'left', d(-3)],
				['thomas.meyer@harbor.example', 'deactivated', 'left', null],
				['fatima.ahmed@harbor.example', 'blocked', null, null],
			],
			writes: {
				'yara.haddad@harbor.example': [patch({ email: 'yara.haddad@harbor.example', last_name: 'Haddad' })],
				'leon.fischer@harbor.example': [
					creation({ email: 'leon.fischer@harbor.example', first_name: 'Leon', last_name: 'Fischer', employee_id: '000051', job_title: titleId('Support Specialist'), manager_id: ethan.id, joining_date: d(10), costCenter: 'CC-150' }),
				],
				'maya.patel@harbor.example': [
					creation({ email: 'maya.patel@harbor.example', first_name: 'Maya', last_name: 'Patel', employee_id: '000052', job_title: titleId('Support Specialist'), manager_id: ethan.id, joining_date: t, costCenter: 'CC-150' }),
				],
				'owen.price@harbor.example': [patch({ manager_id: ethan.id })],
				'kenji.ito@harbor.example': [deactivation],
				'thomas.meyer@harbor.example': [deactivation],
			},
			after: {
				'yara.nasser@harbor.example': { email: 'yara.haddad@harbor.example', last_name: 'Haddad' },
				'owen.price@harbor.example': { manager_id: ethan.id },
				'kenji.ito@harbor.example': blocked,
				'thomas.meyer@harbor.example': blocked,
			},
			absent: ['yara.nasser@harbor.example'],
			again: ['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'blocked'],
		}));
		expect(user('fatima.ahmed@harbor.example')).toMatchObject({ status: 'Blocked', joining_date: '2015-03-02T00:00:00.000Z' });
		expect(user('yara.haddad@harbor.example').id).toBe(yara.id);
	});

	test("the docs' Code node joins the three answers exactly as the fixture's items() does, managers' addresses included", () => {
		const docs = readFileSync(path.resolve(__dirname, '../../docs/engagedly-node.md'), 'utf8');
		const section = docs.slice(docs.indexOf('### Finch'));
		const code = /```js\n([\s\S]*?)```/.exec(section)![1];
		const answers = finch.answer(today());
		const nodes: Record<string, unknown> = { Directory: answers.directory, Employment: answers.employment, Individual: answers.individual };
		// n8n's Code node gives `$(name).all()`: the named node's output items.
		const $ = (name: string) => ({ all: () => [{ json: nodes[name] }] });
		const output = runInNewContext(`(() => {\n${code}\n})()`, { $ }) as Array<{ json: IDataObject }>;
		const joined = JSON.parse(JSON.stringify(output.map((item) => item.json))) as IDataObject[];
		expect(joined).toEqual(finch.items(answers));
		expect(joined.map((item) => item.managerEmail)).toEqual([null, ...Array(9).fill('ethan.brooks@harbor.example')]);
	});
});

describe('Workday: Get_Workers through the XML node', () => {
	test('as of 30 days ahead: the hire a month ahead waits, the hire of today is created under her manager named by Employee ID, the promotion and the new work address (the same Employee ID) applied, the termination ahead on notice, the leaver deactivated, the rehire reactivated in the window, an old leaver left alone; again, nothing', async () => {
		const t = today();
		const d = (offset: number) => dayFrom(t, offset);
		const logan = hold({ email: 'logan.mcneil@cascade.example', first: 'Logan', last: 'McNeil', title: 'Engineering Manager', employeeId: '21001', joining: '2016-02-01', costCenter: 'CC-160' });
		const common = { manager: logan.email, costCenter: 'CC-160' };
		const rahul = hold({ ...common, email: 'rahul.mehta@cascade.example', first: 'Rahul', last: 'Mehta', title: 'Account Manager', employeeId: '21014', joining: '2020-03-02' });
		const held = [
			logan,
			hold({ ...common, email: 'teresa.serrano@cascade.example', first: 'Teresa', last: 'Serrano', title: 'Software Engineer', employeeId: '21002', joining: '2019-07-15' }),
			rahul,
			hold({ ...common, email: 'ben.carter@cascade.example', first: 'Ben', last: 'Carter', title: 'Sales Executive', employeeId: '21009', joining: '2018-10-01' }),
			hold({ ...common, email: 'chen.wei@cascade.example', first: 'Chen', last: 'Wei', title: 'Operations Analyst', employeeId: '21005', joining: '2021-05-17' }),
			hold({ ...common, email: 'aisha.bello@cascade.example', first: 'Aisha', last: 'Bello', title: 'Product Designer', employeeId: '21003', joining: '2018-04-02', status: 'Blocked' }),
		];
		const items = workday.items(workday.answer(t));
		// The XML node's forms the expressions read: several IDs a list, one job an object and two a list.
		expect(items[1]['wd:Worker_Reference']).toEqual({ 'wd:Descriptor': 'Teresa Serrano', 'wd:ID': [{ _: expect.stringMatching(/^[0-9a-f]{32}$/), 'wd:type': 'WID' }, { _: '21002', 'wd:type': 'Employee_ID' }] });
		expect((items[0]['wd:Worker_Data'] as IDataObject)['wd:Employment_Data']).toMatchObject({ 'wd:Worker_Job_Data': [{ 'wd:Primary_Job': '0' }, { 'wd:Primary_Job': '1' }] });
		expect((items[1]['wd:Worker_Data'] as IDataObject)['wd:Employment_Data']).toMatchObject({ 'wd:Worker_Job_Data': { 'wd:Primary_Job': '1' } });

		await runTwice(workday, items, held, () => ({
			first: [
				['logan.mcneil@cascade.example', 'unchanged', null, null],
				['teresa.serrano@cascade.example', 'updated', null, null],
				['rahul.mehta@cascadegroup.example', 'updated', null, null],
				['jamal.wright@cascade.example', 'pending', 'notYetJoined', d(30)],
				['sofia.rossi@cascade.example', 'created', null, null],
				['ben.carter@cascade.example', 'unchanged', 'onNotice', d(12)],
				['chen.wei@cascade.example', 'deactivated', 'left', d(-10)],
				['aisha.bello@cascade.example', 'reactivated', 'rejoining', d(10)],
				['grace.kim@cascade.example', 'unchanged', 'left', '2019-05-31'],
			],
			writes: {
				'teresa.serrano@cascade.example': [patch({ job_title: titleId('Senior Software Engineer') })],
				'rahul.mehta@cascadegroup.example': [patch({ email: 'rahul.mehta@cascadegroup.example' })],
				'sofia.rossi@cascade.example': [
					creation({ email: 'sofia.rossi@cascade.example', first_name: 'Sofia', last_name: 'Rossi', employee_id: '21032', job_title: titleId('Support Specialist'), manager_id: logan.id, joining_date: t, costCenter: 'CC-160' }),
				],
				'chen.wei@cascade.example': [deactivation],
				'aisha.bello@cascade.example': [activation, patch({ joining_date: d(10) })],
			},
			after: {
				'teresa.serrano@cascade.example': { job_title_id: Number(titleId('Senior Software Engineer')) },
				'rahul.mehta@cascade.example': { email: 'rahul.mehta@cascadegroup.example' },
				'chen.wei@cascade.example': blocked,
				'aisha.bello@cascade.example': { ...reactivated, joining_date: `${d(10)}T00:00:00.000Z` },
			},
			absent: ['jamal.wright@cascade.example', 'grace.kim@cascade.example', 'rahul.mehta@cascade.example'],
			again: ['unchanged', 'unchanged', 'unchanged', 'pending', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged'],
		}));
		// The new address went to the same user; the new hire's manager is the user whose Employee ID Workday named.
		expect(user('rahul.mehta@cascadegroup.example').id).toBe(rahul.id);
		expect(user('sofia.rossi@cascade.example')).toMatchObject({ status: 'Active', manager_id: logan.id, employee_id: '21032', joining_date: `${t}T00:00:00.000Z` });
	});
});

test('docs/engagedly-node.md gives each recipe exactly as it runs here: every expression, constant and Left Statuses', () => {
	const docs = readFileSync(path.resolve(__dirname, '../../docs/engagedly-node.md'), 'utf8');
	const start = docs.indexOf('## Recipes: HR systems');
	expect(start).toBeGreaterThan(-1);
	const section = docs.slice(start, docs.indexOf('\n## ', start + 1));
	const values = (value: unknown): string[] =>
		typeof value === 'string' ? [value] : value !== null && typeof value === 'object' ? Object.values(value).flatMap(values) : [];
	for (const recipe of [bamboohr, personio, hibob, merge, finch, workday] as Array<Recipe<unknown>>) {
		const given = [...values(recipe.parameters).filter((value) => value.startsWith('=')), recipe.costCenter, String(recipe.parameters.leftStatuses)];
		for (const value of given) expect({ system: recipe.system, value, inDocs: section.includes(value.replace(/^=/, '')) }).toEqual({ system: recipe.system, value, inDocs: true });
	}
});
