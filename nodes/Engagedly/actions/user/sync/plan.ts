import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey, newUserAddress } from '../../../api/users';
import { apiPath } from '../../../transport/paths';
import type { ItemRequest } from '../../../transport/request';
import { requestRecord } from '../../../transport/request';
import { business, department } from '../../records/kinds';
import type { Changes } from '../changes';
import { comparedValues } from '../changes';
import type { Memberships } from '../lookups';
import { checkStatus } from '../status';
import type { Upserted, UpsertReads, UpsertStep } from '../upsert';
import { applyUpsert, previewUpsert } from '../upsert';
import type { Lifecycle } from './lifecycle';

/**
 * A sync's plan: what each employee and each user comes to, as plain data, decided before
 * anything is written. Sync applies it at once (Dry Run previews it); Apply Plan applies an
 * approved one in another execution, each step only where the user is still as the plan saw them.
 */

export type StepKind =
	| 'create'
	| 'update'
	| 'reactivate'
	| 'unchanged'
	| 'blocked'
	| 'deactivate'
	| 'kept'
	| 'held'
	| 'pending'
	| 'failed';

/** The kinds that write: the only steps an approval carries. */
export const WRITING: StepKind[] = ['create', 'update', 'reactivate', 'deactivate'];

/** Who a step is about, as any output names them. */
export interface Person {
	id: string | null;
	email: string;
	name: string | null;
}

export interface Step {
	kind: StepKind;
	/** The input item it comes from; undefined for a user no item names. */
	item?: number;
	person: Person;
	/** create, update, reactivate, unchanged, blocked: the write decided (body, changes). */
	upsert?: UpsertStep;
	/** The user as read (in memory only: never part of a plan's output). */
	record?: IDataObject;
	/** deactivate: the code sent ('' none). */
	blockReasonCode?: string;
	/** An item's: where the employee is in their employment (lifecycle.ts). */
	lifecycle?: Lifecycle;
	/** pending: the day they start (their lifecycle's date). */
	date?: string;
	heldWith?: IDataObject;
	reason?: string;
	error?: Error;
	/** deactivate: the Active users whose manager this is, and who get no other in this run. */
	withoutManager?: Person[];
	/** The user as the plan saw them, in the fields the step writes (fingerprintOf). */
	fingerprint: string;
}

export const personOf = (user: IDataObject): Person => ({
	id: user.id === undefined || user.id === null ? null : String(user.id),
	email: String(user.email ?? ''),
	name: user.name === undefined || user.name === null ? null : String(user.name),
});

/** cyrb53: a short, stable digest, so a plan carries no user record, only what tells one state from another. */
function digest(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ ch, 2654435761);
		h2 = Math.imul(h2 ^ ch, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The user as a step saw them: nobody (a creation), or their status, address and the compared
 * values of the fields the step writes. Another field changing meanwhile does not make a step
 * stale; one it would overwrite, or a status or address that moved, does.
 */
export function fingerprintOf(user: IDataObject | null, wires: string[], reads: UpsertReads): string {
	if (!user) return digest('nobody');
	return digest(JSON.stringify([user.status ?? null, emailKey(user.email), comparedValues(user, wires, reads.attributes)]));
}

/** The fields a step's fingerprint covers: those it writes. */
export const fingerprintWires = (step: Step): string[] => (step.kind === 'create' ? [] : Object.keys(step.upsert?.body ?? {}));

/**
 * The user as the list gives them, with the departments and businesses they belong to when the
 * body gives those and the list does not carry them (the contract's list never does): read from
 * the units' members, once for the whole run, rather than one single-user read per employee.
 */
export async function withMemberships(user: IDataObject, body: IDataObject, memberships: Memberships, request: ItemRequest) {
	const known: IDataObject = { ...user };
	if (body.departments !== undefined && !('departments' in known)) {
		known.departments = (await memberships(department, request)).get(String(user.id)) ?? [];
	}
	if (body.businesses !== undefined && !('business_unit' in known)) {
		known.business_unit = (await memberships(business, request)).get(String(user.id)) ?? [];
	}
	return known;
}

// ---- a plan as JSON: what an approval carries --------------------------------------------------

export const PLAN_VERSION = 1;

/**
 * A writing step as JSON that survives n8n (a Wait node, the stored execution): who, what kind,
 * the body to send, the changes and the fingerprint. Bounded: ids, addresses, changes and bodies,
 * never a user record.
 */
export function stepJson(step: Step): IDataObject {
	const upsert = step.upsert;
	return {
		kind: step.kind,
		...(step.item === undefined ? {} : { item: step.item }),
		user: { ...step.person },
		...(upsert ? { body: upsert.body, changes: upsert.changes as unknown as IDataObject } : {}),
		...(upsert?.notCompared.length ? { notCompared: upsert.notCompared } : {}),
		...(step.kind === 'deactivate' ? { blockReasonCode: step.blockReasonCode ?? '' } : {}),
		...(step.withoutManager?.length ? { withoutManager: step.withoutManager as unknown as IDataObject[] } : {}),
		fingerprint: step.fingerprint,
	};
}

// ---- apply -------------------------------------------------------------------------------------

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

/** The new users a body names by stand-in (newUserId), each once. */
export function standIns(body: IDataObject): string[] {
	const found = Object.values(body).flatMap((value) => (Array.isArray(value) ? value : [value])).map(newUserAddress);
	return [...new Set(found.filter((address): address is string => address !== undefined))];
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
			const needs = step.upsert && !run.dryRun ? standIns(step.upsert.body) : [];
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
			for (const step of next) applied.set(step, { step, error: notCreated(this, standIns(step.upsert!.body)[0], step.item) });
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
		if (step.upsert) {
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
async function deactivateUser(this: IExecuteFunctions, step: Step, run: ApplyContext): Promise<IDataObject> {
	const id = String(step.person.id);
	const request = run.request(step.item);
	const code = step.blockReasonCode ?? '';
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
