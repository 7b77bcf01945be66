/**
 * Apply Plan through n8n's engine against the simulator, with plans a real Sync made over its
 * guard: each step written at most once (a retried execution after a failed write, a second run,
 * a second item with the same plan), every item's plan applied or the run refused before its first
 * write, a dry run's plan refused, Max Plan Age and a plan from the future refused before any
 * request, another key's signature told apart from an edit, and no step written to the Site
 * Administrator. Items, the requests the simulator saw and the organisation afterwards are
 * asserted. test/user/sync.test.ts ("When Over The Guard") has the plan's form, tampering, a stale
 * step and a failed row; test/pure/approved.test.ts each rule on its own.
 */
import type { IDataObject, WorkflowExecuteMode } from 'n8n-workflow';

import { keyFor, signatureOf } from '../../nodes/Engagedly/actions/user/sync/signature';
import { runEngagedly, type EngagedlyCredentials } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { UserRecord } from '../simulator';
import { jsonOf, writes } from './helpers';
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
const apply = async (plans: unknown[], { parameters = {}, mode, staticData, credentials = sim.credentials() }: { parameters?: IDataObject; mode?: WorkflowExecuteMode; staticData?: IDataObject; credentials?: EngagedlyCredentials } = {}) =>
	await runEngagedly({
		parameters: { resource: 'user', operation: 'applyPlan', ...parameters },
		credentials,
		input: plans.map((plan) => ({ json: JSON.parse(JSON.stringify({ plan })) as IDataObject })),
		mode,
		staticData,
	});

const deactivations = () => writes(sim).filter((entry) => entry.route === 'PUT /beta/users/:id/deactivate');
const directoryPages = () => requestsTo(sim, 'GET /beta/users').filter((entry) => entry.query.email === undefined).length;
const pagesOfDirectory = () => Math.ceil(sim.store.users.size / 50);

