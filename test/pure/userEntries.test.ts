/**
 * What the user events keep per user and when they fire, as a table (trigger/userEntries.ts):
 * the entry of each status, which change of entry is the event, and User Updated's values,
 * `changes` and value table. The engine suites (test/trigger/users, userScan, userScanResume)
 * prove the pass that reads the users and saves the entries.
 */
import type { IDataObject } from 'n8n-workflow';

import { digest } from '../../nodes/Engagedly/digest';
import type { UserEntry } from '../../nodes/Engagedly/trigger/state';
import { ValueTable } from '../../nodes/Engagedly/trigger/state';
import type { StatusEvent } from '../../nodes/Engagedly/trigger/userEntries';
import {
	carried,
	changesOf,
	fires,
	sampleChanges,
	showsEvent,
	statusEntry,
	statusEventEntry,
	valuesDiffer,
	valuesEntry,
} from '../../nodes/Engagedly/trigger/userEntries';

describe('a status entry', () => {
	const blocked = (at?: unknown) => statusEntry({ status: 'Blocked', user_blocked_at: at } as IDataObject);

	test('active is "A"; blocked, "B" and six characters of the digest of when', () => {
		expect(statusEntry({ status: 'Active' })).toBe('A');
		expect(blocked('2024-03-01T10:00:00Z')).toBe(`B${digest('2024-03-01T10:00:00Z', 6)}`);
	});

	test('blocked at another time is another entry (deactivated again in between counts)', () => {
		expect(blocked('2024-03-01T10:00:00Z')).not.toBe(blocked('2024-05-01T10:00:00Z'));
	});

	test('a blocked user without a time, null or blank, is one entry', () => {
		expect(blocked(undefined)).toBe(blocked(''));
		expect(blocked(null)).toBe(blocked(''));
		expect(blocked('')).toMatch(/^B.{6}$/);
	});

	test('any other status is "X" and the digest of it; a missing status is a blank one', () => {
		expect(statusEntry({ status: 'Pending' })).toBe(`X${digest('Pending', 6)}`);
		expect(statusEntry({ status: 'Pending' })).not.toBe(statusEntry({ status: 'Invited' }));
		expect(statusEntry({})).toBe(statusEntry({ status: '' }));
		expect(statusEntry({ status: null })).toBe(statusEntry({ status: '' }));
	});

	test.each<[StatusEvent, UserEntry]>([
		['newUser', 1],
		['userActivated', 'A'],
		['userDeactivated', 'A'],
	])('%s keeps %j for an active user', (event, entry) => {
		expect(statusEventEntry(event, { status: 'Active' })).toBe(entry);
	});
});

describe('which change of entry is the event', () => {
	const B1 = `B${digest('2024-03-01', 6)}`;
	const B2 = `B${digest('2024-05-01', 6)}`;
	const X = `X${digest('Pending', 6)}`;
	// Dated ahead of any clock (an import): entries hold no time to compare, so nothing after it looks old.
	const AHEAD = statusEntry({ status: 'Blocked', user_blocked_at: '2099-01-01T00:00:00Z' });
	test.each<[StatusEvent, UserEntry | undefined, UserEntry, boolean]>([
		['userDeactivated', 'A', AHEAD, true],
		['userDeactivated', AHEAD, B1, true],
		['userActivated', AHEAD, 'A', true],
		['newUser', undefined, 1, true],
		['newUser', 1, 1, false],
		['userActivated', B1, 'A', true],
		['userActivated', X, 'A', true],
		['userActivated', undefined, 'A', false],
		['userActivated', 'A', 'A', false],
		['userActivated', 'A', B1, false],
		['userActivated', B1, X, false],
		['userDeactivated', 'A', B1, true],
		['userDeactivated', B1, B2, true],
		['userDeactivated', B1, B1, false],
		['userDeactivated', undefined, B1, false],
		['userDeactivated', 'A', X, false],
		['userDeactivated', B1, 'A', false],
	])('%s, from %j to %j: %s', (event, previous, current, expected) => {
		expect(fires(event, previous, current)).toBe(expected);
	});
});

test.each<[StatusEvent, string, boolean]>([
	['newUser', 'Blocked', true],
	['newUser', 'Active', true],
	['userActivated', 'Active', true],
	['userActivated', 'Blocked', false],
	['userDeactivated', 'Blocked', true],
	['userDeactivated', 'Active', false],
	['userDeactivated', 'Pending', false],
])('the sample of %s may show a user who is %s: %s', (event, status, expected) => {
	expect(showsEvent(event, { status })).toBe(expected);
});

