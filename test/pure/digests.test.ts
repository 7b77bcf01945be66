/**
 * Which digests a scheduled Sync trusts (singleUserDigests.ts): the rolling reconciliation as a
 * table. No engine: test/user/syncNightly.test.ts walks the nights through n8n's engine.
 */
import type { DigestState, ComparisonInput } from '../../nodes/Engagedly/actions/user/singleUserDigests';
import { comparisonFor, readDigestState, slotOf } from '../../nodes/Engagedly/actions/user/singleUserDigests';

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
