/**
 * New Praise's reading of the feed as a table (trigger/praiseScan.ts): which listed praise is new
 * to a poll (seen before, the next pass's, emitted already by this pass after the feed shifted or
 * a praise was pinned), where the read stops, when a poll looks at the top again and what that
 * look emits, where a pass goes on, and the state a poll saves. The engine suites
 * (test/trigger/praises, praiseOrder, feedMoves) prove the same decisions against the simulator's feed.
 */
import type { PraiseMark, PraiseState } from '../../nodes/Engagedly/trigger/state';
import { PRAISE_STATE_VERSION } from '../../nodes/Engagedly/trigger/state';
import type { ListedPraise, PraiseScan, ScanEnd } from '../../nodes/Engagedly/trigger/praiseScan';
import { baseline, isAhead, looksAgain, missedPin, moved, next, pagesBack, pastSaved, quietBefore, scanFrom, stateAfter } from '../../nodes/Engagedly/trigger/praiseScan';

const T = 1_700_000_000_000;
const mark = (at: number, ...ids: Array<number | string>): PraiseMark => ({ at, ids });
const dated = (id: number | string, at: number): ListedPraise => ({ id, at, pinned: false });
const pinned = (id: number | string, at: number): ListedPraise => ({ id, at, pinned: true });
const ahead = (id: number | string, at: number, isPinned = false): ListedPraise => ({ id, at, pinned: isPinned, ahead: true });

describe('a mark moved by a praise', () => {
	const m = mark(T, 5);
	test.each<[string, PraiseMark | undefined, ListedPraise, boolean, PraiseMark]>([
		['no mark yet: the praise', undefined, dated(8, T), false, mark(T, 8)],
		['a newer praise: its own mark', m, dated(8, T + 1), false, mark(T + 1, 8)],
		['a praise of the same time: joins it', m, dated(8, T), false, mark(T, 5, 8)],
		['an older praise: the mark as it was', m, dated(8, T - 1), false, m],
		['down the feed, an older praise: its own mark', m, dated(8, T - 1), true, mark(T - 1, 8)],
		['down the feed, a newer praise: the mark as it was', m, dated(8, T + 1), true, m],
		['down the feed, a praise of the same time: joins it', m, dated(8, T), true, mark(T, 5, 8)],
	])('%s', (_title, before, praise, older, expected) => {
		expect(moved(before, praise, older)).toEqual(expected);
	});

	test('a praise the mark holds already, by its id as text or number, leaves the very mark', () => {
		expect(moved(m, dated(5, T))).toBe(m);
		expect(moved(m, dated('5', T))).toBe(m);
		expect(moved(mark(T, '5'), dated(5, T), true)).toEqual(mark(T, '5'));
	});
});

describe('the scan a poll starts from', () => {
	const saved = (pass?: PraiseState['pass']): PraiseState =>
		({ v: PRAISE_STATE_VERSION, config: 'newPraise', gen: 3, at: T, ids: [5], ...(pass ? { pass } : {}) }) as PraiseState;

	test('no pass in progress: the saved place alone', () => {
		expect(scanFrom(saved())).toStrictEqual({ from: mark(T, 5), pins: [] });
	});

	test('a pass in progress: its top, how far down it has emitted, its pins (a copy)', () => {
		const pass = { page: 4, total: 300, top: mark(T + 50, 9), down: mark(T + 10, 7), pins: [3] };
		const scan = scanFrom(saved(pass));
		expect(scan).toStrictEqual({ from: mark(T, 5), pass, top: pass.top, down: pass.down, pins: [3] });
		expect(scan.pins).not.toBe(pass.pins);
	});

	test('a pass that has not gone down the feed yet has no down', () => {
		expect(scanFrom(saved({ page: 2, top: mark(T + 50, 9), pins: [] }))).not.toHaveProperty('down');
	});
});

test.each<[string, ListedPraise, boolean]>([
	['a dated praise older than the saved place: stop', dated(1, T - 1), true],
	['a dated praise of the saved time: read on (it may be one more of that time)', dated(1, T), false],
	['a newer dated praise: read on', dated(1, T + 1), false],
	['a pinned praise older than the saved place: read on (pinned ones come first whatever their age)', pinned(1, T - 1), false],
])('where the read stops: %s', (_title, praise, stops) => {
	expect(pastSaved({ from: mark(T, 5), pins: [] }, praise)).toBe(stops);
});

