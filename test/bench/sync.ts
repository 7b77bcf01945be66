/* eslint-disable @n8n/community-nodes/no-restricted-globals -- bench code runs in plain Node, not inside n8n: it moves the clock and waits between polls */
/**
 * User Sync at 10,000 users with 100 changes: what it costs against Engagedly's real
 * limit, 200 requests a minute per key, with real minutes (the pacer's margin and the headers'
 * one-second granularity would be most of a one-second "minute"). The claim: ceil(N/50) reads of
 * the directory, one read of the attribute definitions, one write per change, no 429, and a run
 * within 10% of the least time its share of the limit (Rate Limit Share, 75 % by default) allows
 * for that many requests. Beside it, the same job
 * as a workflow does it without Sync (User Get Many by email per employee, then Create or Update
 * per change), counted from the same input rather than run: it is one request per employee.
 */
import type { IDataObject } from 'n8n-workflow';

import { listedUsers, runEngagedly, type EngagedlyCredentials } from '../helpers/engine';
import { createPoller } from '../helpers/poll';
import { otherWorkflow, requestsTo } from '../helpers/simulator';
import type { Simulator, UserRecord } from '../simulator';
import { DEFAULT_SYNC_RATE_LIMIT_SHARE } from '../../nodes/Engagedly/actions/user/sync/description';
import { everyFieldMapping } from '../user/syncKit';

const USERS = 10_000;
const LIMIT = 200;
const UPDATES = 60;
const CREATES = 40;

function employees(sim: Simulator): Array<{ json: IDataObject }> {
	const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
	const titles = [...sim.store.jobTitles.values()];
	const active = sim.store.sortedUsers().filter((u) => u.status === 'Active');
	const employee = (user: UserRecord): IDataObject => ({
		email: user.email,
		firstName: user.first_name,
		lastName: user.last_name,
		jobTitle: user.job_title_id === null ? '' : String(user.job_title_id),
		costCenter: user.custom[costCenter],
	});
	const list = active.map(employee);
	// Changes spread over the directory: every other one a new job title, the rest a new last name.
	for (let i = 0; i < UPDATES; i++) {
		const at = Math.floor(((i + 0.5) * list.length) / UPDATES);
		const user = active[at];
		if (i % 2 === 0) {
			list[at].jobTitle = String(titles.find((t) => t.id !== user.job_title_id)!.id);
		} else {
			list[at].lastName = `${user.last_name}-Synced`;
		}
	}
	for (let i = 0; i < CREATES; i++) {
		list.push({ email: `bench.hire.${i}@example.test`, firstName: 'New', lastName: `Hire ${i}`, jobTitle: '', costCenter: 'CC-100' });
	}
	return list.map((json) => ({ json }));
}

/** `60 updated, 40 created, ...`: how many items had each outcome. */
function outcomesOf(items: Array<{ json: IDataObject }>): string {
	const outcomes = new Map<string, number>();
	for (const item of items) outcomes.set(String(item.json.outcome ?? 'error'), (outcomes.get(String(item.json.outcome ?? 'error')) ?? 0) + 1);
	return [...outcomes].map(([outcome, n]) => `${n} ${outcome}`).join(', ');
}

const parameters = (costCenter: string) => ({
	resource: 'user',
	operation: 'sync',
	email: '={{ $json.email }}',
	firstName: '={{ $json.firstName }}',
	lastName: '={{ $json.lastName }}',
	additionalFields: { jobTitle: '={{ $json.jobTitle }}' },
	customAttributes: {
		mappingMode: 'defineBelow',
		value: { [costCenter]: '={{ $json.costCenter }}' },
		matchingColumns: [],
		schema: [],
	},
	// On, with every Active user named: the guard and the deactivation pass cost nothing.
	deactivateMissing: true,
});

/**
 * Every field an HR system keeps (job title, location, manager, departments, businesses), given
 * for every Active user: the same organisation synced with nothing changed, then with `changes`
 * users moved to another department. The contract's user list carries no memberships, so they
 * are read from the units' members; the claim is ceil(N/50) + the lists + one read per unit, and
 * one write per change.
 */