describe('each step written at most once', () => {
	test('a retry after a failed write writes only what was not written, even for a user changed back by hand since; a second run writes nothing and reads nothing', async () => {
		const missing = leavers().slice(0, 8);
		const plan = await planWithout(missing);
		expect(plan.steps.map((step) => [step.kind, (step.user as IDataObject).id])).toEqual(missing.map((u) => ['deactivate', u.id]));

		// An active workflow's execution (a schedule, or the Wait node's approval resumed): one write fails.
		const failing = missing[2];
		sim.faults.add({ kind: 'status', status: 500, match: { method: 'PUT', path: `/beta/users/${failing.id}/deactivate` } });
		sim.clearLog();
		const first = await apply([plan], { mode: 'trigger', staticData: {} });
		expect(first.error?.message).toBe('1 failed: 7 deactivated, 1 failed');
		expect(deactivations().map((entry) => entry.path)).toEqual(missing.map((u) => `/beta/users/${u.id}/deactivate`));
		for (const user of missing) expect(sim.store.getUser(user.id).status).toBe(user === failing ? 'Active' : 'Blocked');
		// What was written is saved, though the execution failed (n8n saves a failed execution's static data too).
		const saved = first.savedStaticData!;
		const memory = saved['node:Engagedly'] as { plans: Record<string, { steps: Record<string, IDataObject> }> };
		expect(Object.keys(memory.plans)).toEqual([plan.signature]);
		expect(Object.keys(memory.plans[plan.signature].steps)).toEqual(['0', '1', '3', '4', '5', '6', '7']);

		// HR reactivates one of them by hand: she is as the plan saw her again (Active, her address).
		const reactivated = missing[0];
		sim.store.setUserStatus(reactivated.id, 'Active');

		// The operator retries the execution from n8n's list: it reads what the failed one saved.
		sim.clearLog();
		const retry = await apply([plan], { mode: 'retry', staticData: saved });
		expect(retry.error).toBeUndefined();
		expect(jsonOf(retry.items).map((json) => [json.email, json.outcome])).toEqual(missing.map((u) => [u.email, u === failing ? 'deactivated' : 'alreadyApplied']));
		const already = retry.items.find((item) => item.json.email === reactivated.email)!.json;
		expect(already.appliedAt).toEqual(memory.plans[plan.signature].steps['0'].at);
		expect(already.reason).toBe(`This plan’s step was written already (deactivated, at ${String(already.appliedAt)}), by an earlier run or item: not written again, whatever Engagedly holds now.`);
		expect(retry.items.every((item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 0 }))).toBe(true);
		// One write: the step that failed. Only its user is read (the directory, their permissions).
		expect(writes(sim).map((entry) => entry.path)).toEqual([`/beta/users/${failing.id}/deactivate`]);
		expect(requestsTo(sim, 'GET /beta/users/:id/permissions').map((entry) => entry.path)).toEqual([`/beta/users/${failing.id}/permissions`]);
		expect(sim.store.getUser(reactivated.id).status).toBe('Active');
		expect(sim.store.getUser(failing.id).status).toBe('Blocked');

		// A second run of the same plan: every step written already, so nothing is read or written.
		sim.clearLog();
		const again = await apply([plan], { mode: 'trigger', staticData: retry.savedStaticData, parameters: { output: 'summary' } });
		expect(again.error).toBeUndefined();
		expect(jsonOf(again.items)).toEqual([
			{
				counts: { created: 0, updated: 0, reactivated: 0, deactivated: 0, alreadyApplied: 8, kept: 0, stale: 0, failed: 0 },
				emails: { created: [], updated: [], reactivated: [], deactivated: [], alreadyApplied: missing.map((u) => u.email), kept: [], stale: [], failed: [] },
			},
		]);
		expect(sim.log).toEqual([]);
		expect(sim.store.getUser(reactivated.id).status).toBe('Active');

		// What protects her is that memory: a run from the editor keeps none between executions (n8n
		// saves no manual run's static data), and by its fingerprint alone her step is fresh again.
		sim.clearLog();
		const manual = await apply([plan]);
		expect(manual.savedStaticData).toBeUndefined();
		expect(deactivations().map((entry) => entry.path)).toEqual([`/beta/users/${reactivated.id}/deactivate`]);
	});

	test('a run that stops after a write (the next plan’s read fails) still saves what it wrote: its retry writes only the rest', async () => {
		const [first, second] = [leavers().slice(0, 8), leavers().slice(8, 16)];
		const plans = [await planWithout(first), await planWithout(second)];
		// The directory read again for the second plan is refused.
		sim.faults.add({ kind: 'status', status: 403, match: { method: 'GET', path: '/beta/users' }, after: pagesOfDirectory() });
		sim.clearLog();
		const stopped = await apply(plans, { mode: 'trigger', staticData: {} });
		expect(stopped.error?.httpCode).toBe('403');
		expect(deactivations().map((entry) => entry.path)).toEqual(first.map((u) => `/beta/users/${u.id}/deactivate`));
		sim.clearLog();
		const retry = await apply(plans, { mode: 'retry', staticData: stopped.savedStaticData });
		expect(retry.error).toBeUndefined();
		expect(retry.items.map((item) => [item.json.email, item.json.outcome])).toEqual([...first.map((u) => [u.email, 'alreadyApplied']), ...second.map((u) => [u.email, 'deactivated'])]);
		expect(deactivations().map((entry) => entry.path)).toEqual(second.map((u) => `/beta/users/${u.id}/deactivate`));
		for (const user of [...first, ...second]) expect(sim.store.getUser(user.id).status).toBe('Blocked');
	});

	test('two items with the same plan, in one execution from the editor: each step written once, the second item’s reported already applied', async () => {
		const missing = leavers().slice(0, 8);
		const plan = await planWithout(missing);
		sim.clearLog();
		const { items, error } = await apply([plan, plan]);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.email, item.json.outcome, item.pairedItem])).toEqual([
			...missing.map((u) => [u.email, 'deactivated', { item: 0 }]),
			...missing.map((u) => [u.email, 'alreadyApplied', { item: 1 }]),
		]);
		expect(deactivations().map((entry) => entry.path)).toEqual(missing.map((u) => `/beta/users/${u.id}/deactivate`));
		// The second item read nothing: the directory once, for the first.
		expect(directoryPages()).toBe(pagesOfDirectory());
		for (const user of missing) expect(sim.store.getUser(user.id).status).toBe('Blocked');
	});
});

