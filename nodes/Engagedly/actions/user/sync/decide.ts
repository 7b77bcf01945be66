import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey } from '../../../people/byEmail';
import { isBlank } from '../../../parameters/values';
import { SITE_ADMINISTRATOR_KEPT } from '../deactivation';
import type { UpsertReads, UpsertStep } from '../upsert/write';
import { decideUpsert } from '../upsert/write';
import type { Compared } from './compare';
import type { Directory } from './directory';
import type { Fate } from './lifecycle';
import type { Held, Match } from './match';
import { isActive } from './match';
import { standIns } from './directory';
import type { DeactivateStep, FailedStep, KeptStep, Person, PendingStep, Step, WriteStep } from './steps';
import { fingerprintOf, isWrite, personOf } from './steps';
import type { Row } from './rows';
import type { Settings } from './settings';
import { MAX_DEACTIVATE_PERCENT } from './description';

/** How many users a run would deactivate as missing, of how many Active users: the guard's figures. */
export interface GuardFigures {
	candidates: number;
	active: number;
	share: number;
}

/**
 * Users the run would deactivate as missing: Active, named by no item (leavers the HR system
 * names are not counted: it named them). The guard counts them before the Site Administrator is
 * set aside (telling them apart costs a read each, which a refused run should not spend), so it
 * errs towards refusing. Over it: the figures of the refusal, else undefined.
 */
export function overTheGuard(candidates: IDataObject[], directory: IDataObject[], settings: Pick<Settings, 'maxDeactivatePercent'>): GuardFigures | undefined {
	const active = directory.filter(isActive).length;
	const share = active ? (candidates.length / active) * 100 : 0;
	return share <= settings.maxDeactivatePercent ? undefined : { candidates: candidates.length, active, share };
}

/** The refusal of a run over the guard, which ends the run or heads its plan for approval. */
export function guardRefusal(this: IExecuteFunctions, { candidates, active, share }: GuardFigures, named: number, settings: Pick<Settings, 'maxDeactivatePercent'>) {
	return new NodeOperationError(
		this.getNode(),
		`Refused: this sync would deactivate ${candidates} of ${active} Active users (${share.toFixed(1)} %), more than ${MAX_DEACTIVATE_PERCENT} (${settings.maxDeactivatePercent} %)`,
		{
			itemIndex: 0,
			description: `Nothing was written. Check that the input holds every employee: it names ${named} users, Engagedly has ${active} Active users. If so many leavers are expected, raise ${MAX_DEACTIVATE_PERCENT} for this run, or set When Over The Guard to output the plan for approval; Dry Run with a raised percentage lists who they are.`,
		},
	);
}

interface DecisionInput {
	itemCount: number;
	rows: Map<number, Row>;
	matches: Map<number, Match>;
	fates: Map<number, Fate>;
	compared: Map<number, Compared>;
	held: Held;
	candidates: IDataObject[];
	administrators: Map<unknown, boolean | Error>;
	failed: Map<number, Error>;
	directory: Directory;
	settings: Settings;
	reads: UpsertReads;
}

/**
 * The run's plan: one step per input item in their order, then the users no item names (held,
 * kept, deactivated). No request: everything it decides on was read before.
 */
export function decideSteps(input: DecisionInput): Step[] {
	const { rows, matches, compared, held, settings, reads } = input;
	const steps: Step[] = [];
	for (let item = 0; item < input.itemCount; item++) {
		const identity = rows.get(item);
		const match = matches.get(item);
		// A new hire has no user yet: they are named as their item gives them.
		const given = identity ? [identity.person.first_name, identity.person.last_name].filter(Boolean).join(' ') : '';
		const person: Person = match?.user ? personOf(match.user) : { id: null, email: identity?.email ?? '', name: given || null };
		const error = input.failed.get(item);
		if (error || !identity) {
			steps.push({ kind: 'failed', item, person, error: error!, fingerprint: '' });
			continue;
		}
		const user = match?.user ?? null;
		const base = { item, person, record: user ?? undefined, fingerprint: fingerprintOf(user, [], reads) };
		const heldWith = held.items.get(item);
		if (heldWith) {
			steps.push({ ...base, kind: 'held', heldWith });
			continue;
		}
		const fate = input.fates.get(item)!;
		const lifecycle = { ...base, lifecycle: identity.lifecycle };
		switch (fate.action) {
			case 'write':
				steps.push(employeeStep(lifecycle, compared.get(item)!, reads, settings));
				break;
			case 'deactivate':
				steps.push(deactivation(lifecycle, user!, identity.blockReasonCode, input));
				break;
			case 'pending':
				steps.push({ ...lifecycle, kind: 'pending', date: identity.lifecycle.date, reason: `${user ? 'Reactivated' : 'Created'} from ${fate.from}` });
				break;
			case 'none':
				steps.push({ ...lifecycle, kind: 'leftAsIs', reason: fate.reason });
				break;
		}
	}
	for (const [user, item] of held.users) {
		steps.push({ kind: 'held', person: personOf(user), record: user, heldWith: { item, email: rows.get(item)!.email }, fingerprint: fingerprintOf(user, [], reads) });
	}
	for (const user of input.candidates) steps.push(deactivation({ person: personOf(user), record: user }, user, settings.blockReasonCode, input));
	return withManagersLeaving(waitingForPendingHires(steps), input.directory.users);
}

