import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { readUserByEmail, rememberUser } from '../../api/users';
import { asNodeError } from '../../transport/errors';
import { apiPath } from '../../transport/paths';
import type { ItemRequest } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { Changes } from './changes';
import { changesFor, fieldsNotCarried, FULL_USER_INCLUDE, patchBody } from './changes';
import { liveUserAttributes } from './customAttributes';
import { projectedUser } from './projection';

/**
 * Create or Update and Sync: make one Engagedly user match a Create body. Missing: created
 * (POST). Present: only the fields that differ are sent (PATCH); nothing different, nothing sent.
 */

export type Outcome = 'created' | 'updated' | 'unchanged' | 'blocked' | 'reactivated' | 'deactivated' | 'held' | 'kept';

export interface Upserted {
	user: IDataObject;
	outcome: Outcome;
	changes?: Changes;
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

/** The outcome and, for an update, what changed: the fields the operations add to the user. */
export const outcomeFields = ({ outcome, changes }: Upserted): IDataObject =>
	changes ? { outcome, changes: changes as unknown as IDataObject } : { outcome };

/** Engagedly refused a creation because the address is someone's already. */
const addressTaken = (error: unknown) =>
	error instanceof NodeApiError &&
	error.httpCode === '422' &&
	/email[^\n]*has already been taken/i.test(`${error.message}\n${error.description ?? ''}`);

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
		if (!addressTaken(error)) throw asNodeError(this.getNode(), error, request.itemIndex);
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
	let current = existing;
	if (fieldsNotCarried(current, body, attributes).length) current = await readUser(this, id, request, FULL_USER_INCLUDE);
	const changes = changesFor(current, body, attributes, options.updateEmail);
	const changed = Object.keys(changes).length > 0;
	if (!changed && !reactivate) return { user: current, outcome: 'unchanged' };

	let user = current;
	if (options.dryRun) {
		// A write answers with the single user: the dry run shows that record, changed.
		const single = current === existing ? await readUser(this, id, request, 'primary_reporter') : current;
		const returned = reactivate ? { ...single, status: 'Active', block_reason_code: null, user_blocked_at: null } : single;
		user = await projectedUser.call(this, returned, changed ? patchBody(body, changes) : {}, request);
	} else {
		if (reactivate) user = await requestRecord.call(this, 'PUT', apiPath`/users/${id}/activate`, request);
		if (changed) user = await requestRecord.call(this, 'PATCH', apiPath`/users/${id}`, { ...request, body: patchBody(body, changes) });
	}
	rememberUser(this, user);
	return { user, outcome: reactivate ? 'reactivated' : 'updated', ...(changed ? { changes } : {}) };
}
