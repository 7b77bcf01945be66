import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { emailKey } from '../../people/byEmail';
import { optionsCollection } from '../../descriptions/common';
import type { ItemRequest } from '../../transport/request';
import type { BatchResult, BatchRun } from '../types';
import type { Changes } from './upsert/changes';
import { checkCode, SITE_ADMINISTRATOR_KEPT } from './deactivation';
import { membershipReader } from './upsert/lookups';
import type { Directory } from './sync/directory';
import { readDirectory } from './sync/directory';
import { applySteps } from './sync/apply';
import { readAdministrators, withMemberships } from './sync/compare';
import type { DeactivateStep, Person, StepKind, WriteStep } from './sync/steps';
import { userItem } from './sync/items';
import { summaryOf, tallyOf } from './sync/report';
import { rateLimitShareOption, readRateLimitShare } from './sync/settings';
import { isSignedBy, planKey } from './sync/signature';
import { fingerprintOf, isWrite, PLAN_VERSION, WRITING } from './sync/steps';
import type { UpsertReads } from './upsert/step';
import { readCurrent, upsertReads } from './upsert/upsert';

export const MAX_PLAN_AGE = 'Max Plan Age (Hours)';

const properties: INodeProperties[] = [
	{
		displayName:
			'Applies a plan a Sync output for approval (When Over The Guard: output the plan), once a person has approved it: exactly that plan (it is signed), while it is fresh, each step only where the user is still as the plan saw them, else it is reported stale and not written.',
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
		typeOptions: { minValue: 0 },
		default: 24,
		description:
			'A plan older than this is refused, with nothing written: run Sync again for a fresh one. A day by default, as a nightly Sync makes a new plan from the next export, which may have fixed what made this one (an export that came back half empty).',
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

type PlannedStep = WriteStep | DeactivateStep;

/** An approved plan as Apply Plan applies it: its writing steps, and the rows that failed when it was made. */
interface ApprovedPlan {
	steps: PlannedStep[];
	failed: IDataObject[];
}

/**
 * The plan as Sync wrote it, checked whole before any request: its form (every step a writing
 * one, with its user and fingerprint), its signature (nothing added, removed or changed since
 * Sync made it, by this organisation's keys) and its age.
 */
async function readPlan(this: IExecuteFunctions): Promise<ApprovedPlan> {
	let raw: unknown = this.getNodeParameter('plan', 0, '');
	const wrong = (why: string, fix = 'Map the `plan` field of the item a Sync output for approval (When Over The Guard: output the plan), unchanged.'): never => {
		throw new NodeOperationError(this.getNode(), why, { itemIndex: 0, description: `${fix} Nothing was read or written.` });
	};
	if (typeof raw === 'string') {
		try {
			raw = JSON.parse(raw) as unknown;
		} catch {
			wrong('Plan is not a plan Sync output: it is not JSON');
		}
	}
	const plan = raw as IDataObject | null;
	if (!plan || typeof plan !== 'object' || plan.version !== PLAN_VERSION || !Array.isArray(plan.steps)) {
		wrong(`Plan is not a plan Sync output: it has no version ${PLAN_VERSION} and list of steps`);
	}
	const { signature, ...content } = plan!;
	const steps = (plan!.steps as IDataObject[]).map((json, index) => stepOf(json, index, (why) => wrong(`Plan is not a plan Sync output: step ${index} ${why}`)));
	if (!isSignedBy(await planKey(this), content, signature)) {
		wrong(
			'Plan is not the plan Sync made: its signature does not match',
			'It was changed after Sync made it (a step added, removed or edited), or made with another Engagedly organisation’s keys. Run Sync again and approve its plan unchanged.',
		);
	}
	const plannedAt = Date.parse(String(plan!.plannedAt));
	const hours = (Date.now() - plannedAt) / 3_600_000;
	const maxAge = Number(this.getNodeParameter('maxPlanAge', 0, 24));
	if (!Number.isFinite(plannedAt) || !(hours <= maxAge)) {
		wrong(
			`Plan is ${Number.isFinite(hours) ? `${hours.toFixed(1)} hours` : 'of an unknown age'} old, more than ${MAX_PLAN_AGE} (${maxAge})`,
			'Engagedly and the HR system may have changed since it was made. Run Sync again for a fresh plan, and approve that one.',
		);
	}
	return { steps, failed: Array.isArray(plan!.failed) ? (plan!.failed as IDataObject[]) : [] };
}

/** One step of a plan's JSON (stepJson), or why it is not one. */
function stepOf(json: IDataObject, index: number, wrong: (why: string) => never): PlannedStep {
	const kind = json?.kind as StepKind;
	const user = (json?.user ?? {}) as IDataObject;
	if (!WRITING.includes(kind)) wrong(`is a "${String(kind)}"`);
	if (typeof user.email !== 'string' || typeof json.fingerprint !== 'string') wrong('has no user or fingerprint');
	if (kind !== 'create' && (user.id === null || user.id === undefined)) wrong('has no user id');
	if (kind !== 'deactivate' && (json.body === null || typeof json.body !== 'object')) wrong('has no body');
	const person: Person = { id: user.id === null || user.id === undefined ? null : String(user.id), email: String(user.email), name: (user.name as string) ?? null };
	const fingerprint = String(json.fingerprint);
	if (kind === 'deactivate') return { kind, person, fingerprint, blockReasonCode: String(json.blockReasonCode ?? '') };
	return {
		kind: kind as 'create' | 'update' | 'reactivate',
		person,
		fingerprint,
		upsert: {
			kind: kind as 'create' | 'update' | 'reactivate',
			body: json.body as IDataObject,
			changes: (json.changes ?? {}) as unknown as Changes,
			notCompared: Array.isArray(json.notCompared) ? (json.notCompared as string[]) : [],
			existing: null,
			current: null,
		},
	};
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
	const plan = await readPlan.call(this);
	const directory = await readDirectory.call(this, request);
	for (const code of new Set(plan.steps.flatMap((step) => (step.kind === 'deactivate' && step.blockReasonCode ? [step.blockReasonCode] : [])))) {
		await checkCode.call(this, 0, code, request);
	}
	const reads = await upsertReads.call(this, request, { people: (id) => directory.byId.get(id) });
	const now = await readNow.call(this, plan.steps, directory, reads, request);
	const deactivating = plan.steps.filter((step) => step.kind === 'deactivate' && now.get(step));
	const administrators = await readAdministrators.call(this, deactivating.map((step) => directory.byId.get(step.person.id!)!), request);
	const adminOf = (step: PlannedStep) => (step.kind === 'deactivate' ? administrators.get(directory.byId.get(step.person.id!)?.id) : undefined);
	const fresh = plan.steps.flatMap((step) => (adminOf(step) === undefined || adminOf(step) === false ? (now.get(step) ?? []) : []));
	const applied = await applySteps.call(this, fresh, { reads, request: () => request, dryRun: false });

	// Every step's item in one shape (who, outcome, changes, reason), so the Table view's columns
	// are the same whatever happened; a hire created has the id Engagedly gave them.
	const item = (person: Person, outcome: string, { changes = {}, reason = null }: { changes?: IDataObject; reason?: string | null } = {}): BatchResult => ({
		json: userItem({ ...person }, 'person', { outcome, changes, reason }),
		item: 0,
	});
	const results: BatchResult[] = plan.steps.map((step) => {
		const person = step.person;
		const admin = adminOf(step);
		if (admin instanceof Error) return { error: admin, user: { id: person.id, email: person.email } };
		if (admin) return item(person, 'kept', { reason: SITE_ADMINISTRATOR_KEPT });
		const current = now.get(step);
		const done = current && applied.get(current);
		if (!done) return item(person, 'stale', { reason: STALE });
		if (done.error) return { error: done.error, user: { id: person.id, email: person.email } };
		const id = done.result?.user.id;
		return item({ ...person, id: id === undefined || id === null ? person.id : String(id) }, done.result?.outcome ?? 'unchanged', {
			changes: (done.result?.changes ?? {}) as unknown as IDataObject,
		});
	});
	const failedAtPlan: BatchResult[] = plan.failed.map((row) => ({ error: failedWhenPlanned(this, row), item: 0 }));
	const all = [...results, ...failedAtPlan];
	const rest = 'The rest of the approved plan was applied.';
	if (this.getNodeParameter('output', 0, 'perStep') !== 'summary') return { results: all, tally: tallyOf(all), rest };
	return { results: [{ json: summaryOf(all, APPLIED), item: 0 }, ...all.filter((result) => 'error' in result)], tally: tallyOf(all), rest };
}

/** A row that failed when the plan was made: not in the plan, so not written; the approved run still ends in its error. */
function failedWhenPlanned(context: IExecuteFunctions, row: IDataObject) {
	const who = `${row.item === undefined ? 'A row' : `Item ${String(row.item)}`}${row.email ? ` (${String(row.email)})` : ''}`;
	return new NodeOperationError(context.getNode(), `${who} failed when the plan was made: ${String(row.error)}`, {
		itemIndex: 0,
		description: `${typeof row.description === 'string' ? `${row.description} ` : ''}It was not part of the approved plan, so nothing was written for it: fix the row in the HR system and run Sync again.`,
	});
}

/** What a step of a plan can come to, as a summary counts them (0 where none). */
const APPLIED = ['created', 'updated', 'reactivated', 'deactivated', 'kept', 'stale', 'failed'];

const STALE = 'Engagedly holds this user otherwise than the plan saw them (changed, created or deactivated since): not written. Run the sync again for a new plan.';

/**
 * Each step with the user as Engagedly holds them now (a write step, the user it compares), where
 * their fingerprint is the plan's; a stale step maps to undefined.
 */
async function readNow(this: IExecuteFunctions, steps: PlannedStep[], { byId, byEmail }: Directory, reads: UpsertReads, request: ItemRequest) {
	const memberships = membershipReader(this, reads.lists);
	const now = new Map<PlannedStep, PlannedStep | undefined>();
	for (const step of steps) {
		if (step.kind === 'create') {
			// Anyone holding the address now (two, in any case, are someone) makes a creation stale.
			const holders = byEmail.get(emailKey(step.person.email)) ?? [];
			now.set(step, holders.length <= 1 && fingerprintOf(holders[0] ?? null, [], reads) === step.fingerprint ? step : undefined);
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
