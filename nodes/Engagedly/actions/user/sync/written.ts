import type { IDataObject } from 'n8n-workflow';

/**
 * What Apply Plan remembers between runs so that each step of a plan is written at most once: per
 * plan (by its signature, which names exactly that plan), the steps it wrote, by their place in
 * the plan, with what each came to and when. A retried execution, a second run or a second item
 * with the same plan finds them here and reports them `alreadyApplied` instead of writing them
 * again, even where someone has changed the user back by hand since (the fingerprint alone would
 * then find the step fresh again).
 *
 * Plain data in, plain data out: the operation reads the node's static data once at its start and
 * replaces it once at its end (staticData.ts). Bounded: a plan Max Plan Age refuses now is
 * forgotten, as it can no longer be applied.
 */

export const WRITTEN_VERSION = 1;

/** A step written: its outcome (created, updated, rewritten, reactivated, deactivated), when, and a creation's new id. */
export interface WrittenStep extends IDataObject {
	outcome: string;
	/** ISO time of the run that wrote it. */
	at: string;
	id?: string;
}

export interface WrittenPlan extends IDataObject {
	/** When Sync made the plan: it is forgotten once Max Plan Age refuses it. */
	plannedAt: string;
	/** Place in the plan's steps → what was written. */
	steps: Record<string, WrittenStep>;
}

export interface WrittenState extends IDataObject {
	v: number;
	/** Signature → the plan's written steps. */
	plans: Record<string, WrittenPlan>;
}

const isMap = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const isWrittenStep = (value: unknown): value is WrittenStep =>
	isMap(value) && typeof value.outcome === 'string' && typeof value.at === 'string' && (value.id === undefined || typeof value.id === 'string');

const empty = (): WrittenState => ({ v: WRITTEN_VERSION, plans: {} });

/**
 * The saved state: none (an empty one) when absent, of another version or not this shape; a plan
 * entry that is not this shape (hand-edited) is left out, the others kept.
 */
export function readWritten(staticData: IDataObject): WrittenState {
	const { v, plans } = staticData;
	if (v !== WRITTEN_VERSION || !isMap(plans)) return empty();
	const kept: Record<string, WrittenPlan> = {};
	for (const [signature, plan] of Object.entries(plans)) {
		if (!isMap(plan) || typeof plan.plannedAt !== 'string' || !isMap(plan.steps) || !Object.values(plan.steps).every(isWrittenStep)) continue;
		kept[signature] = { plannedAt: plan.plannedAt, steps: plan.steps as Record<string, WrittenStep> };
	}
	return { v: WRITTEN_VERSION, plans: kept };
}

/** The state without the plans Max Plan Age refuses at `now` (or whose time is not one): they can be applied no more. */
export function forgetExpired(state: WrittenState, now: number, maxAgeHours: number): WrittenState {
	const plans = Object.entries(state.plans).filter(([, plan]) => {
		const plannedAt = Date.parse(plan.plannedAt);
		return Number.isFinite(plannedAt) && now - plannedAt <= maxAgeHours * 3_600_000;
	});
	return { v: WRITTEN_VERSION, plans: Object.fromEntries(plans) };
}

/** The steps of the plan with this signature written so far, by their place in it. */
export const writtenOf = (state: WrittenState, signature: string): Record<string, WrittenStep> => state.plans[signature]?.steps ?? {};

/** The state with `steps` added to what the plan wrote before (a new plan is added). */
export function withWritten(state: WrittenState, plan: { signature: string; plannedAt: string }, steps: Record<string, WrittenStep>): WrittenState {
	if (!Object.keys(steps).length) return state;
	const before = writtenOf(state, plan.signature);
	return { v: WRITTEN_VERSION, plans: { ...state.plans, [plan.signature]: { plannedAt: plan.plannedAt, steps: { ...before, ...steps } } } };
}
