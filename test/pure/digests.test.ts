/**
 * Which digests Sync trusts and whose turn it is (sync/digests.ts): the rolling reconciliation as
 * tables. No engine: test/user/syncNightly.test.ts walks the nights through n8n's engine.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ComparisonInput, DigestComparison, DigestState } from '../../nodes/Engagedly/actions/user/sync/digests';
import { comparisonFor, digestOf, nextDigestState, nextTurn, notRead, readDigest, readDigestState, singleRead, slotOf, UNCONFIRMED } from '../../nodes/Engagedly/actions/user/sync/digests';
import { listed, readsWith, single } from '../helpers/userWrite';

const DAY_MS = 24 * 60 * 60 * 1000;
const TODAY = 20_000;
const ids = Array.from({ length: 7_000 }, (_, index) => `u${index}`);
const saved = (day: number): DigestState => ({ v: 2, day, users: Object.fromEntries(ids.map((id) => [id, 'digest'])) });
const input = (extra: Partial<ComparisonInput> = {}): ComparisonInput => ({ manual: false, dryRun: false, fullEveryDays: 7, fullNow: false, now: TODAY * DAY_MS + 3_600_000, ...extra });
const comparisonOf = (state: DigestState | undefined, extra?: Partial<ComparisonInput>) => comparisonFor(state, input(extra));
/** Whom a run reads of users whose items give the digests saved (`state`'s, or none: all the same digest). */
const decided = (state: DigestState | undefined, extra?: Partial<ComparisonInput>) => {
	const run = comparisonOf(state, extra);
	const decisions = ids.map((id) => singleRead(run, id, 'digest'));
	return { comparison: run.comparison, read: decisions.filter((d) => d === 'read').length, waiting: decisions.filter((d) => d === 'wait').length };
};
const onSlots = (period: number, ...days: number[]) => ids.filter((id) => days.some((day) => slotOf(id, period) === day % period)).length;

test.each([
	['no saved state (a first run): today’s turn read, everyone else waits for theirs', undefined, {}, 'incremental', onSlots(7, TODAY), ids.length - onSlots(7, TODAY)],
	['no saved state, run by hand: the same', undefined, { manual: true }, 'incremental', onSlots(7, TODAY), ids.length - onSlots(7, TODAY)],
	['run by hand the day after the active workflow’s run: its digests, today’s turn', saved(TODAY - 1), { manual: true }, 'incremental', onSlots(7, TODAY), 0],
	['run by hand the day of its run: nobody’s turn', saved(TODAY), { manual: true }, 'incremental', 0, 0],
	['Full Comparison This Run', saved(TODAY - 1), { fullNow: true }, 'full', ids.length, 0],
	['Full Comparison This Run, no saved state', undefined, { fullNow: true }, 'full', ids.length, 0],
	['a period of 0: every run', saved(TODAY - 1), { fullEveryDays: 0 }, 'full', ids.length, 0],
	['a whole period since the last run: every turn came', saved(TODAY - 7), {}, 'full', ids.length, 0],
	['a clock set back: today’s turn', saved(TODAY + 1), {}, 'incremental', onSlots(7, TODAY), 0],
	['a second run the same day', saved(TODAY), {}, 'incremental', 0, 0],
	['a period of 1, the next day: everyone has their turn', saved(TODAY - 1), { fullEveryDays: 1 }, 'full', ids.length, 0],
	['a period of 1, a second run the same day', saved(TODAY), { fullEveryDays: 1 }, 'incremental', 0, 0],
	['a period of 2, the next day: half have their turn', saved(TODAY - 1), { fullEveryDays: 2 }, 'incremental', onSlots(2, TODAY), 0],
])('%s: %s comparison', (_name, state, extra, comparison, read, waiting) => {
	expect(decided(state, extra)).toEqual({ comparison, read, waiting });
});

test.each([
	['the digest saved', 'digest', 'trust'],
	['another digest (the item changed)', 'other', 'read'],
	['UNCONFIRMED saved (a write whose outcome was not known)', UNCONFIRMED, 'read'],
])('a user not on their turn, whose item gives %s: %s', (_name, savedDigest, decision) => {
	const id = ids.find((user) => slotOf(user, 7) !== TODAY % 7)!;
	expect(singleRead(comparisonOf({ v: 2, day: TODAY - 1, users: { [id]: savedDigest } }), id, 'digest')).toBe(decision);
});

