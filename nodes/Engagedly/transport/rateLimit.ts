import { sleep } from 'n8n-workflow';

import type { CountedRequest } from './keyCounts';
import { KeyCount } from './keyCounts';
import { perContext } from './perExecution';

/**
 * Engagedly allows 200 requests per minute per ClientKey and answers a burst past that with a
 * cooldown that escalates from 1 to 15 minutes, for every workflow using the key. Waiting for the
 * window to reset *before* the budget runs out is far cheaper than meeting a 429.
 *
 * Every workflow on the key shares that budget, and executions share nothing else: queue-mode
 * workers run in other processes, so there is no memory in common, only the API's headers. Each
 * response says how much of the window is left (`X-RateLimit-Remaining`) and when it resets. When
 * it fell by more than our own request since our last response, others spent the difference: the
 * pacer learns how many requests others make per one of its own, predicts what they have spent
 * since its last response (and will spend while its request is on the way), and sends only when
 * that prediction still leaves the window a reserve. The reserve therefore grows with the company
 * on the key. A part of every window (2 %) is always left for workflows that start while it is
 * nearly spent, as their first request goes out blind.
 *
 * A caller may have a share of the key (Sync's and the trigger's Rate Limit Share): the part of
 * each window it may take of what the others leave it. It caps the caller's own requests in the
 * window, never the window's total: a trigger at 50 % beside two Syncs at 75 % takes up to half of
 * what the Syncs leave, and each Sync leaves a quarter of what it sees, so everyone on the key is
 * served in every window, and together they never pass the limit.
 *
 * A caller that knows how many requests it still needs (a scan that has seen the list's total)
 * says so. When that is more than the window has left for it, it will wait for the reset anyway,
 * so it spreads what is left over the time until then instead of spending it at once: workflows
 * starting mid-window still find budget, and the total time is the same. A caller that needs
 * less, or does not know, goes at full speed.
 *
 * `X-RateLimit-Reset` is a time on Engagedly's clock, and hosts drift by seconds: read on this
 * host's clock, a reset seen 3 s early sends the next burst into a window that is still spent, and
 * the cooldown that follows hits every workflow on the key. So the pacer learns how far Engagedly's
 * clock is from ours from each answer's `Date` header (whole seconds, stamped while the request
 * was on its way: every answer bounds the offset, and the bounds tighten as answers come), and
 * waits on our clock until the reset has surely passed on Engagedly's: the offset's lower bound,
 * and a second for a reset that may have been rounded down.
 *
 * The contract says answers carry headers whose names begin with `X-RateLimit-`, but not which:
 * the names above are the vendor's. Where no answer carries `X-RateLimit-Remaining`, the pacer
 * counts requests against the documented 200 a minute: its own and those of every other run of
 * this n8n process on the key (keyCounts.ts), each counted until a minute after its answer
 * (countWaitMs). The runs of one process then never pass the limit together, whatever Engagedly's
 * window is. What other processes on the key spend (queue-mode workers) it cannot see; their 429s
 * are waited out.
 */

/**
 * Left unused in every window, for workflows that start while it is nearly spent: their first
 * request goes out before they can know anything (a part of the limit, at least one request).
 */
const NEWCOMERS_SHARE = 0.02;
/**
 * A window is one minute; a reset further away than that (with the second of rounding and the
 * offset's uncertainty) is a header we misread, not a window to wait for.
 */
const MAX_WINDOW_MS = 63_000;
/** Neither document says which way the reset is rounded to epoch seconds: assume down, the later end. */
const RESET_ROUNDING_MS = 1000;
/** An HTTP `Date` is cut to the second: Engagedly's clock was somewhere in the second it names. */
const DATE_RESOLUTION_MS = 1000;
/** Lands just after the server's window turns over rather than just before it. */
const RESET_MARGIN_MS = 250;
/**
 * What Engagedly documents of its window: 200 requests a minute per key, the budget until an
 * answer says otherwise, and what requests are counted against where no answer says what is
 * left. An object so that the test suites can set it to the simulator's shortened window (as
 * transportTiming), where answers carry no rate-limit header to say so.
 */
