import type { AheadPraise, PraiseMark, PraisePass, PraiseState } from './state';
import { PRAISE_STATE_VERSION } from './state';

/**
 * New Praise's reading of the feed, as plain data: which praise a poll emits and what it saves.
 * The feed is newest first by `activity_date`, but pinned praises may come first whatever their
 * age, several praises may share one time, and ids say nothing of time. So a place in the feed
 * is a time and the ids of the praises at exactly that time (a mark). A praise dated ahead of
 * Engagedly's clock (an import, a client with another clock) sits above every praise posted until
 * its time: it never becomes the place, or those would all look seen; it is remembered by its id
 * until the place passes it.
 */

/**
 * A praise as the scan sees it: its id, its `activity_date` (epoch ms), whether it is pinned, and
 * whether its date is ahead of Engagedly's clock when the page was answered.
 */
export interface ListedPraise {
	id: number | string;
	at: number;
	pinned: boolean;
	ahead?: boolean;
}

/**
 * Whether a praise dated `at` is ahead of Engagedly's clock as an answer's `Date` header gives it
 * (whole seconds: the clock was somewhere in the second it names, so only a date past that second
 * is surely ahead). Without the header nothing is.
 */
export const isAhead = (at: number, engagedlyMs: number | undefined): boolean => engagedlyMs !== undefined && at >= engagedlyMs + 1000;

/**
 * Where a poll stands: everything up to `from` was seen before this pass; a pass the last poll
 * left unfinished (`pass`); the newest praise of this pass (`top`), how far down the dated order
 * it has emitted (`down`), the pinned praises it emitted out of that order (`pins`), and the
 * praises dated ahead of Engagedly's clock seen already (`ahead`).
 */
export interface PraiseScan {
	from: PraiseMark;
	pass?: PraisePass;
	top?: PraiseMark;
	down?: PraiseMark;
	pins: Array<number | string>;
	ahead?: AheadPraise[];
}

const holds = (mark: PraiseMark, id: number | string) => mark.ids.some((seen) => String(seen) === String(id));

/** Included in the mark: older than it, or of its time and one of its ids. */
const within = (mark: PraiseMark, praise: Pick<ListedPraise, 'id' | 'at'>) => praise.at < mark.at || (praise.at === mark.at && holds(mark, praise.id));

/** Above the mark in the dated order, read down from the top: newer than it, or of its time and one of its ids. */
const above = (mark: PraiseMark, praise: Pick<ListedPraise, 'id' | 'at'>) => praise.at > mark.at || (praise.at === mark.at && holds(mark, praise.id));

/** The mark moved to a newer praise (or, `older`, to an older one); a praise of the same time joins it. */
export function moved(mark: PraiseMark | undefined, praise: Pick<ListedPraise, 'id' | 'at'>, older = false): PraiseMark {
	const { at, id } = praise;
	if (!mark || (older ? at < mark.at : at > mark.at)) return { at, ids: [id] };
	if (at === mark.at && !holds(mark, id)) return { at, ids: [...mark.ids, id] };
	return mark;
}

/** The scan of a poll that goes on from the saved state. */
export function scanFrom(saved: PraiseState): PraiseScan {
	const pass = saved.pass;
	return {
		from: { at: saved.at, ids: saved.ids },
		...(pass ? { pass, top: pass.top } : {}),
		...(pass?.down ? { down: pass.down } : {}),
		pins: [...(pass?.pins ?? [])],
		...(saved.ahead ? { ahead: [...saved.ahead] } : {}),
	};
}

/** Where the read stops: the first praise older than the saved place that is not pinned. */
export const pastSaved = (scan: PraiseScan, praise: ListedPraise): boolean => !praise.pinned && praise.at < scan.from.at;

/**
 * The scan moved past a praise that is new, or undefined when it is not: seen before this pass,
 * posted during this pass (the next one's), or emitted already by it (a praise the feed shows
 * again after a shift, or pinned since: above how far down the dated order earlier polls of the
 * pass read, a praise was read there or, pinned then, seen on top by their look at the top). A
 * praise dated ahead is new once, whichever pass meets it, and moves neither the top nor down.
 */
export function next(scan: PraiseScan, praise: ListedPraise): PraiseScan | undefined {
	if (within(scan.from, praise)) return undefined;
	if (scan.ahead?.some((seen) => String(seen.id) === String(praise.id))) return undefined;
	if (praise.ahead) return { ...scan, ahead: [...(scan.ahead ?? []), { id: praise.id, at: praise.at }] };
	if (scan.pass && !within(scan.pass.top, praise)) return undefined;
	if (scan.pins.some((pin) => String(pin) === String(praise.id))) return undefined;
	const { down } = scan;
	const passed = praise.pinned ? scan.pass?.down : down;
	if (passed && above(passed, praise)) return undefined;
	return {
		...scan,
		...(praise.pinned ? { pins: [...scan.pins, praise.id] } : { down: moved(down, praise, true) }),
		...(scan.pass ? {} : { top: moved(scan.top, praise) }),
	};
}