test('nextTurn: the first day after the run’s that is the user’s turn, within the period', () => {
	const run = comparisonOf(undefined);
	const byDay = new Map<string, number>();
	for (const id of ids) {
		const turn = nextTurn(run, id);
		const ahead = (Date.parse(turn) - TODAY * DAY_MS) / DAY_MS;
		expect(ahead).toBeGreaterThanOrEqual(1);
		expect(ahead).toBeLessThanOrEqual(7);
		expect(slotOf(id, 7)).toBe((TODAY + ahead) % 7);
		byDay.set(turn, (byDay.get(turn) ?? 0) + 1);
	}
	expect(byDay.size).toBe(7);
});

test('night after night from a first run: each reads the users whose turn it is, about a seventh, and every user once in seven nights; two nights missed, the next reads both turns', () => {
	let state: DigestState | undefined;
	const reads: string[][] = [];
	for (let night = 0; night < 7; night++) {
		const run = comparisonOf(state, { now: (TODAY + night) * DAY_MS });
		const read = ids.filter((id) => singleRead(run, id, 'digest') === 'read');
		reads.push(read);
		const confirmed = new Map([...Object.entries(state?.users ?? {}), ...read.map((id): [string, string] => [id, 'digest'])]);
		state = nextDigestState(run, confirmed, [], []);
	}
	expect(reads.flat().sort()).toEqual([...ids].sort());
	for (const night of reads) expect(Math.abs(night.length - ids.length / 7)).toBeLessThan(ids.length / 7 / 10);
	const twoNights = comparisonOf(saved(TODAY - 2));
	expect(ids.filter((id) => singleRead(twoNights, id, 'digest') === 'read').sort()).toEqual(ids.filter((id) => [TODAY % 7, (TODAY - 1) % 7].includes(slotOf(id, 7))).sort());
});

test('nextDigestState: the confirmed digests, UNCONFIRMED for users compared but not confirmed, the run’s day, the fields shown so far', () => {
	const run = { ...comparisonOf(undefined), shown: ['hr_managers'] };
	expect(nextDigestState(run, new Map([['u1', 'a']]), ['u2'], ['birth_date', 'hr_managers'])).toEqual({ v: 2, day: TODAY, users: { u1: 'a', u2: UNCONFIRMED }, shown: ['birth_date', 'hr_managers'] });
});

test('the fields shown are read back with the state; a state without them (or with something else there) knows none', () => {
	expect(readDigestState({ v: 2, day: TODAY, users: {}, shown: ['birth_date'] })?.shown).toEqual(['birth_date']);
	expect(readDigestState({ v: 2, day: TODAY, users: {} })?.shown).toEqual([]);
	expect(readDigestState({ v: 2, day: TODAY, users: {}, shown: 'birth_date' })?.shown).toEqual([]);
	expect(comparisonOf({ v: 2, day: TODAY - 1, users: {}, shown: ['birth_date'] }).shown).toEqual(['birth_date']);
});

test('a state of the first version (a last full comparison, no day) is not read: no digest is known', () => {
	expect(readDigestState({ v: 1, fullAt: TODAY * DAY_MS, users: { u1: 'a.b' } })).toBeUndefined();
});

test.each([
	['users missing', { v: 2, day: TODAY }],
	['users null', { v: 2, day: TODAY, users: null }],
	['users a list', { v: 2, day: TODAY, users: ['a.b'] }],
	['users a text', { v: 2, day: TODAY, users: 'a.b' }],
	['a digest that is not text', { v: 2, day: TODAY, users: { u1: 'a.b', u2: 7 } }],
	['a day that is not a whole number', { v: 2, day: TODAY + 0.5, users: { u1: 'a.b' } }],
	['a day that is text', { v: 2, day: String(TODAY), users: { u1: 'a.b' } }],
])('a hand-edited state (%s) is none: nobody’s digest is known', (_name, state) => {
	expect(readDigestState(state as never)).toBeUndefined();
});

test.each([
	['a scheduled run', {}, true],
	['a run by hand', { manual: true }, false],
	['a dry run', { dryRun: true }, false],
])('%s saves what it confirmed: %s', (_name, extra, save) => {
	expect(comparisonFor(saved(TODAY - 1), input(extra)).save).toBe(save);
});