describe('whether a listed praise is new', () => {
	const first: PraiseScan = { from: mark(T, 5, 'p-6'), pins: [] };
	test.each<[string, PraiseScan, ListedPraise, PraiseScan | undefined]>([
		['older than the saved place: seen', first, dated(1, T - 1), undefined],
		['of the saved time and one of its ids: seen', first, dated(5, T), undefined],
		['of the saved time and one of its ids given as text: seen', first, dated('5', T), undefined],
		['of the saved time and one of its text ids: seen', first, dated('p-6', T), undefined],
		['of the saved time and another id: new, the top', first, dated(7, T), { ...first, top: mark(T, 7), down: mark(T, 7) }],
		['newer, with an id of the saved place (its date moved): new, judged by its time', first, dated(5, T + 9), { ...first, top: mark(T + 9, 5), down: mark(T + 9, 5) }],
		['newer: new, the top and how far down', first, dated(7, T + 9), { ...first, top: mark(T + 9, 7), down: mark(T + 9, 7) }],
		['pinned and newer: new, among the pins, not down', first, pinned(7, T + 9), { ...first, top: mark(T + 9, 7), pins: [7] }],
		[
			'a second, older: new, the top stays, down moves to it',
			{ ...first, top: mark(T + 9, 7), down: mark(T + 9, 7) },
			dated(8, T + 4),
			{ ...first, top: mark(T + 9, 7), down: mark(T + 4, 8) },
		],
		[
			'a second of the same time: new, joins the top and down',
			{ ...first, top: mark(T + 9, 7), down: mark(T + 9, 7) },
			dated(8, T + 9),
			{ ...first, top: mark(T + 9, 7, 8), down: mark(T + 9, 7, 8) },
		],
		[
			'a second, newer (the feed shifted): new, the top moves, down stays',
			{ ...first, top: mark(T + 9, 7), down: mark(T + 9, 7) },
			pinned(8, T + 20),
			{ ...first, top: mark(T + 20, 8), down: mark(T + 9, 7), pins: [8] },
		],
	])('no pass in progress, %s', (_title, scan, praise, expected) => {
		expect(next(scan, praise)).toStrictEqual(expected);
	});

	const pass = { page: 3, total: 200, top: mark(T + 50, 9, 10), pins: [] };
	const going: PraiseScan = { from: mark(T, 5), pass, top: pass.top, down: mark(T + 20, 11), pins: [4] };
	test.each<[string, ListedPraise, PraiseScan | undefined]>([
		['newer than the pass’s top (the next pass’s): not new', dated(12, T + 51), undefined],
		['pinned, newer than the pass’s top (posted since): not new', pinned(12, T + 51), undefined],
		['of the top’s time, not one of its ids (posted since): not new', dated(12, T + 50), undefined],
		['one of the top’s ids, above how far down the pass has emitted (emitted before the feed shifted): not new', dated(10, T + 50), undefined],
		['a pin the pass emitted already: not new', pinned(4, T + 30), undefined],
		['the same pin listed by its id as text: not new', pinned('4', T + 30), undefined],
		['dated, newer than how far down it has emitted: not new', dated(13, T + 21), undefined],
		['dated, at down and one of its ids: not new', dated(11, T + 20), undefined],
		['dated, at down, another id: new, joins down', dated(13, T + 20), { ...going, down: mark(T + 20, 11, 13) }],
		['dated, older than down: new, down moves', dated(13, T + 15), { ...going, down: mark(T + 15, 13) }],
		['dated, older than down, with an id of down (its date moved): new, judged by its time', dated(11, T + 15), { ...going, down: mark(T + 15, 11) }],
		['pinned, newer than down: new, among the pins', pinned(13, T + 30), { ...going, pins: [4, 13] }],
		['older than the saved place: seen', dated(13, T - 5), undefined],
	])('a pass in progress, %s', (_title, praise, expected) => {
		expect(next(going, praise)).toStrictEqual(expected);
	});

	test('a pass in progress, one of the top’s ids, the pass not gone down the feed yet: new, the top as it was', () => {
		const scan: PraiseScan = { from: going.from, pass: going.pass, top: going.top, pins: going.pins };
		expect(next(scan, dated(10, T + 50))).toStrictEqual({ ...going, down: mark(T + 50, 10) });
	});

	test('the scan given is left as it was', () => {
		const scan: PraiseScan = { from: mark(T, 5), pins: [1] };
		next(scan, pinned(7, T + 9));
		expect(scan).toStrictEqual({ from: mark(T, 5), pins: [1] });
	});
});