function everyField(sim: Simulator, changes: number): Array<{ json: IDataObject }> {
	const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
	const active = sim.store.sortedUsers().filter((u) => u.status === 'Active');
	// A unit by name where its name is its own, else by id (a value is an id or exactly one name).
	const unique = (kind: 'departments' | 'businesses', name: string) =>
		[...sim.store[kind].values()].filter((unit) => unit.name.toLowerCase() === name.toLowerCase()).length === 1;
	const units = (kind: 'department' | 'business', user: UserRecord) =>
		sim.store.unitsOf(kind, user.id).map(({ unit }) => (unique(kind === 'department' ? 'departments' : 'businesses', unit.name) ? unit.name : unit.id));
	const departments = [...sim.store.departments.values()];
	return active.map((user, index) => {
		const manager = user.manager_id ? sim.store.getUser(user.manager_id) : undefined;
		const json: IDataObject = {
			email: user.email,
			firstName: user.first_name,
			lastName: user.last_name,
			jobTitle: user.job_title_id === null ? '' : sim.store.jobTitles.get(user.job_title_id)!.name,
			location: user.location_id === null ? '' : sim.store.locations.get(user.location_id)!.name,
			// Each person by the HR system's key too, and the manager as HR systems name one: by their employee number where they have one.
			employeeId: user.employee_id ?? '',
			managerEmail: manager ? (manager.employee_id ?? manager.email) : '',
			departments: units('department', user),
			businesses: units('business', user),
			costCenter: user.custom[costCenter],
		};
		const changeEvery = changes ? Math.floor(active.length / changes) : 0;
		if (changes && index % changeEvery === 0 && index / changeEvery < changes) {
			const current = new Set(sim.store.unitsOf('department', user.id).map(({ unit }) => unit.id));
			json.departments = [departments.find((unit) => !current.has(unit.id))!.id];
		}
		return { json };
	});
}

const everyFieldParameters = (costCenter: string) => ({
	...parameters(costCenter),
	deactivateMissing: false,
	additionalFields: { ...everyFieldMapping, employeeId: '={{ $json.employeeId }}' },
	managersGivenBy: 'employeeId',
});

async function syncEveryFieldBench(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	const rows: string[] = [];
	for (const changes of [0, 100]) {
		sim.reset({ users: USERS, seed: 'bench-sync-fields' });
		sim.setRateLimit({ limit: LIMIT, timeScale: 1 });
		const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
		const input = everyField(sim, changes);
		sim.clearLog();
		const run = await runEngagedly({ parameters: everyFieldParameters(costCenter), credentials, input });
		if (run.error) throw run.error;
		const count = (test: (route: string) => boolean) => sim.log.filter((entry) => test(entry.route ?? '')).length;
		const pages = requestsTo(sim, 'GET /beta/users').length;
		const lists = count((route) => /^GET \/beta\/(job_titles|locations|departments|businesses|user-attributes)$/.test(route));
		const members = count((route) => /^GET \/beta\/(departments|businesses)\/:id$/.test(route));
		const singles = requestsTo(sim, 'GET /beta/users/:id').length;
		const writes = sim.log.filter((entry) => entry.method !== 'GET').length;
		rows.push(
			`| ${changes === 0 ? 'nothing changed' : `${changes} users moved to another department`} | ${input.length.toLocaleString('en')} | ${sim.log.length} | ${pages} (${Math.ceil(sim.store.users.size / 50)}) | ${lists} | ${members} (${sim.store.departments.size} departments + ${sim.store.businesses.size} businesses) | ${singles} | ${writes} | ${sim.log.filter((entry) => entry.status === 429).length} | ${outcomesOf(run.items)} |`,
		);
	}
	return [
		'### Every field, nothing changed: what a nightly Sync costs',
		'',
		`Every Active user of ${USERS.toLocaleString('en')} as an item giving their employee ID, job title, location, manager (by employee ID, Managers Given By Employee ID), departments and businesses (by name), in the contract's profile, whose user list carries no memberships: they are read from each unit's members, once per run. ${LIMIT} requests a minute per key in real minutes.`,
		'',
		'| run | items | requests | reads of the directory (ceil(N/50)) | list reads (attribute definitions, job titles, locations, departments, businesses) | unit member reads | single-user reads | writes | 429 answers | outcomes |',
		'|---|---|---|---|---|---|---|---|---|---|',
		...rows,
		'',
	];
}

/**
 * The nights pass: this process's clock (the node's and the simulator's alike) runs `days` ahead
 * of the real one, as a Schedule Trigger's runs meet it night after night. Timers are untouched.
 */