export const documentedWindow = { limit: 200, windowMs: 60_000 };
/** Spread requests over this part of the time left, so the last one lands before the reset, not after it. */
const SPREAD_HORIZON = 0.9;
/** Our latest responses in a window that the estimate of others' spending is taken from. */
const RECENT_RESPONSES = 5;

type Headers = Record<string, unknown>;

/** A header by its lower-case name, as Node gives every answer's headers. */
function header(headers: Headers, name: string): number | undefined {
	const raw = headers[name];
	const value = Number(Array.isArray(raw) ? raw[0] : raw);
	return raw === null || raw === '' || !Number.isFinite(value) ? undefined : value;
}

/**
 * X-RateLimit-Reset is epoch seconds on Engagedly's clock (`serverMs`, to tell windows apart);
 * `atMs` is when it has surely passed there, on ours. Small numbers are "seconds from now".
 */
function resetAt(headers: Headers, now: number, offset: ClockOffset): { serverMs: number; atMs: number } | undefined {
	const reset = header(headers, 'x-ratelimit-reset');
	if (reset === undefined) return undefined;
	if (reset <= 1e9) return { serverMs: now + reset * 1000, atMs: now + reset * 1000 };
	return { serverMs: reset * 1000, atMs: reset * 1000 + RESET_ROUNDING_MS - offset.lowMs };
}

/**
 * How far Engagedly's clock is at least ahead of ours (negative: behind), which every answer's
 * `Date` bounds: the server stamped it between our sending the request and our reading the
 * answer, and its clock was then somewhere in the second the header names. Only the lower bound
 * is waited on, and each answer can only raise it, unless the answer's upper bound is below it:
 * a clock was set meanwhile, so the bound starts again from this answer. Before any `Date`, the
 * clocks are taken to agree.
 */
class ClockOffset {
	lowMs = 0;

	private known = false;

	learn(headers: Headers, sentAtMs: number | undefined, receivedAtMs: number): void {
		const stamped = Date.parse(String(headers.date));
		if (!Number.isFinite(stamped)) return;
		const low = stamped - receivedAtMs;
		const high = stamped + DATE_RESOLUTION_MS - (sentAtMs ?? receivedAtMs);
		this.lowMs = this.known && high >= this.lowMs ? Math.max(this.lowMs, low) : low;
		this.known = true;
	}
}

interface Observation {
	remaining: number;
	/** When the window has surely reset, on our clock. */
	resetAtMs: number | undefined;
	limit: number;
	/** When the response arrived. */
	atMs: number;
	/** The request it answered, as the key's count holds it. */
	request: CountedRequest | undefined;
}

export interface PacingBudget {
	/** Requests the caller still expects to make; undefined when it cannot tell. */
	need?: number;
	/**
	 * The part of each window the caller may take of what the others leave it, 0 to 1 (Sync's and
	 * the trigger's Rate Limit Share): a cap on its own requests in the window, never on the
	 * window's total. Undefined: all of it, less the newcomers' reserve.
	 */
	share?: number;
	/** Epoch ms by which the caller must be done (a poll's time budget): spreading aims before it. */
	deadlineMs?: number;
}

/** Our recent responses in one window: what was left after each, and when it came. */
interface WindowView {
	/** The window's reset as the header gives it (Engagedly's clock): the same for every answer in it. */
	serverResetMs: number;
	/** Oldest first, at most RECENT_RESPONSES. */
	recent: Array<{ remaining: number; atMs: number }>;
	/** Our requests the window has counted (those answered in it). */
	ours: number;
}

interface OthersEstimate {
	/** Requests counted per one of ours (ours included): 1 alone. */
	perOurs: number;
	/** Milliseconds per one of our requests, over the same responses. */
	intervalMs: number;
}

/**
 * Where the pacer reads the time and waits. n8n's clock in the node; a virtual one in the test
 * that plays many executions against a rate limiter without waiting real minutes.
 */
export interface PacerClock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

const realClock: PacerClock = { now: () => Date.now(), sleep: async (ms) => await sleep(ms) };

