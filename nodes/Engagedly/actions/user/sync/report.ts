import type { IDataObject, NodeOperationError } from 'n8n-workflow';

import type { BatchResult, BatchRun } from '../../types';
import type { Comparison } from './digests';
import type { Outcome } from '../upsert/write';
import { outcomeFields } from '../upsert/write';
import type { Applied } from './apply';
import type { Compared } from './compare';
import { userItem } from './items';
import { keyIdOf, signatureOf } from './signature';
import type { DeactivateStep, FailedStep, Person, Step, WriteStep } from './steps';
import { isWrite, PLAN_VERSION, stepJson, WRITING } from './steps';
import type { Row } from './rows';
import type { Settings } from './settings';

const heldOutput = (other: IDataObject): IDataObject => ({ outcome: 'held', heldWith: other });

/**
 * Over the guard with When Over The Guard "output the plan": one item, paired with every input
 * item, with nothing written: the counts and names a message shows, the rows that failed (who,
 * and why: they travel with the plan, so the approver sees them and Apply Plan reports them), a
 * `message` a person reads without opening JSON, and the plan itself, signed (signature.ts). A
 * dry run's plan says so inside what is signed: it is a preview, which Apply Plan refuses.
 */
export function approval(steps: Step[], over: NodeOperationError, itemCount: number, key: Buffer, plannedAt: Date, dryRun: boolean): BatchRun {
	const writing = steps.filter((step): step is WriteStep | DeactivateStep => WRITING.includes(step.kind));
	const counts: IDataObject = {};
	const names: Record<string, string[]> = {};
	for (const kind of [...WRITING, 'kept', 'held', 'pending', 'unchanged', 'blocked', 'failed']) counts[kind] = steps.filter((step) => outcomeKind(step) === kind).length;
	for (const kind of WRITING) names[kind] = steps.filter((step) => step.kind === kind).map((step) => named(step.person));
	const withoutManager = steps.flatMap(managersLeaving).map(named);
	const failed = steps.flatMap((step): IDataObject[] => (step.kind === 'failed' ? [failedRow(step)] : []));
	const content: IDataObject = { version: PLAN_VERSION, plannedAt: plannedAt.toISOString(), keyId: keyIdOf(key), dryRun, steps: writing.map(stepJson), failed };
	return {
		results: [
			{
				json: {
					outcome: 'approvalNeeded',
					reason: over.message,
					dryRun,
					counts,
					names,
					withoutManager,
					failed,
					message: approvalMessage(over.message, names, withoutManager, failed, dryRun),
					plan: { ...content, signature: signatureOf(key, content) },
				},
				item: Array.from({ length: itemCount }, (_, item) => item),
			},
		],
		tally: `approval needed: ${String(counts.deactivate)} deactivated, nothing written${dryRun ? ' (dry run: the plan is a preview)' : ''}`,
		rest: dryRun ? 'Nothing was written: this was a dry run, and its plan is a preview Apply Plan refuses.' : 'Nothing was written: the plan waits for approval.',
	};
}

/** A row that failed when the plan was made: who (their item and address) and why. */
function failedRow(step: FailedStep): IDataObject {
	const description = (step.error as { description?: unknown }).description;
	return {
		...(step.item === undefined ? {} : { item: step.item }),
		email: step.person.email || null,
		error: step.error.message,
		...(typeof description === 'string' && description ? { description } : {}),
	};
}

/** What an approver reads: who goes, who loses their manager, who else is written, what failed; names and addresses. */
function approvalMessage(reason: string, names: Record<string, string[]>, withoutManager: string[], failed: IDataObject[], dryRun: boolean): string {
	const list = (title: string, entries: string[]) => (entries.length ? [`${title} (${entries.length}):`, ...entries.map((entry) => `- ${entry}`)] : []);
	return [
		`Engagedly Sync waits for approval. ${reason}.`,
		...(dryRun ? ['This was a dry run: the plan is a preview, and Apply Plan refuses it. Run Sync without Dry Run for a plan to approve.'] : []),
		...list('To deactivate', names.deactivate),
		...list('Left without a manager', withoutManager),
		...list('To create', names.create),
		...list('To update', names.update),
		...list('To reactivate', names.reactivate),
		...list(
			'Rows that failed, not in the plan',
			failed.map((row) => `${[row.item === undefined ? '' : `item ${String(row.item)}`, row.email ?? ''].filter(Boolean).join(' ')}: ${String(row.error)}`),
		),
		'Nothing has been written.',
	].join('\n');
}

/** A step's kind as outputs count it: someone left as they were is unchanged. */
const outcomeKind = (step: Step) => (step.kind === 'leftAsIs' ? 'unchanged' : step.kind);

