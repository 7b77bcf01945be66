/**
 * Executions sharing one key: 1, 2, 4 and 8 Get Many executions at once, as counts and
 * ratios to the floor the limit sets, measured two ways in one run.
 *
 * - In virtual time (test/helpers/sharedKey.ts): the node's pacer against the simulator's rate
 *   limiter at Engagedly's real 60-second window and request latencies of 20 and 400 ms, exact
 *   and repeatable; beside it the old pacer (one request of reserve).
 * - Over real HTTP through n8n's engine, against the simulator with windows of 10 real seconds:
 *   long against a request's latency here (a few milliseconds), so the ratios mean what they
 *   would at Engagedly, where a request takes about 0.3 to 0.5 s of a 60 s window.
 */
import { runEngagedly, type EngagedlyCredentials } from '../helpers/engine';
import { jitteredLatency, OneInReservePacer, ourClockOnly, ownCountOnly, playSharedKey } from '../helpers/sharedKey';
import type { Simulator } from '../simulator';

const EXECUTIONS = [1, 2, 4, 8];
/** Each execution lists 3,000 users: 60 pages of 50. */
const USERS_EACH = 3_000;
const PAGES_EACH = USERS_EACH / 50;
const LIMIT = 200;
/** Real HTTP: a "minute" of 10 real seconds. */
const REAL_TIME_SCALE = 6;
const REAL_WINDOW_MS = 60_000 / REAL_TIME_SCALE;
/** Engagedly's clock against this host's, resets rounded down where it is not 0. */
const OFFSETS_MS = [-30_000, -3_000, 0, 3_000, 30_000];
const REAL_OFFSETS_MS = [0, -3_000, 30_000];
const offsetLabel = (ms: number) => (ms === 0 ? 'same' : `${ms > 0 ? '+' : ''}${ms / 1000} s`);

