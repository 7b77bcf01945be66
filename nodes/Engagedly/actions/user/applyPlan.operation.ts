import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { emailKey } from '../../api/users';
import { optionsCollection } from '../../descriptions/common';
import type { ItemRequest } from '../../transport/request';
import type { BatchResult, BatchRun } from '../types';
import type { Changes } from './changes';
import { isSiteAdministrator, SITE_ADMINISTRATOR_KEPT } from './deactivate.operation';
import { membershipReader } from './lookups';
import type { Directory } from './sync/directory';
import { readDirectory } from './sync/directory';
import { applySteps } from './sync/apply';
import { withMemberships } from './sync/compare';
import type { DeactivateStep, Person, StepKind, WriteStep } from './sync/steps';
import { fingerprintOf, isWrite, PLAN_VERSION, WRITING } from './sync/steps';
import type { UpsertReads } from './upsert';
import { readCurrent, upsertReads } from './upsert';

const properties: INodeProperties[] = [
	{
		displayName:
			'Applies a plan a Sync output for approval (When Over The Guard: output the plan), once a person has approved it: each step only where the user is still as the plan saw them, else it is reported stale and not written.',
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
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['applyPlan'] } }, properties);

type PlannedStep = WriteStep | DeactivateStep;

/** A plan as Sync wrote it: its writing steps, each checked before any request. */
function readPlan(this: IExecuteFunctions): PlannedStep[] {
	let raw: unknown = this.getNodeParameter('plan', 0, '');
	const wrong = (why: string): never => {
		throw new NodeOperationError(this.getNode(), `Plan is not a plan Sync output: ${why}`, {
			itemIndex: 0,
			description: 'Map the `plan` field of the item a Sync output for approval (When Over The Guard: output the plan), unchanged. Nothing was read or written.',
		});
	};
	if (typeof raw === 'string') {
		try {
			raw = JSON.parse(raw) as unknown;
		} catch {
			wrong('it is not JSON');
		}
	}
	const plan = raw as IDataObject | null;
	if (!plan || typeof plan !== 'object' || plan.version !== PLAN_VERSION || !Array.isArray(plan.steps)) {
		wrong(`it has no version ${PLAN_VERSION} and list of steps`);
	}
	return (plan!.steps as IDataObject[]).map((json, index) => {
		const kind = json?.kind as StepKind;
		const user = (json?.user ?? {}) as IDataObject;
		if (!WRITING.includes(kind)) wrong(`step ${index} is a "${String(kind)}"`);
		if (typeof user.email !== 'string' || typeof json.fingerprint !== 'string') wrong(`step ${index} has no user or fingerprint`);
		if (kind !== 'create' && (user.id === null || user.id === undefined)) wrong(`step ${index} has no user id`);
		if (kind !== 'deactivate' && (json.body === null || typeof json.body !== 'object')) wrong(`step ${index} has no body`);
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
	});
}

/**
 * Apply Plan: the plan's steps, in its order, against Engagedly as it is now. The directory is
 * read once (ceil(N/50) pages), plus what a step's comparison needs (memberships, a single user),
 * and each step is written only where its fingerprint is what the plan saw: a user changed,
 * created, deactivated or gone meanwhile is `stale`, and nothing is written for them.
 */
export async function executeAll(this: IExecuteFunctions, _itemCount: number, request: ItemRequest): Promise<BatchRun> {
	const planned = readPlan.call(this);
	const directory = await readDirectory.call(this, request);
	const reads = await upsertReads.call(this, request, { people: (id) => directory.byId.get(id) });
	const now = await readNow.call(this, planned, directory, reads, request);
	const kept = await siteAdministrators.call(this, planned.filter((step) => step.kind === 'deactivate' && now.get(step)), request);
	const fresh = planned.flatMap((step) => (kept.has(step) ? [] : (now.get(step) ?? [])));
	const applied = await applySteps.call(this, fresh, { reads, request: () => request, dryRun: false });

	const results: BatchResult[] = planned.map((step) => {
		const person = step.person;
		const admin = kept.get(step);
		if (admin instanceof Error) return { error: admin, user: { id: person.id, email: person.email } };
		if (admin) return { json: { outcome: 'kept', ...person, reason: SITE_ADMINISTRATOR_KEPT }, item: 0 };
		const current = now.get(step);
		const done = current && applied.get(current);
		if (!done) return { json: { outcome: 'stale', ...person, reason: STALE }, item: 0 };
		if (done.error) return { error: done.error, user: { id: person.id, email: person.email } };
		const user = done.result?.user ?? {};
		return {
			json: {
				outcome: done.result?.outcome ?? 'unchanged',
				id: user.id === undefined || user.id === null ? person.id : String(user.id),
				email: person.email,
				name: person.name,
				changes: (done.result?.changes ?? {}) as unknown as IDataObject,
			},
			item: 0,
		};
	});
	const counts = new Map<string, number>();
	for (const result of results) {
		const outcome = 'json' in result ? String(result.json.outcome) : 'failed';
		counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
	}
	return { results, tally: [...counts].map(([outcome, count]) => `${count} ${outcome}`).join(', ') };
}

/**
 * The deactivations whose user is the Site Administrator now (or whose permissions could not be
 * read): a plan is data a person may edit, and permissions are not in its fingerprint, so an
 * approved plan is no proof; only the permissions say who it is.
 */
async function siteAdministrators(this: IExecuteFunctions, steps: PlannedStep[], request: ItemRequest) {
	const kept = new Map<PlannedStep, true | Error>();
	for (const step of steps) {
		try {
			if (await isSiteAdministrator.call(this, step.person.id!, request)) kept.set(step, true);
		} catch (error) {
			kept.set(step, error as Error);
		}
	}
	return kept;
}

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