const managersLeaving = (step: Step) => (step.kind === 'deactivate' ? (step.withoutManager ?? []) : []);

const named = (person: Person) => (person.name ? `${person.name} <${person.email}>` : person.email);

function failure(step: Step, error: Error): BatchResult {
	return step.item === undefined ? { error, user: { id: step.person.id, email: step.person.email || null } } : { error, item: step.item };
}

/**
 * Each step's output item: the user (as written, previewed or read) and what happened, or its
 * error; for a user whose fields only a single user's answer carries wait for their turn, which
 * fields and the day.
 */
export function report(steps: Step[], applied: Map<Step, Applied>, rows: Map<number, Row>, settings: Settings, compared: Map<number, Compared>): BatchResult[] {
	return steps.map((step): BatchResult => {
		const done = applied.get(step);
		const error = step.kind === 'failed' ? step.error : done?.error;
		if (error) return failure(step, error);
		// Where the employee is in their employment, and its date, beside what was done: only where
		// that is news (active is what an export mostly says), so a plain sync's columns stay few.
		const state = step.lifecycle?.state;
		const lifecycle: IDataObject = state && state !== 'active' ? { lifecycle: state, date: step.lifecycle!.date ?? null } : {};
		const output = (user: IDataObject, fields: IDataObject): BatchResult => ({
			json: userItem(user, settings.userDetail, { ...lifecycle, ...fields }),
			...(step.item === undefined ? {} : { item: step.item }),
		});
		const result = done?.result;
		const waiting = step.item === undefined ? undefined : compared.get(step.item)?.waiting;
		if (result && isWrite(step)) return output(result.user, { ...outcomeFields(result), ...(waiting ? { waitingForTurn: waiting } : {}) });
		const user = result?.user ?? step.record ?? rows.get(step.item!)!.person;
		switch (step.kind) {
			case 'deactivate':
				return output(user, { outcome: 'deactivated', ...(step.withoutManager ? { withoutManager: step.withoutManager as unknown as IDataObject[] } : {}) });
			case 'held':
				return output(user, heldOutput(step.heldWith));
			case 'pending':
				return output(user, { outcome: step.kind, date: step.date ?? null, reason: step.reason });
			case 'kept':
			case 'leftAsIs':
				return output(user, { outcome: outcomeKind(step), reason: step.reason });
			default:
				return output(user, { outcome: step.kind, reason: null });
		}
	});
}

/** What Sync adds to a user, in the order it leads their item, each blank where it does not apply. */
export const OUTCOME_FIELDS: Record<string, () => unknown> = {
	outcome: () => null,
	changes: () => ({}),
	notCompared: () => [],
	waitingForTurn: () => null,
	reason: () => null,
	heldWith: () => null,
	lifecycle: () => null,
	date: () => null,
	withoutManager: () => [],
};

/** The person's keys, first in every item whatever it carries after them (items.ts). */
const PERSON_FIRST: IDataObject = { name: null, email: null, id: null };

/**
 * n8n's Table view makes a column where an item first has a field: a `reason` only the last item
 * has would come after the whole user record. So every item carries the outcome fields any item
 * of this run has (blank where they do not apply), first and in one order, and what happened
 * reads across the first columns whatever the outcomes.
 */
function withOutcomeFieldsFirst(results: BatchResult[], comparison: Comparison, dryRun: boolean): BatchResult[] {
	const used = Object.keys(OUTCOME_FIELDS).filter((key) => results.some((result) => 'json' in result && key in result.json));
	// A dry run's item says so on itself: it travels on without the run that made it.
	const preview: IDataObject = dryRun ? { dryRun: true } : {};
	return results.map((result) => {
		if (!('json' in result)) return result;
		const blanks = Object.fromEntries(used.map((key) => [key, OUTCOME_FIELDS[key]()])) as IDataObject;
		return { ...result, json: { ...PERSON_FIRST, ...blanks, ...result.json, comparison, ...preview } };
	});
}

export const OUTCOMES: Array<Outcome | 'failed'> = ['created', 'updated', 'rewritten', 'unchanged', 'reactivated', 'blocked', 'held', 'deactivated', 'kept', 'failed'];

/** How many results had each outcome (`failed` for an error) and whose they are: `outcomes` first, in their order, 0 where none. */
function outcomesOf(results: BatchResult[], outcomes: string[]) {
	const counts: IDataObject = {};
	const emails: Record<string, unknown[]> = {};
	for (const outcome of outcomes) {
		counts[outcome] = 0;
		emails[outcome] = [];
	}
	for (const result of results) {
		const outcome = 'json' in result ? String(result.json.outcome) : 'failed';
		const email = 'json' in result ? result.json.email : 'user' in result ? result.user.email : undefined;
		counts[outcome] = Number(counts[outcome] ?? 0) + 1;
		(emails[outcome] ??= []).push(email ?? `item ${'item' in result ? String(result.item) : '?'}`);
	}
	return { counts, emails };
}

