import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { knownUser, readUserByEmail, rememberUser } from '../../api/users';
import { asNodeError, refusalOf } from '../../transport/errors';
import { perContext } from '../../transport/perExecution';
import { apiPath } from '../../transport/paths';
import type { ItemRequest } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { Changes, ReadElsewhere } from './changes';
import { changesFor, fieldsNotCarried, FULL_USER_INCLUDE, namedChanges, patchBody } from './changes';
import { checkStatus } from './status';
import { liveUserAttributes } from './customAttributes';
import { recordsReadAlready } from './lookups';
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

/**
 * `existing` is the user the body stands for (null: nobody), as the user list gives them with
 * `primary_reporter`. A body with fields that record does not carry (HR managers, a review date,
 * departments in the contract's list) costs one read of that user to compare them.
 */
export async function upsertUser(
	this: IExecuteFunctions,
	body: IDataObject,
	existing: IDataObject | null,
	request: ItemRequest,
	options: UpsertOptions = {},
): Promise<Upserted> {
	if (existing) return await updateUser.call(this, body, existing, request, options);
	if (options.dryRun) {
		const user = await projectedUser.call(this, null, body, request);
		rememberUser(this, user);
		return { user, outcome: 'created' };
	}
	let user: IDataObject;
	try {
		user = await requestRecord.call(this, 'POST', '/users', { ...request, body });
	} catch (error) {
		if (!mayBeTaken(error)) throw asNodeError(this.getNode(), error, request.itemIndex);
		// Someone created them after this run looked (the same hire sent twice, two executions at
		// once): theirs is the user, brought up to date like any other.
		const raced = await readUserByEmail.call(this, String(body.email), request);
		if (!raced) throw asNodeError(this.getNode(), error, request.itemIndex);
		return await updateUser.call(this, body, raced, request, options);
	}
	rememberUser(this, user);
	return { user, outcome: 'created' };
}

const readUser = async (context: IExecuteFunctions, id: string, request: ItemRequest, include: string) =>
	await requestRecord.call(context, 'GET', apiPath`/users/${id}`, { ...request, qs: { include } });

async function updateUser(
	this: IExecuteFunctions,
	body: IDataObject,
	existing: IDataObject,
	request: ItemRequest,
	options: UpsertOptions,
): Promise<Upserted> {
	const id = String(existing.id);
	const blocked = existing.status === 'Blocked';
	if (blocked && options.returning === 'report') return { user: existing, outcome: 'blocked' };
	const reactivate = blocked && options.returning === 'reactivate';

	// Create's reader has read the definitions for its checks already: this is that same read.
	const attributes = await liveUserAttributes.call(this, request);
	const neverShown = fieldsNeverShown(this);
	let current = existing;
	if (fieldsNotCarried(current, body, attributes).some((wire) => !neverShown.has(wire))) {
		current = await readUser(this, id, request, FULL_USER_INCLUDE);
	}
	// What even the single user does not carry cannot be compared: written each time, and said so.
	const notCompared = fieldsNotCarried(current, body, attributes);
	if (current !== existing) for (const wire of notCompared) neverShown.add(wire);
	const changes = changesFor(current, body, attributes, options.updateEmail);
	const changed = Object.keys(changes).length > 0;
	const written = [...Object.keys(changes), ...notCompared];
	if (!written.length && !reactivate) return { user: current, outcome: 'unchanged' };

	let user = current;
	if (options.dryRun) {
		// A write answers with the single user: the dry run shows that record, changed.
		const single = current === existing ? await readUser(this, id, request, 'primary_reporter') : current;
		const returned = reactivate ? { ...single, status: 'Active', block_reason_code: null, user_blocked_at: null } : single;
		user = await projectedUser.call(this, returned, patchBody(body, written), request);
	} else {
		if (reactivate) {
			const activated = await requestRecord.call(this, 'PUT', apiPath`/users/${id}/activate`, request);
			user = checkStatus.call(this, request.itemIndex, activated, { status: 'Active' });
		}
		if (written.length) user = await requestRecord.call(this, 'PATCH', apiPath`/users/${id}`, { ...request, body: patchBody(body, written) });
	}
	rememberUser(this, user);
	const outcome: Outcome = reactivate ? 'reactivated' : changed ? 'updated' : 'rewritten';
	// The names beside the ids: from the user before and after (a dry run's projection names them
	// from the same lists), then from the lists and people the run has read.
	const named = changed ? namedChanges(changes, [user, current], await readElsewhere(this)) : undefined;
	return { user, outcome, ...(named ? { changes: named } : {}), ...(notCompared.length ? { notCompared } : {}) };
}

/** Records of the lists this run has read, and the people it knows (Sync: the whole directory). */
async function readElsewhere(context: IExecuteFunctions): Promise<ReadElsewhere> {
	const lists = new Map<string, IDataObject[]>();
	for (const [wire, kind] of Object.entries(LISTED)) lists.set(wire, await recordsReadAlready(context, kind));
	return (wire, id) => {
		const list = lists.get(wire);
		return list ? list.find((record) => String(record.id) === id) : knownUser(context, id);
	};
}

/**
 * Fields this run has found that even the single-user answer does not carry: every user lacks
 * them alike, so the next user with such a field is not read on its own to find that out again.
 */
const fieldsNeverShown = (context: IExecuteFunctions) => perContext(context, 'user-fields-never-shown', () => new Set<string>());