describe('User Updated’s values', () => {
	const FIELDS = ['email', 'job_title'];
	/** A saved table and a user's entry in it. */
	const saved = (...values: unknown[]) => {
		const table = new ValueTable();
		return { entry: valuesEntry(values, table), values: table.values };
	};

	test('each value is stored once as JSON (one the table holds already, at its place), a missing one as null', () => {
		const table = new ValueTable(['"kept"']);
		expect(valuesEntry(['a@x.io', null, undefined, 'kept', { id: '3', name: 'QA' }, 'a@x.io'], table)).toEqual([1, 2, 2, 0, 3, 1]);
		expect(table.values).toEqual(['"kept"', '"a@x.io"', 'null', '{"id":"3","name":"QA"}']);
	});

	test.each<[string, UserEntry | undefined, unknown[], boolean]>([
		['a user not seen before', undefined, ['a@x.io', null], true],
		['a user seen by another event (its entry is not a list)', 1, ['a@x.io', null], true],
		['a user seen with another number of fields', [0], ['a@x.io', null], true],
		['the same values', [0, 1], ['a@x.io', null], false],
		['one value changed', [0, 1], ['b@x.io', null], true],
		['only the second value changed', [0, 1], ['a@x.io', 'QA'], true],
	])('saved anew: %s: %s', (_title, before, now, expected) => {
		const old = saved('a@x.io', null);
		const table = new ValueTable();
		expect(valuesDiffer(FIELDS, before, valuesEntry(now, table), old.values, table)).toBe(expected);
	});

	/** `changes` for a user saved with `was` and read now with `now`. */
	const changes = (was: unknown[], now: unknown[], before?: UserEntry) => {
		const old = saved(...was);
		return changesOf(FIELDS, before ?? old.entry, old.values, now);
	};

	test.each<[string, unknown[], unknown[], IDataObject | undefined]>([
		['nothing changed', ['a@x.io', { id: '3', name: 'QA' }], ['a@x.io', { id: '3', name: 'QA' }], undefined],
		['the email changed', ['a@x.io', null], ['b@x.io', null], { email: { previous: 'a@x.io', current: 'b@x.io' } }],
		['both changed', ['a@x.io', null], ['b@x.io', { id: '3', name: 'QA' }], { email: { previous: 'a@x.io', current: 'b@x.io' }, job_title: { previous: null, current: { id: '3', name: 'QA' } } }],
		['a record renamed (the same id): no change', ['a@x.io', { id: '3', name: 'QA' }], ['a@x.io', { id: '3', name: 'Quality' }], undefined],
		['a value that became blank', ['a@x.io', null], ['', null], { email: { previous: 'a@x.io', current: '' } }],
		['null that became "" (a blank is a blank)', ['a@x.io', null], ['a@x.io', ''], undefined],
	])('changes: %s', (_title, was, now, expected) => {
		expect(changes(was, now)).toStrictEqual(expected);
	});

	test('a user with no previous values for these fields has no changes', () => {
		expect(changes(['a@x.io', null], ['b@x.io', null], 1)).toBeUndefined();
		expect(changes(['a@x.io', null], ['b@x.io', null], [0])).toBeUndefined();
	});

	test('a previous value missing from the saved table is reported as null', () => {
		expect(changes(['a@x.io', null], ['a@x.io', 'QA'], [0, 7])).toStrictEqual({ job_title: { previous: null, current: 'QA' } });
	});

	test('an entry carried into a fresh table keeps its values, a missing one as null; other entries as they are', () => {
		const table = new ValueTable(['"other"']);
		expect(carried([1, 0, 9], ['"x"', '"y"'], table)).toEqual([1, 2, 3]);
		expect(table.values).toEqual(['"other"', '"y"', '"x"', 'null']);
		expect(carried('A', ['"x"'], table)).toBe('A');
		expect(carried(1, ['"x"'], table)).toBe(1);
	});

	test.each<[string, UserEntry | undefined, IDataObject]>([
		['a user not saved yet: the current values', undefined, { email: { previous: 'b@x.io', current: 'b@x.io' }, job_title: { previous: null, current: null } }],
		['a user saved by the last poll: its saved values', [0, 1], { email: { previous: 'a@x.io', current: 'b@x.io' }, job_title: { previous: 'QA', current: null } }],
		['an entry of another event: the current values', 'A', { email: { previous: 'b@x.io', current: 'b@x.io' }, job_title: { previous: null, current: null } }],
		['a saved index missing from the table: the current value', [0, 5], { email: { previous: 'a@x.io', current: 'b@x.io' }, job_title: { previous: null, current: null } }],
	])('the sample’s changes, %s', (_title, entry, expected) => {
		expect(sampleChanges(FIELDS, ['b@x.io', null], entry, saved('a@x.io', 'QA').values)).toStrictEqual(expected);
	});
});
