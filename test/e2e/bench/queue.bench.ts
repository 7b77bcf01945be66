/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console -- a benchmark in plain Node that prints its report */
/**
 * `npm run bench:n8n`, queue mode: 1, 2, 4 and 8 Get Many executions of 3,000 users each (60
 * requests) started at once through a webhook, run by two `n8n worker`s (four jobs each, so all
 * eight run at once) on one key, against the simulator with Engagedly's real limit (200 requests
 * a minute, real minutes). The executions share nothing but the API's answers: each pacer sits in
 * another execution, most in another process. Counts and ratios to the floor go to
 * bench/N8N-QUEUE.md; the queue-mode e2e test (queue.e2e.test.ts) asserts the same in CI, with
 * shorter windows.
 */
import fs from 'node:fs';
import path from 'node:path';

import { startSimulator, type Simulator } from '../../simulator';
import { simulatorCredential } from '../harness/demo';
import { CURRENT, REPO_ROOT } from '../harness/install';
import { QueueCluster, webhookWorkflow } from '../harness/queue';
import { until } from '../harness/wait';

const USERS = 3_000;
const LIMIT = 200;
const RUNS = [1, 2, 4, 8];
const WORKFLOW_ID = 'bench-queue-users';
const USERS_ROUTE = 'GET /beta/users';
const CREDENTIAL = { id: 'engagedly-bench-queue', name: 'Engagedly (bench, large organisation)' };

test(
	'queue mode: 1, 2, 4 and 8 Get Many executions on one key over two workers, at the real 200 a minute',
	async () => {
		let sim: Simulator | undefined;
		const cluster = new QueueCluster({ manifest: CURRENT, workers: 2, concurrency: 4 });
		try {
			const main = await cluster.start(async (n8n) => {
				sim = await startSimulator({
					users: USERS,
					seed: 'bench-queue',
					rateLimit: LIMIT,
					timeScale: 1,
					// The executions learn what the others spent only from X-RateLimit-Remaining: the
					// vendor's headers, which the contract profile leaves out.
					rateLimitHeaders: true,
				});
				await n8n.importCredentials([{ ...simulatorCredential(sim), ...CREDENTIAL }]);
				// Imported inactive and published once main runs, as the queue-mode e2e test does.
				await n8n.importWorkflows([
					{
						...webhookWorkflow({
							id: WORKFLOW_ID,
							name: 'Bench: every user',
							path: 'bench/users',
							node: {
								name: 'Every user',
								type: 'n8n-nodes-engagedly.engagedly',
								typeVersion: 1,
								parameters: { resource: 'user', operation: 'getAll', returnAll: true },
								credentials: { engagedlyApi: CREDENTIAL },
							},
						}),
						active: false,
					},
				]);
			});
			await main.publish(WORKFLOW_ID);
			// Main registers the webhook a moment after the publication: the first call that is not
			// a 404 is a warm-up run, waited for and left out of the figures.
			const url = `${main.baseUrl}/webhook/bench/users`;
			await until(
				'the webhook',
				async () => ((await fetch(url, { method: 'POST' })).status === 404 ? undefined : true),
				120_000,
			);
			const known = new Set<string>();
			await main.newExecutions(WORKFLOW_ID, known, 1, 300_000);
			const rows: string[] = [];
			for (const executions of RUNS) {
				sim!.resetRateLimit();
				sim!.clearLog();
				const answers = await Promise.all(
					Array.from(
						{ length: executions },
						async () => (await fetch(url, { method: 'POST' })).status,
					),
				);
				expect(answers).toEqual(Array(executions).fill(200));
				const done = await main.newExecutions(WORKFLOW_ID, known, executions, 15 * 60_000);
				const runs = await Promise.all(done.map(async ({ id }) => await main.execution(id)));
				const returned = runs.map(
					(run) => new Set((run.outputs['Every user'] ?? []).map((user) => String(user.id))).size,
				);
				const workers = new Set(done.flatMap(({ id }) => cluster.whereRan(id).startedBy));
				const list = sim!.log.filter((entry) => entry.route === USERS_ROUTE);
				const tooMany = sim!.log.filter((entry) => entry.status === 429).length;
				const spanMs = Date.parse(list.at(-1)!.time) - Date.parse(list[0].time);
				// The floor: the limit's 200 a minute, spread evenly; under 1 is work that fits in the first window.
				const floorMs = (list.length / LIMIT) * 60_000;
				rows.push(
					`| ${executions} | ${[...workers].sort().join(', ')} | ${runs.every((run) => run.status === 'success') ? 'success' : 'failed'} | ${Math.min(...returned).toLocaleString('en')} | ${list.length} | ${tooMany} | ${(spanMs / 1000).toFixed(1)} s | ${(spanMs / floorMs).toFixed(2)} |`,
				);
				expect(tooMany).toBe(0);
				expect(returned).toEqual(Array(executions).fill(USERS));
			}
			const report = [
				'# Queue mode in real n8n',
				'',
				`Produced by \`npm run bench:n8n\` (test/e2e/bench/queue.bench.ts) on ${new Date().toISOString().slice(0, 10)}: n8n ${main.version} in queue mode (\`n8n start\` and two \`n8n worker --concurrency=4\`, PostgreSQL, Redis), the package installed as a community package in their shared user folder, the simulator with Engagedly's real limit (200 requests a minute, real minutes). Get Many executions of ${USERS.toLocaleString('en')} users each (60 requests), started at once through a webhook on one key.`,
				'',
				'| executions | run by | n8n says | users returned, each (least) | requests | answers 429 | first to last request | ratio to the floor (its requests at 200 a minute) |',
				'|---|---|---|---|---|---|---|---|',
				...rows,
				'',
			].join('\n');
			fs.writeFileSync(path.join(REPO_ROOT, 'bench', 'N8N-QUEUE.md'), report);
			console.log(report);
		} finally {
			await cluster.stop();
			await sim?.stop();
		}
	},
	60 * 60_000,
);