/**
 * A write that names a hire who is pending (their manager, say) waits with them: it could not be
 * applied before they exist, and writing the rest without that field would drop what the HR
 * system says. It is pending until their day, and says whom it waits for.
 */
function waitingForPendingHires(steps: Step[]): Step[] {
	const pending = new Map(steps.filter((step): step is PendingStep => step.kind === 'pending' && !step.person.id).map((step) => [emailKey(step.person.email), step]));
	return steps.map((step): Step => {
		const waitsFor = isWrite(step) ? standIns(step.upsert.body).map((address) => pending.get(address)).find((hire) => hire) : undefined;
		if (!waitsFor) return step;
		const { item, person, record, lifecycle, fingerprint } = step;
		return { item, person, record, lifecycle, fingerprint, kind: 'pending', date: waitsFor.date, reason: `Waits for ${waitsFor.person.email}, a new hire ${waitsFor.reason.toLowerCase()}` };
	});
}

type StepBase = Pick<Step, 'item' | 'person' | 'record' | 'lifecycle'>;

function deactivation(base: StepBase, user: IDataObject, blockReasonCode: string, input: DecisionInput): DeactivateStep | KeptStep | FailedStep {
	const admin = input.administrators.get(user.id);
	const fingerprint = fingerprintOf(user, [], input.reads);
	if (admin instanceof Error) return { ...base, kind: 'failed', error: admin, fingerprint };
	if (admin) return { ...base, kind: 'kept', reason: SITE_ADMINISTRATOR_KEPT, fingerprint };
	return { ...base, kind: 'deactivate', blockReasonCode, fingerprint };
}

/** An employee brought up to date: created, updated, reactivated, unchanged or left blocked, as the write decides. */
function employeeStep(base: StepBase, { body, byEmployeeId, existing, current }: Compared, reads: UpsertReads, settings: Settings): WriteStep {
	const upsert: UpsertStep = decideUpsert(body, existing, current, reads, {
		returning: settings.reactivateReturning ? 'reactivate' : 'report',
		updateEmail: byEmployeeId,
	});
	return { ...base, kind: upsert.kind, upsert, fingerprint: fingerprintOf(current, Object.keys(upsert.body), reads) };
}

/**
 * Each deactivation names the Active users who report to the user deactivated and get no other
 * manager in this run (their own step does not give them another, nor are they leaving).
 */
function withManagersLeaving(steps: Step[], users: IDataObject[]): Step[] {
	const stepOf = new Map(steps.map((step) => [step.person.id, step]));
	const reports = new Map<string, Person[]>();
	for (const user of users.filter(isActive)) {
		const own = stepOf.get(String(user.id));
		if (own && (own.kind === 'deactivate' || own.kind === 'held' || own.lifecycle?.state === 'onNotice')) continue;
		const managerChange = own && isWrite(own) ? own.upsert.changes.manager_id : undefined;
		const manager = managerChange ? managerChange.to : managerIdOf(user);
		if (typeof manager === 'string') reports.set(manager, [...(reports.get(manager) ?? []), personOf(user)]);
	}
	return steps.map((step) => (step.kind === 'deactivate' && reports.has(step.person.id!) ? { ...step, withoutManager: reports.get(step.person.id!) } : step));
}

function managerIdOf(user: IDataObject): string | null {
	const reporter = user.primary_reporter;
	const id = reporter && typeof reporter === 'object' ? (reporter as IDataObject).id : reporter;
	return isBlank(id) ? null : String(id);
}
