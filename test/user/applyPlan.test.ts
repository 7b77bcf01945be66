/**
 * Apply Plan through n8n's engine against the simulator, with plans a real Sync made over its
 * guard: Max Plan Age refused before any request when it would refuse every plan. Items, the
 * requests the simulator saw and the organisation afterwards are asserted.
 * test/user/sync.test.ts ("When Over The Guard") has the plan's form, tampering, a stale step and
 * a failed row; test/pure/approvedPlan.test.ts each rule on its own.
 */
import type { IDataObject } from 'n8n-workflow';

import { runEngagedly, type EngagedlyCredentials } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';
import type { UserRecord } from '../simulator';
import { syncKit } from './syncKit';

const sim = useSimulator({ seed: 31, users: 60 });
const { employee, activeUsers, run } = syncKit(sim);

type Plan = IDataObject & { steps: IDataObject[]; plannedAt: string; signature: string };

/** Active users who are neither the Site Administrator nor anyone's manager, in list order. */
const leavers = () => activeUsers().filter((u) => u.id !== sim.store.adminId && sim.store.directReports(u.id).length === 0);

/** The plan Sync outputs over its guard when `missing` are left out of the HR export (nothing written). */
async function planWithout(missing: UserRecord[], settings: IDataObject = {}, credentials = sim.credentials()): Promise<Plan> {
	const employees = activeUsers().filter((u) => !missing.includes(u)).map(employee);
	const planned = await run(employees, { deactivateMissing: true, whenOverGuard: 'outputPlan', ...settings }, { credentials });
	expect(planned.error).toBeUndefined();
	expect(planned.items.map((item) => item.json.outcome)).toEqual(['approvalNeeded']);
	return planned.items[0].json.plan as Plan;
}

/** Apply Plan on one item per plan, each handed on as a Wait node does (JSON, and back). */
const apply = async (plans: unknown[], { parameters = {}, credentials = sim.credentials() }: { parameters?: IDataObject; credentials?: EngagedlyCredentials } = {}) =>
	await runEngagedly({
		parameters: { resource: 'user', operation: 'applyPlan', ...parameters },
		credentials,
		input: plans.map((plan) => ({ json: JSON.parse(JSON.stringify({ plan })) as IDataObject })),
	});

describe('plans that are not to be applied', () => {
	test.each<[string, string | number, string]>([
		['blank', '', 'Max Plan Age (Hours) is blank'],
		['0', 0, 'Max Plan Age (Hours) must be a number of hours above 0 (got "0")'],
		['negative', -24, 'Max Plan Age (Hours) must be a number of hours above 0 (got "-24")'],
	])('Max Plan Age %s is refused before any request, saying what to set', async (_name, maxPlanAge, message) => {
		const plan = await planWithout(leavers().slice(0, 8));
		sim.clearLog();
		const refused = await apply([plan], { parameters: { maxPlanAge } });
		expect(refused.error?.message).toBe(message);
		expect(refused.error?.description).toBe('Set how many hours after Sync made it an approved plan may still be applied (24 by default: a nightly Sync makes a fresh plan). Nothing was read or written.');
		expect(sim.log).toEqual([]);
	});
});
