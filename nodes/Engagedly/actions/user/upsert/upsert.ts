import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { knownUser, readUserByEmail } from '../../../people/byEmail';
import { asNodeError, refusalOf } from '../../../transport/errors';
import { perContext } from '../../../transport/perExecution';
import { apiPath } from '../../../transport/paths';
import type { ItemRequest } from '../../../transport/request';
import { requestRecord } from '../../../transport/request';
import type { Changes, ReadElsewhere } from './changes';
import { changesFor, fieldsNotCarried, FULL_USER_INCLUDE, namedChanges, patchBody, withoutFields } from './changes';
import { digestOf, mustRead } from './singleUserDigests';
import { checkStatus } from '../status';
import type { UserAttribute } from '../../../people/attributeDefinitions';
import { liveUserAttributes } from '../fields/customAttributes';
import type { Lists } from './lookups';
import { listReader } from './lookups';
import { LISTED } from './names';
import { projectedUser } from './projection';

/**
 * Create or Update and Sync: make one Engagedly user match a Create body. Missing: created
 * (POST). Present: only the fields that differ are sent (PATCH); nothing different, nothing sent.
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
function mayBeTaken(error: unknown): boolean {
	const refusal = refusalOf(error);
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
	/** The lists the run reads for names, and from which a dry run and `changes` name what an id points to. */
	lists: Lists;
	/** The users the run knows, by id, from which a dry run and `changes` name a person an id points to. */
	people: People;
}

/** A user the run has read or written, by id (Sync: its directory and whom it created); undefined when it knows none. */
export type People = (id: string) => IDataObject | undefined;

export async function upsertReads(
	this: IExecuteFunctions,
	request: ItemRequest,
	{ neverShown = new Set<string>(), lists = listReader(this), attributes, people }: { neverShown?: Set<string>; lists?: Lists; attributes?: UserAttribute[]; people?: People } = {},
): Promise<UpsertReads> {
	return {
		attributes: attributes ?? (await liveUserAttributes.call(this, request)),
		neverShown,
		lists,
		people: people ?? ((id) => knownUser(this, id)),
	};
}

/**
 * The one decision of a comparison that costs a request: whether the body gives a field the list
 * record does not carry (HR managers, a review date, departments in the contract's list) and
 * that a single-user answer might (not one this run found it never shows).
 */
export function needsSingleRead(existing: IDataObject, body: IDataObject, reads: UpsertReads): boolean {
	return fieldsNotCarried(existing, body, reads.attributes).some((wire) => !reads.neverShown.has(wire));
}

/** The fields needsSingleRead would read the single user for. */
const unreadFields = (existing: IDataObject, body: IDataObject, reads: UpsertReads) =>
	fieldsNotCarried(existing, body, reads.attributes).filter((wire) => !reads.neverShown.has(wire));

/**
 * A scheduled Sync's saved digests (singleUserDigests.ts) in place of the single-user read: when
 * the item's values of the fields the list does not carry give the digest saved for this user,
 * Engagedly held exactly them when last read or written, so they are left out of the body,
 * unread and unwritten. Undefined: the user is read as needsSingleRead says.
 */
export function trustedDigest(existing: IDataObject, body: IDataObject, reads: UpsertReads, digests: Record<string, string>) {
	const unread = unreadFields(existing, body, reads);
	if (!unread.length) return undefined;
	const digest = digestOf(body, unread, reads.attributes);
	return mustRead(digests, String(existing.id), digest) ? undefined : { body: withoutFields(body, unread), digest };
}

/** The digest of what a single-user read (readCurrent) found for the fields the list does not carry, when it read any. */
export function readDigest(existing: IDataObject, current: IDataObject, body: IDataObject, reads: UpsertReads): string | undefined {
	if (current === existing) return undefined;
	const notCarried = fieldsNotCarried(current, body, reads.attributes);
	const read = fieldsNotCarried(existing, body, reads.attributes).filter((wire) => !notCarried.includes(wire));
	return read.length ? digestOf(body, read, reads.attributes) : undefined;
}

/** The user as the comparison needs them: the list record, or the single user where needsSingleRead says so. */
export async function readCurrent(
	this: IExecuteFunctions,
	existing: IDataObject,
	body: IDataObject,
	reads: UpsertReads,
	request: ItemRequest,
): Promise<IDataObject> {
	if (!needsSingleRead(existing, body, reads)) return existing;
	const current = await readUser(this, String(existing.id), request, FULL_USER_INCLUDE);
	for (const wire of fieldsNotCarried(current, body, reads.attributes)) reads.neverShown.add(wire);
	return current;
}

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

/**
 * A step written: POST, or PUT activate then PATCH. A creation refused because someone took the
 * address meanwhile (another execution) is read back by address and brought up to date instead.
 */
