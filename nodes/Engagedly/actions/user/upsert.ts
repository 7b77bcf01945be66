import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { rememberUser } from '../../api/users';
import { apiPath } from '../../transport/paths';
import type { ItemRequest } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { Changes } from './changes';
import { changesFor, FULL_USER_INCLUDE, needsFullUser, patchBody } from './changes';
import { liveUserAttributes } from './customAttributes';

/**
 * Create or Update and Sync: make one Engagedly user match a Create body. Missing: created
 * (POST). Present: only the fields that differ are sent (PATCH); nothing different, nothing sent.
 */

export type Outcome = 'created' | 'updated' | 'unchanged' | 'deactivated';

export interface Upserted {
	user: IDataObject;
	outcome: Outcome;
	changes?: Changes;
}

/** The outcome and, for an update, what changed: the fields the operations add to the user. */
export const outcomeFields = ({ outcome, changes }: Upserted): IDataObject =>
	changes ? { outcome, changes: changes as unknown as IDataObject } : { outcome };

/**
 * `existing` is the user with the body's address (null: nobody has it), as the user list gives
 * it with `primary_reporter`. A body with fields the list lacks (HR managers, review date...)
 * costs one more read of that user to compare them. With `dryRun` nothing is written: the
 * output says what would have been, a new user without the id Engagedly would give it.
 */
export async function upsertUser(
	this: IExecuteFunctions,
	body: IDataObject,
	existing: IDataObject | null,
	request: ItemRequest,
	dryRun = false,
): Promise<Upserted> {
	if (!existing) {
		const user = dryRun ? { id: null, status: 'Active', ...body } : await requestRecord.call(this, 'POST', '/users', { ...request, body });
		rememberUser(this, user);
		return { user, outcome: 'created' };
	}
	const current = needsFullUser(body)
		? await requestRecord.call(this, 'GET', apiPath`/users/${String(existing.id)}`, { ...request, qs: { include: FULL_USER_INCLUDE } })
		: existing;
	// Create's reader has read the definitions for its checks already: this is that same read.
	const attributes = await liveUserAttributes.call(this, request);
	const changes = changesFor(current, body, attributes);
	if (!Object.keys(changes).length) return { user: current, outcome: 'unchanged' };
	const user = dryRun
		? current
		: await requestRecord.call(this, 'PATCH', apiPath`/users/${String(existing.id)}`, { ...request, body: patchBody(body, changes) });
	rememberUser(this, user);
	return { user, outcome: 'updated', changes };
}
