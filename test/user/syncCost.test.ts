/**
 * What a Sync run costs, in requests, at a few hundred employees, through n8n's engine: the first
 * run, a Dry Run from the editor and a night each read the directory in ceil(N/50) pages, each list
 * once, a period's share of the users whose fields only a single user's answer carries (their
 * turn), and one user per item that changed; nobody else. `npm run bench -- nights` measures the
 * same at 1,000, 10,000 and 50,000 employees.
 */
import type { IDataObject } from 'n8n-workflow';

import { listedUsers } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { UserRecord } from '../simulator';
import { jsonOf, writes } from './helpers';
import { onFixedDays, syncKit } from './syncKit';

const sim = useSimulator({ seed: 'sync-cost', users: 350 });
const { employee, activeUsers, scheduledSync } = syncKit(sim);
const days = onFixedDays(sim);

/** The birth date and HR managers: fields the contract's user list does not carry. */
const fields = {
	additionalFields: {
		jobTitle: '={{ $json.jobTitle }}',
		manager: '={{ $json.managerEmail }}',
		birthDate: '={{ $json.birthDate }}',
		hrManagers: listedUsers('={{ $json.hrManagers }}'),
	},
};
const PERIOD = 7;

let users: UserRecord[];
let employees: IDataObject[];
/** The users whose items give a field their list element does not carry: those a full comparison reads one by one. */
let single: string[];
beforeEach(() => {
	users = activeUsers();
	employees = users.map((user) => ({
		...employee(user),
		birthDate: user.birth_date ?? '',
		hrManagers: user.hr_manager_ids.map((id) => sim.store.getUser(id).email),
	}));
	single = users.filter((user) => user.hr_manager_ids.length > 0 || (sim.profile === 'contract' && user.birth_date !== null)).map((user) => user.id);
	expect(single.length).toBeGreaterThan(50);
});

/** What the simulator saw of a run: the directory's pages, the single-user reads, every other read (each list, once), the writes. */
function cost() {
	const directory = requestsTo(sim, 'GET /beta/users').length;
	const reads = requestsTo(sim, 'GET /beta/users/:id').length;
	const others = sim.log.filter((entry) => entry.method === 'GET' && !['GET /beta/users', 'GET /beta/users/:id'].includes(entry.route ?? ''));
	return { directory, reads, lists: others.length, listsOnce: new Set(others.map((entry) => entry.path)).size === others.length, writes: writes(sim).length, total: sim.log.length };
}

/** A period's share of the single reads, and at most one more per field that no answer has shown yet this run. */
const share = () => Math.ceil((single.length / PERIOD) * 1.5) + 2;

test.each([
	['the first scheduled run', 'trigger', {}],
	['a Dry Run from the editor, before the workflow ever ran', 'manual', { dryRun: true }],
] as const)('%s: the directory, each list once and a period’s share of the single reads; the others wait for their turn, each item saying so', async (_name, mode, extra) => {
	const sync = scheduledSync(fields);
	const { items, error } = await sync.run(employees, extra, mode);
	expect(error).toBeUndefined();
	const spent = cost();
	expect(spent.directory).toBe(Math.ceil(sim.store.users.size / 50));
	expect(spent.listsOnce).toBe(true);
	expect(spent.reads).toBeLessThanOrEqual(share());
	expect(spent.total).toBe(spent.directory + spent.lists + spent.reads);
	const waiting = jsonOf(items).filter((json) => json.waitingForTurn);
	expect(waiting.length).toBe(single.length - spent.reads);
	expect(new Set(jsonOf(items).map((json) => json.outcome))).toEqual(new Set(['unchanged']));
});

test('a night with ten changes to fields only the single user carries: the turn’s share plus exactly those ten read, those ten written', async () => {
	const sync = scheduledSync(fields);
	for (let night = 0; night < PERIOD; night++) {
		days.at(night);
		await sync.run(employees);
	}
	const managed = users.filter((user) => user.hr_manager_ids.length > 0).slice(0, 10);
	const newManager = users.find((user) => !managed.some((m) => m.hr_manager_ids.includes(user.id) || m === user))!;
	for (const user of managed) employees[users.indexOf(user)].hrManagers = [newManager.email];
	days.at(PERIOD);
	sim.clearLog();
	const { items, error } = await sync.run(employees);
	expect(error).toBeUndefined();
	const spent = cost();
	const readIds = new Set(requestsTo(sim, 'GET /beta/users/:id').map((entry) => entry.path.split('/').pop()));
	for (const user of managed) expect(readIds.has(user.id)).toBe(true);
	expect(spent.reads).toBeLessThanOrEqual(share() + managed.length);
	expect(spent.writes).toBe(managed.length);
	expect(jsonOf(items).filter((json) => json.outcome === 'updated').map((json) => json.id).sort()).toEqual(managed.map((user) => user.id).sort());
	// After a period of nights everyone has been compared: nobody waits.
	expect(jsonOf(items).filter((json) => json.waitingForTurn)).toEqual([]);
});
