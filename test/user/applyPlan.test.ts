/**
 * Apply Plan through n8n's engine against the simulator, with plans a real Sync made over its
 * guard: a dry run's plan refused, Max Plan Age and a plan from the future refused before any
 * request, another key's signature told apart from an edit. Items, the requests the simulator saw
 * and the organisation afterwards are asserted. test/user/sync.test.ts ("When Over The Guard") has
 * the plan's form, tampering, a stale step and a failed row; test/pure/approvedPlan.test.ts each
 * rule on its own.
 */
import type { IDataObject } from 'n8n-workflow';

import { keyFor, signatureOf } from '../../nodes/Engagedly/actions/user/sync/signature';
import { runEngagedly, type EngagedlyCredentials } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';
import type { UserRecord } from '../simulator';
import { outcomes, syncKit } from './syncKit';

/** A second full-access key of the same organisation: its Secret Key after a rotation. */
const ROTATED = { name: 'rotated', clientKey: 'rotated-client-key', secretKey: 'rotated-secret-key' };
const sim = useSimulator({ seed: 31, users: 60, keys: [ROTATED] });
const { employee, activeUsers, run } = syncKit(sim);

type Plan = IDataObject & { steps: IDataObject[]; plannedAt: string; keyId: string; dryRun: boolean; signature: string };

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
	test('a dry run’s plan is a preview: Sync says so in the signed plan, and Apply Plan refuses it with nothing read or written, saying to run Sync without Dry Run', async () => {
		const missing = leavers().slice(0, 8);
		const employees = activeUsers().filter((u) => !missing.includes(u)).map(employee);
		const previewed = await run(employees, { deactivateMissing: true, whenOverGuard: 'outputPlan', dryRun: true });
		expect(previewed.error).toBeUndefined();
		const json = previewed.items[0].json as IDataObject & { plan: Plan };
		expect([json.outcome, json.dryRun, json.plan.dryRun]).toEqual(['approvalNeeded', true, true]);
		expect(String(json.message)).toContain('This was a dry run: the plan is a preview, and Apply Plan refuses it.');
		sim.clearLog();
		const refused = await apply([json.plan]);
		expect(refused.error?.message).toBe('Plan comes from a dry run: Sync had Dry Run on, so its plan is a preview, not one to apply');
		expect(refused.error?.description).toBe('Run Sync without Dry Run, and approve that plan. Nothing was read or written.');
		expect(sim.log).toEqual([]);
		for (const user of missing) expect(sim.store.getUser(user.id).status).toBe('Active');
		// Marked a real run's plan on the way: no longer the plan Sync signed.
		const unmarked = await apply([{ ...json.plan, dryRun: false }]);
		expect(unmarked.error?.message).toBe('Plan is not the plan Sync made: its signature does not match');
		expect(sim.log).toEqual([]);
	});

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

	test('a plan stamped ahead of this clock by more than 5 minutes (a host clock wrong) is refused, naming both clocks; one 4 minutes ahead is applied', async () => {
		const missing = leavers().slice(0, 8);
		const plan = await planWithout(missing);
		const key = keyFor(sim.keys.demo.secretKey);
		// Signed as a Sync on a host whose clock is `ms` ahead would sign it.
		const stamped = (ms: number) => {
			const changed: IDataObject = { ...plan, plannedAt: new Date(Date.now() + ms).toISOString() };
			delete changed.signature;
			return { ...changed, plannedAt: String(changed.plannedAt), signature: signatureOf(key, changed) };
		};
		const ahead = stamped(2 * 3_600_000);
		sim.clearLog();
		const refused = await apply([ahead]);
		expect(refused.error?.message).toMatch(
			new RegExp(`^Plan was made at ${ahead.plannedAt.replace(/\./g, '\\.')} by the clock of the n8n that ran Sync, 2\\.0 hours ahead of this n8n's clock \\(\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\)$`),
		);
		expect(refused.error?.description).toContain('Set the wrong clock right, then run Sync again and approve its new plan.');
		expect(sim.log).toEqual([]);
		const applied = await apply([stamped(4 * 60_000)]);
		expect(applied.error).toBeUndefined();
		expect(outcomes(applied.items)).toEqual(missing.map(() => 'deactivated'));
	});

	test('a plan signed with another Secret Key of the organisation (rotated since) says so, not that it was edited; nothing is read or written', async () => {
		const missing = leavers().slice(0, 8);
		const plan = await planWithout(missing);
		sim.clearLog();
		const rotated = { ...sim.keys.rotated, baseUrl: sim.baseUrl };
		const refused = await apply([plan], { credentials: rotated });
		expect(refused.error?.message).toMatch(/^Plan was signed with another Secret Key than this credential's \(key id [\w-]{12}; this credential's is [\w-]{12}\)$/);
		expect(refused.error?.description).toBe(
			"The credential's Secret Key may have been rotated since Sync made the plan, or Sync ran with another credential (another Engagedly organisation's). Run Sync again with this credential, and approve its new plan. Nothing was read or written.",
		);
		expect(sim.log).toEqual([]);
		// Sync run again with the credential as it is now: its plan applies.
		const renewed = await planWithout(missing, {}, rotated);
		expect(renewed.keyId).not.toBe(plan.keyId);
		const applied = await apply([renewed], { credentials: rotated });
		expect(applied.error).toBeUndefined();
		expect(outcomes(applied.items)).toEqual(missing.map(() => 'deactivated'));
	});
});
