/**
 * The trigger's saved state as a table (trigger/state.ts): a state for another configuration or
 * version, or malformed (hand-edited, half-migrated), is none, so the next poll takes a new
 * baseline instead of misreading it; and the value table stores each value once.
 */
import type { IDataObject } from 'n8n-workflow';

import type { PraiseState, UserState } from '../../nodes/Engagedly/trigger/state';
import { PRAISE_STATE_VERSION, readState, USER_STATE_VERSION, validPraiseState, validUserState, ValueTable } from '../../nodes/Engagedly/trigger/state';

test('a state saved for another configuration is none; for this one it is the saved data itself', () => {
	const saved: IDataObject = { v: 1, config: 'newUser', gen: 4 };
	expect(readState(saved, 'newUser')).toBe(saved);
	expect(readState(saved, 'userActivated')).toBeUndefined();
	expect(readState({}, 'newUser')).toBeUndefined();
});

const user = (over: IDataObject = {}) => ({ v: USER_STATE_VERSION, config: 'c', gen: 1, users: { '7': 'A' }, ...over }) as UserState;

test.each<[string, UserState | undefined, boolean]>([
	['a state of this version with its users', user(), true],
	['with a pass on page 1', user({ pass: { page: 1 } }), true],
	['with a pass on page 3 and the total it saw', user({ pass: { page: 3, total: 120 } }), true],
	['no state', undefined, false],
	['another version', user({ v: USER_STATE_VERSION - 1 }), false],
	['without users (the first poll has not saved any)', user({ users: undefined }), false],
	['users as null', user({ users: null as never }), false],
	['users as a list', user({ users: ['A'] as never }), false],
	['users as text', user({ users: 'A' as never }), false],
	['a pass that is null', user({ pass: null as never }), false],
	['a pass that is a list', user({ pass: [2] as never }), false],
	['a pass that is a number', user({ pass: 2 as never }), false],
	['a pass without its page', user({ pass: {} as never }), false],
	['a pass on page 0', user({ pass: { page: 0 } }), false],
	['a pass on page 1.5', user({ pass: { page: 1.5 } }), false],
	['a pass on page "2"', user({ pass: { page: '2' } as never }), false],
])('a user state: %s is %s', (_title, state, valid) => {
	expect(validUserState(state)).toBe(valid ? state : undefined);
});

const mark = { at: 1_700_000_000_000, ids: [5, 'p-6'] };
const praise = (over: IDataObject = {}) => ({ v: PRAISE_STATE_VERSION, config: 'c', gen: 1, ...mark, ...over }) as PraiseState;
const pass = (over: IDataObject = {}) => ({ page: 2, top: mark, pins: [], ...over });

test.each<[string, PraiseState | undefined, boolean]>([
	['its place in the feed', praise(), true],
	['a baseline of an empty feed', praise({ at: 0, ids: [] }), true],
	['with a pass', praise({ pass: pass() }), true],
	['with a pass on page 1', praise({ pass: pass({ page: 1 }) }), true],
	['with a pass that has gone down the feed and emitted pinned praises', praise({ pass: pass({ down: mark, pins: [9] }) }), true],
	['with praises dated ahead it remembers', praise({ ahead: [{ id: 9, at: 1 }, { id: 'p-7', at: 2 }] }), true],
	['praises dated ahead that are not a list', praise({ ahead: { id: 9, at: 1 } }), false],
	['a praise dated ahead without its date', praise({ ahead: [{ id: 9 }] }), false],
	['a praise dated ahead without its id', praise({ ahead: [{ at: 1 }] }), false],
	['a praise dated ahead that is null', praise({ ahead: [null] }), false],
	['skipping what came before a reactivation', praise({ skipBefore: 1 }), true],
	['skipping before a time that is not one', praise({ skipBefore: '2024-01-01' }), false],
	['no state', undefined, false],
	['another version', praise({ v: PRAISE_STATE_VERSION - 1 }), false],
	['without its time', praise({ at: undefined }), false],
	['with a time that is not a number', praise({ at: '2024-01-01' }), false],
	['without its ids', praise({ ids: undefined }), false],
	['a pass on page 0', praise({ pass: pass({ page: 0 }) }), false],
	['a pass on page 2.5', praise({ pass: pass({ page: 2.5 }) }), false],
	['a pass without its top', praise({ pass: pass({ top: undefined }) }), false],
	['a pass whose top is null', praise({ pass: pass({ top: null }) }), false],
	['a pass whose top has no ids', praise({ pass: pass({ top: { at: 1 } }) }), false],
	['a pass whose way down is malformed', praise({ pass: pass({ down: { at: 'x', ids: [] } }) }), false],
	['a pass without its pins', praise({ pass: pass({ pins: undefined }) }), false],
])('a praise state: %s is %s', (_title, state, valid) => {
	expect(validPraiseState(state)).toBe(valid ? state : undefined);
});

test('the value table stores each value once, in the order first added, and goes on from a saved one', () => {
	const table = new ValueTable();
	expect(['"L1"', '"L2"', '"L1"', 'null', '"L2"'].map((json) => table.add(json))).toEqual([0, 1, 0, 2, 1]);
	expect(table.values).toEqual(['"L1"', '"L2"', 'null']);

	const saved = ['"a"', '"b"'];
	const resumed = new ValueTable(saved);
	expect([resumed.add('"b"'), resumed.add('"c"'), resumed.add('"a"')]).toEqual([1, 2, 0]);
	expect(resumed.values).toEqual(['"a"', '"b"', '"c"']);
	// The saved list is the state's own: the table adds to a copy.
	expect(saved).toEqual(['"a"', '"b"']);
});
