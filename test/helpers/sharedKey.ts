/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node */
/**
 * Executions sharing one Engagedly key, played in virtual time: the node's pacer
 * (transport/rateLimit.ts) in front of the simulator's rate limiter, on a clock that jumps from
 * one event to the next. Minutes of Engagedly's real window and latencies play in milliseconds,
 * the same every run, so pacing can be asserted exactly however busy the machine. Each execution
 * pages as scanAll() does: one request at a time, telling the pacer what it still needs once the
 * first page gave the total, waiting out a 429 as the transport does.
 */
import { KeyCount } from '../../nodes/Engagedly/transport/keyCounts';
import type { PacerClock } from '../../nodes/Engagedly/transport/rateLimit';
import { documentedWindow, RateLimitPacer } from '../../nodes/Engagedly/transport/rateLimit';
import { RateLimiter } from '../simulator/rateLimit';

/** A clock that only moves when every execution is waiting for it. */
export class VirtualClock implements PacerClock {
	/** An epoch time, as X-RateLimit-Reset is epoch seconds (small values mean "seconds from now"). */
	private time = Date.UTC(2026, 10, 23);

	private sequence = 0;

	private timers: Array<{ at: number; sequence: number; resolve: () => void }> = [];

	now(): number {
		return this.time;
	}

	async sleep(ms: number): Promise<void> {
		await new Promise<void>((resolve) => {
			this.timers.push({ at: this.time + Math.max(0, ms), sequence: this.sequence++, resolve });
		});
	}

	/** Runs until `work` settles: lets every promise chain go as far as it can, then moves to the next timer. */
	async run<T>(work: Promise<T>): Promise<T> {
		let settled = false;
		const done = work.finally(() => {
			settled = true;
		});
		for (;;) {
			await new Promise((resolve) => setImmediate(resolve));
			if (settled) return await done;
			if (this.timers.length === 0) throw new Error('Nothing left to wait for, but the executions have not finished');
			this.timers.sort((a, b) => a.at - b.at || a.sequence - b.sequence);
			const next = this.timers.shift()!;
			this.time = Math.max(this.time, next.at);
			next.resolve();
		}
	}
}

/** A pacer as the node builds it, on the given clock. */
export interface Pacer {
	beforeRequest(): Promise<void>;
	observe(headers: Record<string, unknown>): void;
	setBudget(plan: { need?: number; share?: number; deadlineMs?: number }): void;
	delayMs?(): number;
	retryDelayMs(headers: Record<string, unknown>): number;
	cooldown(ms: number): Promise<void>;
}

/**
 * A user-event trigger as the node polls: a poll a minute, each with its own pacer (a new
 * execution context), its share and a 30-second deadline, at most `share` × 200 pages a poll, going
 * on from where the last poll stopped until a pass over `pages` pages is complete, `passes` times.
 */
export interface TriggerSpec {
	pages: number;
	share: number;
	passes: number;
	/** The first poll, ms of virtual time. */
	startsAtMs?: number;
	/** The n8n process it polls in (queue mode: several); 0 by default. */
	process?: number;
}

export interface SharedKeyRun {
	/** Requests each execution makes (pages of a list). */
	requests: number[];
	/** Each execution's Rate Limit Share (Sync's), 0 to 1; undefined for none (Get Many). */
	shares?: Array<number | undefined>;
	/**
	 * The n8n process each execution runs in (queue mode: several workers), each keeping its own
	 * count of the key (transport/keyCounts.ts); all in process 0 by default.
	 */
	processes?: number[];
	/** User-event triggers polling on the same key meanwhile. */
	triggers?: TriggerSpec[];
	/** When each execution starts, ms of virtual time; 0 for all when omitted. */
	startsAtMs?: number[];
	/** Milliseconds a request takes, half on the way there: the n-th request of an execution (seeded, so repeatable). */
	latencyMs: (execution: number, request: number) => number;
	/** Engagedly's clock minus ours: its `Date` header and reset times are on its clock. */
	clockOffsetMs?: number;
	/** How Engagedly rounds the reset to epoch seconds (default up). */
	resetRounding?: 'up' | 'down';
	/** Builds each execution's pacer, given the count of its process on the key; the node's own by default. */
	pacer?: (clock: VirtualClock, count: KeyCount) => Pacer;
	/**
	 * Whether answers carry the vendor's X-RateLimit-* headers (default on: executions in several
	 * processes learn what the others spent only from X-RateLimit-Remaining). Off, the run plays
	 * the contract's least convenient answer, no such header at all: the executions of one process
	 * then share its count of the key (`processes`), and those of others are unseen.
	 */
	rateLimitHeaders?: boolean;
}

