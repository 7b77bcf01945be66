import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchResult } from '../../types';
import { SITE_ADMINISTRATOR_KEPT } from '../deactivation';
import type { Changes } from '../upsert/changes';
import type { Applied } from './apply';
import { userItem } from './items';
import { isSignedBy, keyIdOf } from './signature';
import type { DeactivateStep, Person, StepKind, WriteStep } from './steps';
import type { WrittenStep } from './written';
import { PLAN_VERSION, WRITING } from './steps';

/**
 * An approved plan as Apply Plan takes it back, decided over plain data: its settings and the plan
 * checked whole before any request (its form, its key, its signature, whether it is a dry run's,
 * its time), and what each of its steps came to.
 */

export const MAX_PLAN_AGE = 'Max Plan Age (Hours)';

/** How far ahead of this n8n's clock a plan's time may be: two hosts' clocks differ a little. */
export const CLOCK_SKEW_MINUTES = 5;

export type PlannedStep = WriteStep | DeactivateStep;

/** An approved plan's writing steps, and the rows that failed when it was made. */
export interface ApprovedPlan {
	/** What Apply Plan remembers the plan by (written.ts): the signature names exactly this plan. */
	signature: string;
	plannedAt: string;
	steps: PlannedStep[];
	failed: IDataObject[];
}

/** Why a plan or a setting is refused, and what to do instead (the mapping's advice when undefined). */
export interface PlanRefusal {
	why: string;
	fix?: string;
}

/**
 * Max Plan Age as hours, or why it is refused before any request: blank, 0, negative or not a
 * number would refuse every plan, and running Sync again could never help.
 */
export function maxPlanAgeOf(value: unknown): number | PlanRefusal {
	const fix = 'Set how many hours after Sync made it an approved plan may still be applied (24 by default: a nightly Sync makes a fresh plan).';
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { why: `${MAX_PLAN_AGE} is blank`, fix };
	const hours = Number(value);
	if ((typeof value !== 'number' && typeof value !== 'string') || !Number.isFinite(hours) || hours <= 0) return { why: `${MAX_PLAN_AGE} must be a number of hours above 0 (got "${String(value)}")`, fix };
	return hours;
}

const notAPlan = (why: string): PlanRefusal => ({ why: `Plan is not a plan Sync output: ${why}` });

const again = 'Run Sync again, and approve its new plan.';

/** A length of time as a person reads it: minutes under an hour, else hours. */
const duration = (ms: number) => (ms < 3_600_000 ? `${Math.round(ms / 60_000)} minutes` : `${(ms / 3_600_000).toFixed(1)} hours`);

/**
 * The plan as Sync wrote it (its JSON, or the text of it), or why it is refused: not a plan (every
 * step a writing one, with its user and fingerprint), of an earlier version (which cannot say
 * whether it came from a dry run), signed with another key than this credential's (rotated since,
 * or another organisation's), not the one Sync signed (anything added, removed or changed), a dry
 * run's preview, stamped ahead of this clock by more than CLOCK_SKEW_MINUTES, or older than Max
 * Plan Age.
 */