/**
 * Whether the poll looks at the top of the feed again once its read ends: a praise pinned after
 * the poll read its page, from a place it had not reached, now sits above where it reads and
 * would never be emitted. That can have happened when the feed moved while the poll read it
 * (records read twice, a total that changed; a pin pushes the rest down a place) or, for a pass
 * that goes on from an earlier poll, between the two polls. Only a poll that found something new
 * or goes on with a pass has praises to protect.
 */
export const looksAgain = (scan: PraiseScan, moved: boolean): boolean => scan.top !== undefined && (moved || scan.pass !== undefined);

/**
 * A praise seen when the poll looks at the top again: new only if pinned, not read by this poll
 * (`readNow`), no newer than the newest praise of this pass (newer ones are the next pass's), and
 * new by next()'s rules.
 */
export function missedPin(scan: PraiseScan, praise: ListedPraise, readNow: (id: number | string) => boolean): PraiseScan | undefined {
	if (!praise.pinned || readNow(praise.id) || !scan.top || !within(scan.top, praise)) return undefined;
	return next(scan, praise);
}

/**
 * How many pages before where the last poll stopped a pass goes on: one, when the poll may read
 * at least three pages (that one, a new one and the look at the top). A praise unpinned between
 * the polls moves down into the dated order and, if below that page, pulls the rest up a place
 * with the total unchanged; read again, the page shows what slid onto it (and what deletions
 * pulled up, without a step back of its own). A smaller share goes on from the page itself.
 */
export const pagesBack = (pagesAllowed: number): number => (pagesAllowed >= 3 ? 1 : 0);

/**
 * Before when, on Engagedly's clock, praises are skipped after a reactivation that skips
 * (`skipBefore`, this host's clock, moved by the clocks' difference an answer shows: its `Date`
 * against when it came). A praise stamped in the second of the reactivation or later is emitted:
 * stamps may be whole seconds, and the `Date` too, so the second itself is in doubt. Undefined
 * when nothing is skipped.
 */
export function quietBefore(skipBefore: number | undefined, now: { engagedlyMs: number; localMs: number } | undefined): number | undefined {
	if (skipBefore === undefined) return undefined;
	return skipBefore + (now ? now.engagedlyMs - now.localMs : 0) - 1000;
}

/** How the poll's read ended: where the next poll goes on, the cooldown that stopped it if one did, how many praises were new. */
export interface ScanEnd {
	resume?: { page: number; total?: number };
	cooldownMs?: number;
	found: number;
}

/** The state to save after the read, or undefined when it stays as it is. */
export function stateAfter(scan: PraiseScan, config: string, end: ScanEnd): PraiseState | undefined {
	const { from, pass, top, down, pins } = scan;
	/** What is saved with a place: the praises dated ahead it has not passed yet. */
	const placed = (mark: PraiseMark, more: object = {}) => {
		const ahead = (scan.ahead ?? []).filter((praise) => !within(mark, praise));
		return { v: PRAISE_STATE_VERSION, config, at: mark.at, ids: mark.ids, ...more, ...(ahead.length > 0 ? { ahead } : {}) } as PraiseState;
	};
	// A cooldown stopped the poll before it found anything new.
	if (end.cooldownMs !== undefined && !pass && end.found === 0) return undefined;
	if (end.resume) {
		const resumed: PraisePass = { page: end.resume.page, total: end.resume.total, top: top ?? from, pins, ...(down ? { down } : {}) };
		return placed(from, { pass: resumed });
	}
	// Nothing new but praises dated ahead: the place stays, they are remembered.
	if (!top) return end.found > 0 ? placed(from) : undefined;
	// The pass is complete: the mark moves to its newest praise (joined with the old one on a tie).
	const mark = top.at === from.at ? top.ids.reduce<PraiseMark>((m, id) => moved(m, { id, at: m.at }), from) : top;
	return placed(mark);
}

/**
 * The first state, the newest praise read before the first one that is not pinned nor dated
 * ahead (those it met are remembered, not emitted later); none read, a mark at 0.
 */
export const baseline = (config: string, top: PraiseMark | undefined, ahead: AheadPraise[] = []): PraiseState =>
	({ v: PRAISE_STATE_VERSION, config, at: top?.at ?? 0, ids: top?.ids ?? [], ...(ahead.length > 0 ? { ahead } : {}) }) as PraiseState;