export interface SharedKeyResult {
	/** Requests the limiter counted, 429s included. */
	sent: number;
	tooMany: number;
	/** From the first start to the last answer, ms of virtual time. */
	elapsedMs: number;
	/** The least time the limit and the latencies allow for the same work (see floorMs). */
	floorMs: number;
	/** Each trigger's pages read, pass by pass, in order (1-based): a complete pass reads each once. */
	triggerPages: number[][][];
	/** The window (its X-RateLimit-Reset) each of the triggers' requests was counted in. */
	triggerWindows: string[];
	/** When each execution (not trigger) received its last page, ms of virtual time from the first start. */
	finishedAtMs: number[];
	/** Each trigger's polls per pass, pass by pass (1: a pass in one poll, so a change is emitted by the next poll). */
	triggerPolls: number[][];
	/**
	 * The key's windows as the limiter counts them (one opens with the first request after the
	 * last closed), in order: when it opened (ms of virtual time from the first start), the
	 * requests it counted, and how many of them each execution and each trigger sent.
	 */
	windows: Array<{ startMs: number; total: number; executions: number[]; triggers: number[] }>;
}

/** Engagedly's limit: 200 requests a 60-second window. */
const LIMIT = 200;
const WINDOW_MS = 60_000;
const POLL_INTERVAL_MS = 60_000;
const POLL_BUDGET_MS = 30_000;

/** Lower-cased, as n8n hands a response's headers to the node. */
const lower = (headers: Record<string, string>) =>
	Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

export async function playSharedKey(run: SharedKeyRun): Promise<SharedKeyResult> {
	// Engagedly's documented window is the limiter's here, whatever a suite or the benchmark set it to.
	const documented = { ...documentedWindow };
	Object.assign(documentedWindow, { limit: LIMIT, windowMs: WINDOW_MS });
	try {
		return await play(run);
	} finally {
		Object.assign(documentedWindow, documented);
	}
}

async function play(run: SharedKeyRun): Promise<SharedKeyResult> {
	const clock = new VirtualClock();
	const limiter = new RateLimiter(
		{
			limit: LIMIT,
			timeScale: 1,
			clockOffsetMs: run.clockOffsetMs ?? 0,
			resetRounding: run.resetRounding ?? 'up',
			headers: run.rateLimitHeaders ?? true,
		},
		() => clock.now(),
	);
	const firstStart = clock.now() + Math.min(...run.requests.map((_, i) => run.startsAtMs?.[i] ?? 0));
	const makePacer = run.pacer ?? ((c: VirtualClock, count: KeyCount) => new RateLimitPacer(c, count));
	// Each n8n process keeps its own count of the key (transport/keyCounts.ts).
	const counts = new Map<number, KeyCount>();
	const countOf = (process = 0) => counts.get(process) ?? counts.set(process, new KeyCount()).get(process)!;
	let sent = 0;
	let tooMany = 0;
	let lastAnswer = 0;

	const triggerPages: number[][][] = (run.triggers ?? []).map(() => []);
	const triggerPolls: number[][] = (run.triggers ?? []).map(() => []);
	const triggerWindows: string[] = [];
	const finishedAtMs: number[] = run.requests.map(() => 0);
	const windows: SharedKeyResult['windows'] = [];
	let windowEnd = -Infinity;

	/** One request through the limiter: its headers (dated on Engagedly's clock), or undefined after a 429 waited out. */
	const send = async (pacer: Pacer, latency: number, sender: { execution?: number; trigger?: number }): Promise<Record<string, string> | undefined> => {
		await pacer.beforeRequest();
		await clock.sleep(latency / 2);
		const decision = limiter.hit('key');
		const date = limiter.httpDate();
		sent++;
		if (decision.allowed) {
			// The limiter's windows: one opens with the first request after the last closed (a 429 closes it).
			if (clock.now() >= windowEnd) {
				windowEnd = clock.now() + WINDOW_MS;
				windows.push({ startMs: clock.now() - firstStart, total: 0, executions: run.requests.map(() => 0), triggers: (run.triggers ?? []).map(() => 0) });
			}
			const window = windows[windows.length - 1];
			window.total++;
			if (sender.execution !== undefined) window.executions[sender.execution]++;
			if (sender.trigger !== undefined) window.triggers[sender.trigger]++;
		} else {
			windowEnd = -Infinity;
		}
		await clock.sleep(latency / 2);
		lastAnswer = Math.max(lastAnswer, clock.now());
		const headers = { ...lower(decision.headers), date };
		pacer.observe(headers);
		if (decision.allowed) return headers;
		tooMany++;
		await pacer.cooldown(pacer.retryDelayMs(headers));
		return undefined;
	};

	const trigger = async (index: number) => {
		const spec = run.triggers![index];
		await clock.sleep(spec.startsAtMs ?? 0);
		const maxPages = Math.max(1, Math.floor(spec.share * LIMIT));
		for (let pass = 0; pass < spec.passes; pass++) {
			const read: number[] = [];
			triggerPages[index].push(read);
			triggerPolls[index].push(0);
			for (let page = 1; page <= spec.pages; ) {
				const pollAt = clock.now();
				const deadlineMs = pollAt + POLL_BUDGET_MS;
				const pacer = makePacer(clock, countOf(spec.process));
				triggerPolls[index][pass]++;
				pacer.setBudget({ share: spec.share, deadlineMs });
				for (let inPoll = 0; page <= spec.pages; ) {
					// As scanPages() does: after the first page, stop at the share or before a wait past the deadline.
					if (inPoll > 0 && (inPoll >= maxPages || clock.now() + (pacer.delayMs?.() ?? 0) > deadlineMs)) break;
					pacer.setBudget({ need: spec.pages - page + 1 });
					const headers = await send(pacer, run.latencyMs(1000 + index, page), { trigger: index });
					if (!headers) continue;
					triggerWindows.push(headers['x-ratelimit-reset']);
					read.push(page++);
					inPoll++;
				}
				await clock.sleep(Math.max(0, pollAt + POLL_INTERVAL_MS - clock.now()));
			}
		}
	};

	const execution = async (index: number) => {
		await clock.sleep(run.startsAtMs?.[index] ?? 0);
		const pacer = makePacer(clock, countOf(run.processes?.[index]));
		const total = run.requests[index];
		const share = run.shares?.[index];
		for (let done = 0; done < total; ) {
			// scanAll() knows the number of pages only after the first has said the list's total.
			pacer.setBudget({ need: done === 0 ? undefined : total - done, ...(share === undefined ? {} : { share }) });
			if (await send(pacer, run.latencyMs(index, done), { execution: index })) done++;
		}
		finishedAtMs[index] = clock.now();
	};

	await clock.run(Promise.all([...run.requests.map((_, i) => execution(i)), ...(run.triggers ?? []).map((_, i) => trigger(i))]));
	return {
		sent,
		tooMany,
		elapsedMs: lastAnswer - firstStart,
		floorMs: floorMs(run),
		triggerPages,
		triggerWindows,
		finishedAtMs: finishedAtMs.map((at) => at - firstStart),
		triggerPolls,
		windows,
	};
}