export function checkPlan(given: unknown, { key, now, maxAgeHours }: { key: Buffer; now: number; maxAgeHours: number }): ApprovedPlan | PlanRefusal {
	let raw = given;
	if (typeof raw === 'string') {
		try {
			raw = JSON.parse(raw) as unknown;
		} catch {
			return notAPlan('it is not JSON');
		}
	}
	const plan = raw as IDataObject | null;
	const version = plan && typeof plan === 'object' ? plan.version : undefined;
	if (typeof version === 'number' && Number.isInteger(version) && version >= 1 && version < PLAN_VERSION && Array.isArray(plan!.steps)) {
		return {
			why: `Plan is of version ${version}, made by an earlier version of this node: it does not say whether it came from a dry run`,
			fix: `${again} (Sync now makes plans of version ${PLAN_VERSION}.)`,
		};
	}
	if (!plan || version !== PLAN_VERSION || !Array.isArray(plan.steps)) {
		return notAPlan(`it has no version ${PLAN_VERSION} and list of steps`);
	}
	const steps: PlannedStep[] = [];
	for (const [index, json] of (plan.steps as IDataObject[]).entries()) {
		const step = stepOf(json);
		if (typeof step === 'string') return notAPlan(`step ${index} ${step}`);
		steps.push(step);
	}
	if (typeof plan.keyId !== 'string') return notAPlan('it has no key id');
	const ours = keyIdOf(key);
	if (plan.keyId !== ours) {
		return {
			why: `Plan was signed with another Secret Key than this credential's (key id ${plan.keyId}; this credential's is ${ours})`,
			fix: `The credential's Secret Key may have been rotated since Sync made the plan, or Sync ran with another credential (another Engagedly organisation's). Run Sync again with this credential, and approve its new plan.`,
		};
	}
	const { signature, ...content } = plan;
	if (!isSignedBy(key, content, signature)) {
		return {
			why: 'Plan is not the plan Sync made: its signature does not match',
			fix: 'It was changed after Sync signed it, with this very key (a step added, removed or edited, a failed row dropped). Run Sync again and approve its plan unchanged.',
		};
	}
	if (plan.dryRun !== false) {
		return { why: 'Plan comes from a dry run: Sync had Dry Run on, so its plan is a preview, not one to apply', fix: 'Run Sync without Dry Run, and approve that plan.' };
	}
	const plannedAt = Date.parse(String(plan.plannedAt));
	if (!Number.isFinite(plannedAt)) return notAPlan(`its time "${String(plan.plannedAt)}" is not a time`);
	if (plannedAt - now > CLOCK_SKEW_MINUTES * 60_000) {
		return {
			why: `Plan was made at ${new Date(plannedAt).toISOString()} by the clock of the n8n that ran Sync, ${duration(plannedAt - now)} ahead of this n8n's clock (${new Date(now).toISOString()})`,
			fix: `One of the two clocks is wrong, by more than the ${CLOCK_SKEW_MINUTES} minutes two hosts may differ: a plan from the future would stay fresh longer than ${MAX_PLAN_AGE}. Set the wrong clock right, then run Sync again and approve its new plan.`,
		};
	}
	const hours = Math.max(0, now - plannedAt) / 3_600_000;
	if (!(hours <= maxAgeHours)) {
		return {
			why: `Plan is ${hours.toFixed(1)} hours old, more than ${MAX_PLAN_AGE} (${maxAgeHours})`,
			fix: 'Engagedly and the HR system may have changed since it was made. Run Sync again for a fresh plan, and approve that one.',
		};
	}
	return { signature: String(signature), plannedAt: String(plan.plannedAt), steps, failed: Array.isArray(plan.failed) ? (plan.failed as IDataObject[]) : [] };
}

/** One step of a plan's JSON (stepJson), or what is wrong with it. */
function stepOf(json: IDataObject): PlannedStep | string {
	const kind = json?.kind as StepKind;
	const user = (json?.user ?? {}) as IDataObject;
	if (!WRITING.includes(kind)) return `is a "${String(kind)}"`;
	if (typeof user.email !== 'string' || typeof json.fingerprint !== 'string') return 'has no user or fingerprint';
	const id = user.id === null || user.id === undefined ? null : String(user.id);
	if (kind !== 'create' && id === null) return 'has no user id';
	if (kind !== 'deactivate' && (json.body === null || typeof json.body !== 'object')) return 'has no body';
	const person: Person = { id, email: user.email, name: (user.name as string) ?? null };
	const fingerprint = json.fingerprint;
	if (kind === 'deactivate') return { kind, person, fingerprint, blockReasonCode: String(json.blockReasonCode ?? '') };
	const writes = kind as 'create' | 'update' | 'reactivate';
	return {
		kind: writes,
		person,
		fingerprint,
		upsert: {
			kind: writes,
			body: json.body as IDataObject,
			changes: (json.changes ?? {}) as unknown as Changes,
			notCompared: Array.isArray(json.notCompared) ? (json.notCompared as string[]) : [],
			existing: null,
			current: null,
		},
	};
}

export const STALE = 'Engagedly holds this user otherwise than the plan saw them (changed, created or deactivated since): not written. Run the sync again for a new plan.';

/** Why a step of an approved plan that would write to the Site Administrator (other than their deactivation) is kept. */
export const SITE_ADMINISTRATOR_NOT_WRITTEN =
	'The Site Administrator is written by no approved plan: a change of their address, status or manager could lock the organisation (and, often, this workflow’s own keys) out of Engagedly. Change them in Engagedly, or with Update.';