/** Left unused by a run near the window's end for those that start meanwhile: 2 % of the limit, at least one. */
const newcomers = (limit: number) => Math.max(1, Math.ceil(limit * NEWCOMERS_SHARE));

/**
 * What a window has left for a caller, where answers say what is left: `free`, for anyone (what
 * will be `left` when its request arrives, less the newcomers' reserve, which is kept for those
 * that have taken nothing of the window yet), and `mine`, what its share still allows: its share
 * of what the others leave it (its requests the window counted, `taken`, and what is left), less
 * those requests. A share caps the caller's own part, never the window's total: whoever else
 * spent the window, a caller with a share is served.
 */
export function windowRoom(window: { left: number; taken: number; share: number; limit: number }): { free: number; mine: number } {
	const { left, taken, share, limit } = window;
	return { free: taken === 0 ? left : left - newcomers(limit), mine: share * (taken + left) - taken };
}

/**
 * Where no answer says what is left of the window, requests are counted against the documented
 * limit: ours and those of the other runs in this process. Engagedly counted each somewhere
 * between its sending and its answer, so a request counts until a minute after its answer (while
 * none has come, after its sending), and then no minute, wherever Engagedly's window starts,
 * holds more of them than the limit.
 *
 * How many of our requests a minute holds beside `theirs` (the others' requests counted now): our
 * share of what they leave us (at least one), within the limit less the newcomers' reserve.
 */
export function countCap(theirs: number, share: number, limit: number): number {
	return Math.min(limit - newcomers(limit) - theirs, Math.max(1, Math.floor(share * (limit - theirs))));
}

/**
 * How long until the count allows one more request of ours (0: at once), `ours` and `others`
 * being when each counted request stops counting: while ours stay within countCap(); a run that
 * has nothing counted (one that has just started) may use the newcomers' reserve, kept for it.
 */
export function countWaitMs(now: number, ours: number[], others: number[], share: number, limit: number): number {
	const allows = (mine: number, theirs: number) => (mine === 0 ? theirs + 1 <= limit : mine + 1 <= countCap(theirs, share, limit));
	let mine = ours.filter((end) => end > now).length;
	let theirs = others.filter((end) => end > now).length;
	if (allows(mine, theirs)) return 0;
	const ends = [...ours.map((at) => ({ at, ours: true })), ...others.map((at) => ({ at, ours: false }))]
		.filter((end) => end.at > now)
		.sort((a, b) => a.at - b.at);
	for (const end of ends) {
		if (end.ours) mine--;
		else theirs--;
		// Fewer requests counted never allow less: the first end after which one more is allowed is the wait.
		if (allows(mine, theirs)) return end.at - now;
	}
	return 0;
}

/**
 * The spacing of our requests where the count paces us (0: none): a caller that needs more than
 * the minute still holds for it (`mine` counted already) spreads its part of a minute over the
 * minute, so that those who start meanwhile find the count with room, and the total time is the same.
 */
export function countSpacingMs(need: number | undefined, mine: number, theirs: number, share: number, limit: number, windowMs: number): number {
	const cap = countCap(theirs, share, limit);
	return need !== undefined && need > cap - mine ? windowMs / Math.max(cap, 1) : 0;
}

export class RateLimitPacer {
	/**
	 * `count`: the requests of the other runs on the key in this process, which this pacer's join
	 * (countOn()); a pacer of its own, alone, until it is told its key.
	 */
	constructor(
		private readonly clock: PacerClock = realClock,
		private count: KeyCount = new KeyCount(),
	) {}

	/** Our requests still counting, oldest first (they are also in `count`). */
	private mine: CountedRequest[] = [];

	private last: Observation | undefined;

	private window: WindowView | undefined;

	/** What the last window we saw taught about others, for the start of the next. */
	private carried: OthersEstimate = { perOurs: 1, intervalMs: 0 };

	private sentAtMs: number | undefined;

	/** The spacing decided for the next request when what is left is spread (0 when it is not). */
	private spacingMs = 0;

	/** How long our requests take to be answered: a peak that fades, as one slow answer predicts more. */
	private roundTripMs = 0;

	private pacing: PacingBudget = {};

	private readonly offset = new ClockOffset();

