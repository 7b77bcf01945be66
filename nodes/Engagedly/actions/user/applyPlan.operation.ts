import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { emailKey } from '../../people/byEmail';
import { optionsCollection } from '../../descriptions/common';
import { refuse } from '../../parameters/refuse';
import { writeState } from '../../staticData';
import type { ItemScope } from '../../transport/request';
import type { BatchResult, BatchRun } from '../types';
import { checkCode } from './deactivation';
import { membershipReader } from './upsert/lookups';
import type { Directory } from './sync/directory';
import { readDirectory } from './sync/directory';
import type { Applied } from './sync/apply';
import { applySteps } from './sync/apply';
import { readAdministrators, withMemberships } from './sync/compare';
import type { ApprovedPlan, PlannedStep, StepFound } from './sync/approved';
import { checkPlan, failedWhenPlanned, MAX_PLAN_AGE, maxPlanAgeOf, planResults, stepsWritten } from './sync/approved';
import { summaryOf, tallyOf } from './sync/report';
import { rateLimitShareOption } from './sync/description';
import { readRateLimitShare } from './sync/settings';
import { planKey } from './sync/signature';
import { fingerprintOf, isWrite } from './sync/steps';
import type { WrittenState, WrittenStep } from './sync/written';
import { forgetExpired, readWritten, withWritten, writtenOf } from './sync/written';
import type { UpsertReads } from './upsert/write';
import { readCurrent, upsertReads } from './upsert/upsert';

const properties: INodeProperties[] = [
	{
		displayName:
			'Applies a plan a Sync output for approval (When Over The Guard: output the plan), once a person has approved it: exactly that plan (it is signed; a dry run’s is refused), while it is fresh, each step only where the user is still as the plan saw them (else it is reported stale and not written), and at most once: a step an earlier run or item wrote is reported alreadyApplied. Each input item’s plan is applied.',
		name: 'applyPlanNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Plan',
		name: 'plan',
		type: 'json',
		required: true,
		default: '={{ $json.plan }}',
		description: 'The `plan` field of the item Sync output for approval, as it was approved',
	},
	{
		displayName: MAX_PLAN_AGE,
		name: 'maxPlanAge',
		type: 'number',
		default: 24,
		description:
			'A plan older than this is refused, with nothing written: run Sync again for a fresh one. A day by default, as a nightly Sync makes a new plan from the next export, which may have fixed what made this one (an export that came back half empty). Above 0.',
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{ name: 'Per Step', value: 'perStep', description: 'One item per step of each plan: who, its outcome and changes' },
			{
				name: 'Summary',
				value: 'summary',
				description: 'One item per plan: how many steps had each outcome and whose they were, e.g. for the approver’s reply',
			},
		],
		default: 'perStep',
	},
	optionsCollection([rateLimitShareOption('Apply Plan')]),
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['applyPlan'] } }, properties);

/** Max Plan Age, refused before any request when blank, 0, negative or not a number (maxPlanAgeOf). */
function readMaxPlanAge(this: IExecuteFunctions): number {
	const hours = maxPlanAgeOf(this.getNodeParameter('maxPlanAge', 0, 24));
	if (typeof hours === 'number') return hours;
	return refuse(this, 0, hours.why, `${hours.fix ?? ''} Nothing was read or written.`);
}

/**
 * Every item's plan, each checked whole on its own before any request (checkPlan): one refused
 * ends the run with nothing read or written, whichever item holds it, so no plan of a run is
 * dropped while the others are applied.
 */
async function readPlans(this: IExecuteFunctions, itemCount: number, maxAgeHours: number, now: number): Promise<ApprovedPlan[]> {
	const key = await planKey(this);
	const plans: ApprovedPlan[] = [];
	for (let item = 0; item < itemCount; item++) {
		const checked = checkPlan(this.getNodeParameter('plan', item), { key, now, maxAgeHours });
		if ('steps' in checked) {
			plans.push(checked);
			continue;
		}
		const fix = checked.fix ?? 'Map the `plan` field of the item a Sync output for approval (When Over The Guard: output the plan), unchanged.';
		const others = itemCount > 1 ? ` The plans of the other items were not applied either: a run applies all its plans, or none.` : '';
		throw new NodeOperationError(this.getNode(), checked.why, { itemIndex: item, description: `${fix} Nothing was read or written.${others}` });
	}
	return plans;
}

/**
 * Apply Plan: each input item's approved plan, in item order, each plan's steps in its order,
 * against Engagedly as it is now, by Sync's own stages. Read: the settings and every plan, checked
 * whole (readPlans), then what this node wrote of them before (written.ts, the node's static data:
 * a step written by an earlier run or item is `alreadyApplied`, never written again). Check,
 * before the first write: every block reason code a step still to write sends is usable. Then each
 * plan: the directory (ceil(N/50) pages, read again after a plan that wrote), each step's user
 * still as the plan saw them (else `stale`, not written), and whoever a step would write to is not
 * the Site Administrator now (`kept`). Apply, then report: the rows that failed when a plan was
 * made end the run in error, after the rest is applied, so a failure is never green. What was
 * written is saved at the end, even when a read of a later plan failed.
 */