/** A summary item's counts and addresses per outcome (`outcomes` first, 0 where none): Sync's and Apply Plan's. */
export function summaryOf(results: BatchResult[], outcomes: string[] = []): IDataObject {
	const { counts, emails } = outcomesOf(results, outcomes);
	return { counts, emails: emails as unknown as IDataObject };
}

/** A run's tally, what the router's error says it did: each outcome's count (Sync's and Apply Plan's alike). */
export function tallyOf(results: BatchResult[], outcomes: string[] = []): string {
	return Object.entries(outcomesOf(results, outcomes).counts)
		.map(([outcome, count]) => `${String(count)} ${outcome}`)
		.join(', ');
}

/**
 * The run's tally (what the router says when the run ends in error) and its output: per employee,
 * or with Output "Summary" one item with how many users had each outcome and their addresses,
 * paired with every input item. Failures stay error items either way. `pending` is counted in
 * runs that can have it (Create New Hires before their joining date), `onNotice` lists who is
 * working their notice (and their last day), and `withoutManager` who loses their manager, when
 * anyone does.
 */
export function summarise(results: BatchResult[], itemCount: number, settings: Settings, steps: Step[], comparison: Comparison): BatchRun {
	const waiting = waitingOf(results);
	const outcomes: string[] = [...OUTCOMES];
	if (settings.daysBeforeJoining !== undefined) outcomes.splice(-1, 0, 'pending');
	const { counts, emails } = outcomesOf(results, outcomes);
	const tally = `${tallyOf(results, outcomes)}${settings.dryRun ? ' (dry run: nothing was written)' : ''}`;
	const rest = settings.dryRun ? 'Nothing was written: this was a dry run.' : 'Everything else was applied.';
	if (!settings.summary) return { results: withOutcomeFieldsFirst(results, comparison, settings.dryRun), tally, rest };
	const withoutManager = steps.flatMap(managersLeaving).map((person) => person.email);
	const onNotice = steps.flatMap((step) => (step.lifecycle?.state === 'onNotice' && step.kind !== 'failed' ? [{ email: step.person.email, date: step.lifecycle.date! }] : []));
	const everyItem = Array.from({ length: itemCount }, (_, item) => item);
	return {
		results: [
			{
				json: {
					dryRun: settings.dryRun,
					comparison,
					counts,
					emails: emails as unknown as IDataObject,
					...(waiting ? { waitingForTurn: waiting } : {}),
					...(onNotice.length ? { onNotice } : {}),
					...(withoutManager.length ? { withoutManager } : {}),
				},
				item: everyItem,
			},
			...results.filter((result) => 'error' in result),
		],
		tally,
		rest,
	};
}

/**
 * What a run left uncompared until users' turns: how many users, which fields, and the day by
 * which every one of them will have been compared (their latest turn), if the workflow runs daily.
 */
function waitingOf(results: BatchResult[]): IDataObject | undefined {
	const waiting = results.flatMap((result) => ('json' in result && result.json.waitingForTurn ? [result.json.waitingForTurn as { fields: string[]; turn: string }] : []));
	if (!waiting.length) return undefined;
	return {
		users: waiting.length,
		fields: [...new Set(waiting.flatMap((entry) => entry.fields))].sort(),
		everyoneComparedBy: waiting.map((entry) => entry.turn).reduce((latest, turn) => (turn > latest ? turn : latest)),
	};
}

/** The digests this run confirmed, by user id: only of employees compared and written or found unchanged without an error. */
export function confirmedDigests(applied: Map<Step, Applied>, compared: Map<number, Compared>): Map<string, string> {
	const confirmed = new Map<string, string>();
	for (const { step, result, error } of applied.values()) {
		const digest = step.item === undefined ? undefined : compared.get(step.item)?.digest;
		if (digest === undefined || error || !result || !isWrite(step) || !step.upsert.existing || step.kind === 'blocked') continue;
		confirmed.set(String(step.upsert.existing.id), digest);
	}
	return confirmed;
}

/** The users this run compared but whose digest it did not confirm (a failed write, an unknown outcome): read next run. */
export function unconfirmedUsers(compared: Map<number, Compared>, confirmed: Map<string, string>): string[] {
	return [...compared.values()].flatMap(({ existing, digest }) => (existing && digest !== undefined && !confirmed.has(String(existing.id)) ? [String(existing.id)] : []));
}