	/** Tells the pacer what the caller knows about the rest of its work (see PacingBudget). */
	setBudget(budget: PacingBudget): void {
		this.pacing = { ...this.pacing, ...budget };
	}

	/** Counts our requests with those of the other runs on the key in this process (keyCounts.ts). */
	countOn(count: KeyCount): void {
		if (count === this.count) return;
		for (const request of this.mine) count.add(request);
		this.count = count;
	}

	observe(headers: Headers): void {
		const now = this.clock.now();
		// Answers come in the order requests are sent: this one is the latest request's.
		const latest = this.mine[this.mine.length - 1];
		if (latest) latest.until = now + documentedWindow.windowMs + RESET_MARGIN_MS;
		const remaining = header(headers, 'x-ratelimit-remaining');
		this.count.answersSay = remaining !== undefined;
		if (remaining === undefined) return;
		if (this.sentAtMs !== undefined) this.roundTripMs = Math.max(now - this.sentAtMs, this.roundTripMs * 0.8);
		this.offset.learn(headers, this.sentAtMs, now);
		const window = resetAt(headers, now, this.offset);
		const reset = window?.serverMs;
		const limit = header(headers, 'x-ratelimit-limit') ?? this.last?.limit ?? documentedWindow.limit;
		const previous = this.last;
		this.last = { remaining, resetAtMs: window?.atMs, limit, atMs: now, request: latest };
		// A 429 describes a cooldown, not a window of counted requests: nothing to learn from it.
		if (header(headers, 'retry-after') !== undefined || reset === undefined) {
			this.window = undefined;
			return;
		}
		if (latest) this.count.learn({ remaining, limit, resetAtMs: window!.atMs, request: latest, atMs: now });
		const view = this.window;
		const sameWindow =
			view !== undefined &&
			previous !== undefined &&
			Math.abs(reset - view.serverResetMs) < 1000 &&
			remaining < previous.remaining;
		if (sameWindow) {
			view.ours++;
			view.recent.push({ remaining, atMs: now });
			if (view.recent.length > RECENT_RESPONSES) view.recent.shift();
			return;
		}
		// What others did in the window before is a hint for the start of this one, fading when
		// that window taught nothing new.
		this.carried =
			view && view.recent.length >= 2
				? measured(view)
				: { perOurs: 1 + (this.carried.perOurs - 1) / 2, intervalMs: this.carried.intervalMs };
		this.window = { serverResetMs: reset, recent: [{ remaining, atMs: now }], ours: 1 };
	}

	/** What others are doing, from our recent responses in this window; before the second, the previous window's. */
	private others(): OthersEstimate {
		const view = this.window;
		return view && view.recent.length >= 2 ? measured(view) : this.carried;
	}

	/**
	 * How long the window makes us wait before any request: the time to the reset when it has
	 * nothing left for us, or, before any answer said what is left, until the count allows one:
	 * the count of every run on the key in this process, or, where the key's answers say what is
	 * left (and ours will), our own.
	 */
	private blockedMs(now: number): number {
		const last = this.last;
		if (last === undefined) {
			const { ours, others } = this.counted(now);
			return Math.max(countWaitMs(now, ours, others, this.pacing.share ?? 1, documentedWindow.limit), this.knownWaitMs(now));
		}
		if (last.resetAtMs === undefined) return 0;
		const untilReset = Math.min(Math.max(last.resetAtMs - now + RESET_MARGIN_MS, 0), MAX_WINDOW_MS);
		return this.budget(now) <= 0 ? untilReset : 0;
	}

	/**
	 * Before our first answer, where the key's answers say what is left: the time to the reset when
	 * the process's latest answer, less what was sent here since, leaves nothing for us (0 when it
	 * does, or when none is known: the first request then goes before it can know anything).
	 */
	private knownWaitMs(now: number): number {
		const known = this.count.answersSay ? this.count.latest : undefined;
		if (!known || known.resetAtMs + RESET_MARGIN_MS <= now) return 0;
		const left = known.remaining - this.count.sentAfter(known.request, now);
		const { free, mine } = windowRoom({ left, taken: 0, share: this.pacing.share ?? 1, limit: known.limit });
		return Math.min(free, mine) > 0 ? 0 : Math.min(known.resetAtMs - now + RESET_MARGIN_MS, MAX_WINDOW_MS);
	}

