/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark script that runs in plain Node (setTimeout to wait out a 429) */
/**
 * People by email at 1,000 and 10,000 users: the requests each user picker costs to
 * open, to search by name and by email, and an onboarding create with a manager and two HR
 * managers given by email; before (the behaviour this package had: one page filtered per call,
 * a dropdown reading every user, ids only) and after, side by side, as counts.
 *
 * "Before" is measured where it differs: the old multi-user dropdown (the `getUsers` method, since
 * removed) is replayed as it worked (every page of the directory at the scan's page size), the
 * old name search likewise (one page per call, filtered), and the old onboarding is the workflow
 * it took (User Get Many by email per person, then the Create with ids). Opening the picker and an address typed into it run
 * the same code as before (one page; the API's email filter), so their "before" is that count.
 */
import axios from 'axios';

import { MAX_PAGE_SIZE } from '../../nodes/Engagedly/transport/pages';
import { listSearch, listedUsers, runEngagedly, type EngagedlyCredentials } from '../helpers/engine';
import type { Simulator, UserRecord } from '../simulator';
import { mandatoryValues, mapping } from '../user/helpers';

const SIZES = [1_000, 10_000];
const PAGE = 50;

interface Row {
	what: string;
	before: string;
	after: string;
}

/** The requests `work` makes, from the simulator's log. */
async function count(sim: Simulator, work: () => Promise<unknown>): Promise<number> {
	sim.clearLog();
	await work();
	return sim.log.length;
}

/**
 * One page of the directory as a client of the raw API reads it (the old pickers, the HTTP Request
 * node): `size` or the API's default; a 429 is waited out for its Retry-After and the page read again.
 */
export async function directoryPage(sim: Simulator, page: number, size?: number) {
	const headers = { ClientKey: sim.keys.demo.clientKey, SecretKey: sim.keys.demo.secretKey };
	for (;;) {
		const res = await axios.get(`${sim.baseUrl}/beta/users`, { headers, params: { page, size }, validateStatus: () => true });
		if (res.status !== 429) {
			return res.data as { data: Array<{ id: string; name: string; email: string }>; pagination: { has_more: boolean } };
		}
		// Waited out like the editor would be; the retried page is not counted as another step.
		await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after'] ?? 60) * 1000));
	}
}

/** The old picker's name search: page after page as the user scrolls, each filtered alone. */
async function oldNameSearch(sim: Simulator, needle: string, targetId: string): Promise<{ requests: number; firstCallFound: boolean }> {
	for (let page = 1; ; page++) {
		const { data: users, pagination } = await directoryPage(sim, page, PAGE);
		const hit = users.some((u) => u.id === targetId && `${u.name} ${u.email}`.toLowerCase().includes(needle));
		if (hit || !pagination.has_more) return { requests: page, firstCallFound: hit && page === 1 };
	}
}

/** The old multi-user dropdown: every page of the directory before it opened; its request count. */
async function oldDropdown(sim: Simulator): Promise<number> {
	for (let page = 1; ; page++) {
		if (!(await directoryPage(sim, page, MAX_PAGE_SIZE)).pagination.has_more) return page;
	}
}

async function rowsAt(sim: Simulator, credentials: EngagedlyCredentials, users: number): Promise<Row[]> {
	const sorted = sim.store.sortedUsers();
	// Targets spread over the list: the name search's cost depends on where the match is.
	const targets = [0.1, 0.5, 0.9, 0.999].map((at) => sorted[Math.floor(at * (users - 1))]);
	const fullName = (u: UserRecord) => `${u.first_name} ${u.last_name}`.toLowerCase();

	const openAfter = await count(sim, () => listSearch('searchUsers', credentials));
	const openMultiBefore = await oldDropdown(sim);

	let nameBefore = 0;
	let foundFirstBefore = 0;
	let nameAfter = 0;
	let foundAfter = 0;
	for (const target of targets) {
		sim.clearLog();
		const old = await oldNameSearch(sim, fullName(target), target.id);
		nameBefore = Math.max(nameBefore, old.requests);
		if (old.firstCallFound) foundFirstBefore++;
		let found = false;
		const requests = await count(sim, async () => {
			const result = await listSearch('searchUsers', credentials, fullName(target));
			found = result.results.some((r) => r.value === target.id);
		});
		nameAfter = Math.max(nameAfter, requests);
		if (found) foundAfter++;
	}
	const emailAfter = await count(sim, () => listSearch('searchUsers', credentials, targets[1].email));

	// Onboarding: a manager and two HR managers known by email.
	const [manager, hr1, hr2] = targets;
	const base = (suffix: string) => ({
		resource: 'user',
		operation: 'create',
		email: `bench.hire.${users}.${suffix}@example.test`,
		firstName: 'Bench',
		lastName: 'Hire',
		customAttributes: mapping(mandatoryValues(sim)),
	});
	const before = await count(sim, async () => {
		const ids: string[] = [];
		for (const person of [manager, hr1, hr2]) {
			const found = await runEngagedly({
				parameters: { resource: 'user', operation: 'getAll', returnAll: false, limit: 1, filters: { email: person.email } },
				credentials,
			});
			if (found.error) throw found.error;
			ids.push(String(found.items[0].json.id));
		}
		const run = await runEngagedly({
			parameters: { ...base('before'), additionalFields: { manager: { __rl: true, mode: 'id', value: ids[0] }, hrManagers: listedUsers(...ids.slice(1)) } },
			credentials,
		});
		if (run.error) throw run.error;
	});
	const after = await count(sim, async () => {
		const run = await runEngagedly({
			parameters: {
				...base('after'),
				additionalFields: { manager: { __rl: true, mode: 'email', value: manager.email }, hrManagers: listedUsers(hr1.email, hr2.email) },
			},
			credentials,
		});
		if (run.error) throw run.error;
	});

	const n = targets.length;
	return [
		{ what: 'open a user picker (From List)', before: String(openAfter), after: String(openAfter) },
		{ what: 'open a multi-user field (HR Managers, Members, Authors)', before: `${openMultiBefore} (every user)`, after: '0 (a text list)' },
		{
			what: `search by full name, worst of ${n} spread over the list`,
			before: `${nameBefore} (scrolling; found on the first call ${foundFirstBefore}/${n})`,
			after: `${nameAfter} (one call; found ${foundAfter}/${n})`,
		},
		{ what: 'search by email', before: String(emailAfter), after: String(emailAfter) },
		{
			what: 'onboarding create: manager + 2 HR managers by email',
			before: `${before} (3 Get Many nodes, then the Create)`,
			after: `${after} (3 lookups, the attribute definitions, the write)`,
		},
	];
}

/** The "People by email" section of bench/RESULTS.md. */
export async function peopleBench(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	const lines = [
		'## People by email: user pickers and fields (requests)',
		'',
		'Before: one page filtered per picker call, multi-user fields as a dropdown of every user, ids only (an address needed a User Get Many first). After: this version.',
		'',
		`| at N users | ${SIZES.map((n) => `before, ${n.toLocaleString('en')} | after, ${n.toLocaleString('en')}`).join(' | ')} |`,
		`|---|${SIZES.map(() => '---|---').join('|')}|`,
	];
	const bySize: Row[][] = [];
	for (const users of SIZES) {
		sim.reset({ users, seed: 'bench-people' });
		bySize.push(await rowsAt(sim, credentials, users));
	}
	for (let i = 0; i < bySize[0].length; i++) {
		lines.push(`| ${bySize[0][i].what} | ${bySize.map((rows) => `${rows[i].before} | ${rows[i].after}`).join(' | ')} |`);
	}
	lines.push('');
	return lines;
}