describe('every item’s plan, or a refusal before the first write', () => {
	test('two items with two plans: both applied, each checked on its own, paired with its item; the second compared against the organisation the first left', async () => {
		const [first, second] = [leavers().slice(0, 8), leavers().slice(8, 16)];
		const plans = [await planWithout(first), await planWithout(second)];
		expect(plans[0].signature).not.toBe(plans[1].signature);
		sim.clearLog();
		const { items, error } = await apply(plans, { mode: 'trigger', staticData: {} });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.email, item.json.outcome, item.pairedItem])).toEqual([
			...first.map((u) => [u.email, 'deactivated', { item: 0 }]),
			...second.map((u) => [u.email, 'deactivated', { item: 1 }]),
		]);
		expect(deactivations().map((entry) => entry.path)).toEqual([...first, ...second].map((u) => `/beta/users/${u.id}/deactivate`));
		// The first plan wrote, so the directory is read again for the second.
		expect(directoryPages()).toBe(2 * pagesOfDirectory());
		for (const user of [...first, ...second]) expect(sim.store.getUser(user.id)).toMatchObject({ status: 'Blocked' });

		// With Output "Summary": one item per plan, paired with its item (the organisation as it was).
		sim.reset();
		const replans = [await planWithout(leavers().slice(0, 8)), await planWithout(leavers().slice(8, 16))];
		const summary = await apply(replans, { parameters: { output: 'summary' } });
		expect(summary.items.map((item) => [(item.json.counts as IDataObject).deactivated, item.pairedItem])).toEqual([
			[8, { item: 0 }],
			[8, { item: 1 }],
		]);
	});

	test('one plan of two refused (edited on the way): the run is refused naming its item, with nothing read or written, the good plan not applied either', async () => {
		const [first, second] = [leavers().slice(0, 8), leavers().slice(8, 16)];
		const good = await planWithout(first);
		const tampered = await planWithout(second);
		const edited = { ...tampered, steps: tampered.steps.slice(1) };
		sim.clearLog();
		const refused = await apply([good, edited], { mode: 'trigger', staticData: {} });
		expect(refused.error?.message).toBe('Plan is not the plan Sync made: its signature does not match');
		expect(refused.error?.context?.itemIndex).toBe(1);
		expect(refused.error?.description).toContain('The plans of the other items were not applied either: a run applies all its plans, or none.');
		expect(sim.log).toEqual([]);
		for (const user of [...first, ...second]) expect(sim.store.getUser(user.id).status).toBe('Active');
		// With Continue On Fail, every item carries the refusal; still nothing is written.
		const continued = await runEngagedly({
			parameters: { resource: 'user', operation: 'applyPlan' },
			credentials: sim.credentials(),
			input: [good, edited].map((plan) => ({ json: { plan } as IDataObject })),
			continueOnFail: true,
		});
		expect(continued.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			['Plan is not the plan Sync made: its signature does not match', { item: 0 }],
			['Plan is not the plan Sync made: its signature does not match', { item: 1 }],
		]);
		expect(sim.log).toEqual([]);
	});
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
	});

	// Every value refused, and its words: test/pure/approved.test.ts (maxPlanAgeOf); here one, through the engine.
	test.each<[string, string | number, string]>([
		['0', 0, 'Max Plan Age (Hours) must be a number of hours above 0 (got "0")'],
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

test('no step writes to the Site Administrator: an update of a user made Site Administrator since the plan is kept, not written, as their deactivation is', async () => {
	const missing = leavers().slice(0, 8);
	const [renamed, promoted] = leavers().slice(8, 10);
	// The store's records change as they are written: their names as they were.
	const [renamedName, promotedName] = [renamed.last_name, promoted.last_name];
	const employees = activeUsers()
		.filter((u) => !missing.includes(u))
		.map((u) => (u === renamed || u === promoted ? { ...employee(u), lastName: `${u.last_name}-Approved` } : employee(u)));
	const planned = await run(employees, { deactivateMissing: true, whenOverGuard: 'outputPlan' });
	const plan = planned.items[0].json.plan as Plan;
	expect(plan.steps.map((step) => step.kind)).toEqual(['update', 'update', ...missing.map(() => 'deactivate')]);
	// Meanwhile one of those updated, and one of those deactivated, is made Site Administrator.
	const admin = sim.store.adminPermission()!.id;
	for (const user of [promoted, missing[0]]) sim.store.userPermissions.set(user.id, new Set([admin]));
	sim.clearLog();
	const { items, error } = await apply([plan]);
	expect(error).toBeUndefined();
	expect(items.map((item) => [item.json.email, item.json.outcome])).toEqual([
		[renamed.email, 'updated'],
		[promoted.email, 'kept'],
		...missing.map((u) => [u.email, u === missing[0] ? 'kept' : 'deactivated']),
	]);
	expect(items[1].json.reason).toMatch(/^The Site Administrator is written by no approved plan: /);
	expect(items[2].json.reason).toMatch(/^The Site Administrator is never deactivated by this node/);
	// Every step that would write to a user was checked: their permissions, one read each.
	expect(requestsTo(sim, 'GET /beta/users/:id/permissions').map((entry) => entry.path).sort()).toEqual(
		[renamed, promoted, ...missing].map((u) => `/beta/users/${u.id}/permissions`).sort(),
	);
	expect(writes(sim).map((entry) => entry.path)).toEqual([`/beta/users/${renamed.id}`, ...missing.slice(1).map((u) => `/beta/users/${u.id}/deactivate`)]);
	expect(sim.store.getUser(promoted.id).last_name).toBe(promotedName);
	expect(sim.store.getUser(renamed.id).last_name).toBe(`${renamedName}-Approved`);
	expect(sim.store.getUser(missing[0].id).status).toBe('Active');
});
