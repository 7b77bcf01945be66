/**
 * Simplify on the user reads (Get, Get Many; Create or Update and Sync have theirs in their own
 * suites): at most ten fields, the manager (asked for with `include`, which costs nothing) and
 * the departments by name. Off by default in a workflow, so saved workflows keep their output;
 * on by default when the node runs as an AI tool (n8n's `…Tool` variant of the node). As a tool,
 * the node also answers the model in words where a workflow gets no item or an error's two parts.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { Simulator, UserRecord } from '../simulator';
import { ordinaryUsers } from './helpers';

const sim = useSimulator({ seed: 31, users: 30 });

const run = async (parameters: IDataObject, asTool = false) =>
	await runEngagedly({ parameters: { resource: 'user', ...parameters }, credentials: sim.credentials(), asTool });

/**
 * The simplified user, written from the simulator's own record. A list element (`fromList`) in
 * the contract profile does not carry departments: Simplify says null (unknown), not "none".
 */
function simplified(s: Simulator, user: UserRecord, fromList = false): IDataObject {
	const manager = user.manager_id ? s.store.getUser(user.manager_id) : undefined;
	return {
		id: user.id,
		name: `${user.first_name} ${user.last_name}`,
		email: user.email,
		status: user.status,
		job_title: user.job_title_id === null ? null : s.store.jobTitles.get(user.job_title_id)!.name,
		location: user.location_id === null ? null : s.store.locations.get(user.location_id)!.name,
		manager: manager ? { name: `${manager.first_name} ${manager.last_name}`, email: manager.email } : null,
		departments:
			fromList && s.profile === 'contract'
				? null
				: [...s.store.departments.values()].filter((d) => d.members.has(user.id)).map((d) => d.name),
		employee_id: user.employee_id,
		joining_date: user.joining_date === null ? null : user.joining_date.slice(0, 10),
	};
}

test('Get with Simplify: the ten fields, the manager asked for with include beside what Include asks for', async () => {
	const user = ordinaryUsers(sim).find((u) => u.manager_id && u.job_title_id !== null && u.joining_date)!;
	const { items, error } = await run({ operation: 'get', userId: byId(user.id), simplify: true, options: { include: ['direct_reports'] } });
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json)).toEqual([simplified(sim, user)]);
	expect(Object.keys(items[0].json)).toHaveLength(10);
	expect(requestsTo(sim, 'GET /beta/users/:id').map((entry) => entry.query.include)).toEqual(['direct_reports,primary_reporter']);
});

test('Get Many with Simplify: every user simplified, from the same pages (include=primary_reporter, nothing more read)', async () => {
	const { items, error } = await run({ operation: 'getAll', returnAll: true, simplify: true, options: { include: ['direct_reports'] } });
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json)).toEqual(sim.store.sortedUsers().map((user) => simplified(sim, user, true)));
	const pages = requestsTo(sim, 'GET /beta/users');
	expect(pages).toHaveLength(1);
	expect(pages[0].query.include).toBe('direct_reports,primary_reporter');
	expect(sim.log).toHaveLength(1);
});

test('off by default in a workflow: the user as Engagedly returns it, with what Include asks for, from one page of Limit users', async () => {
	const { items, error } = await run({ operation: 'getAll', limit: 3, options: { include: ['direct_reports'] } });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(3);
	expect(requestsTo(sim, 'GET /beta/users').map((entry) => [entry.query.include, String(entry.query.size)])).toEqual([['direct_reports', '3']]);
	for (const item of items) {
		expect(item.json).toHaveProperty('direct_reports');
		expect(item.json).toHaveProperty('custom_attributes');
		expect(item.json).toHaveProperty('first_name');
		expect(Object.keys(item.json).length).toBeGreaterThan(15);
	}
});

describe('as an AI tool', () => {
	test('on by default: an agent gets the ten fields', async () => {
		const user = ordinaryUsers(sim)[4];
		const { items, error } = await run({ operation: 'getAll', limit: 1, filters: { email: user.email } }, true);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([simplified(sim, user, true)]);
	});

	test('turned off, the tool answers with the whole record, with what Include asks for', async () => {
		const user = ordinaryUsers(sim)[4];
		const { items, error } = await run({ operation: 'get', userId: byId(user.id), simplify: false, options: { include: ['hr_managers'] } }, true);
		expect(error).toBeUndefined();
		expect(requestsTo(sim, 'GET /beta/users/:id').map((entry) => entry.query.include)).toEqual(['hr_managers']);
		expect(items[0].json).toHaveProperty('hr_managers');
		expect(items[0].json).toMatchObject({ id: user.id, first_name: user.first_name, email: user.email });
		expect(items[0].json).toHaveProperty('custom_attributes');
	});

	test('a read that finds nothing says so in words: n8n hands a model "" for a tool with no output', async () => {
		const email = 'nobody.at.all@example.com';
		expect(sim.store.userByEmail(email)).toBeUndefined();
		const parameters = { operation: 'getAll', limit: 1, filters: { email } };

		const inWorkflow = await run(parameters);
		const asTool = await run(parameters, true);

		expect({ error: inWorkflow.error, items: inWorkflow.items }).toEqual({ error: undefined, items: [] });
		expect(asTool.error).toBeUndefined();
		expect(asTool.items.map((item) => item.json)).toEqual([{ result: 'Nothing found: Engagedly has no user matching this request.' }]);
	});

	test("an error's message carries its hint too: n8n hands a model the message only", async () => {
		const email = 'nobody.at.all@example.com';
		const parameters = { operation: 'get', userId: { __rl: true, mode: 'email', value: email } };

		const inWorkflow = await run(parameters);
		const asTool = await run(parameters, true);

		expect(inWorkflow.error?.message).toContain(email);
		expect(inWorkflow.error?.description).toBeTruthy();
		expect(inWorkflow.error?.message).not.toContain(inWorkflow.error!.description!);
		expect(asTool.error?.message).toBe(`${inWorkflow.error!.message}. ${inWorkflow.error!.description!}`);
		expect(requestsTo(sim, 'GET /beta/users/:id')).toEqual([]);
	});
});
