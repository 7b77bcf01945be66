import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { emailKey } from '../../people/byEmail';
import { optionsCollection } from '../../descriptions/common';
import { refuse } from '../../parameters/refuse';
import type { ItemRequest } from '../../transport/request';
import type { BatchResult, BatchRun } from '../types';
import { checkCode } from './deactivation';
import { membershipReader } from './upsert/lookups';
import type { Directory } from './sync/directory';
import { readDirectory } from './sync/directory';
import { applySteps } from './sync/apply';
import { readAdministrators, withMemberships } from './sync/compare';
import type { ApprovedPlan, PlannedStep } from './sync/approved';
import { checkPlan, failedWhenPlanned, MAX_PLAN_AGE, maxPlanAgeOf, planResults } from './sync/approved';
import { summaryOf, tallyOf } from './sync/report';
import { rateLimitShareOption } from './sync/description';
import { readRateLimitShare } from './sync/settings';
import { planKey } from './sync/signature';
import { fingerprintOf, isWrite } from './sync/steps';
import type { UpsertReads } from './upsert/step';
import { readCurrent, upsertReads } from './upsert/upsert';

const properties: INodeProperties[] = [
	{
		displayName:
			'Applies a plan a Sync output for approval (When Over The Guard: output the plan), once a person has approved it: exactly that plan (it is signed; a dry run’s is refused), while it is fresh, each step only where the user is still as the plan saw them, else it is reported stale and not written.',
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
			{ name: 'Per Step', value: 'perStep', description: 'One item per step of the plan: who, its outcome and changes' },
			{
				name: 'Summary',
				value: 'summary',
				description: 'One item: how many steps had each outcome and whose they were, e.g. for the approver’s reply',
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
 * The plan checked whole before any request (checkPlan): refused, it ends the run with nothing
 * read or written.
 */
async function readPlan(this: IExecuteFunctions, maxAgeHours: number): Promise<ApprovedPlan> {
	const checked = checkPlan(this.getNodeParameter('plan', 0, ''), { key: await planKey(this), now: Date.now(), maxAgeHours });
	if ('steps' in checked) return checked;
	const fix = checked.fix ?? 'Map the `plan` field of the item a Sync output for approval (When Over The Guard: output the plan), unchanged.';
	throw new NodeOperationError(this.getNode(), checked.why, { itemIndex: 0, description: `${fix} Nothing was read or written.` });
}

/**
 * Apply Plan: an approved plan's steps, in its order, against Engagedly as it is now, by Sync's
 * own stages. Read: the plan, checked whole (readPlan), and the directory once (ceil(N/50)
 * pages). Check, before the first write: every block reason code the plan sends is still usable,
 * each step's user is still as the plan saw them (else `stale`, not written), who among those
 * deactivated is the Site Administrator now (`kept`). Apply, then report: the rows that failed
 * when the plan was made end the run in error, after the rest is applied, so a failure is never
 * green.
 */
export async function executeAll(this: IExecuteFunctions, _itemCount: number, itemZero: ItemRequest): Promise<BatchRun> {
	const request: ItemRequest = { ...itemZero, rateLimitShare: readRateLimitShare.call(this) };
	const plan = await readPlan.call(this, readMaxPlanAge.call(this));
	const directory = await readDirectory.call(this, request);
	for (const code of new Set(plan.steps.flatMap((step) => (step.kind === 'deactivate' && step.blockReasonCode ? [step.blockReasonCode] : [])))) {
		await checkCode.call(this, 0, code, request);
	}
	const reads = await upsertReads.call(this, request, { people: (id) => directory.byId.get(id) });
	const now = await readNow.call(this, plan.steps, directory, reads, request);
	const deactivating = plan.steps.filter((step) => step.kind === 'deactivate' && now.get(step));
	const administrators = await readAdministrators.call(this, deactivating.map((step) => directory.byId.get(step.person.id!)!), request);
	// Only the users of deactivations are read, so only they can be found the Site Administrator.
	const adminOf = (step: PlannedStep) => administrators.get(directory.byId.get(String(step.person.id))?.id);
	const fresh = plan.steps.flatMap((step) => (adminOf(step) === undefined || adminOf(step) === false ? (now.get(step) ?? []) : []));
	const applied = await applySteps.call(this, fresh, { reads, request: () => request, dryRun: false });

	const results = planResults(plan.steps, (step) => ({ admin: adminOf(step), current: now.get(step) }), applied);
	const failedAtPlan: BatchResult[] = plan.failed.map((row) => ({ error: failedWhenPlanned(this, row), item: 0 }));
	const all = [...results, ...failedAtPlan];
	const rest = 'The rest of the approved plan was applied.';
	if (this.getNodeParameter('output', 0, 'perStep') !== 'summary') return { results: all, tally: tallyOf(all), rest };
	return { results: [{ json: summaryOf(all, APPLIED), item: 0 }, ...all.filter((result) => 'error' in result)], tally: tallyOf(all), rest };
}

/** What a step of a plan can come to, as a summary counts them (0 where none). */
const APPLIED = ['created', 'updated', 'reactivated', 'deactivated', 'kept', 'stale', 'failed'];

/**
 * Each step with the user as Engagedly holds them now (a write step, the user it compares), where
 * their fingerprint is the plan's; a stale step maps to undefined.
 */
async function readNow(this: IExecuteFunctions, steps: PlannedStep[], { byId, byEmail }: Directory, reads: UpsertReads, request: ItemRequest) {
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