	/**
	 * When each request counted now stops counting: ours, and the other runs' on the key in this
	 * process (none where the key's answers say what is left: ours will).
	 */
	private counted(now: number): { ours: number[]; others: number[] } {
		this.mine = this.mine.filter((request) => request.until > now);
		const ours = new Set(this.mine);
		const others = this.count.answersSay ? [] : this.count.live(now).filter((request) => !ours.has(request));
		return { ours: this.mine.map((request) => request.until), others: others.map((request) => request.until) };
	}

	/**
	 * Where the count paces us: the wait that spreads what we need over the minute (countSpacingMs),
	 * from our last request. Not for a caller with a deadline (a poll): it would spread past it,
	 * while at full speed it reads what its share allows, and the requests of a minute before (a
	 * poll's predecessor's) stop counting as it goes.
	 */
	private countSpacing(now: number): number {
		if (this.sentAtMs === undefined || this.pacing.deadlineMs !== undefined) return 0;
		const { ours, others } = this.counted(now);
		const { limit, windowMs } = documentedWindow;
		const spacing = countSpacingMs(this.pacing.need, ours.length, others.length, this.pacing.share ?? 1, limit, windowMs);
		return Math.max(this.sentAtMs + spacing - now, 0);
	}

	/**
	 * What the window has left for us (windowRoom()): for anyone, what our last response said less
	 * what others are expected to have spent since then and to spend while our request is on its
	 * way, less the newcomers' reserve; and what our share of what the others leave us still
	 * allows. A share caps what we take of a window, never what the others take: a trigger at 50 %
	 * beside Syncs at 75 % is served in every window (each Sync leaves a quarter of what it sees),
	 * up to half of what they leave.
	 *
	 * Others are expected to keep their ratio to us: as many requests per one of ours as lately,
	 * one of ours being the time our requests have lately taken, or the spacing we decided on
	 * when we spread (the others, running this same pacer, spread too). Their bursts get room: a
	 * Poisson-like margin of two standard deviations. What the other runs of this process sent
	 * since our last request is known (keyCounts.ts): they spent at least that.
	 */
	private room(now: number): { free: number; mine: number } {
		const last = this.last!;
		const { perOurs, intervalMs } = this.others();
		const ours = (now - last.atMs + this.roundTripMs) / Math.max(intervalMs, this.spacingMs, 1);
		const expected = (perOurs - 1) * ours;
		const predicted = expected > 0 ? Math.ceil(expected + 2 * Math.sqrt(expected)) + 1 : 0;
		// What the other runs of this process sent since our last request is known, not predicted.
		const theirs = Math.max(predicted, last.request ? this.count.sentAfter(last.request, now) : 0);
		return windowRoom({ left: last.remaining - theirs, taken: this.window?.ours ?? 0, share: this.pacing.share ?? 1, limit: last.limit });
	}

	private budget(now: number): number {
		const { free, mine } = this.room(now);
		return Math.min(free, mine);
	}