describe('a pass whose earlier polls went down the dated order: pinned praises above where they got were read there', () => {
	const pass = { page: 5, total: 400, top: mark(T + 50, 9), down: mark(T + 20, 11), pins: [] };
	const scan: PraiseScan = { from: mark(T, 5), pass, top: pass.top, down: mark(T + 15, 12), pins: [] };
	test.each<[string, ListedPraise, PraiseScan | undefined]>([
		['pinned, newer than where earlier polls got: not new (pinned since they read it)', pinned(13, T + 30), undefined],
		['pinned, the praise where they stopped: not new', pinned(11, T + 20), undefined],
		['pinned, of that time, another id (not read yet): new, among the pins', pinned(14, T + 20), { ...scan, pins: [14] }],
		['pinned, below where they got: new, among the pins', pinned(14, T + 17), { ...scan, pins: [14] }],
		['dated, above how far this poll went: not new', dated(14, T + 17), undefined],
		['dated, below it: new, down moves', dated(14, T + 12), { ...scan, down: mark(T + 12, 14) }],
	])('%s', (_title, praise, expected) => {
		expect(next(scan, praise)).toStrictEqual(expected);
	});
});

describe('the look at the top once the read ends', () => {
	const pass = { page: 5, total: 400, top: mark(T + 50, 9), down: mark(T + 20, 11), pins: [] };
	const going: PraiseScan = { from: mark(T, 5), pass, top: pass.top, down: mark(T + 15, 12), pins: [] };
	const fresh: PraiseScan = { from: mark(T, 5), top: mark(T + 9, 7), down: mark(T + 2, 8), pins: [] };
	const readNow = (...ids: number[]) => (id: number | string) => ids.includes(Number(id));
	test.each<[string, PraiseScan, ListedPraise, (id: number | string) => boolean, PraiseScan | undefined]>([
		['a dated praise: not new (the read met every one)', going, dated(14, T + 17), readNow(), undefined],
		['pinned, read by this poll (pinned after): not new', going, pinned(14, T + 17), readNow(14), undefined],
		['pinned, not read, where this poll read (pinned before it got there): new', going, pinned(14, T + 17), readNow(), { ...going, pins: [14] }],
		['pinned, not read, below where this poll got: new', going, pinned(14, T + 3), readNow(), { ...going, pins: [14] }],
		['pinned, where earlier polls read: not new', going, pinned(14, T + 30), readNow(), undefined],
		['pinned, newer than the pass (posted since): the next pass\'s', going, pinned(14, T + 51), readNow(), undefined],
		['pinned, older than the saved place: old', going, pinned(14, T - 1), readNow(), undefined],
		['a poll with no pass: pinned, not read, below its newest: new', fresh, pinned(14, T + 5), readNow(), { ...fresh, pins: [14] }],
		['a poll with no pass: pinned, of its newest time, another id (posted since): the next pass\'s', fresh, pinned(14, T + 9), readNow(), undefined],
		['a poll that found nothing new: nothing to look for', { from: mark(T, 5), pins: [] }, pinned(14, T + 5), readNow(), undefined],
	])('%s', (_title, scan, praise, read, expected) => {
		expect(missedPin(scan, praise, read)).toStrictEqual(expected);
	});

	test.each<[string, PraiseScan, boolean, boolean]>([
		['nothing new, the feed still: no look', { from: mark(T, 5), pins: [] }, false, false],
		['nothing new, the feed moved: no look (nothing to protect)', { from: mark(T, 5), pins: [] }, true, false],
		['new praises, the feed still: no look (one request when quiet, one more per page)', fresh, false, false],
		['new praises, the feed moved: a look', fresh, true, true],
		['a pass going on from an earlier poll, the feed still: a look (it may have moved between the polls)', going, false, true],
	])('%s', (_title, scan, feedMoved, looks) => {
		expect(looksAgain(scan, feedMoved)).toBe(looks);
	});

	test.each([
		[2, 0],
		[3, 1],
		[100, 1],
	])('a poll that may read %i pages goes on %i page(s) before where the last stopped', (pages, back) => {
		expect(pagesBack(pages)).toBe(back);
	});
});

