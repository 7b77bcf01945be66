import type { IDataObject } from 'n8n-workflow';

import { digest } from '../../../digest';
import { emailKey } from '../../../people/byEmail';
import { comparedValues } from '../upsert/changes';
import type { UpsertReads, UpsertStep } from '../upsert/write';
import type { Lifecycle } from './lifecycle';

/**
 * A sync's plan: what each employee and each user comes to, as plain data, decided before
 * anything is written, one type of step per kind. Sync applies it at once (Dry Run previews it);
 * Apply Plan applies an approved one in another execution, each step only where the user is still
 * as the plan saw them.
 */

/** Who a step is about, as any output names them. */
export interface Person {
	id: string | null;
	email: string;
	name: string | null;
}

interface StepOf<Kind extends string> {
	kind: Kind;
	/** The input item it comes from; undefined for a user no item names. */
	item?: number;
	person: Person;
	/** The user as read (in memory only: never part of a plan's output). */
	record?: IDataObject;
	/** An item's: where the employee is in their employment. */
	lifecycle?: Lifecycle;
	/** The user as the plan saw them, in the fields the step writes (fingerprintOf). */
	fingerprint: string;
}

/** An employee brought up to date: the write decided (create, update, reactivate), or none needed (unchanged, left blocked). */
export interface WriteStep extends StepOf<UpsertStep['kind']> {
	upsert: UpsertStep;
}

export interface DeactivateStep extends StepOf<'deactivate'> {
	/** The code sent ('' none). */
	blockReasonCode: string;
	/** The Active users whose manager this is, and who get no other in this run. */
	withoutManager?: Person[];
}

/** A user the run would deactivate who is the Site Administrator: never written. */
export interface KeptStep extends StepOf<'kept'> {
	reason: string;
}

/** A creation and a deactivation that look like one person: neither written, each naming the other. */
export interface HeldStep extends StepOf<'held'> {
	heldWith: IDataObject;
}

/** Nothing written before their window opens (`reason` says from when, or whom they wait for). */
export interface PendingStep extends StepOf<'pending'> {
	/** The day they start. */
	date?: string;
	reason: string;
}

/** Someone who left whom Engagedly does not have, or holds deactivated: nothing to write; reported unchanged. */
export interface LeftAsIsStep extends StepOf<'leftAsIs'> {
	reason: string;
}

export interface FailedStep extends StepOf<'failed'> {
	error: Error;
}

export type Step = WriteStep | DeactivateStep | KeptStep | HeldStep | PendingStep | LeftAsIsStep | FailedStep;

export type StepKind = Step['kind'];

export const isWrite = (step: Step): step is WriteStep => 'upsert' in step;

/** The kinds that write: the only steps an approval carries. */
export const WRITING: StepKind[] = ['create', 'update', 'reactivate', 'deactivate'];

export const personOf = (user: IDataObject): Person => ({
	id: user.id === undefined || user.id === null ? null : String(user.id),
	email: String(user.email ?? ''),
	name: user.name === undefined || user.name === null ? null : String(user.name),
});

/** A short digest, so a plan carries no user record, only what tells one state from another. */
const fingerprint = (text: string) => digest(text, 16);

/**
 * The user as a step saw them: nobody (a creation), or their status, address and the compared
 * values of the fields the step writes. Another field changing meanwhile does not make a step
 * stale; one it would overwrite, or a status or address that moved, does.
 */
export function fingerprintOf(user: IDataObject | null, wires: string[], reads: UpsertReads): string {
	if (!user) return fingerprint('nobody');
	return fingerprint(JSON.stringify([user.status ?? null, emailKey(user.email), comparedValues(user, wires, reads.attributes)]));
}

// ---- a plan as JSON: what an approval carries --------------------------------------------------

/**
 * 2: signed, with when it was made and the rows that failed then. 3: also, inside what is signed,
 * the id of the key that signed it (`keyId`) and whether it came from a dry run (`dryRun`), which
 * Apply Plan refuses; a plan of version 2 cannot say so, and is refused for a new one.
 */
export const PLAN_VERSION = 3;

/**
 * A writing step as JSON that survives n8n (a Wait node, the stored execution): who, what kind,
 * the body to send, the changes and the fingerprint. Bounded: ids, addresses, changes and bodies,
 * never a user record.
 */
export function stepJson(step: WriteStep | DeactivateStep): IDataObject {
	const upsert = isWrite(step) ? step.upsert : undefined;
	const deactivation = step.kind === 'deactivate' ? step : undefined;
	return {
		kind: step.kind,
		...(step.item === undefined ? {} : { item: step.item }),
		user: { ...step.person },
		...(upsert ? { body: upsert.body, changes: upsert.changes as unknown as IDataObject } : {}),
		...(upsert?.notCompared.length ? { notCompared: upsert.notCompared } : {}),
		...(deactivation ? { blockReasonCode: deactivation.blockReasonCode } : {}),
		...(deactivation?.withoutManager?.length ? { withoutManager: deactivation.withoutManager as unknown as IDataObject[] } : {}),
		fingerprint: step.fingerprint,
	};
}