	/**
	 * How long to wait before the next request: 0 to send now, the time to the reset when the
	 * window has nothing left for us, or the spacing that spreads what is left over the window.
	 */
	delayMs(now = this.clock.now()): number {
		this.spacingMs = 0;
		const last = this.last;
		if (last === undefined) return Math.max(this.blockedMs(now), this.countSpacing(now));
		if (last.resetAtMs === undefined) return this.blockedMs(now);
		// Once the reset has passed, the horizon below is negative: nothing is spread.
		const resetWait = this.blockedMs(now);
		if (resetWait > 0) return resetWait;

		// Whether to spread is decided on this window's own figures: the first request after a
		// reset goes at once, and its answer shows who else came back.
		const view = this.window;
		if (!view || view.recent.length < 2) return 0;
		const { free, mine } = this.room(now);
		const budget = Math.min(free, mine);
		const { perOurs } = this.others();
		// Each of our requests costs what the window has left ours and what others spend alongside
		// it, and what our share allows ours and our share of theirs.
		const mineRate = 1 + (this.pacing.share ?? 1) * (perOurs - 1);
		const need = this.pacing.need;
		// When our remaining requests fit in both, there is no reason to wait.
		if (need === undefined || (need * perOurs <= free && need * mineRate <= mine)) return 0;
		// More is needed than this window has left: the reset will be waited for anyway, so what
		// is left is spread until then (or until the caller's deadline), and workflows that start
		// meanwhile still find some.
		const horizonEnd = Math.min(last.resetAtMs, this.pacing.deadlineMs ?? Number.POSITIVE_INFINITY);
		const horizon = (horizonEnd - now) * SPREAD_HORIZON;
		// Near the end, what is left is sent at full speed rather than left unused.
		if (horizon <= budget * this.roundTripMs) return 0;
		// Our part of the pace that makes the budget last, in proportion to our part of the spending
		// (of both parts, the one that runs out first). Never past the horizon: with little budget
		// left and much company, the proportion alone would ask for a wait longer than the window,
		// and the reset would go unused.
		const spacing = Math.min(horizon * Math.max(perOurs / free, mineRate / mine), horizon);
		this.spacingMs = spacing;
		return Math.max((this.sentAtMs ?? last.atMs) + spacing - now, 0);
	}

	/**
	 * Sleeps as long as delayMs() says, then notes the request as sent. After a spacing wait,
	 * others have kept spending: the window is checked again (and the reset waited for, if it has
	 * nothing left), but the spacing is not recomputed, or a wait could chase its own tail.
	 */
	async beforeRequest(): Promise<void> {
		const spacing = this.delayMs();
		if (spacing > 0) await this.wait(Math.ceil(spacing));
		for (let waitMs = this.blockedMs(this.clock.now()); waitMs > 0; waitMs = this.blockedMs(this.clock.now())) {
			await this.wait(Math.ceil(waitMs));
		}
		this.sentAtMs = this.clock.now();
		const request = { until: this.sentAtMs + documentedWindow.windowMs + RESET_MARGIN_MS };
		this.mine = this.mine.filter((counted) => counted.until > this.sentAtMs!);
		this.mine.push(request);
		this.count.add(request);
	}

	/** How long a 429 asks us to wait: Retry-After, else until the window resets, else a minute. */
	retryDelayMs(headers: Headers): number {
		const retryAfter = header(headers, 'retry-after');
		if (retryAfter !== undefined) return Math.max(retryAfter, 0) * 1000;
		const now = this.clock.now();
		// observe() has already learnt the offset from this answer.
		const reset = resetAt(headers, now, this.offset);
		if (reset !== undefined) return Math.max(reset.atMs - now, 0);
		return 60_000;
	}

	/** Waits out a cooldown, a little past its end so the retry is not itself counted in it. */
	async cooldown(ms: number): Promise<void> {
		await this.wait(ms + RESET_MARGIN_MS);
	}

	/** Whether waiting out a cooldown of `ms` from now (as cooldown() does) ends after `deadlineMs`. */
	cooldownEndsAfter(ms: number, deadlineMs: number): boolean {
		return this.clock.now() + ms + RESET_MARGIN_MS > deadlineMs;
	}

	private async wait(ms: number): Promise<void> {
		await this.clock.sleep(ms);
	}
}

/** Others' requests per one of ours, and our interval, between the oldest and newest of our recent responses. */
function measured(view: WindowView): OthersEstimate {
	const first = view.recent[0];
	const newest = view.recent[view.recent.length - 1];
	const ours = view.recent.length - 1;
	const others = Math.max(first.remaining - newest.remaining - ours, 0);
	return { perOurs: 1 + others / ours, intervalMs: (newest.atMs - first.atMs) / ours };
}

/**
 * One pacer per execution context: its state is rebuilt from the first response's headers, and
 * the headers carry the key's real, shared budget anyway; where they do not, it counts with the
 * other runs of the process on its key (countOn()).
 */
export function pacerFor(context: object): RateLimitPacer {
	return perContext(context, 'pacer', () => new RateLimitPacer());
}