describe('praises dated ahead of Engagedly\'s clock', () => {
	test.each<[string, number, number | undefined, boolean]>([
		['dated in the second the Date header names: not ahead (the clock was somewhere in it)', T + 999, T, false],
		['dated at the next second: ahead', T + 1000, T, true],
		['dated an hour ahead: ahead', T + 3_600_000, T, true],
		['dated before: not ahead', T - 1, T, false],
		['no Date header: nothing is ahead', T + 3_600_000, undefined, false],
	])('%s', (_title, at, engagedlyMs, expected) => {
		expect(isAhead(at, engagedlyMs)).toBe(expected);
	});

	const fresh: PraiseScan = { from: mark(T, 5), pins: [] };
	const going: PraiseScan = { from: mark(T, 5), pass: { page: 3, top: mark(T + 50, 9), pins: [] }, top: mark(T + 50, 9), down: mark(T + 20, 11), pins: [] };
	test.each<[string, PraiseScan, ListedPraise, PraiseScan | undefined]>([
		['new: remembered, neither the top nor down moves', fresh, ahead(7, T + 3_600_000), { ...fresh, ahead: [{ id: 7, at: T + 3_600_000 }] }],
		['pinned and new: remembered, not among the pins', fresh, ahead(7, T + 3_600_000, true), { ...fresh, ahead: [{ id: 7, at: T + 3_600_000 }] }],
		['new to a pass going on, newer than its top: new all the same (it is nobody\'s place)', going, ahead(7, T + 3_600_000), { ...going, ahead: [{ id: 7, at: T + 3_600_000 }] }],
		['seen already: not new', { ...fresh, ahead: [{ id: 7, at: T + 3_600_000 }] }, ahead(7, T + 3_600_000), undefined],
		['seen when it was ahead, no longer ahead: not new', { ...fresh, ahead: [{ id: 7, at: T + 60 }] }, dated(7, T + 60), undefined],
		['its id given as text: the same praise', { ...fresh, ahead: [{ id: 7, at: T + 60 }] }, dated('7', T + 60), undefined],
		['another praise, not ahead: new as ever, the top moves', { ...fresh, ahead: [{ id: 7, at: T + 60 }] }, dated(8, T + 30), { ...fresh, ahead: [{ id: 7, at: T + 60 }], top: mark(T + 30, 8), down: mark(T + 30, 8) }],
	])('%s', (_title, scan, praise, expected) => {
		expect(next(scan, praise)).toStrictEqual(expected);
	});

	const state = (over: object) => ({ v: PRAISE_STATE_VERSION, config: 'newPraise', ...over });
	test.each<[string, PraiseScan, number, object | undefined]>([
		['only praises dated ahead found: the place stays, they are remembered', { ...fresh, ahead: [{ id: 7, at: T + 90 }] }, 1, state({ ...mark(T, 5), ahead: [{ id: 7, at: T + 90 }] })],
		[
			'a real praise too: the place moves to it, not past those ahead',
			{ ...fresh, top: mark(T + 30, 8), down: mark(T + 30, 8), ahead: [{ id: 7, at: T + 90 }] },
			2,
			state({ ...mark(T + 30, 8), ahead: [{ id: 7, at: T + 90 }] }),
		],
		['the place passes one: forgotten', { ...fresh, top: mark(T + 95, 8), down: mark(T + 95, 8), ahead: [{ id: 7, at: T + 90 }] }, 1, state(mark(T + 95, 8))],
		[
			'the place reaches its time, with another id: kept (it is not in the place)',
			{ ...fresh, top: mark(T + 90, 8), down: mark(T + 90, 8), ahead: [{ id: 7, at: T + 90 }] },
			1,
			state({ ...mark(T + 90, 8), ahead: [{ id: 7, at: T + 90 }] }),
		],
	])('the state saved: %s', (_title, scan, found, expected) => {
		expect(stateAfter(scan, 'newPraise', { found })).toStrictEqual(expected);
	});

	test('a baseline remembers those dated ahead it met, its place the newest real praise', () => {
		expect(baseline('newPraise', mark(T, 5), [{ id: 7, at: T + 90 }])).toStrictEqual(state({ ...mark(T, 5), ahead: [{ id: 7, at: T + 90 }] }));
	});

	test('the scan going on from a state keeps those it remembers (a copy)', () => {
		const saved = state({ ...mark(T, 5), gen: 2, ahead: [{ id: 7, at: T + 90 }] }) as PraiseState;
		const scan = scanFrom(saved);
		expect(scan).toStrictEqual({ from: mark(T, 5), pins: [], ahead: [{ id: 7, at: T + 90 }] });
		expect(scan.ahead).not.toBe(saved.ahead);
	});
});