function clockAhead(days: number): () => void {
	const RealDate = Date;
	const shift = days * 24 * 60 * 60 * 1000;
	class ShiftedDate extends RealDate {
		constructor(...args: unknown[]) {
			if (args.length === 0) super(RealDate.now() + shift);
			else super(...(args as [string]));
		}

		static now() {
			return RealDate.now() + shift;
		}
	}
	globalThis.Date = ShiftedDate as DateConstructor;
	return () => {
		globalThis.Date = RealDate;
	};
}

/**
 * A nightly Sync whose items give what only a single user's answer carries (the birth date, HR
 * managers) besides job title, location, manager and departments, run as an active workflow's
 * Schedule Trigger runs it, night after night over two periods of Full Comparison Every (7 days):
 * the first run compares in full (one single-user read per user whose item gives such a field),
 * each night after it reads only the users whose turn it is (about a seventh) and those whose
 * items changed such a field. Changes made by hand in Engagedly before the first night are put
 * back on their users' turns, all within the period. Requests are counted, so a minute lasts one
 * second.
 */
async function syncDigestBench(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	sim.reset({ users: USERS, seed: 'bench-sync-digests' });
	sim.setRateLimit({ limit: LIMIT, timeScale: 60 });
	const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
	const input = singleUserFieldItems(sim);
	const parameters = singleUserFieldParameters(costCenter);
	let saved: IDataObject = {};
	const rows: string[] = [];
	// Drift: HR managers cleared by hand in Engagedly, which no digest sees.
	const drifted = new Map<string, string[]>();
	const outstanding = () => [...drifted].filter(([id, managers]) => sim.store.getUser(id).hr_manager_ids.join() !== managers.join()).length;
	let nightlyMost = 0;
	const scheduledRun = async (label: string, night: number, extra: IDataObject = {}) => {
		sim.clearLog();
		const restore = clockAhead(night);
		let run: Awaited<ReturnType<typeof runEngagedly>>;
		try {
			run = await runEngagedly({ parameters: { ...parameters, ...extra }, credentials, input, mode: 'trigger', staticData: saved });
		} finally {
			restore();
		}
		if (run.error) throw run.error;
		if (run.savedStaticData) saved = run.savedStaticData;
		const count = (test: (route: string) => boolean) => sim.log.filter((entry) => test(entry.route ?? '')).length;
		const pages = requestsTo(sim, 'GET /beta/users').length;
		const others = count((route) => /^GET \/beta\/(job_titles|locations|departments|businesses|user-attributes|departments\/:id|businesses\/:id)$/.test(route));
		const singles = requestsTo(sim, 'GET /beta/users/:id').length;
		const writes = sim.log.filter((entry) => entry.method !== 'GET').length;
		if (!extra.fullComparisonNow) nightlyMost = Math.max(nightlyMost, singles);
		rows.push(
			`| ${label} | ${String(run.items[0]?.json.comparison)} | ${sim.log.length} | ${pages} (${Math.ceil(sim.store.users.size / 50)}) | ${others} | ${singles} | ${writes} | ${sim.log.filter((entry) => entry.status === 429).length} | ${drifted.size ? outstanding() : ''} | ${outcomesOf(run.items)} |`,
		);
	};
	await scheduledRun('night 0: the first scheduled run (no saved digests)', 0);
	// Drift on users the first night compared and on users it left waiting for their turn alike.
	for (const user of sim.store.sortedUsers().filter((u) => u.status === 'Active' && u.hr_manager_ids.length > 0).slice(0, 70)) {
		drifted.set(user.id, [...user.hr_manager_ids]);
		sim.store.updateUser(user.id, { hr_manager_ids: [] });
	}
	for (let night = 1; night <= 14; night++) {
		if (night === 3) {
			const born = input.filter(({ json }) => json.birthDate !== '');
			for (let i = 0; i < 100; i++) born[Math.floor((i * born.length) / 100)].json.birthDate = `1990-01-${String((i % 28) + 1).padStart(2, '0')}`;
		}
		await scheduledRun(`night ${night}${night === 1 ? `: ${drifted.size} users' HR managers cleared by hand in Engagedly since night 0` : night === 3 ? ': 100 birth dates changed in the HR system' : ''}`, night);
	}
	await scheduledRun('night 14 again, Full Comparison This Run', 14, { fullComparisonNow: true });
	const state = saved['node:Engagedly'] as IDataObject;
	const compared = Object.keys(state.users as IDataObject).length;
	const bytes = JSON.stringify(state).length;
	return [
		'### Every field and the birth date and HR managers: two weeks of nightly runs',
		'',
		`Every Active user of ${USERS.toLocaleString('en')} (${input.length.toLocaleString('en')} items) giving birth date, HR managers, job title, location, manager and departments, in the contract's profile, whose user list carries neither the birth date nor HR managers; as an active workflow's scheduled runs, one a night (the clock moved a day between runs), each with the static data n8n saved after the one before, Full Comparison Every 7 days. ${LIMIT} requests a minute per key, a minute lasting one second (requests are counted).`,
		'',
		'| run | comparison | requests | reads of the directory (ceil(N/50)) | lists and units (attribute definitions, job titles, locations, departments, their members) | single-user reads | writes | 429 answers | hand-made changes not yet put back | outcomes |',
		'|---|---|---|---|---|---|---|---|---|---|',
		...rows,
		'',
		`${compared.toLocaleString('en')} users have a digest (those whose items give such a field): a seventh is ${Math.ceil(compared / 7).toLocaleString('en')}; the most single-user reads of a night was ${nightlyMost.toLocaleString('en')} (${(nightlyMost / (compared / 7)).toFixed(2)} times a seventh), that night's changes included.`,
		'',
		`The saved state: ${bytes.toLocaleString('en')} bytes of JSON in the workflow's static data, ${compared.toLocaleString('en')} users, ${(bytes / compared).toFixed(1)} bytes a user.`,
		'',
	];
}

/**
 * What each kind of run costs at 1,000, 10,000 and 50,000 employees, giving the birth date and HR
 * managers (fields only a single user's answer carries): a Dry Run from the editor before the
 * workflow ever ran, the first scheduled run, seven nights with nothing changed (each with the
 * static data the one before saved), and a night with 100 changes. Each is checked against what a
 * night should cost: ceil(N/50) for the directory, the lists and units the items need, a period's
 * share of the users whose items give such fields, and a read and a write per item that changed. Minutes of
 * the key are the requests at Sync's default share of 200 a minute, the least a run can take.
 * Requests are counted, so a minute lasts a fifth of a second.
 */
export async function nightsBySizeBench(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	const perMinute = Math.floor((LIMIT * DEFAULT_SYNC_RATE_LIMIT_SHARE) / 100);
	const minutes = (requests: number) => (requests / perMinute).toFixed(1);
	const PERIOD = 7;
	const CHANGES = 100;
	const rows: string[] = [];
	let within = true;
	for (const users of [1_000, 10_000, 50_000]) {
		sim.reset({ users, seed: 'bench-nights' });
		sim.setRateLimit({ limit: LIMIT, timeScale: 300 });
		const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
		const input = singleUserFieldItems(sim);
		// The users a full comparison would read one by one: those whose items give either field.
		const single = input.filter(({ json }) => (json.hrManagers as string[]).length > 0 || json.birthDate !== '').length;
		let saved: IDataObject = {};
		const measure = async (day: number, items: typeof input, mode: 'trigger' | 'manual', extra: IDataObject = {}) => {
			sim.clearLog();
			const restore = clockAhead(day);
			let run: Awaited<ReturnType<typeof runEngagedly>>;
			try {
				run = await runEngagedly({ parameters: { ...singleUserFieldParameters(costCenter), ...extra }, credentials, input: items, mode, staticData: saved });
			} finally {
				restore();
			}
			if (run.error) throw run.error;
			if (run.savedStaticData) saved = run.savedStaticData;
			const directory = requestsTo(sim, 'GET /beta/users').length;
			const singles = requestsTo(sim, 'GET /beta/users/:id').length;
			return { requests: sim.log.length, directory, singles, lists: sim.log.filter((e) => e.method === 'GET').length - directory - singles, tooMany: sim.log.filter((e) => e.status === 429).length };
		};
		const dryRun = await measure(0, input, 'manual', { dryRun: true });
		const first = await measure(0, input, 'trigger');
		const nights = [];
		for (let night = 1; night <= PERIOD; night++) nights.push(await measure(night, input, 'trigger'));
		const changed = input.map((item) => ({ json: { ...item.json } }));
		for (const item of changed.filter(({ json }) => (json.hrManagers as string[]).length > 0).slice(0, CHANGES)) item.json.hrManagers = [changed[0].json.email];
		const night100 = await measure(PERIOD + 1, changed, 'trigger');
		const costliest = nights.reduce((a, b) => (b.requests > a.requests ? b : a));
		// A changed item costs a read and a write.
		const cell = (run: typeof first, changes = 0) => {
			const expected = Math.ceil(users / 50) + run.lists + Math.ceil(single / PERIOD) + 2 * changes;
			const ratio = run.requests / expected;
			within &&= ratio <= 1.15;
			return `${run.requests} (${run.singles} single) = ${ratio.toFixed(2)} × ${expected} | ${minutes(run.requests)}`;
		};
		const tooMany = [dryRun, first, ...nights, night100].reduce((sum, run) => sum + run.tooMany, 0);
		rows.push(
			`| ${users.toLocaleString('en')} | ${input.length.toLocaleString('en')} | ${single.toLocaleString('en')} | ${cell(dryRun)} | ${cell(first)} | ${cell(costliest)} | ${cell(night100, CHANGES)} | ${tooMany} |`,
		);
	}
	return [
		'### What a run costs at 1,000, 10,000 and 50,000 employees',
		'',
		`Every Active user as an item giving birth date, HR managers, job title, location, manager and departments (the contract's profile: the user list carries neither the birth date nor HR managers; S: the items giving either). In order: a Dry Run from the editor before the workflow ever ran; then, as an active workflow's scheduled runs, the first run, seven nights with nothing changed (the clock moved a day between runs; the costliest shown) and a night with ${CHANGES} items' HR managers changed. Full Comparison Every ${PERIOD} days. Each run's requests, and their ratio to what a night should cost: ceil(N/50) + the lists and units it read + S/${PERIOD} + a read and a write per changed item. Minutes of the key: the requests at Sync's default Rate Limit Share, ${DEFAULT_SYNC_RATE_LIMIT_SHARE} % (${perMinute} of ${LIMIT} a minute), the least a run can take. Requests are counted (a minute lasts a fifth of a second).`,
		'',
		'| employees | items | S | Dry Run from the editor: requests = ratio × formula | minutes | first run | minutes | costliest of nights 1–7 | minutes | night with 100 changes | minutes | 429 answers (all ten runs) |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|',
		...rows,
		'',
		within ? 'Every run within 15 % of the formula.' : '**NOT every run within 15 % of the formula.**',
		'',
	];
}

/** Every Active user as a nightly export gives them: every field, and the birth date and HR managers only a single user's answer carries. */
function singleUserFieldItems(sim: Simulator): Array<{ json: IDataObject }> {
	return everyField(sim, 0).map(({ json }) => {
		const user = sim.store.userByEmail(String(json.email))!;
		return { json: { ...json, birthDate: user.birth_date ?? '', hrManagers: user.hr_manager_ids.map((id) => sim.store.getUser(id).email) } };
	});
}

const singleUserFieldParameters = (costCenter: string) => ({
	...everyFieldParameters(costCenter),
	additionalFields: {
		jobTitle: '={{ $json.jobTitle }}',
		location: '={{ $json.location }}',
		manager: '={{ $json.managerEmail }}',
		departments: '={{ $json.departments }}',
		birthDate: '={{ $json.birthDate }}',
		hrManagers: listedUsers('={{ $json.hrManagers }}'),
	},
});

/**
 * The heaviest run there is, a Sync at 10,000 users with Full Comparison This Run (every user read on their own),
 * beside a New Praise trigger polling every simulated minute and a Get Many of every user started
 * a little after it, all on one key, with the vendor's rate-limit headers (how executions see what
 * the others spend). Sync at its default Rate Limit Share (75 %). A minute lasts 5 s.
 */
export async function besideBench(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	const timeScale = 12;
	const minuteMs = 60_000 / timeScale;
	sim.reset({ users: USERS, seed: 'bench-sync-sharing' });
	sim.setRateLimit({ limit: LIMIT, timeScale, headers: true });
	const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
	const input = singleUserFieldItems(sim);
	const poller = await createPoller({ parameters: { event: 'newPraise' }, credentials });
	await poller.poll();
	sim.clearLog();
	const started = Date.now();
	let syncing = true;
	const polls: string[] = [];
	const sync = runEngagedly({ parameters: { ...singleUserFieldParameters(costCenter), fullComparisonNow: true }, credentials, input }).finally(() => {
		syncing = false;
	});
	const trigger = (async () => {
		while (syncing) {
			sim.store.addPraise({ title: 'Meanwhile' });
			const outcome = await poller.poll();
			polls.push(outcome.error ? 'failed' : outcome.items.length ? 'emitted' : 'empty');
			await new Promise((resolve) => setTimeout(resolve, minuteMs));
		}
	})();
	const list = (async () => {
		await new Promise((resolve) => setTimeout(resolve, 2 * minuteMs));
		const begun = Date.now();
		const run = await runEngagedly({ parameters: { resource: 'user', operation: 'getAll', returnAll: true }, credentials });
		return { run, seconds: (Date.now() - begun) / 1000 };
	})();
	const [synced, listed] = await Promise.all([sync, list]);
	await trigger;
	const syncSeconds = (Date.now() - started) / 1000;
	if (synced.error) throw synced.error;
	if (listed.run.error) throw listed.run.error;
	const log = sim.log;
	const syncRequests = log.filter((entry) => entry.query.include === 'primary_reporter' || /^GET \/beta\/(users\/:id|job_titles|locations|departments|departments\/:id|user-attributes)$/.test(entry.route ?? '')).length;
	const listRequests = log.filter((entry) => entry.route === 'GET /beta/users' && entry.query.include === undefined).length;
	const pollRequests = log.filter((entry) => entry.path === '/beta/activities/praises').length;
	const floorSeconds = (syncRequests / LIMIT) * (minuteMs / 1000);
	return [
		'### A full comparison beside a trigger and a Get Many on the same key',
		'',
		`Every Active user of ${USERS.toLocaleString('en')} (${input.length.toLocaleString('en')} items) with the birth date and HR managers, Full Comparison This Run (every user read on their own: the heaviest run there is), Rate Limit Share 75 % (the default); a New Praise trigger polling every simulated minute (a praise posted before each poll) and a Get Many of every user started two minutes in, all on one key, with the vendor's rate-limit headers. ${LIMIT} requests a minute, a minute lasting ${minuteMs / 1000} s.`,
		'',
		'| | requests | 429 answers (all three) | served | simulated minutes | ratio to its floor (its requests at 200 a minute) |',
		'|---|---|---|---|---|---|',
		`| Sync | ${syncRequests} | ${log.filter((entry) => entry.status === 429).length} | ${outcomesOf(synced.items)} | ${((syncSeconds * 1000) / minuteMs).toFixed(1)} | ${(syncSeconds / floorSeconds).toFixed(2)} |`,
		`| trigger polls during it | ${pollRequests} | | ${polls.length} polls: ${polls.filter((poll) => poll === 'emitted').length} emitted, ${polls.filter((poll) => poll === 'failed').length} failed | | |`,
		`| Get Many | ${listRequests} | | ${new Set(listed.run.items.map((item) => item.json.id)).size} users | ${((listed.seconds * 1000) / minuteMs).toFixed(1)} | ${(listed.seconds / ((listRequests / LIMIT) * (minuteMs / 1000))).toFixed(2)} (it has what Sync and the trigger leave) |`,
		'',
	];
}

/**
 * Engagedly's cooldown, known to everything on the key: one execution meets a 429 (a minute's
 * wait); inside that minute another execution, a trigger poll and a Sync start on the same key.
 */
async function cooldownBench(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	sim.reset({ users: 1000, seed: 'bench-cooldown' });
	sim.setRateLimit({ limit: 200, timeScale: 1 });
	const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
	const poller = await createPoller({ parameters: { event: 'newPraise' }, credentials });
	await poller.poll();
	sim.setRateLimit({ limit: 3 });
	sim.resetRateLimit();
	await otherWorkflow(sim, 3);
	sim.clearLog();
	const getMany = { resource: 'user', operation: 'getAll', returnAll: true, options: { maxRateLimitWait: 5 } };
	const first = await runEngagedly({ parameters: getMany, credentials });
	const met = sim.log.map((entry) => entry.status).join(', ');
	sim.clearLog();
	const second = await runEngagedly({ parameters: getMany, credentials });
	const poll = await poller.poll();
	const sync = await runEngagedly({ parameters: { ...parameters(costCenter), deactivateMissing: false, options: { maxRateLimitWait: 5 } }, credentials, input: employees(sim).slice(0, 10) });
	const inside = sim.log.length;
	return [
		'## A cooldown is the key\'s',
		'',
		`One execution meets Engagedly's cooldown (its answers: ${met}; a minute's wait, longer than its Max Rate-Limit Wait of 5 s: ${first.error ? 'it fails' : 'it did not fail'}); inside that minute, on the same key, another Get Many, a New Praise poll and a Sync start.`,
		'',
		'| inside the wait | requests sent | outcome |',
		'|---|---|---|',
		`| all three | ${inside} | Get Many: ${second.error ? 'failed at once, saying why' : 'ran'}; the poll: ${poll.error ? 'failed' : `${poll.items.length} emitted, its state kept`}; Sync: ${sync.error ? 'failed at once, saying why' : 'ran'} |`,
		'',
	];
}

async function syncBench(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	sim.reset({ users: USERS, seed: 'bench-sync' });
	sim.setRateLimit({ limit: LIMIT, timeScale: 1 });
	const input = employees(sim);
	const costCenter = sim.store.attributes.find((a) => !a.preset && a.mandatory)!.attribute_key;
	sim.clearLog();
	const started = Date.now();
	const run = await runEngagedly({ parameters: parameters(costCenter), credentials, input });
	const seconds = (Date.now() - started) / 1000;
	if (run.error) throw run.error;

	const log = sim.log;
	const reads = log.filter((entry) => entry.method === 'GET');
	const pages = reads.filter((entry) => entry.route === 'GET /beta/users').length;
	const writes = log.length - reads.length;
	const tooMany = log.filter((entry) => entry.status === 429).length;
	const first = Date.parse(log[0].time);
	const last = Date.parse(log[log.length - 1].time);
	// The least time: Sync's share of a window of 200 requests a minute, the last window opening (windows - 1) minutes after the first request.
	const perWindow = Math.floor((LIMIT * DEFAULT_SYNC_RATE_LIMIT_SHARE) / 100);
	const windows = Math.ceil(log.length / perWindow);
	const floorSeconds = (windows - 1) * 60;
	const spanSeconds = (last - first) / 1000;
	const changed = run.items.filter((item) => item.json.outcome === 'updated' || item.json.outcome === 'created').length;
	const naive = input.length + changed;

	return [
		'## Sync: 10,000 users, 100 changes (User → Sync)',
		'',
		`${input.length.toLocaleString('en')} input items (every Active user of ${USERS.toLocaleString('en')}, ${UPDATES} of them changed, ${CREATES} new hires), Deactivate Missing Users on, Rate Limit Share ${DEFAULT_SYNC_RATE_LIMIT_SHARE} % (the default: ${perWindow} of the key's ${LIMIT} requests a minute, in real minutes). Outcomes: ${outcomesOf(run.items)}.`,
		'',
		'| | requests | reads of the directory (ceil(N/50)) | other reads | writes | 429 answers | first to last request | least time its share allows | ratio |',
		'|---|---|---|---|---|---|---|---|---|',
		`| Sync | ${log.length} | ${pages} (${Math.ceil(USERS / 50)}) | ${reads.length - pages} | ${writes} | ${tooMany} | ${spanSeconds.toFixed(1)} s | ${floorSeconds} s (${windows} windows of ${perWindow}) | ${floorSeconds ? (spanSeconds / floorSeconds).toFixed(3) : 'n/a'} |`,
		`| a workflow without Sync (Get Many by email per employee, then a write per change), counted | ${naive} | | ${input.length} | ${changed} | | | ${(Math.ceil(naive / LIMIT) - 1) * 60} s | |`,
		'',
		`The whole run took ${seconds.toFixed(1)} s, reading and checking the ${input.length.toLocaleString('en')} items' parameters through n8n's engine included.`,
		'',
	];
}

/** The Sync sections of bench/RESULTS.md: the timed run, then every field, then the scheduled runs' digests. */
export async function syncSections(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	return [
		...(await syncBench(sim, credentials)),
		...(await syncEveryFieldBench(sim, credentials)),
		...(await syncDigestBench(sim, credentials)),
		...(await nightsBySizeBench(sim, credentials)),
		...(await besideBench(sim, credentials)),
		...(await cooldownBench(sim, credentials)),
	];
}
