/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * Who is whom and the lifecycle Sync decides by, as the builder reads them: the tables of
 * docs/engagedly-node.md ("Who is whom", "The lifecycle") are read from the page and every row
 * checked against match.ts's identify and lifecycle.ts, over every combination of keys, status and
 * dates an HR export can give. A row changed on the page, or a rule changed in the code, fails
 * here. No n8n, no simulator.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';

import type { Employment, Holding, LifecycleState } from '../../nodes/Engagedly/actions/user/sync/lifecycle';
import { fateOf, lifecycleOf } from '../../nodes/Engagedly/actions/user/sync/lifecycle';
import { directoryOf } from '../../nodes/Engagedly/actions/user/sync/directory';
import type { Keys } from '../../nodes/Engagedly/actions/user/sync/match';
import { identify } from '../../nodes/Engagedly/actions/user/sync/match';
import { isEmptyDate } from '../../nodes/Engagedly/parameters/values';

const page = readFileSync(join(__dirname, '../../docs/engagedly-node.md'), 'utf8');
const sectionOf = (title: string) => page.slice(page.indexOf(title), page.indexOf('\n## ', page.indexOf(title) + 1));
const section = sectionOf('## The lifecycle');

/** The rows of the section's markdown tables, each a list of trimmed cells, table by table. */
function tables(markdown: string): string[][][] {
	const found: string[][][] = [];
	let rows: string[][] | undefined;
	for (const line of markdown.split('\n')) {
		if (!line.startsWith('|')) {
			rows = undefined;
			continue;
		}
		const cells = line.slice(1, -1).split('|').map((cell) => cell.trim());
		if (cells.every((cell) => /^-+$/.test(cell))) continue;
		if (!rows) found.push((rows = []));
		rows.push(cells);
	}
	return found.map((table) => table.slice(1));
}

const [stateRows, fateRows] = tables(section);
const TODAY = '2026-11-28';
const day = (offset: number) => DateTime.fromISO(TODAY).plus({ days: offset }).toISODate()!;
const LEFT = new Set(['terminated', 'inactive', 'false']);

/** What each row of the page's first table says, in code: read in order, the first that holds. */
interface Facts {
	start?: string;
	leaving?: string;
	/** The leaving date is the Rehire Date that is start. */
	onRehire: boolean;
	former: boolean;
	left: boolean;
}
const RULES: Record<string, (facts: Facts) => boolean> = {
	'a leaving date on the Rehire Date that is start, not left': (f) => f.onRehire && !f.left,
	'a former employment whose leaving date is today or ahead': (f) => f.former && f.leaving! >= TODAY,
	'start is ahead, left, and no leaving date': (f) => f.start! > TODAY && f.left && !f.leaving,
	'start is ahead, after a former employment': (f) => f.start! > TODAY && f.former,
	'start is ahead': (f) => f.start! > TODAY,
	'a leaving date (of this employment) before today': (f) => !!f.leaving && !f.former && f.leaving < TODAY,
	'a leaving date (of this employment) today or ahead, whatever the status': (f) => !!f.leaving && !f.former && f.leaving >= TODAY,
	'left, and no leaving date of this employment': (f) => f.left && (!f.leaving || f.former),
	'anything else (nothing said, or a status not in Left Statuses)': () => true,
};

describe('the lifecycle state: the page’s first table over every combination of status and dates', () => {
	test('the page lists exactly the rules checked here, in their order', () => {
		expect(stateRows.map(([rule]) => rule)).toEqual(Object.keys(RULES));
	});

	// Days around today: long past, yesterday, today, tomorrow, far ahead; or none. Rehire dates
	// between them, and on three of them, so a leaving date falls on the Rehire Date.
	const days = [undefined, day(-400), day(-1), TODAY, day(1), day(90)];
	const combinations: Employment[] = [];
	for (const status of ['', 'Active', 'terminated', 'On Leave'])
		for (const joiningDate of days)
			for (const leavingDate of days)
				for (const rehireDate of [undefined, day(-30), day(-1), TODAY, day(1), day(30)]) combinations.push({ status: status.toLowerCase(), joiningDate, leavingDate, rehireDate });

	test.each(combinations.map((row) => [JSON.stringify(row), row] as const))('%s', (_name, row) => {
		const start = [row.joiningDate, row.rehireDate].filter(Boolean).sort().pop();
		const facts: Facts = {
			start,
			leaving: row.leavingDate,
			onRehire: !!row.leavingDate && row.leavingDate === row.rehireDate && row.leavingDate === start,
			former: !!row.leavingDate && !!start && row.leavingDate < start,
			left: LEFT.has(row.status),
		};
		const [, state, date] = stateRows.find(([rule]) => RULES[rule](facts))!;
		const expectedDate = date === 'start' ? start : date === 'the leaving date' ? row.leavingDate : undefined;
		expect(lifecycleOf(row, TODAY, LEFT)).toEqual({ state, ...(expectedDate ? { date: expectedDate } : {}) });
	});
});

