import type { IDataObject } from 'n8n-workflow';

import type { UserAttribute } from '../../../people/attributeDefinitions';
import type { Changes } from './changes';
import { changesFor, fieldsNotCarried, patchBody } from './changes';
import type { Lists } from './lookups';

/**
 * What one write of a user is to be (Create or Update, Sync, Apply Plan), decided from plain
 * data before anything is written: whether the user must be read on their own first, the step
 * that makes them match the body, and what its outcome adds to the item. upsert.ts reads and
 * writes.
 */

/** `rewritten`: written, but only with fields that cannot be compared (nothing is known to have changed). */
export type Outcome = 'created' | 'updated' | 'rewritten' | 'unchanged' | 'blocked' | 'reactivated' | 'deactivated' | 'held' | 'kept';

export interface Upserted {
	user: IDataObject;
	outcome: Outcome;
	changes?: Changes;
	/** Fields written without knowing whether they changed: Engagedly never shows them, so they cannot be compared. */
	notCompared?: string[];
}

export interface UpsertOptions {
	/** Nothing is written: the user is shown as the write would leave them. */
	dryRun?: boolean;
	/**
	 * A Blocked user: left as they are and reported `blocked`, or reactivated. Unset (Create or
	 * Update), they are updated like anyone else.
	 */
	returning?: 'report' | 'reactivate';
	/** The user was matched by employee ID, so their address is one of the fields brought up to date. */
	updateEmail?: boolean;
}

/**
 * The fields the operations add to the user: the outcome, what changed (empty when nothing is
 * known to have changed: every item has the field, so n8n's Table view gives it a column beside
 * `outcome` from the first item on) and what was written uncompared.
 */
export const outcomeFields = ({ outcome, changes, notCompared }: Upserted): IDataObject => ({
	outcome,
	changes: (changes ?? {}) as unknown as IDataObject,
	...(notCompared?.length ? { notCompared } : {}),
});

/**
 * A refused creation that may have met a user created meanwhile: a 409 (the request conflicts
 * with another), a 422 that says a value exists already (`duplicate_value`), or a 422 that gives
 * no codes to tell. Only a read of the address says whether someone has it: Engagedly's words
 * are not read, as the contract fixes its codes, not its wording.
 */
export function mayBeTaken(refusal: { status: number; codes: string[] } | undefined): boolean {
	if (!refusal) return false;
	if (refusal.status === 409) return true;
	return refusal.status === 422 && (refusal.codes.length === 0 || refusal.codes.includes('duplicate_value'));
}

/** What Engagedly holds that a comparison needs, read once per run and handed to each step. */
export interface UpsertReads {
	/** The organisation's attribute definitions (Create's reader has read them for its checks already). */
	attributes: UserAttribute[];
	/**
	 * Fields this run has found that even the single-user answer does not carry: every user lacks
	 * them alike, so the next user with such a field is not read on its own to find that out again.
	 */
	neverShown: Set<string>;
	/** Fields the list does not carry that a single-user answer of this run has shown. */
	shown: Set<string>;
	/** The lists the run reads for names, and from which a dry run and `changes` name what an id points to. */
	lists: Lists;
	/** The users the run knows, by id, from which a dry run and `changes` name a person an id points to. */
	people: People;
}

/** A user the run has read or written, by id (Sync: its directory and whom it created); undefined when it knows none. */
export type People = (id: string) => IDataObject | undefined;

/**
 * The one decision of a comparison that costs a request: whether the body gives a field the list
 * record does not carry (HR managers, a review date, departments in the contract's list) and
 * that a single-user answer might (not one this run found it never shows).
 */
export function needsSingleRead(existing: IDataObject, body: IDataObject, reads: UpsertReads): boolean {
	return fieldsNotCarried(existing, body, reads.attributes).some((wire) => !reads.neverShown.has(wire));
}

/** The fields needsSingleRead would read the single user for. */
export const unreadFields = (existing: IDataObject, body: IDataObject, reads: UpsertReads) =>
	fieldsNotCarried(existing, body, reads.attributes).filter((wire) => !reads.neverShown.has(wire));

/** What one write of a user is to be, decided before anything is written. */
export interface UpsertStep {
	kind: 'create' | 'update' | 'reactivate' | 'unchanged' | 'blocked';
	/** The POST body (create), the PATCH body (update, reactivate: the changed and the uncompared fields), else empty. */
	body: IDataObject;
	/** Each changed field's value before and to write, as ids. */
	changes: Changes;
	notCompared: string[];
	/** The user as the list gave them, and as compared (the single user, where it was read); null for a creation. */
	existing: IDataObject | null;
	current: IDataObject | null;
}

/**
 * The step that makes `existing` (null: nobody) match `body`, from what readCurrent gave: no
 * request. A field even the single user does not carry cannot be compared: it is written each
 * time, and said so.
 */
export function decideUpsert(
	body: IDataObject,
	existing: IDataObject | null,
	current: IDataObject | null,
	reads: UpsertReads,
	options: UpsertOptions = {},
): UpsertStep {
	const step = { changes: {}, notCompared: [], existing, current };
	if (!existing || !current) return { ...step, kind: 'create', body };
	const blocked = existing.status === 'Blocked';
	if (blocked && options.returning === 'report') return { ...step, kind: 'blocked', body: {} };
	const notCompared = fieldsNotCarried(current, body, reads.attributes);
	const changes = changesFor(current, body, reads.attributes, options.updateEmail);
	const written = [...Object.keys(changes), ...notCompared];
	const reactivate = blocked && options.returning === 'reactivate';
	const kind = reactivate ? 'reactivate' : written.length ? 'update' : 'unchanged';
	return { ...step, kind, body: patchBody(body, written), changes, notCompared };
}