/** Why a step is reported `alreadyApplied`: what it came to, and when. */
export const alreadyAppliedReason = ({ outcome, at }: WrittenStep) =>
	`This plan’s step was written already (${outcome}, at ${at}), by an earlier run or item: not written again, whatever Engagedly holds now.`;

/**
 * What Apply Plan found of a step before writing: written already by this plan (not read nor
 * written again), whether its user is the Site Administrator now (or the read's failure), and the
 * step as it is applied (undefined: stale).
 */
export interface StepFound {
	written?: WrittenStep;
	admin?: boolean | Error;
	current?: PlannedStep;
}

/**
 * Each step's item in one shape (who, outcome, changes, reason, appliedAt), paired with the input
 * item of its plan, so the Table view's columns are the same whatever happened; a hire created has
 * the id Engagedly gave them (then or when it was written already). A failure is the error of the
 * user it names.
 */
export function planResults(steps: PlannedStep[], found: (step: PlannedStep, index: number) => StepFound, applied: Map<unknown, Applied>, item: number): BatchResult[] {
	const output = (person: Person, outcome: string, { changes = {}, reason = null, appliedAt = null }: { changes?: IDataObject; reason?: string | null; appliedAt?: string | null } = {}): BatchResult => ({
		json: userItem({ ...person }, 'person', { outcome, changes, reason, appliedAt }),
		item,
	});
	const failure = (person: Person, error: Error): BatchResult => ({ error, user: { id: person.id, email: person.email } });
	return steps.map((step, index) => {
		const { person } = step;
		const { written, admin, current } = found(step, index);
		if (written) return output({ ...person, id: written.id ?? person.id }, 'alreadyApplied', { reason: alreadyAppliedReason(written), appliedAt: written.at });
		if (admin instanceof Error) return failure(person, admin);
		if (admin) return output(person, 'kept', { reason: step.kind === 'deactivate' ? SITE_ADMINISTRATOR_KEPT : SITE_ADMINISTRATOR_NOT_WRITTEN });
		const done = current && applied.get(current);
		if (!done) return output(person, 'stale', { reason: STALE });
		if (done.error) return failure(person, done.error);
		const id = done.result?.user.id;
		return output({ ...person, id: id === undefined || id === null ? person.id : String(id) }, done.result?.outcome ?? 'unchanged', {
			changes: (done.result?.changes ?? {}) as unknown as IDataObject,
		});
	});
}

/**
 * The steps this application wrote, by their place in the plan: each one applied whose write
 * Engagedly answered (its outcome, `at`, and a creation's new id). A step not tried (written
 * already, kept, stale) or failed is not: a failure whose write may have landed is found stale
 * next time by its fingerprint.
 */
export function stepsWritten(steps: PlannedStep[], found: (step: PlannedStep, index: number) => StepFound, applied: Map<unknown, Applied>, at: string): Record<string, WrittenStep> {
	const written: Record<string, WrittenStep> = {};
	steps.forEach((step, index) => {
		const { written: before, admin, current } = found(step, index);
		const done = !before && admin !== true && !(admin instanceof Error) && current ? applied.get(current) : undefined;
		if (!done?.result || done.error) return;
		const id = done.result.user.id;
		written[String(index)] = { outcome: done.result.outcome, at, ...(step.kind === 'create' && id !== undefined && id !== null ? { id: String(id) } : {}) };
	});
	return written;
}

/**
 * A row that failed when the plan was made (`item` is Sync's input item): not in the plan, so not
 * written; the approved run still ends in its error, on the item of Apply Plan that held the plan.
 */
export function failedWhenPlanned(context: Pick<IExecuteFunctions, 'getNode'>, row: IDataObject, itemIndex = 0) {
	const who = `${row.item === undefined ? 'A row' : `Item ${String(row.item)}`}${row.email ? ` (${String(row.email)})` : ''}`;
	return new NodeOperationError(context.getNode(), `${who} failed when the plan was made: ${String(row.error)}`, {
		itemIndex,
		description: `${typeof row.description === 'string' ? `${row.description} ` : ''}It was not part of the approved plan, so nothing was written for it: fix the row in the HR system and run Sync again.`,
	});
}