describe('a leaving date on the Rehire Date, with a status that is not left, is a new employment, never a leaver', () => {
	// Each of these read the leaving date as this employment's before: left, onNotice or notYetJoined.
	test.each<[string, Employment, { state: LifecycleState; date?: string }]>([
		['rehired yesterday, Active', { status: 'active', joiningDate: day(-900), leavingDate: day(-1), rehireDate: day(-1) }, { state: 'active' }],
		['rehired long ago, no status', { status: '', leavingDate: day(-400), rehireDate: day(-400) }, { state: 'active' }],
		['rehired today, On Leave', { status: 'on leave', joiningDate: day(-900), leavingDate: TODAY, rehireDate: TODAY }, { state: 'active' }],
		// No day between the two employments: working now and then, never deactivated in between.
		['rehired in a month, Active', { status: 'active', joiningDate: day(-900), leavingDate: day(30), rehireDate: day(30) }, { state: 'active' }],
	])('%s', (_name, row, lifecycle) => {
		expect(lifecycleOf(row, TODAY, LEFT)).toEqual(lifecycle);
	});

	// What stays as it was: a left status, a leaving date before the rehire, or a later Joining Date.
	test.each<[string, Employment, { state: LifecycleState; date?: string }]>([
		['a left status: the leaving date is this employment’s', { status: 'terminated', leavingDate: day(-1), rehireDate: day(-1) }, { state: 'left', date: day(-1) }],
		['a leaving date still ahead before a later rehire: on notice first', { status: 'active', leavingDate: day(1), rehireDate: day(30) }, { state: 'onNotice', date: day(1) }],
		['a Joining Date after it: start is the Joining Date, the leaving date before it', { status: 'active', joiningDate: day(10), leavingDate: day(-1), rehireDate: day(-1) }, { state: 'rejoining', date: day(10) }],
	])('%s', (_name, row, lifecycle) => {
		expect(lifecycleOf(row, TODAY, LEFT)).toEqual(lifecycle);
	});
});

describe('what Sync does: the page’s second table, every state by what Engagedly holds', () => {
	const WORDS: Record<string, string> = {
		write: 'brought up to date',
		deactivate: 'deactivated',
		pending: 'pending',
		'none:Left: not in Engagedly, so not created': 'unchanged (not created)',
		'none:Left, and already deactivated': 'unchanged (already deactivated)',
	};
	const HOLDINGS: Holding[] = ['nobody', 'active', 'blocked'];
	const start = day(10);
	/** A row's state and the Days Before Joining settings it covers: in the window (At Once, or 10 or more days before), before it (9 or fewer). */
	const settingsOf = (label: string): Array<number | undefined> =>
		label.endsWith('in the window') ? [undefined, 10, 30] : label.endsWith('before the window') ? [0, 9] : [undefined, 0, 9, 10];

	test('the page has a row for every state and a column for every holding', () => {
		expect(fateRows.map(([label]) => label.split(',')[0])).toEqual(['active', 'onNotice', 'notYetJoined', 'notYetJoined', 'rejoining', 'rejoining', 'left']);
		expect(fateRows.every((row) => row.length === 1 + HOLDINGS.length)).toBe(true);
	});

	test.each(fateRows.flatMap(([label, ...cells]) => HOLDINGS.map((holding, column) => [label, holding, cells[column]] as const)))(
		'%s, %s: %s',
		(label, holding, words) => {
			const state = label.split(',')[0] as LifecycleState;
			const date = state === 'notYetJoined' || state === 'rejoining' ? start : state === 'onNotice' ? day(5) : undefined;
			for (const daysBeforeJoining of settingsOf(label)) {
				const fate = fateOf({ state, date }, holding, TODAY, daysBeforeJoining);
				const key = fate.action === 'none' ? `none:${fate.reason}` : fate.action;
				expect([daysBeforeJoining, WORDS[key]]).toEqual([daysBeforeJoining, words]);
				// A pending employee is written from the day the window opens.
				if (fate.action === 'pending') expect(fate.from).toBe(day(10 - daysBeforeJoining!));
			}
		},
	);
});