export async function executeAll(this: IExecuteFunctions, itemCount: number, itemZero: ItemScope): Promise<BatchRun> {
	const request: ItemScope = { ...itemZero, rateLimitShare: readRateLimitShare.call(this) };
	const maxAgeHours = readMaxPlanAge.call(this);
	const now = Date.now();
	const plans = await readPlans.call(this, itemCount, maxAgeHours, now);
	// Read once here and replaced once at the end (finally: a write made is never forgotten).
	const staticData = this.getWorkflowStaticData('node');
	let memory = forgetExpired(readWritten(staticData), now, maxAgeHours);
	for (const [item, code] of codesToSend(plans, memory)) await checkCode.call(this, item, code, request);

	const results: BatchResult[][] = [];
	let directory: Promise<Directory> | undefined;
	try {
		for (const [item, plan] of plans.entries()) {
			const read = () => (directory ??= readDirectory.call(this, request));
			const applied = await applyPlan.call(this, plan, item, writtenOf(memory, plan.signature), read, request);
			results.push(applied.results);
			memory = withWritten(memory, plan, applied.written);
			// The organisation changed: the next plan compares against it as it is now.
			if (Object.keys(applied.written).length) directory = undefined;
		}
	} finally {
		writeState(staticData, memory);
	}

	const all = results.flat();
	const rest = `The rest of the approved plan${plans.length > 1 ? 's' : ''} was applied.`;
	if (this.getNodeParameter('output', 0, 'perStep') !== 'summary') return { results: all, tally: tallyOf(all), rest };
	const summaries: BatchResult[] = results.map((planResults, item) => ({ json: summaryOf(planResults, APPLIED), item }));
	return { results: [...summaries, ...all.filter((result) => 'error' in result)], tally: tallyOf(all), rest };
}

/** What a step of a plan can come to, as a summary counts them (0 where none). */
const APPLIED = ['created', 'updated', 'reactivated', 'deactivated', 'alreadyApplied', 'kept', 'stale', 'failed'];

/** Each block reason code a step not yet written sends, once, with the item of the first plan that sends it. */
function codesToSend(plans: ApprovedPlan[], memory: WrittenState): Array<[number, string]> {
	const codes = new Map<string, number>();
	plans.forEach((plan, item) => {
		const written = writtenOf(memory, plan.signature);
		plan.steps.forEach((step, index) => {
			if (step.kind === 'deactivate' && step.blockReasonCode && !written[String(index)] && !codes.has(step.blockReasonCode)) codes.set(step.blockReasonCode, item);
		});
	});
	return [...codes].map(([code, item]) => [item, code]);
}

/**
 * One approved plan applied: the steps it wrote before left as they are (a plan written whole
 * already reads nothing), each other step checked against the user as Engagedly holds them now
 * and against the Site Administrator, then written. Its items are paired with `item`, the input
 * item that held it.
 */
async function applyPlan(
	this: IExecuteFunctions,
	plan: ApprovedPlan,
	item: number,
	written: Record<string, WrittenStep>,
	readDirectoryOnce: () => Promise<Directory>,
	request: ItemScope,
): Promise<{ results: BatchResult[]; written: Record<string, WrittenStep> }> {
	const pending = plan.steps.filter((_, index) => !written[String(index)]);
	const { check, applied } = pending.length ? await checkAndWrite.call(this, pending, await readDirectoryOnce(), request) : { check: () => ({}), applied: new Map() };
	const found = (step: PlannedStep, index: number): StepFound => {
		const before = written[String(index)];
		return before ? { written: before } : check(step);
	};
	const failedAtPlan: BatchResult[] = plan.failed.map((row) => ({ error: failedWhenPlanned(this, row, item), item }));
	return {
		results: [...planResults(plan.steps, found, applied, item), ...failedAtPlan],
		written: stepsWritten(plan.steps, found, applied, new Date().toISOString()),
	};
}

/**
 * Steps not written yet: each with its user as Engagedly holds them now (else stale), every one
 * that writes to a user Engagedly has (not a creation) checked against the Site Administrator
 * (kept), and the rest written.
 */
async function checkAndWrite(this: IExecuteFunctions, steps: PlannedStep[], directory: Directory, request: ItemScope) {
	const reads = await upsertReads.call(this, request, { people: (id) => directory.byId.get(id) });
	const now = await readNow.call(this, steps, directory, reads, request);
	const writing = steps.filter((step) => step.kind !== 'create' && now.get(step));
	const administrators = await readAdministrators.call(this, writing.map((step) => directory.byId.get(step.person.id!)!), request);
	const adminOf = (step: PlannedStep) => (step.kind === 'create' ? undefined : administrators.get(directory.byId.get(String(step.person.id))?.id));
	const fresh = steps.flatMap((step) => (adminOf(step) === undefined || adminOf(step) === false ? (now.get(step) ?? []) : []));
	const applied = await applySteps.call(this, fresh, { reads, request: () => request, dryRun: false });
	return { check: (step: PlannedStep): StepFound => ({ admin: adminOf(step), current: now.get(step) }), applied: applied as Map<unknown, Applied> };
}

/**
 * Each step with the user as Engagedly holds them now (a write step, the user it compares), where
 * their fingerprint is the plan's; a stale step maps to undefined.
 */
async function readNow(this: IExecuteFunctions, steps: PlannedStep[], { byId, byEmail }: Directory, reads: UpsertReads, request: ItemScope) {
	const memberships = membershipReader(this, reads.lists);
	const now = new Map<PlannedStep, PlannedStep | undefined>();
	for (const step of steps) {
		if (step.kind === 'create') {
			// A creation was planned for an address nobody held: anyone holding it now (in any case) makes it stale.
			now.set(step, byEmail.has(emailKey(step.person.email)) ? undefined : step);
			continue;
		}
		const user = byId.get(step.person.id!);
		if (!user || !isWrite(step)) {
			now.set(step, user && fingerprintOf(user, [], reads) === step.fingerprint ? step : undefined);
			continue;
		}
		const body = step.upsert.body;
		const existing = await withMemberships(user, body, memberships, request);
		const current = await readCurrent.call(this, existing, body, reads, request);
		const same = fingerprintOf(current, Object.keys(body), reads) === step.fingerprint;
		now.set(step, same ? { ...step, upsert: { ...step.upsert, existing, current } } : undefined);
	}
	return now;
}
