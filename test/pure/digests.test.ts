/**
 * Which digests a scheduled Sync trusts (singleUserDigests.ts): the rolling reconciliation as a
 * table. No engine: test/user/syncNightly.test.ts walks the nights through n8n's engine.
 */
import type { DigestState, ComparisonInput } from '../../nodes/Engagedly/actions/user/upsert/singleUserDigests';
import { comparisonFor, digestOf, mustRead, readDigestState, slotOf } from '../../nodes/Engagedly/actions/user/upsert/singleUserDigests';

const DAY_MS = 24 * 60 * 60 * 1000;
const TODAY = 20_000;
const ids = Array.from({ length: 7_000 }, (_, index) => `u${index}`);
const saved = (day: number): DigestState => ({ v: 2, day, users: Object.fromEntries(ids.map((id) => [id, 'digest'])) });
const input = (extra: Partial<ComparisonInput> = {}): ComparisonInput => ({ manual: false, dryRun: false, fullEveryDays: 7, fullNow: false, now: TODAY * DAY_MS + 3_600_000, ...extra });
/** Whose digests a run does not trust: those it reads. */
const distrusted = (state: DigestState | undefined, extra?: Partial<ComparisonInput>) => {
	const plan = comparisonFor(state, input(extra));
	return { comparison: plan.comparison, read: ids.filter((id) => !(id in plan.trusted)).length };
};

test.each([
	['no saved state', undefined, {}, 'full', ids.length],
	['run by hand', saved(TODAY - 1), { manual: true }, 'full', ids.length],
	['Full Comparison This Run', saved(TODAY - 1), { fullNow: true }, 'full', ids.length],
	['a period of 0: every run', saved(TODAY - 1), { fullEveryDays: 0 }, 'full', ids.length],
	['a whole period since the last run', saved(TODAY - 7), {}, 'full', ids.length],
	['a clock set back', saved(TODAY + 1), {}, 'full', ids.length],
	['a second run the same day', saved(TODAY), {}, 'incremental', 0],
	['a period of 1, the next day: everyone has their turn', saved(TODAY - 1), { fullEveryDays: 1 }, 'full', ids.length],
	['a period of 1, a second run the same day', saved(TODAY), { fullEveryDays: 1 }, 'incremental', 0],
	['a period of 2, the next day: half have their turn', saved(TODAY - 1), { fullEveryDays: 2 }, 'incremental', ids.filter((id) => slotOf(id, 2) === TODAY % 2).length],
])('%s: %s comparison', (_name, state, extra, comparison, read) => {
	expect(distrusted(state, extra)).toEqual({ comparison, read });
});

test('night after night, each reads the users whose turn it is, about a seventh, and every user once in seven nights; two nights missed, the next reads both turns', () => {
	const reads = Array.from({ length: 7 }, (_, night) => comparisonFor(saved(TODAY + night - 1), input({ now: (TODAY + night) * DAY_MS })))
		.map((plan) => ids.filter((id) => !(id in plan.trusted)));
	expect(reads.flat().sort()).toEqual([...ids].sort());
	for (const night of reads) expect(Math.abs(night.length - ids.length / 7)).toBeLessThan(ids.length / 7 / 10);
	const twoNights = comparisonFor(saved(TODAY - 2), input());
	expect(ids.filter((id) => !(id in twoNights.trusted)).sort()).toEqual(ids.filter((id) => [TODAY % 7, (TODAY - 1) % 7].includes(slotOf(id, 7))).sort());
});

test('a state of the first version (a last full comparison, no day) is not read: the next run compares in full', () => {
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
])('a hand-edited state (%s) is none: every user is read', (_name, state) => {
	expect(readDigestState(state as never)).toBeUndefined();
});

test.each([
	['a scheduled run', {}, true],
	['a run by hand', { manual: true }, false],
	['a dry run', { dryRun: true }, false],
])('%s saves what it confirmed: %s', (_name, extra, save) => {
	expect(comparisonFor(saved(TODAY - 1), input(extra)).save).toBe(save);
});

test('a digest is of the values in their compared form, whatever order the fields come in; a user is read unless their trusted digest is this one', () => {
	const a = digestOf({ birth_date: 'Jan 15, 1990', hr_managers: ['2', '1'] }, ['hr_managers', 'birth_date'], []);
	expect(digestOf({ birth_date: '1990-01-15', hr_managers: ['1', '2'] }, ['birth_date', 'hr_managers'], [])).toBe(a);
	expect(digestOf({ birth_date: '1990-01-16', hr_managers: ['1', '2'] }, ['birth_date', 'hr_managers'], [])).not.toBe(a);
	expect(digestOf({ birth_date: '1990-01-15' }, ['birth_date'], [])).not.toBe(a);
	expect(mustRead({ u1: a }, 'u1', a)).toBe(false);
	expect(mustRead({ u1: a }, 'u1', 'other')).toBe(true);
	expect(mustRead({ u1: a }, 'u2', a)).toBe(true);
	expect(mustRead(undefined, 'u1', a)).toBe(true);
});

test('a well-formed state is read as it is, an empty one too', () => {
	expect(readDigestState({ v: 2, day: TODAY, users: { u1: 'a.b', u2: 'c.d' } })).toEqual({ v: 2, day: TODAY, users: { u1: 'a.b', u2: 'c.d' } });
	expect(readDigestState({ v: 2, day: TODAY, users: {} })).toEqual({ v: 2, day: TODAY, users: {} });
});
