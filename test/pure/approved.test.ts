/**
 * An approved plan as Apply Plan takes it back (actions/user/sync/approved.ts): Max Plan Age and
 * the plan checked whole before any request, each step's item, what an application wrote, and
 * the rows that failed when it was made; and what Apply Plan remembers it wrote, run to run
 * (actions/user/sync/written.ts). The engine suites (test/user/sync.test.ts, "When Over The
 * Guard", and test/user/applyPlan.test.ts) approve real plans, tamper with them, apply them, fail
 * and retry them; this is each rule on its own.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { SITE_ADMINISTRATOR_KEPT } from '../../nodes/Engagedly/actions/user/deactivation';
import type { Applied } from '../../nodes/Engagedly/actions/user/sync/apply';
import type { PlannedStep, StepFound } from '../../nodes/Engagedly/actions/user/sync/approved';
import {
	alreadyAppliedReason,
	checkPlan,
	failedWhenPlanned,
	maxPlanAgeOf,
	planResults,
	SITE_ADMINISTRATOR_NOT_WRITTEN,
	STALE,
	stepsWritten,
} from '../../nodes/Engagedly/actions/user/sync/approved';
import { keyFor, keyIdOf, signatureOf } from '../../nodes/Engagedly/actions/user/sync/signature';
import { PLAN_VERSION } from '../../nodes/Engagedly/actions/user/sync/steps';
import type { WrittenState } from '../../nodes/Engagedly/actions/user/sync/written';
import { forgetExpired, readWritten, withWritten, WRITTEN_VERSION, writtenOf } from '../../nodes/Engagedly/actions/user/sync/written';

const key = keyFor('the-organisations-secret');
const plannedAt = '2026-11-28T06:00:00.000Z';
const at = (hours: number) => Date.parse(plannedAt) + hours * 3_600_000;
const signed = (content: IDataObject): IDataObject => ({ ...content, signature: signatureOf(key, content) });

const update = { kind: 'update', item: 0, user: { id: 7, email: 'ann@example.com', name: 'Ann Lee' }, body: { last_name: 'Lee' }, changes: { last_name: { from: 'Li', to: 'Lee' } }, notCompared: ['title'], fingerprint: 'f0' };
const create = { kind: 'create', item: 1, user: { id: null, email: 'new@example.com', name: null }, body: { email: 'new@example.com' }, changes: {}, fingerprint: 'f1' };
const leaver = { kind: 'deactivate', user: { id: '9', email: 'bob@example.com', name: 'Bob' }, blockReasonCode: 'LEFT', fingerprint: 'f2' };
const reactivation = { kind: 'reactivate', item: 2, user: { id: '5', email: 're@example.com', name: null }, body: {}, fingerprint: 'f3' };
const plan = (steps: unknown[], extra: IDataObject = {}) => signed({ version: PLAN_VERSION, plannedAt, keyId: keyIdOf(key), dryRun: false, steps: steps as IDataObject[], ...extra });

const given = { key, now: at(1), maxAgeHours: 24 };
const MAP = undefined;

describe('checkPlan: the plan Sync made, whole, or why not', () => {
	test('each writing step as Apply Plan applies it, and the rows that failed when it was made', () => {
		const failed = [{ item: 3, email: 'bad@example.com', error: 'Joining Date "someday" is not a date' }];
		const expected = {
			steps: [
				{ kind: 'update', person: { id: '7', email: 'ann@example.com', name: 'Ann Lee' }, fingerprint: 'f0', upsert: { kind: 'update', body: { last_name: 'Lee' }, changes: { last_name: { from: 'Li', to: 'Lee' } }, notCompared: ['title'], existing: null, current: null } },
				{ kind: 'create', person: { id: null, email: 'new@example.com', name: null }, fingerprint: 'f1', upsert: { kind: 'create', body: { email: 'new@example.com' }, changes: {}, notCompared: [], existing: null, current: null } },
				{ kind: 'deactivate', person: { id: '9', email: 'bob@example.com', name: 'Bob' }, fingerprint: 'f2', blockReasonCode: 'LEFT' },
				{ kind: 'deactivate', person: { id: '9', email: 'bob@example.com', name: 'Bob' }, fingerprint: 'f2', blockReasonCode: '' },
				{ kind: 'reactivate', person: { id: '5', email: 're@example.com', name: null }, fingerprint: 'f3', upsert: { kind: 'reactivate', body: {}, changes: {}, notCompared: [], existing: null, current: null } },
			],
			failed,
		};
		const whole = plan([update, create, leaver, { ...leaver, blockReasonCode: undefined }, reactivation], { failed });
		// Known by its signature (what Apply Plan remembers it by), with when it was made.
		expect(checkPlan(whole, given)).toEqual({ signature: whole.signature, plannedAt, ...expected });
		// As text (a Wait node's form, or pasted), the same plan.
		expect(checkPlan(JSON.stringify(whole), given)).toEqual({ signature: whole.signature, plannedAt, ...expected });
		// No rows failed: none, whatever stands in their place.
		expect(checkPlan(plan([update], { failed: 'none' }), given)).toMatchObject({ failed: [] });
		const empty = plan([]);
		expect(checkPlan(empty, given)).toEqual({ signature: empty.signature, plannedAt, steps: [], failed: [] });
	});

	test.each<[string, unknown, string]>([
		['text that is not JSON', '{"version": 2, ', 'Plan is not a plan Sync output: it is not JSON'],
		['empty', '', 'Plan is not a plan Sync output: it is not JSON'],
		['null', null, `Plan is not a plan Sync output: it has no version ${PLAN_VERSION} and list of steps`],
		['text that is JSON but no object', '"plan"', `Plan is not a plan Sync output: it has no version ${PLAN_VERSION} and list of steps`],
		['a number', 7, `Plan is not a plan Sync output: it has no version ${PLAN_VERSION} and list of steps`],
		['a version to come', plan([update], { version: PLAN_VERSION + 1 }), `Plan is not a plan Sync output: it has no version ${PLAN_VERSION} and list of steps`],
		['version 0', plan([update], { version: 0 }), `Plan is not a plan Sync output: it has no version ${PLAN_VERSION} and list of steps`],
		['a version that is text', plan([update], { version: String(PLAN_VERSION) }), `Plan is not a plan Sync output: it has no version ${PLAN_VERSION} and list of steps`],
		['an earlier version without its steps', plan([update], { version: PLAN_VERSION - 1, steps: undefined }), `Plan is not a plan Sync output: it has no version ${PLAN_VERSION} and list of steps`],
		['no list of steps', plan([], { steps: { 0: update } }), `Plan is not a plan Sync output: it has no version ${PLAN_VERSION} and list of steps`],
		['a step that writes nothing', plan([update, { ...update, kind: 'kept' }]), 'Plan is not a plan Sync output: step 1 is a "kept"'],
		['a step that is not an object', plan([null]), 'Plan is not a plan Sync output: step 0 is a "undefined"'],
		['a step without its user', plan([{ ...update, user: undefined }]), 'Plan is not a plan Sync output: step 0 has no user or fingerprint'],
		['a user without an address', plan([{ ...update, user: { id: 7 } }]), 'Plan is not a plan Sync output: step 0 has no user or fingerprint'],
		['a step without its fingerprint', plan([{ ...leaver, fingerprint: 3 }]), 'Plan is not a plan Sync output: step 0 has no user or fingerprint'],
		['an update of no user id', plan([{ ...update, user: { email: 'ann@example.com' } }]), 'Plan is not a plan Sync output: step 0 has no user id'],
		['a deactivation of a null id', plan([{ ...leaver, user: { id: null, email: 'bob@example.com' } }]), 'Plan is not a plan Sync output: step 0 has no user id'],
		['an update without its body', plan([{ ...update, body: undefined }]), 'Plan is not a plan Sync output: step 0 has no body'],
		['a creation with a null body', plan([{ ...create, body: null }]), 'Plan is not a plan Sync output: step 0 has no body'],
		['a body that is text', plan([{ ...reactivation, body: 'last_name=Lee' }]), 'Plan is not a plan Sync output: step 0 has no body'],
		['no key id', plan([update], { keyId: undefined }), 'Plan is not a plan Sync output: it has no key id'],
		['a key id that is no text', plan([update], { keyId: 7 }), 'Plan is not a plan Sync output: it has no key id'],
		['no time it was made', plan([update], { plannedAt: 'yesterday' }), 'Plan is not a plan Sync output: its time "yesterday" is not a time'],
	])('not a plan: %s', (_name, raw, why) => {
		expect(checkPlan(raw, given)).toEqual({ why, fix: MAP });
	});

	test.each([1, PLAN_VERSION - 1])('a plan of version %i (an earlier node’s, which cannot say whether it came from a dry run) is refused, saying to run Sync again', (version) => {
		// As an earlier Sync signed it: no key id, no dry run mark.
		const earlier = signed({ version, plannedAt, steps: [update], failed: [] });
		expect(checkPlan(earlier, given)).toEqual({
			why: `Plan is of version ${version}, made by an earlier version of this node: it does not say whether it came from a dry run`,
			fix: `Run Sync again, and approve its new plan. (Sync now makes plans of version ${PLAN_VERSION}.)`,
		});
	});

	// Another key's id: the Secret Key was rotated since (or another organisation's signed it). The
	// same key's id with a signature that does not match: edited on the way.
	const anotherKey = keyFor('the-rotated-secret');
	const rotated = {
		why: `Plan was signed with another Secret Key than this credential's (key id ${keyIdOf(anotherKey)}; this credential's is ${keyIdOf(key)})`,
		fix: 'The credential\'s Secret Key may have been rotated since Sync made the plan, or Sync ran with another credential (another Engagedly organisation\'s). Run Sync again with this credential, and approve its new plan.',
	};
	const edited = {
		why: 'Plan is not the plan Sync made: its signature does not match',
		fix: 'It was changed after Sync signed it, with this very key (a step added, removed or edited, a failed row dropped). Run Sync again and approve its plan unchanged.',
	};
	const byAnotherKey = (content: IDataObject) => ({ ...content, keyId: keyIdOf(anotherKey), signature: signatureOf(anotherKey, { ...content, keyId: keyIdOf(anotherKey) }) });
	test.each<[string, IDataObject, object]>([
		['signed with a key rotated since', byAnotherKey({ version: PLAN_VERSION, plannedAt, dryRun: false, steps: [update], failed: [] }), rotated],
		['its key id changed to another key’s', { ...plan([update]), keyId: keyIdOf(anotherKey) }, rotated],
		['a step edited after signing', { ...plan([update]), steps: [{ ...update, body: { last_name: 'Other' } }] }, edited],
		['a failed row dropped', { ...plan([update], { failed: [{ item: 3, error: 'x' }] }), failed: [] }, edited],
		['its time changed', { ...plan([update]), plannedAt: '2026-11-28T07:00:00.000Z' }, edited],
		['marked a real run’s though a dry run’s', { ...plan([update], { dryRun: true }), dryRun: false }, edited],
		['no signature', { ...plan([update]), signature: undefined }, edited],
		['a signature that is no text', { ...plan([update]), signature: 42 }, edited],
	])('not the plan this key signed: %s', (_name, raw, expected) => {
		expect(checkPlan(raw, given)).toEqual(expected);
	});

	const preview = {
		why: 'Plan comes from a dry run: Sync had Dry Run on, so its plan is a preview, not one to apply',
		fix: 'Run Sync without Dry Run, and approve that plan.',
	};
	test.each<[string, IDataObject]>([
		['Dry Run on', plan([update], { dryRun: true })],
		['no dry run mark, signed so', plan([update], { dryRun: undefined })],
		['a mark that is text', plan([update], { dryRun: 'false' })],
	])('a dry run’s plan is a preview, refused: %s', (_name, raw) => {
		expect(checkPlan(raw, given)).toEqual(preview);
	});

	const tooOld = (why: string) => ({ why, fix: 'Engagedly and the HR system may have changed since it was made. Run Sync again for a fresh plan, and approve that one.' });
	const ahead = (by: string, now: number) => ({
		why: `Plan was made at ${plannedAt} by the clock of the n8n that ran Sync, ${by} ahead of this n8n's clock (${new Date(now).toISOString()})`,
		fix: 'One of the two clocks is wrong, by more than the 5 minutes two hosts may differ: a plan from the future would stay fresh longer than Max Plan Age (Hours). Set the wrong clock right, then run Sync again and approve its new plan.',
	});
	const fresh = { steps: [expect.objectContaining({ kind: 'update' })], failed: [] };
	const FIVE_MINUTES = 5 * 60_000;
	test.each<[string, number, number, object]>([
		['exactly Max Plan Age old', at(24), 24, fresh],
		['a minute over', at(24) + 60_000, 24, tooOld('Plan is 24.0 hours old, more than Max Plan Age (Hours) (24)')],
		['25 hours, Max Plan Age 24', at(25), 24, tooOld('Plan is 25.0 hours old, more than Max Plan Age (Hours) (24)')],
		['an hour and a half, Max Plan Age 1.5', at(1.5), 1.5, fresh],
		['6 minutes, Max Plan Age 0.1', at(0.1) + 1, 0.1, tooOld('Plan is 0.1 hours old, more than Max Plan Age (Hours) (0.1)')],
		['made this instant', at(0), 24, fresh],
		// Two hosts' clocks differ a little: a plan up to 5 minutes ahead is fresh, and counts as of now.
		['5 minutes ahead (clocks differ a little)', at(0) - FIVE_MINUTES, 24, fresh],
		['5 minutes ahead, Max Plan Age a minute', at(0) - FIVE_MINUTES, 1 / 60, fresh],
		['a second more than 5 minutes ahead', at(0) - FIVE_MINUTES - 1000, 24, ahead('5 minutes', at(0) - FIVE_MINUTES - 1000)],
		['two hours ahead (a host clock wrong)', at(-2), 24, ahead('2.0 hours', at(-2))],
		['a day ahead, Max Plan Age a week', at(-24), 168, ahead('24.0 hours', at(-24))],
	])('its time: %s', (_name, now, maxAgeHours, expected) => {
		expect(checkPlan(plan([update]), { key, now, maxAgeHours })).toEqual(expect.objectContaining(expected));
	});
});

describe('maxPlanAgeOf: Max Plan Age as hours above 0, else refused before any request', () => {
	const fix = 'Set how many hours after Sync made it an approved plan may still be applied (24 by default: a nightly Sync makes a fresh plan).';
	test.each<[unknown, number]>([
		[24, 24],
		['48', 48],
		[0.5, 0.5],
		[' 12 ', 12],
		[1e-3, 1e-3],
	])('%j is %d hours', (value, hours) => {
		expect(maxPlanAgeOf(value)).toBe(hours);
	});
	test.each<[unknown, string]>([
		['', 'Max Plan Age (Hours) is blank'],
		['   ', 'Max Plan Age (Hours) is blank'],
		[null, 'Max Plan Age (Hours) is blank'],
		[undefined, 'Max Plan Age (Hours) is blank'],
		[0, 'Max Plan Age (Hours) must be a number of hours above 0 (got "0")'],
		['0', 'Max Plan Age (Hours) must be a number of hours above 0 (got "0")'],
		[-1, 'Max Plan Age (Hours) must be a number of hours above 0 (got "-1")'],
		[-0.5, 'Max Plan Age (Hours) must be a number of hours above 0 (got "-0.5")'],
		['a day', 'Max Plan Age (Hours) must be a number of hours above 0 (got "a day")'],
		[Number.NaN, 'Max Plan Age (Hours) must be a number of hours above 0 (got "NaN")'],
		[Number.POSITIVE_INFINITY, 'Max Plan Age (Hours) must be a number of hours above 0 (got "Infinity")'],
		[true, 'Max Plan Age (Hours) must be a number of hours above 0 (got "true")'],
		[[24], 'Max Plan Age (Hours) must be a number of hours above 0 (got "24")'],
	])('%j is refused, saying what to set', (value, why) => {
		expect(maxPlanAgeOf(value)).toEqual({ why, fix });
	});
});

describe('planResults and stepsWritten: an item per step of a plan, in one shape; what the application wrote', () => {
	const person = (id: string | null, email: string) => ({ id, email, name: email.split('@')[0] });
	const step = (kind: 'update' | 'create' | 'deactivate' | 'reactivate', who: ReturnType<typeof person>): PlannedStep =>
		kind === 'deactivate' ? { kind, person: who, fingerprint: '', blockReasonCode: '' } : { kind, person: who, fingerprint: '', upsert: { kind, body: {}, changes: {}, notCompared: [], existing: null, current: null } };
	const at = '2026-11-28T07:00:00.000Z';
	const earlier = '2026-11-28T06:30:00.000Z';
	const unreadable = new Error('403 Forbidden');
	const refused = new Error('422 Unprocessable');
	const steps = [
		step('deactivate', person('1', 'admin@example.com')),
		step('deactivate', person('2', 'unread@example.com')),
		step('update', person('3', 'stale@example.com')),
		step('update', person('4', 'missed@example.com')),
		step('update', person('5', 'refused@example.com')),
		step('update', person('6', 'ann@example.com')),
		step('create', person(null, 'new@example.com')),
		step('create', person(null, 'noid@example.com')),
		step('deactivate', person('7', 'bob@example.com')),
		step('update', person('8', 'noresult@example.com')),
		step('update', person('1', 'admin@example.com')),
		step('reactivate', person('1', 'admin@example.com')),
		step('deactivate', person('9', 'gone@example.com')),
		step('create', person(null, 'hired@example.com')),
		step('reactivate', person('10', 'back@example.com')),
	];
	const written = { deactivated: { outcome: 'deactivated', at: earlier }, created: { outcome: 'created', at: earlier, id: '61' } };
	const found = new Map<PlannedStep, StepFound>([
		[steps[0], { admin: true, current: steps[0] }],
		[steps[1], { admin: unreadable, current: steps[1] }],
		[steps[2], {}],
		...steps.slice(3, 10).map((s): [PlannedStep, StepFound] => [s, { admin: s.kind === 'create' ? undefined : false, current: s }]),
		// The Site Administrator is written by no step of a plan: an update or a reactivation is kept too.
		[steps[10], { admin: true, current: steps[10] }],
		[steps[11], { admin: true, current: steps[11] }],
		// Written by an earlier run or item of this plan: not read, not written again.
		[steps[12], { written: written.deactivated }],
		[steps[13], { written: written.created }],
		[steps[14], { admin: false, current: steps[14] }],
	]);
	const applied = new Map<unknown, Applied>([
		[steps[4], { step: steps[4], error: refused }],
		[steps[5], { step: steps[5], result: { user: { id: 6 }, outcome: 'updated', changes: { last_name: { from: 'Li', to: 'Lee' } } as never } }],
		[steps[6], { step: steps[6], result: { user: { id: 60 }, outcome: 'created' } }],
		[steps[7], { step: steps[7], result: { user: { id: null }, outcome: 'created' } }],
		[steps[8], { step: steps[8], result: { user: { id: 7 }, outcome: 'deactivated' } }],
		[steps[9], { step: steps[9] }],
		[steps[14], { step: steps[14], result: { user: { id: 10 }, outcome: 'reactivated' } }],
	]);
	const look = (s: PlannedStep) => found.get(s)!;

	test('already applied (with when), kept, stale, failed, or what the write came to, with the id a creation got; paired with the item that held the plan', () => {
		const results = planResults(steps, look, applied, 2);
		const item = (id: string | null, email: string, outcome: string, extra: IDataObject = {}) => ({ json: { name: email.split('@')[0], email, id, outcome, changes: {}, reason: null, appliedAt: null, ...extra }, item: 2 });
		expect(results).toEqual([
			item('1', 'admin@example.com', 'kept', { reason: SITE_ADMINISTRATOR_KEPT }),
			{ error: unreadable, user: { id: '2', email: 'unread@example.com' } },
			item('3', 'stale@example.com', 'stale', { reason: STALE }),
			item('4', 'missed@example.com', 'stale', { reason: STALE }),
			{ error: refused, user: { id: '5', email: 'refused@example.com' } },
			item('6', 'ann@example.com', 'updated', { changes: { last_name: { from: 'Li', to: 'Lee' } } }),
			item('60', 'new@example.com', 'created'),
			item(null, 'noid@example.com', 'created'),
			item('7', 'bob@example.com', 'deactivated'),
			item('8', 'noresult@example.com', 'unchanged'),
			item('1', 'admin@example.com', 'kept', { reason: SITE_ADMINISTRATOR_NOT_WRITTEN }),
			item('1', 'admin@example.com', 'kept', { reason: SITE_ADMINISTRATOR_NOT_WRITTEN }),
			item('9', 'gone@example.com', 'alreadyApplied', { reason: alreadyAppliedReason(written.deactivated), appliedAt: earlier }),
			item('61', 'hired@example.com', 'alreadyApplied', { reason: alreadyAppliedReason(written.created), appliedAt: earlier }),
			item('10', 'back@example.com', 'reactivated'),
		]);
		// Every item in one shape, led by who, whatever happened.
		for (const result of results) if ('json' in result) expect(Object.keys(result.json)).toEqual(['name', 'email', 'id', 'outcome', 'changes', 'reason', 'appliedAt']);
		// Each reason says what happened and what to do.
		expect(STALE).toMatch(/^Engagedly holds this user otherwise than the plan saw them .*: not written\. Run the sync again for a new plan\.$/);
		expect(alreadyAppliedReason(written.created)).toBe(`This plan’s step was written already (created, at ${earlier}), by an earlier run or item: not written again, whatever Engagedly holds now.`);
		expect(SITE_ADMINISTRATOR_NOT_WRITTEN).toMatch(/^The Site Administrator is written by no approved plan: .* Change them in Engagedly, or with Update\.$/);
	});

	test('what this application wrote, by place in the plan: each write Engagedly answered, with when and a creation’s id; never one kept, stale, failed, without a result, or written before', () => {
		expect(stepsWritten(steps, look, applied, at)).toEqual({
			5: { outcome: 'updated', at },
			6: { outcome: 'created', at, id: '60' },
			// Created, but Engagedly gave no id: written all the same, with no id to report.
			7: { outcome: 'created', at },
			8: { outcome: 'deactivated', at },
			14: { outcome: 'reactivated', at },
		});
		// An application that wrote nothing remembers nothing.
		expect(stepsWritten(steps, look, new Map(), at)).toEqual({});
		// A write applied for a step found kept or written before (never the case) is not taken for this one's.
		const everything = new Map<unknown, Applied>(steps.map((s) => [s, { step: s, result: { user: { id: 1 }, outcome: 'updated' } }]));
		expect(Object.keys(stepsWritten(steps, look, everything, at))).toEqual(['3', '4', '5', '6', '7', '8', '9', '14']);
	});
});

describe('written.ts: what Apply Plan remembers it wrote, plan by plan, run to run', () => {
	const now = Date.parse('2026-11-28T12:00:00.000Z');
	const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
	const step = (outcome: string, id?: string) => ({ outcome, at: hoursAgo(1), ...(id ? { id } : {}) });
	const state = (plans: WrittenState['plans']): WrittenState => ({ v: WRITTEN_VERSION, plans });
	const fresh = { plannedAt: hoursAgo(2), steps: { 0: step('deactivated'), 3: step('created', '60') } };

	test.each<[string, IDataObject, WrittenState]>([
		['nothing saved yet', {}, state({})],
		['Sync’s digests or another version', { v: 2, day: 20000, users: {} }, state({})],
		['plans that are no map', { v: WRITTEN_VERSION, plans: [] }, state({})],
		['a saved plan', { v: WRITTEN_VERSION, plans: { sigA: fresh } }, state({ sigA: fresh })],
		[
			'hand-edited entries left out, the others kept',
			{
				v: WRITTEN_VERSION,
				plans: {
					sigA: fresh,
					noTime: { steps: {} },
					noSteps: { plannedAt: hoursAgo(1) },
					badStep: { plannedAt: hoursAgo(1), steps: { 0: { outcome: 'deactivated' } } },
					badId: { plannedAt: hoursAgo(1), steps: { 0: { outcome: 'created', at: hoursAgo(1), id: 60 } } },
					text: 'written',
				},
			},
			state({ sigA: fresh }),
		],
	])('readWritten: %s', (_name, staticData, expected) => {
		expect(readWritten(staticData)).toEqual(expected);
	});

	test('forgetExpired: a plan Max Plan Age refuses now is forgotten (it can be applied no more), the rest kept', () => {
		const plans = {
			young: { plannedAt: hoursAgo(1), steps: {} },
			exactlyMaxAge: { plannedAt: hoursAgo(24), steps: {} },
			tooOld: { plannedAt: new Date(now - 24 * 3_600_000 - 1).toISOString(), steps: {} },
			ahead: { plannedAt: hoursAgo(-0.05), steps: {} },
			noTime: { plannedAt: 'yesterday', steps: {} },
		};
		expect(Object.keys(forgetExpired(state(plans), now, 24).plans)).toEqual(['young', 'exactlyMaxAge', 'ahead']);
		expect(Object.keys(forgetExpired(state(plans), now, 0.5).plans)).toEqual(['ahead']);
		expect(forgetExpired(state({}), now, 24)).toEqual(state({}));
	});

	test('withWritten and writtenOf: a plan’s steps added to what it wrote before, other plans kept; a plan that wrote nothing leaves the state as it was', () => {
		const before = state({ sigA: fresh, sigB: { plannedAt: hoursAgo(3), steps: { 1: step('updated') } } });
		const later = withWritten(before, { signature: 'sigA', plannedAt: fresh.plannedAt }, { 1: step('updated') });
		expect(later).toEqual(state({ sigA: { plannedAt: fresh.plannedAt, steps: { ...fresh.steps, 1: step('updated') } }, sigB: before.plans.sigB }));
		expect(writtenOf(later, 'sigA')).toEqual({ 0: step('deactivated'), 1: step('updated'), 3: step('created', '60') });
		// A plan new to the state; nothing yet of a plan never applied.
		const added = withWritten(before, { signature: 'sigC', plannedAt: hoursAgo(0) }, { 0: step('deactivated') });
		expect(added.plans.sigC).toEqual({ plannedAt: hoursAgo(0), steps: { 0: step('deactivated') } });
		expect(writtenOf(before, 'sigC')).toEqual({});
		expect(withWritten(before, { signature: 'sigC', plannedAt: hoursAgo(0) }, {})).toBe(before);
		// The state survives n8n's static data (JSON) as it is.
		expect(readWritten(JSON.parse(JSON.stringify(added)) as IDataObject)).toEqual(added);
	});
});

describe('failedWhenPlanned: a row the plan could not hold ends the approved run in its error', () => {
	const context = { getNode: () => ({ name: 'Apply Plan', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters: {} }) } as never;
	const tail = 'It was not part of the approved plan, so nothing was written for it: fix the row in the HR system and run Sync again.';
	test.each<[string, IDataObject, string, string]>([
		['its item, address and advice', { item: 3, email: 'bad@example.com', error: 'Joining Date "someday" is not a date', description: 'Give YYYY-MM-DD.' }, 'Item 3 (bad@example.com) failed when the plan was made: Joining Date "someday" is not a date', `Give YYYY-MM-DD. ${tail}`],
		['item 0, no address, advice that is not text', { item: 0, error: 'Email is empty', description: 7 }, 'Item 0 failed when the plan was made: Email is empty', tail],
		['no item', { email: 'x@example.com', error: 'refused' }, 'A row (x@example.com) failed when the plan was made: refused', tail],
	])('%s', (_name, row, message, description) => {
		const error = failedWhenPlanned(context, row);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect([error.message, error.description, error.context.itemIndex]).toEqual([message, description, 0]);
		// On the item of Apply Plan that held the plan (Sync's item is in the message).
		expect(failedWhenPlanned(context, row, 2).context.itemIndex).toBe(2);
	});
});
