import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey } from '../../../people/byEmail';
import { apiPath } from '../../../transport/paths';
import type { ItemRequest } from '../../../transport/request';
import { requestRecord } from '../../../transport/request';
import type { Changes } from '../upsert/changes';
import { checkStatus } from '../status';
import type { Upserted, UpsertReads, UpsertStep } from '../upsert/step';
import { applyUpsert, previewUpsert } from '../upsert/upsert';
import { newUserAddress, standIns } from './directory';
import type { DeactivateStep, Step, WriteStep } from './steps';
import { isWrite } from './steps';

/**
 * A plan's apply stage, Sync's and Apply Plan's: each step written (or, in a dry run, previewed),
 * with the ids of the users created on the way put where the plan names them by stand-in.
 */

export interface Applied {
	step: Step;
	/** The outcome of an upsert step, or the user a deactivation answered. */
	result?: Upserted;
	error?: Error;
}

export interface ApplyContext {
	reads: UpsertReads;
	request: (item: number | undefined) => ItemRequest;
	dryRun: boolean;
}

/** A value with each stand-in replaced by the id `created` gives it. */
function resolved(value: unknown, created: Map<string, string>): unknown {
	if (Array.isArray(value)) return value.map((entry) => resolved(entry, created));
	const address = newUserAddress(value);
	return address === undefined ? value : created.get(address);
}

function resolvedStep(step: UpsertStep, created: Map<string, string>): UpsertStep {
	const body = Object.fromEntries(Object.entries(step.body).map(([wire, value]) => [wire, resolved(value, created)])) as IDataObject;
	const changes: Changes = {};
	for (const [wire, change] of Object.entries(step.changes)) changes[wire] = { from: change.from, to: resolved(change.to, created) };
	return { ...step, body, changes };
}

/** A dry run has no ids for the users it would create: a field naming one is left out of the preview. */
function withoutStandIns(step: UpsertStep): UpsertStep {
	const body: IDataObject = {};
	for (const [wire, value] of Object.entries(step.body)) {
		if (Array.isArray(value)) body[wire] = value.filter((entry) => newUserAddress(entry) === undefined);
		else if (newUserAddress(value) === undefined) body[wire] = value;
	}
	return { ...step, body };
}

/**
 * Each step written (or, in a dry run, previewed), in the plan's order, except that a step naming
 * a user created in this run comes after that creation, with their id: passes go on while one of
 * them gets somewhere. A step whose new user was not created fails, saying why.
 */
export async function applySteps(this: IExecuteFunctions, steps: Step[], run: ApplyContext): Promise<Map<Step, Applied>> {
	const applied = new Map<Step, Applied>();
	// Address → id of each user created so far, and the users by id: a later step's field names
	// them by that id, and its `changes` by their name.
	const created = new Map<string, string>();
	const createdUsers = new Map<string, IDataObject>();
	const reads: UpsertReads = { ...run.reads, people: (id) => run.reads.people(id) ?? createdUsers.get(id) };
	const creating = new Set(steps.filter((step) => step.kind === 'create').map((step) => emailKey(step.person.email)));
	let waiting = steps;
	while (waiting.length) {
		const next: Step[] = [];
		for (const step of waiting) {
			const needs = isWrite(step) && !run.dryRun ? standIns(step.upsert.body) : [];
			const missing = needs.filter((address) => !created.has(address));
			if (missing.some((address) => creating.has(address))) {
				next.push(step);
				continue;
			}
			if (missing.length) {
				applied.set(step, { step, error: notCreated(this, missing[0], step.item) });
				continue;
			}
			applied.set(step, await applyStep.call(this, step, created, { ...run, reads }));
			const result = applied.get(step)!.result;
			if (step.kind === 'create' && result?.user.id !== undefined && result.user.id !== null) {
				created.set(emailKey(step.person.email), String(result.user.id));
				createdUsers.set(String(result.user.id), result.user);
			}
		}
		if (next.length === waiting.length) {
			// Nobody got anywhere: what they wait for is never created (its own step failed, or two
			// new hires are each other's manager).
			for (const step of next) applied.set(step, { step, error: notCreated(this, standIns((step as WriteStep).upsert.body)[0], step.item) });
			break;
		}
		for (const step of steps) if (step.kind === 'create' && applied.get(step)?.error) creating.delete(emailKey(step.person.email));
		waiting = next;
	}
	return applied;
}

function notCreated(context: IExecuteFunctions, address: string, item: number | undefined) {
	return new NodeOperationError(context.getNode(), `"${address}" was not created in this run, so this employee could not be`, {
		itemIndex: item,
		description: `A field of this item names "${address}", who has no Engagedly user yet: their own item failed (see it), or it names this employee in turn (two new hires who are each other's manager). Fix that and run again.`,
	});
}

async function applyStep(this: IExecuteFunctions, step: Step, created: Map<string, string>, run: ApplyContext): Promise<Applied> {
	const request = run.request(step.item);
	try {
		if (isWrite(step)) {
			const result = run.dryRun
				? await previewUpsert.call(this, withoutStandIns(step.upsert), run.reads, request)
				: await applyUpsert.call(this, resolvedStep(step.upsert, created), run.reads, request, {});
			return { step, result };
		}
		if (step.kind === 'deactivate') return { step, result: { user: await deactivateUser.call(this, step, run), outcome: 'deactivated' } };
		return { step };
	} catch (error) {
		return { step, error: error as Error };
	}
}

/** A deactivation: its write answers with the single user, so the dry run shows that record, deactivated. */
async function deactivateUser(this: IExecuteFunctions, step: DeactivateStep, run: ApplyContext): Promise<IDataObject> {
	const id = String(step.person.id);
	const request = run.request(step.item);
	const code = step.blockReasonCode;
	if (run.dryRun) {
		const single = await requestRecord.call(this, 'GET', apiPath`/users/${id}`, { ...request, qs: { include: 'primary_reporter' } });
		return { ...single, status: 'Blocked', block_reason_code: code || null };
	}
	const answer = await requestRecord.call(this, 'PUT', apiPath`/users/${id}/deactivate`, {
		...request,
		body: code ? { block_reason_code: code } : {},
	});
	return checkStatus.call(this, request.itemIndex, answer, { status: 'Blocked', blockReasonCode: code || undefined });
}
