/**
 * Executions sharing one key (issue 11): 1, 2, 4 and 8 Get Many executions at once, as counts and
 * ratios to the floor the limit sets, measured two ways in one run.
 *
 * - In virtual time (test/helpers/sharedKey.ts): the node's pacer against the simulator's rate
 *   limiter at Engagedly's real 60-second window and request latencies of 20 and 400 ms, exact
 *   and repeatable; beside it the pacer before issue 11 (one request of reserve).
 * - Over real HTTP through n8n's engine, against the simulator with windows of 10 real seconds:
 *   long against a request's latency here (a few milliseconds), so the ratios mean what they
 *   would at Engagedly, where a request takes about 0.3 to 0.5 s of a 60 s window.
 */
import { runEngagedly, type EngagedlyCredentials } from '../helpers/engine';
import { jitteredLatency, OneInReservePacer, playSharedKey } from '../helpers/sharedKey';
import type { Simulator } from '../simulator';

const EXECUTIONS = [1, 2, 4, 8];
/** Each execution lists 3,000 users: 60 pages of 50. */
const USERS_EACH = 3_000;
const PAGES_EACH = USERS_EACH / 50;
const LIMIT = 200;
/** Real HTTP: a "minute" of 10 real seconds. */
const REAL_TIME_SCALE = 6;
const REAL_WINDOW_MS = 60_000 / REAL_TIME_SCALE;

export async function sharingBench(sim: Simulator, credentials: EngagedlyCredentials): Promise<string[]> {
	const lines = [
		'## Executions sharing one key',
		'',
		'Get Many executions started together on one key. The floor: the limit\'s 200 requests a minute, spread evenly, or the requests\' own latency back to back where that is longer (a ratio under 1 is work that fits in the first window). "Before": the pacer before issue 11, one request of reserve.',
		'',
		"In virtual time, Engagedly's real window (60 s) and latencies, 12,000 users (240 requests) per execution (exact, the same every run; asserted in test/transport/sharedKey.test.ts):",
		'',
		'| executions | latency | requests | answers 429 | ratio to the floor | before: answers 429 | before: ratio |',
		'|---|---|---|---|---|---|---|',
	];
	for (const latency of [20, 400]) {
		for (const executions of EXECUTIONS) {
			const work = { requests: Array<number>(executions).fill(PAGES_EACH * 4), latencyMs: jitteredLatency(latency) };
			const now = await playSharedKey(work);
			const before = await playSharedKey({ ...work, pacer: (clock) => new OneInReservePacer(clock) });
			lines.push(
				`| ${executions} | ${latency} ms | ${now.sent} | ${now.tooMany} | ${(now.elapsedMs / now.floorMs).toFixed(2)} | ${before.tooMany} | ${(before.elapsedMs / before.floorMs).toFixed(2)} |`,
			);
		}
	}
	lines.push(
		'',
		`Over real HTTP through n8n's engine, ${USERS_EACH.toLocaleString('en')} users (${PAGES_EACH} requests) per execution, a window of ${REAL_WINDOW_MS / 1000} real seconds:`,
		'',
		'| executions | users returned, each | requests | answers 429 | seconds | ratio to the floor |',
		'|---|---|---|---|---|---|',
	);
	for (const executions of EXECUTIONS) {
		sim.reset({ users: USERS_EACH, seed: 'bench-sharing' });
		sim.setRateLimit({ limit: LIMIT, timeScale: REAL_TIME_SCALE });
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
			`| ${executions} | ${Math.min(...returned)} | ${requests} | ${tooMany} | ${(elapsed / 1000).toFixed(1)} | ${executions === 1 ? '1.00 (alone: its own latency)' : (elapsed / floorMs).toFixed(2)} |`,
		);
	}
	lines.push('');
	return lines;
}