test.each<[string, number | undefined, { engagedlyMs: number; localMs: number } | undefined, number | undefined]>([
	['no reactivation that skips: nothing is skipped', undefined, { engagedlyMs: T, localMs: T }, undefined],
	['the clocks agree: praises stamped before the second of the reactivation', T, { engagedlyMs: T + 5_000, localMs: T + 5_000 }, T - 1000],
	['Engagedly 20 s behind: its time of the reactivation', T, { engagedlyMs: T - 15_000, localMs: T + 5_000 }, T - 21_000],
	['no Date header: the clocks taken to agree', T, undefined, T - 1000],
])('after a reactivation that skips, %s', (_title, skipBefore, now, expected) => {
	expect(quietBefore(skipBefore, now)).toBe(expected);
});

describe('the state a poll saves', () => {
	const from = mark(T, 5);
	const ended = (over: Partial<ScanEnd> = {}): ScanEnd => ({ found: 0, ...over });
	const state = (over: object) => ({ v: PRAISE_STATE_VERSION, config: 'newPraise', ...over });

	test.each<[string, PraiseScan, ScanEnd, object | undefined]>([
		['nothing new: none (nothing is written)', { from, pins: [] }, ended(), undefined],
		['a newer praise: the mark moves to it', { from, top: mark(T + 9, 7), down: mark(T + 9, 7), pins: [] }, ended({ found: 1 }), state(mark(T + 9, 7))],
		[
			'praises of the saved time: they join the saved ids, each once',
			{ from: mark(T, 5, 6), top: mark(T, 6, 7, 8), pins: [] },
			ended({ found: 2 }),
			state(mark(T, 5, 6, 7, 8)),
		],
		['a cooldown before anything new: none', { from, pins: [] }, ended({ cooldownMs: 60_000, resume: { page: 2 } }), undefined],
		['a cooldown of 0 ms asked before anything new: none', { from, pins: [] }, ended({ cooldownMs: 0, resume: { page: 1 } }), undefined],
		[
			'a cooldown after a new praise: the pass and where it goes on',
			{ from, top: mark(T + 9, 7), down: mark(T + 9, 7), pins: [] },
			ended({ cooldownMs: 60_000, found: 1, resume: { page: 2, total: 90 } }),
			state({ ...from, pass: { page: 2, total: 90, top: mark(T + 9, 7), down: mark(T + 9, 7), pins: [] } }),
		],
		[
			'cut by its budget before anything new: the pass, its top the saved place',
			{ from, pins: [] },
			ended({ resume: { page: 5, total: 400 } }),
			state({ ...from, pass: { page: 5, total: 400, top: from, pins: [] } }),
		],
		[
			'cut after pinned praises only: the pass, its pins, no down',
			{ from, top: mark(T + 9, 7), pins: [7] },
			ended({ found: 1, resume: { page: 2 } }),
			state({ ...from, pass: { page: 2, total: undefined, top: mark(T + 9, 7), pins: [7] } }),
		],
	])('%s', (_title, scan, end, expected) => {
		expect(stateAfter(scan, 'newPraise', end)).toStrictEqual(expected);
	});

	const going: PraiseScan = { from, pass: { page: 3, top: mark(T + 50, 9), pins: [] }, top: mark(T + 50, 9), pins: [] };
	test('a pass in progress that a cooldown stops before anything new: it goes on from the new page', () => {
		expect(stateAfter(going, 'newPraise', ended({ cooldownMs: 60_000, resume: { page: 4, total: 300 } }))).toStrictEqual(
			state({ ...from, pass: { page: 4, total: 300, top: mark(T + 50, 9), pins: [] } }),
		);
	});

	test('a pass in progress that ends: the mark moves to its top', () => {
		expect(stateAfter(going, 'newPraise', ended())).toStrictEqual(state(mark(T + 50, 9)));
	});

	test.each<[string, PraiseMark | undefined, PraiseMark]>([
		['an empty feed: a mark at 0 with no ids', undefined, mark(0)],
		['the newest praise read', mark(T, 5, 6), mark(T, 5, 6)],
	])('the first state: %s', (_title, top, expected) => {
		expect(baseline('newPraise', top)).toStrictEqual(state(expected));
	});
});