export async function sharingBench(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	const lines = [
		'## Executions sharing one key',
		'',
		'Get Many executions started together on one key. The floor: the limit\'s 200 requests a minute, spread evenly, or the requests\' own latency back to back where that is longer (a ratio under 1 is work that fits in the first window). "Before": the old pacer (one request of reserve), one request of reserve.',
		'',
		"In virtual time, Engagedly's real window (60 s) and latencies, 12,000 users (240 requests) per execution (exact, the same every run; asserted in test/transport/sharedKey.test.ts). Engagedly's clock: how far it is from this host's (its `Date` and reset times on its clock; where it differs, the reset is also rounded down). \"Our clock only\": the same pacer with the answers' `Date` hidden, reading resets on this host's clock (the pacer blind to Engagedly's clock).",
		'',
		"| executions | latency | Engagedly's clock | requests | answers 429 | ratio to the floor | our clock only: answers 429 | old pacer: answers 429 | old pacer: ratio |",
		'|---|---|---|---|---|---|---|---|---|',
	];
	for (const latency of [20, 400]) {
		for (const executions of EXECUTIONS) {
			for (const clockOffsetMs of OFFSETS_MS) {
				const work = {
					requests: Array<number>(executions).fill(PAGES_EACH * 4),
					latencyMs: jitteredLatency(latency),
					clockOffsetMs,
					resetRounding: clockOffsetMs === 0 ? ('up' as const) : ('down' as const),
				};
				const now = await playSharedKey(work);
				const blind = await playSharedKey({ ...work, pacer: ourClockOnly });
				const before = await playSharedKey({ ...work, pacer: (clock) => new OneInReservePacer(clock) });
				lines.push(
					`| ${executions} | ${latency} ms | ${offsetLabel(clockOffsetMs)} | ${now.sent} | ${now.tooMany} | ${(now.elapsedMs / now.floorMs).toFixed(2)} | ${blind.tooMany} | ${before.tooMany} | ${(before.elapsedMs / before.floorMs).toFixed(2)} |`,
				);
			}
		}
	}

	// The contract names no rate-limit header: the executions of one process then count together against 200 a minute.
	lines.push(
		'',
		"Where answers carry no `X-RateLimit-*` header (the contract names none; the simulator's contract profile sends none): the executions of one n8n process count their requests on the key together against the documented 200 a minute (transport/keyCounts.ts). Virtual time, the real window, executions of 240 requests started together (asserted in test/transport/sharedKey.test.ts). \"Each its own\": every execution counting only its own requests, as before the count was the process's. \"Two workers\": the executions split over two processes, each with its own count (queue mode).",
		'',
		'| executions | latency | requests | answers 429 | ratio to the floor | each its own: answers 429 | two workers: answers 429 |',
		'|---|---|---|---|---|---|---|',
	);
	for (const latency of [20, 400]) {
		for (const executions of [1, 2, 4, 8]) {
			const work = { requests: Array<number>(executions).fill(240), latencyMs: jitteredLatency(latency), rateLimitHeaders: false };
			const shared = await playSharedKey(work);
			const own = await playSharedKey({ ...work, pacer: ownCountOnly });
			const workers = executions > 1 ? await playSharedKey({ ...work, processes: Array.from({ length: executions }, (_, i) => i % 2) }) : undefined;
			lines.push(
				`| ${executions} | ${latency} ms | ${shared.sent} | ${shared.tooMany} | ${(shared.elapsedMs / shared.floorMs).toFixed(2)} | ${own.tooMany} | ${workers ? workers.tooMany : ''} |`,
			);
		}
	}

	// Shares: two Syncs at the default 75 % beside a New User trigger at 50 %, with and without a Get Many and the headers.
	lines.push(
		'',
		"Rate Limit Shares, in virtual time at the real 200 a minute and 400 ms a request (asserted in test/transport/sharedKey.test.ts): two Syncs at 75 % (1,200 requests each) beside a New User trigger at 50 % on 1,000 users (20 pages a pass, a poll a minute from 30 s into the Syncs' first window, 8 passes), and a Get Many of 12,000 users started 90 s in. Each share caps what its execution takes of what the others leave it. The windows counted are those the trigger polled in.",
		'',
		"| rate-limit headers | Get Many | requests | answers 429 | most in a window (limit 200) | the Syncs' most in a window | the trigger's fewest in a window | polls per pass, most |",
		'|---|---|---|---|---|---|---|---|',
	);
	for (const rateLimitHeaders of [true, false]) {
		for (const getMany of [false, true]) {
			const run = await playSharedKey({
				requests: getMany ? [1200, 1200, 240] : [1200, 1200],
				shares: getMany ? [0.75, 0.75, undefined] : [0.75, 0.75],
				startsAtMs: getMany ? [0, 0, 90_000] : [0, 0],
				triggers: [{ pages: 20, share: 0.5, passes: 8, startsAtMs: 30_000 }],
				latencyMs: jitteredLatency(400),
				rateLimitHeaders,
			});
			const polled = run.windows.map((window) => window.triggers[0] > 0);
			const served = run.windows.slice(polled.indexOf(true), polled.lastIndexOf(true) + 1);
			lines.push(
				`| ${rateLimitHeaders ? 'yes' : 'no'} | ${getMany ? 'yes' : 'no'} | ${run.sent} | ${run.tooMany} | ${Math.max(...run.windows.map((window) => window.total))} | ${Math.max(...run.windows.map((window) => window.executions[0] + window.executions[1]))} | ${Math.min(...served.map((window) => window.triggers[0]))} | ${Math.max(...run.triggerPolls[0])} |`,
			);
		}
	}

	// Several triggers and executions on one key, in virtual time at the real limit.
	const many = await playSharedKey({
		requests: [240, 240, 240, 240],
		startsAtMs: [0, 15_000, 30_000, 45_000],
		triggers: [0, 1, 2].map((i) => ({ pages: 1000, share: 0.5, passes: 2, startsAtMs: i * 20_000 })),
		latencyMs: jitteredLatency(400),
	});
	const complete = many.triggerPages.every((passes) => passes.length === 2 && passes.every((pages) => pages.length === 1000 && new Set(pages).size === 1000));
	lines.push(
		'',
		'Several triggers on one key, in virtual time at the real 200 a minute and 400 ms a request (asserted in test/transport/sharedKey.test.ts): three user-event triggers on 50,000 users (1,000 pages a pass, two passes each, a poll a minute, Rate Limit Share 50 %) and four Get Many executions of 12,000 users started 15 s apart.',
		'',
		'| requests | answers 429 | every pass read whole, each page once | most requests of one trigger in a window (its share: 100) | most of the three together | last Get Many done (minutes) | all done (minutes) |',
		'|---|---|---|---|---|---|---|',
		`| ${many.sent} | ${many.tooMany} | ${complete ? 'yes' : 'NO'} | ${Math.max(...many.windows.flatMap((window) => window.triggers))} | ${Math.max(...many.windows.map((window) => window.triggers.reduce((a, b) => a + b, 0)))} | ${(Math.max(...many.finishedAtMs) / 60_000).toFixed(1)} | ${(many.elapsedMs / 60_000).toFixed(1)} |`,
	);
	lines.push(
		'',
		`Over real HTTP through n8n's engine, ${USERS_EACH.toLocaleString('en')} users (${PAGES_EACH} requests) per execution, a window of ${REAL_WINDOW_MS / 1000} real seconds:`,
		'',
		"| executions | Engagedly's clock | users returned, each | requests | answers 429 | seconds | ratio to the floor |",
		'|---|---|---|---|---|---|---|',
	);
	for (const clockOffsetMs of REAL_OFFSETS_MS) {
		for (const executions of EXECUTIONS) {
			sim.reset({ users: USERS_EACH, seed: 'bench-sharing' });
			sim.setRateLimit({ limit: LIMIT, timeScale: REAL_TIME_SCALE, clockOffsetMs, resetRounding: clockOffsetMs === 0 ? 'up' : 'down' });
			const started = Date.now();
			const runs = await Promise.all(
				Array.from({ length: executions }, async () =>
					await runEngagedly({ parameters: { resource: 'user', operation: 'getAll', returnAll: true }, credentials }),
				),
			);
			const elapsed = Date.now() - started;
			const failed = runs.find((run) => run.error);
			if (failed) throw failed.error;
			const returned = runs.map((run) => new Set(run.items.map((item) => item.json.id)).size);
			const requests = sim.log.length;
			const tooMany = sim.log.filter((entry) => entry.status === 429).length;
			// Latency floor: one execution's requests back to back, measured alone on this machine.
			const floorMs = Math.max((requests / LIMIT) * REAL_WINDOW_MS, executions === 1 ? elapsed : 0);
			lines.push(
				`| ${executions} | ${offsetLabel(clockOffsetMs)} | ${Math.min(...returned)} | ${requests} | ${tooMany} | ${(elapsed / 1000).toFixed(1)} | ${executions === 1 ? '1.00 (alone: its own latency)' : (elapsed / floorMs).toFixed(2)} |`,
			);
		}
	}
	sim.setRateLimit({ clockOffsetMs: 0, resetRounding: 'up' });
	lines.push('');
	return lines;
}