/**
 * The least time the work can take: the limit's rate (its requests spread evenly over every
 * window), or, when the limit is not what holds the work back, the slowest execution's own
 * requests back to back.
 */
function floorMs(run: SharedKeyRun): number {
	const total = run.requests.reduce((sum, n) => sum + n, 0);
	const backToBack = Math.max(
		...run.requests.map((n, execution) => {
			let sum = 0;
			for (let request = 0; request < n; request++) sum += run.latencyMs(execution, request);
			return sum;
		}),
	);
	return Math.max(backToBack, (total / LIMIT) * WINDOW_MS);
}

/** A repeatable spread of latencies around `meanMs` (plus or minus half), the same for every run. */
export function jitteredLatency(meanMs: number): (execution: number, request: number) => number {
	return (execution, request) => {
		const x = Math.sin((execution + 1) * 12.9898 + (request + 1) * 78.233) * 43758.5453;
		return meanMs * (0.5 + (x - Math.floor(x)));
	};
}

/** The node's pacer blind to Engagedly's clock: its answers without their `Date`, resets read on ours. */
export const ourClockOnly = (clock: VirtualClock, count: KeyCount): Pacer => {
	const pacer = new RateLimitPacer(clock, count);
	const observe = pacer.observe.bind(pacer);
	pacer.observe = (headers) => observe({ ...headers, date: undefined });
	return pacer;
};

/**
 * The node's pacer counting only its own requests where answers say nothing of the window (each
 * execution its own count, as before the count was the process's): the baseline the shared count
 * is measured against.
 */
export const ownCountOnly = (clock: VirtualClock): Pacer => new RateLimitPacer(clock);

/** The old pacer, kept as the baseline the node's is measured against: one request of reserve, whatever the company. */
export class OneInReservePacer implements Pacer {
	private remaining: number | undefined;

	private resetAtMs: number | undefined;

	constructor(private readonly clock: VirtualClock) {}

	setBudget(): void {}

	observe(headers: Record<string, unknown>): void {
		if (headers['x-ratelimit-remaining'] === undefined) return;
		this.remaining = Number(headers['x-ratelimit-remaining']);
		this.resetAtMs = Number(headers['x-ratelimit-reset']) * 1000;
	}

	async beforeRequest(): Promise<void> {
		if (this.remaining === undefined || this.remaining > 1 || this.resetAtMs === undefined) return;
		const waitMs = Math.max(this.resetAtMs - this.clock.now() + 250, 0);
		this.remaining = undefined;
		await this.clock.sleep(waitMs);
	}

	retryDelayMs(headers: Record<string, unknown>): number {
		return Number(headers['retry-after'] ?? 60) * 1000;
	}

	async cooldown(ms: number): Promise<void> {
		await this.clock.sleep(ms + 250);
	}
}
