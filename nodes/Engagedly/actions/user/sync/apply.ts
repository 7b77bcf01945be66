import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey } from '../../../people/byEmail';
import { apiPath } from '../../../transport/paths';
import type { ItemScope } from '../../../transport/request';
import { requestRecord } from '../../../transport/request';
import type { Changes } from '../upsert/changes';
import { checkStatus } from '../status';
import type { Upserted, UpsertReads, UpsertStep } from '../upsert/write';
import { applyUpsert, previewUpsert } from '../upsert/upsert';
import { newUserAddress, standIns } from './directory';
import type { DeactivateStep, Step } from './steps';
import { isWrite } from './steps';
import { writeOrder } from './order';

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
	request: (item: number | undefined) => ItemScope;
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
 * a user created in this run comes after that creation, with their id (writeOrder). A step whose
 * new user was not created fails, saying why.
 */
export async function applySteps(this: IExecuteFunctions, steps: Step[], run: ApplyContext): Promise<Map<Step, Applied>> {
	const applied = new Map<Step, Applied>();
	// Address → id of each user created so far, and the users by id: a later step's field names
	// them by that id, and its `changes` by their name.
	const created = new Map<string, string>();
	const createdUsers = new Map<string, IDataObject>();
	const reads: UpsertReads = { ...run.reads, people: (id) => run.reads.people(id) ?? createdUsers.get(id) };
	// A dry run creates nobody: its previews leave the fields naming new users out.
	const names = steps.map((step) => (isWrite(step) && !run.dryRun ? standIns(step.upsert.body) : []));
	const order = writeOrder(steps.map((step, index) => ({ creates: creates(step), names: names[index] })));
	for (const index of order.waves.flat()) {
		const step = steps[index];
		const missing = names[index].find((address) => !created.has(address));
		if (missing !== undefined) {
			applied.set(step, { step, error: notCreated(this, missing, step.item) });
			continue;
		}
		const done = await applyStep.call(this, step, created, { ...run, reads });
		applied.set(step, done);
		const id = done.result?.user.id;
		if (step.kind === 'create' && id !== undefined && id !== null) {
			created.set(creates(step)!, String(id));
			createdUsers.set(String(id), done.result!.user);
		}
	}
	for (const index of order.circular) applied.set(steps[index], { step: steps[index], error: notCreated(this, names[index][0], steps[index].item) });
	return applied;
}

const creates = (step: Step) => (step.kind === 'create' ? emailKey(step.person.email) : undefined);

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

/**
 * A deactivation: its write answers with the single user, so the dry run shows that record (read
 * as a single user, which carries their manager as the write's answer does), deactivated.
 */
async function deactivateUser(this: IExecuteFunctions, step: DeactivateStep, run: ApplyContext): Promise<IDataObject> {
	const id = String(step.person.id);
	const request = run.request(step.item);
	const code = step.blockReasonCode;
	if (run.dryRun) {
		const single = await requestRecord.call(this, 'GET', apiPath`/users/${id}`, request);
		return { ...single, status: 'Blocked', block_reason_code: code || null };
	}
	const answer = await requestRecord.call(this, 'PUT', apiPath`/users/${id}/deactivate`, {
		...request,
		body: code ? { block_reason_code: code } : {},
	});
	return checkStatus.call(this, request.itemIndex, answer, { status: 'Blocked', blockReasonCode: code || undefined });
}
