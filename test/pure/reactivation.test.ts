/**
 * A workflow activated again after a pause, as a table (trigger/reactivation.ts): which poll is a
 * reactivation, from n8n's activation mode, whether the poll is the first of its context and
 * whether a state was saved; and the state the poll goes on from, as On Reactivation chose.
 * test/trigger/reactivation.test.ts proves it through n8n's engine.
 */
import type { PraiseState, UserState } from '../../nodes/Engagedly/trigger/state';
import { PRAISE_STATE_VERSION, USER_STATE_VERSION } from '../../nodes/Engagedly/trigger/state';
import { isReactivation, reactivatedPraises, reactivatedUsers } from '../../nodes/Engagedly/trigger/reactivation';

test.each<[string, string, boolean, boolean, boolean]>([
	['a builder activates it again: the first poll of the activation, a state saved', 'activate', true, true, true],
	['a builder activates it the first time: no state, a baseline', 'activate', true, false, false],
	['a later poll of that activation (n8n\'s default scheduler keeps its context and mode)', 'activate', false, true, false],
	['n8n starts: the workflow stayed active, it catches up', 'init', true, true, false],
	['an active workflow published again', 'update', true, true, false],
	['a poll of n8n\'s durable scheduler (a context of its own, \'update\')', 'update', true, true, false],
	['another main instance takes over', 'leadershipChange', true, true, false],
	['Fetch Test Event', 'manual', true, true, false],
])('%s: %s', (_title, mode, first, saved, expected) => {
	expect(isReactivation(mode, first, saved)).toBe(expected);
});

const T = 1_700_000_000_000;

describe('New Praise goes on from', () => {
	const saved = { v: PRAISE_STATE_VERSION, config: 'newPraise', gen: 4, at: T, ids: [5] } as PraiseState;
	test.each<[string, 'skip' | 'emit', PraiseState]>([
		['skipping: its place, skipping what is dated before the reactivation', 'skip', { ...saved, skipBefore: T + 60_000 }],
		['emitting: its place as it was', 'emit', saved],
	])('%s', (_title, choice, expected) => {
		const state = reactivatedPraises(saved, choice, T + 60_000);
		expect(state).toStrictEqual(expected);
		expect(state).not.toBe(saved);
	});
});

describe('the user events go on from', () => {
	const idle = { v: USER_STATE_VERSION, config: 'newUser', gen: 4, users: { u1: 1 } } as UserState;
	const saved = { ...idle, pass: { page: 3, total: 400 } } as UserState;
	test.each<[string, UserState, 'skip' | 'emit', UserState]>([
		['skipping: a quiet pass from the first page (a pass in progress starts again)', saved, 'skip', { ...idle, quiet: true }],
		['skipping, no pass in progress: a quiet pass', idle, 'skip', { ...idle, quiet: true }],
		['emitting: the state as it was, its pass going on', saved, 'emit', saved],
		['a first pass in progress: silent already, as it was', { ...saved, first: true }, 'skip', { ...saved, first: true }],
	])('%s', (_title, state, choice, expected) => {
		const after = reactivatedUsers(state, choice);
		expect(after).toStrictEqual(expected);
		expect(after).not.toBe(state);
	});
});