export async function applyUpsert(
	this: IExecuteFunctions,
	step: UpsertStep,
	reads: UpsertReads,
	request: ItemRequest,
	options: UpsertOptions = {},
): Promise<Upserted> {
	const { kind, body, existing, current } = step;
	if (kind === 'create') {
		let user: IDataObject;
		try {
			user = await requestRecord.call(this, 'POST', '/users', { ...request, body });
		} catch (error) {
			if (!mayBeTaken(error)) throw asNodeError(this.getNode(), error, request.itemIndex);
			// Someone created them after this run looked (the same hire sent twice, two executions at
			// once): theirs is the user, brought up to date like any other.
			const raced = await readUserByEmail.call(this, String(body.email), request);
			if (!raced) throw asNodeError(this.getNode(), error, request.itemIndex);
			const now = await readCurrent.call(this, raced, body, reads, request);
			return await applyUpsert.call(this, decideUpsert(body, raced, now, reads, options), reads, request, options);
		}
		return { user, outcome: 'created' };
	}
	if (kind === 'blocked' || kind === 'unchanged') return { user: current!, outcome: kind };
	const id = String(existing!.id);
	let user = current!;
	if (kind === 'reactivate') {
		const activated = await requestRecord.call(this, 'PUT', apiPath`/users/${id}/activate`, request);
		user = checkStatus.call(this, request.itemIndex, activated, { status: 'Active' });
	}
	if (Object.keys(body).length) user = await requestRecord.call(this, 'PATCH', apiPath`/users/${id}`, { ...request, body });
	return await outcomeOf(step, user, reads);
}

/** A step as its write would leave the user (what Engagedly would answer), with nothing written: Dry Run. */
export async function previewUpsert(this: IExecuteFunctions, step: UpsertStep, reads: UpsertReads, request: ItemRequest): Promise<Upserted> {
	const { kind, body, existing, current } = step;
	if (kind === 'create') {
		const user = await projectedUser.call(this, null, body, request, reads);
		return { user, outcome: 'created' };
	}
	if (kind === 'blocked' || kind === 'unchanged') return { user: current!, outcome: kind };
	// A write answers with the single user: the dry run shows that record, changed.
	const single = current === existing ? await readUser(this, String(existing!.id), request, 'primary_reporter') : current!;
	const returned = kind === 'reactivate' ? { ...single, status: 'Active', block_reason_code: null, user_blocked_at: null } : single;
	const user = await projectedUser.call(this, returned, body, request, reads);
	return await outcomeOf(step, user, reads);
}

/**
 * The outcome of a written (or previewed) update. The names beside the ids: from the user before
 * and after (a dry run's projection names them from the same lists), then from the lists and
 * people the run has read.
 */
async function outcomeOf(step: UpsertStep, user: IDataObject, reads: UpsertReads): Promise<Upserted> {
	const changed = Object.keys(step.changes).length > 0;
	const outcome: Outcome = step.kind === 'reactivate' ? 'reactivated' : changed ? 'updated' : 'rewritten';
	const named = changed ? namedChanges(step.changes, [user, step.current!], await readElsewhere(reads)) : undefined;
	return { user, outcome, ...(named ? { changes: named } : {}), ...(step.notCompared.length ? { notCompared: step.notCompared } : {}) };
}

/**
 * `existing` is the user the body stands for (null: nobody), as the user list gives them with
 * `primary_reporter`: Create or Update, one item, read, planned and applied (or previewed).
 */
export async function upsertUser(
	this: IExecuteFunctions,
	body: IDataObject,
	existing: IDataObject | null,
	request: ItemRequest,
	options: UpsertOptions = {},
	reads?: UpsertReads,
): Promise<Upserted> {
	const run = reads ?? (await upsertReads.call(this, request, { neverShown: fieldsNeverShown(this) }));
	const current = existing ? await readCurrent.call(this, existing, body, run, request) : null;
	const step = decideUpsert(body, existing, current, run, options);
	return options.dryRun ? await previewUpsert.call(this, step, run, request) : await applyUpsert.call(this, step, run, request, options);
}

const readUser = async (context: IExecuteFunctions, id: string, request: ItemRequest, include: string) =>
	await requestRecord.call(context, 'GET', apiPath`/users/${id}`, { ...request, qs: { include } });

/** Records of the lists this run has read, and the people it knows (Sync: the whole directory). */
async function readElsewhere({ lists, people }: UpsertReads): Promise<ReadElsewhere> {
	const read = new Map<string, IDataObject[]>();
	for (const [wire, kind] of Object.entries(LISTED)) read.set(wire, await lists.readAlready(kind));
	return (wire, id) => {
		const list = read.get(wire);
		return list ? list.find((record) => String(record.id) === id) : people(id);
	};
}

/** Create or Update's run keeps the fields never shown for its items (Sync keeps its own, in its reads). */
const fieldsNeverShown = (context: IExecuteFunctions) => perContext(context, 'user-fields-never-shown', () => new Set<string>());
