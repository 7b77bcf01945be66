/**
 * Sync as the suites drive it: employees as an HR source gives them (plain fields, the manager by
 * email), the node's parameters mapped from them with expressions, and a run through n8n's engine.
 * Shared by sync.test.ts (the whole run) and syncNightly.test.ts (what makes it safe to schedule).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { runEngagedly, type NodeSpec } from '../helpers/engine';
import type { SimulatorHandle } from '../helpers/simulator';
import type { UserRecord } from '../simulator';
import { customAttributes, jsonOf, mapping } from './helpers';

export function syncKit(sim: SimulatorHandle) {
	/** The mandatory custom attribute (Cost Center) every employee carries. */
	const costCenter = () => customAttributes(sim).find((a) => a.mandatory)!;

	/** An employee as the HR source gives them: plain fields, the manager by email. */
	function employee(user: UserRecord): IDataObject {
		const manager = user.manager_id ? sim.store.getUser(user.manager_id) : undefined;
		return {
			email: user.email,
			firstName: user.first_name,
			lastName: user.last_name,
			jobTitle: user.job_title_id === null ? '' : String(user.job_title_id),
			managerEmail: manager?.email ?? '',
			costCenter: user.custom[costCenter().attribute_key],
		};
	}

	const activeUsers = () => sim.store.sortedUsers().filter((u) => u.status === 'Active');

	function syncParameters(extra: IDataObject = {}): IDataObject {
		return {
			resource: 'user',
			operation: 'sync',
			email: '={{ $json.email }}',
			firstName: '={{ $json.firstName }}',
			lastName: '={{ $json.lastName }}',
			additionalFields: { jobTitle: '={{ $json.jobTitle }}', manager: '={{ $json.managerEmail }}' },
			customAttributes: mapping({ [costCenter().attribute_key]: '={{ $json.costCenter }}' }),
			...extra,
		};
	}

	/** One Sync run; `spec` as the node's settings (`continueOnFail`: "On Error: Continue") or a scheduled run's. */
	const run = async (employees: IDataObject[], extra: IDataObject = {}, spec: Partial<NodeSpec> = {}) =>
		await runEngagedly({
			parameters: syncParameters(extra),
			credentials: sim.credentials(),
			input: employees.map((json) => ({ json })),
			...spec,
		});

	/**
	 * An active workflow whose Schedule Trigger starts the Sync: each run gets the static data n8n
	 * saved after the run before (whatever that run's end), as n8n loads it from its database; a
	 * manual run gets it too (n8n 2 runs the saved workflow) and saves nothing.
	 */
	function scheduledSync(fields: IDataObject = {}) {
		let saved: IDataObject = {};
		return {
			async run(employees: IDataObject[], extra: IDataObject = {}, mode: 'trigger' | 'manual' = 'trigger') {
				const staticData = JSON.parse(JSON.stringify(saved)) as IDataObject;
				const result = await run(employees, { ...fields, ...extra }, { mode, staticData });
				if (result.savedStaticData) saved = result.savedStaticData;
				return result;
			},
			saved: () => JSON.stringify(saved),
			digests: () => (saved['node:Engagedly'] as IDataObject).users as IDataObject,
		};
	}

	return { costCenter, employee, activeUsers, run, scheduledSync };
}

/**
 * Nights pass on the clock the node reads (Date only: timers and the event loop run as ever), from
 * noon UTC of a fixed day; on each new day the key's rate-limit window is a fresh one, as it would be.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
export function onFixedDays(sim: Pick<SimulatorHandle, 'resetRateLimit'>): { at: (day: number) => void } {
	const start = Date.UTC(2026, 11, 1, 12);
	beforeEach(() => {
		jest.useFakeTimers({ now: start, advanceTimers: true, doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
	});
	afterEach(() => {
		jest.useRealTimers();
	});
	return {
		at: (day: number) => {
			jest.setSystemTime(start + day * DAY_MS);
			sim.resetRateLimit();
		},
	};
}

/** Additional Fields mapping every field an HR system keeps, by name: job title, location, manager, units, birth date. */
export const everyFieldMapping: IDataObject = {
	jobTitle: '={{ $json.jobTitle }}',
	location: '={{ $json.location }}',
	manager: '={{ $json.managerEmail }}',
	departments: '={{ $json.departments }}',
	businesses: '={{ $json.businesses }}',
	birthDate: '={{ $json.birthDate ?? "" }}',
};

export const outcomes = (items: INodeExecutionData[]) => jsonOf(items).map((json) => json.outcome ?? `error: ${String(json.error)}`);