test.each([
	['BambooHR’s empty date', '0000-00-00', true],
	['a zero date with a time', '0000-00-00 00:00:00', true],
	['blank text', '  ', true],
	['null', null, true],
	['a date', '2026-01-05', false],
	['a date in year 2000', '2000-01-01', false],
])('an empty date, as HR systems write it: %s', (_name, value, empty) => {
	expect(isEmptyDate(value)).toBe(empty);
});

describe('who is whom: the page’s matching table over every combination of keys and accounts', () => {
	const [matchRows] = tables(sectionOf('## Who is whom'));
	type Names = 'none' | 'A' | 'B' | 'both';
	interface Facts {
		byAddress: string[];
		byEmployeeId: string[];
		shared: boolean;
	}
	const RULES: Record<string, (f: Facts) => boolean> = {
		'its address names two users': (f) => f.byAddress.length > 1,
		'its Employee ID names two users': (f) => f.byEmployeeId.length > 1,
		'its Employee ID names one user, its address another': (f) => f.byEmployeeId.length === 1 && f.byAddress.length === 1 && f.byEmployeeId[0] !== f.byAddress[0],
		'another item’s keys name its user too': (f) => f.shared,
		'its Employee ID names a user': (f) => f.byEmployeeId.length === 1,
		'its address names a user': (f) => f.byAddress.length === 1,
		'no key names a user': () => true,
	};
	const WORDS = {
		clash: 'nobody: it fails, naming both',
		sharedAccount: 'nobody: both items fail, naming the user and the items',
		byEmployeeId: 'that user, whose address becomes the item’s',
		byAddress: 'that user',
		nobody: 'a new user',
	};

	test('the page lists exactly the rules checked here, in their order, each with words the code can give', () => {
		expect(matchRows.map(([rule]) => rule.replace(/'/g, '’'))).toEqual(Object.keys(RULES));
		expect(matchRows.every(([, words]) => Object.values(WORDS).includes(words.replace(/'/g, '’')))).toBe(true);
	});

	// Row 0 gives the address r@x.com and (unless absent) the Employee ID R; users A and B hold
	// them as the case says (both: the address in two cases, or one ID twice); item 1, when
	// present, names A by a key of A's that row 0 does not give.
	const cases: Array<[Names, Names | 'absent', boolean]> = [];
	for (const address of ['none', 'A', 'B', 'both'] as Names[])
		for (const employeeId of ['absent', 'none', 'A', 'B', 'both'] as Array<Names | 'absent'>) for (const other of [false, true]) cases.push([address, employeeId, other]);

	test.each(cases)('address names %s, Employee ID names %s, another item names A: %s', (address, employeeId, other) => {
		const holds = (who: 'A' | 'B', names: Names | 'absent') => names === who || names === 'both';
		const users = (['A', 'B'] as const).map((who) => ({
			id: who,
			email: holds(who, address) ? (who === 'A' ? 'r@x.com' : 'R@X.com') : `${who.toLowerCase()}@x.com`,
			employee_id: holds(who, employeeId) ? ' R ' : `E${who}`,
		}));
		const rows = new Map<number, Keys>([[0, { email: 'r@x.com', employeeId: employeeId === 'absent' ? '' : 'R' }]]);
		if (other) {
			const [a] = users;
			if (a.email !== 'r@x.com') rows.set(1, { email: 'a@x.com', employeeId: '' });
			else if (!holds('A', employeeId)) rows.set(1, { email: 'o@x.com', employeeId: 'EA' });
			// Row 0 names A by both of A's keys: another item naming A shares a key with it, which the rows refuse before.
			else return;
		}
		const { identities } = identify(rows, directoryOf(users), new Set());
		const found = identities.get(0)!;

		const byAddress = users.filter((u) => u.email.toLowerCase() === 'r@x.com').map((u) => u.id);
		const byEmployeeId = employeeId === 'absent' ? [] : users.filter((u) => u.employee_id.trim() === 'R').map((u) => u.id);
		const user = byEmployeeId.length === 1 ? byEmployeeId[0] : byAddress.length === 1 ? byAddress[0] : undefined;
		const [, words] = matchRows.find(([rule]) => RULES[rule.replace(/'/g, '’')]({ byAddress, byEmployeeId, shared: rows.has(1) && user === 'A' }))!;
		const said =
			'clash' in found
				? found.clash === 'sharedAccount'
					? WORDS.sharedAccount
					: WORDS.clash
				: !found.user
					? WORDS.nobody
					: found.byEmployeeId
						? WORDS.byEmployeeId
						: WORDS.byAddress;
		expect(said).toBe(words.replace(/'/g, '’'));
		// "That user" is the one the key names.
		if (!('clash' in found) && found.user) expect(found.user.id).toBe(user);
	});
});