test('a digest is of the values in their compared form, whatever order the fields come in', () => {
	const a = digestOf({ birth_date: 'Jan 15, 1990', hr_managers: ['2', '1'] }, ['hr_managers', 'birth_date'], []);
	expect(digestOf({ birth_date: '1990-01-15', hr_managers: ['1', '2'] }, ['birth_date', 'hr_managers'], [])).toBe(a);
	expect(digestOf({ birth_date: '1990-01-16', hr_managers: ['1', '2'] }, ['birth_date', 'hr_managers'], [])).not.toBe(a);
	expect(digestOf({ birth_date: '1990-01-15' }, ['birth_date'], [])).not.toBe(a);
});

test('a well-formed state is read as it is, an empty one too', () => {
	expect(readDigestState({ v: 2, day: TODAY, users: { u1: 'a.b', u2: 'c.d' } })).toEqual({ v: 2, day: TODAY, users: { u1: 'a.b', u2: 'c.d' }, shown: [] });
	expect(readDigestState({ v: 2, day: TODAY, users: {} })).toEqual({ v: 2, day: TODAY, users: {}, shown: [] });
});


describe('the digests Sync trusts, or the turn a user waits for, instead of a single-user read', () => {
	const body = { first_name: 'Ada', hr_managers: ['5'] };
	const saved = digestOf(body, ['hr_managers'], []);
	/** Day 20,000 is 2024-10-04; user 7's turn in a period of 7 is their slot. */
	const DAY = 20_000;
	const slot7 = slotOf('7', 7);
	const withDigests = (digests: Record<string, string>, extra: Partial<DigestComparison> = {}): DigestComparison => ({ comparison: 'incremental', saved: digests, turns: [(slot7 + 1) % 7], period: 7, save: true, day: DAY, shown: [], ...extra });
	const turnOf7 = new Date((DAY + (((slot7 - DAY) % 7) + 7) % 7 || 7) * 86_400_000).toISOString().slice(0, 10);

	test.each([
		['nothing the list does not carry: nothing to trust, whatever is saved', { first_name: 'Ada' }, withDigests({ 7: digestOf({ first_name: 'Ada' }, [], []) }), undefined],
		['the digest saved for this user: the field is left out, unread and unwritten', body, withDigests({ 7: saved }), { body: { first_name: 'Ada' }, digest: saved }],
		['another digest saved (the item changed, or the last write was not confirmed): read', body, withDigests({ 7: 'another' }), undefined],
		['their turn, the digest saved: read', body, withDigests({ 7: saved }, { turns: [slot7] }), undefined],
		['a full comparison: read', body, withDigests({ 7: saved }, { comparison: 'full' }), undefined],
		['no digest for them, not their turn: the field waits for their turn, unread and unwritten', body, withDigests({ 8: saved }), { body: { first_name: 'Ada' }, waiting: { fields: ['hr_managers'], turn: turnOf7 } }],
		['no digest for them, their turn: read', body, withDigests({}, { turns: [slot7] }), undefined],
		['no digest for them, not their turn, but a field the list carries changes: read (they are written anyway)', { ...body, first_name: 'Augusta' }, withDigests({}), undefined],
		['no digest for them, Blocked (Sync reactivates them): read', body, withDigests({}), undefined, { ...listed, status: 'Blocked' }],
		['no digest for them, not their turn, and no answer of this run has shown the field yet: read, to find out whether Engagedly shows it', body, withDigests({}), undefined, listed, []],
	])('notRead: %s', (_name, given, digests, left, user: IDataObject = listed, shown: string[] = ['hr_managers']) => {
		expect(notRead(user, given, readsWith([], shown), digests)).toEqual(left);
	});

	test('notRead: a field the single user never shows is not trusted either: it is written uncompared', () => {
		expect(notRead(listed, body, readsWith(['hr_managers']), withDigests({ 7: saved }))).toBeUndefined();
	});

	test.each([
		['the single user was not read', body, listed, undefined],
		['read, carrying the field: its digest', body, single, saved],
		['read, carrying one field and not another: the digest of the one read', { ...body, secondary_managers: ['6'] }, single, saved],
		['nothing the list does not carry', { first_name: 'Ada' }, single, undefined],
	])('readDigest: %s', (_name, given, current, digest) => {
		expect(readDigest(listed, current, given, readsWith())).toBe(digest);
	});
});
