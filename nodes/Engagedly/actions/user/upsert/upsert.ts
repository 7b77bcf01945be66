import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { knownUser, readUserByEmail } from '../../../people/byEmail';
import { directoryUser } from '../../../people/byEmployeeId';
import { asNodeError, refusalOf } from '../../../transport/errors';
import { perContext } from '../../../transport/perExecution';
import { apiPath } from '../../../transport/paths';
import type { ItemScope } from '../../../transport/request';
import { requestRecord } from '../../../transport/request';
import { fieldsNotCarried, FULL_USER_INCLUDE, namedChanges } from './changes';
import type { Outcome, People, Upserted, UpsertOptions, UpsertReads, UpsertStep } from './write';
import { decideUpsert, mayBeTaken, needsSingleRead } from './write';
import { checkStatus } from '../status';
import type { UserAttribute } from '../../../people/attributeDefinitions';
import { liveUserAttributes } from '../fields/customAttributes';
import type { Lists } from './lookups';
import { listReader } from './lookups';
import { projectedUser } from './projection';

/**
 * Create or Update and Sync: make one Engagedly user match a Create body. Missing: created
 * (POST). Present: only the fields that differ are sent (PATCH); nothing different, nothing sent.
 * What to write is write.ts's to decide; this reads what it needs and writes.
 */

export async function upsertReads(
	this: IExecuteFunctions,
	request: ItemScope,
	{
		neverShown = new Set<string>(),
		shown = new Set<string>(),
		lists = listReader(this),
		attributes,
		people,
	}: { neverShown?: Set<string>; shown?: Set<string>; lists?: Lists; attributes?: UserAttribute[]; people?: People } = {},
): Promise<UpsertReads> {
	return {
		attributes: attributes ?? (await liveUserAttributes.call(this, request)),
		neverShown,
		shown,
		lists,
		// Create or Update names people from what its run read: by address, written, or the directory Employee IDs were read in.
		people: people ?? ((id) => knownUser(this, id) ?? directoryUser(this, id)),
	};
}

/** The user as the comparison needs them: the list record, or the single user where needsSingleRead says so. */
export async function readCurrent(
	this: IExecuteFunctions,
	existing: IDataObject,
	body: IDataObject,
	reads: UpsertReads,
	request: ItemScope,
): Promise<IDataObject> {
	if (!needsSingleRead(existing, body, reads)) return existing;
	const current = await readUser(this, String(existing.id), request, FULL_USER_INCLUDE);
	const notCarried = fieldsNotCarried(current, body, reads.attributes);
	for (const wire of notCarried) reads.neverShown.add(wire);
	for (const wire of fieldsNotCarried(existing, body, reads.attributes)) if (!notCarried.includes(wire)) reads.shown.add(wire);
	return current;
}

/**
 * A step written: POST, or PUT activate then PATCH. A creation refused because someone took the
 * address meanwhile (another execution) is read back by address and brought up to date instead.
 */
export async function applyUpsert(
	this: IExecuteFunctions,
	step: UpsertStep,
	reads: UpsertReads,
	request: ItemScope,
	options: UpsertOptions = {},
): Promise<Upserted> {
	const { kind, body, existing, current } = step;
	if (kind === 'create') {
		let user: IDataObject;
		try {
			user = await requestRecord.call(this, 'POST', '/users', { ...request, body });
		} catch (error) {
			if (!mayBeTaken(refusalOf(error))) throw asNodeError(this.getNode(), error, request.itemIndex);
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
export async function previewUpsert(this: IExecuteFunctions, step: UpsertStep, reads: UpsertReads, request: ItemScope): Promise<Upserted> {
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
 * and after (a dry run's projection names them from the lists it read), then from the people the
 * run knows. Records of lists need nothing more: every answer that carries one names it
 * (`{id, name}`), and so does the projection.
 */
async function outcomeOf(step: UpsertStep, user: IDataObject, { people }: UpsertReads): Promise<Upserted> {
	const changed = Object.keys(step.changes).length > 0;
	const outcome: Outcome = step.kind === 'reactivate' ? 'reactivated' : changed ? 'updated' : 'rewritten';
	const named = changed ? namedChanges(step.changes, [user, step.current!], (_wire, id) => people(id)) : undefined;
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
	request: ItemScope,
	options: UpsertOptions = {},
	reads?: UpsertReads,
): Promise<Upserted> {
	const run = reads ?? (await upsertReads.call(this, request, { neverShown: fieldsNeverShown(this) }));
	const current = existing ? await readCurrent.call(this, existing, body, run, request) : null;
	const step = decideUpsert(body, existing, current, run, options);
	return options.dryRun ? await previewUpsert.call(this, step, run, request) : await applyUpsert.call(this, step, run, request, options);
}

const readUser = async (context: IExecuteFunctions, id: string, request: ItemScope, include: string) =>
	await requestRecord.call(context, 'GET', apiPath`/users/${id}`, { ...request, qs: { include } });

/** Create or Update's run keeps the fields never shown for its items (Sync keeps its own, in its reads). */
const fieldsNeverShown = (context: IExecuteFunctions) => perContext(context, 'user-fields-never-shown', () => new Set<string>());
