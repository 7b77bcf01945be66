/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- a benchmark script that runs in plain Node */
/**
 * `npm run bench`: the package's performance claims, measured against the simulator at 10,000
 * users under Engagedly's real limit (200 requests a minute per key, a minute lasting one second
 * so the run takes seconds). Everything is reported as counts and as ratios to a naive client
 * measured in the same run on the same machine, never as absolute timings to compare across
 * machines. Writes bench/RESULTS.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import axios from 'axios';

import { runEngagedly } from '../helpers/engine';
import { createPoller } from '../helpers/poll';
import { peopleBench } from './people';
import { syncBench } from './sync';
import { startSimulator, type Simulator } from '../simulator';

const USERS = 10_000;
const LIMIT = 200;
const TIME_SCALE = 60;
const MINUTE_MS = 60_000 / TIME_SCALE;
const RESULTS = path.resolve(__dirname, '../../bench/RESULTS.md');

interface Measure {
	requests: number;
	tooMany: number;
	minutes: number;
	records: number;
}

function measure(sim: Simulator, startedAt: number, records: number): Measure {
	return {
		requests: sim.log.length,
		tooMany: sim.log.filter((entry) => entry.status === 429).length,
		minutes: (Date.now() - startedAt) / MINUTE_MS,
		records,
	};
}

/**
 * What a builder gets from the HTTP Request node with pagination: the API's default page size,
 * requests as fast as they come, and a wait of Retry-After when a 429 arrives.
 */
async function naiveListAll(sim: Simulator): Promise<number> {
	const headers = { ClientKey: sim.keys.demo.clientKey, SecretKey: sim.keys.demo.secretKey };
	const seen = new Set<string>();
	for (let page = 1; ; ) {
		const res = await axios.get(`${sim.baseUrl}/beta/users`, { headers, params: { page }, validateStatus: () => true });
		if (res.status === 429) {
			await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after'] ?? 60) * 1000));
			continue;
		}
		for (const user of res.data.data as Array<{ id: string }>) seen.add(user.id);
		if (!res.data.pagination.has_more) return seen.size;
		page++;
	}
}

async function main() {
	const sim = await startSimulator({ users: USERS, seed: 'bench', rateLimit: LIMIT, timeScale: TIME_SCALE });
	const credentials = { ...sim.keys.demo, baseUrl: sim.baseUrl };
	const rows: string[] = [];
	const fresh = () => {
		sim.reset({ users: USERS, seed: 'bench' });
		sim.setRateLimit({ limit: LIMIT, timeScale: TIME_SCALE });
	};

	// 1. Listing every user.
	fresh();
	let start = Date.now();
	const naiveCount = await naiveListAll(sim);
	const naive = measure(sim, start, naiveCount);

	fresh();
	start = Date.now();
	const run = await runEngagedly({
		parameters: { resource: 'user', operation: 'getAll', returnAll: true },
		credentials,
	});
	if (run.error) throw run.error;
	const node = measure(sim, start, new Set(run.items.map((item) => item.json.id)).size);

	rows.push(
		'## Listing 10,000 users (Get Many, Return All)',
		'',
		'| client | users returned | requests | 429 answers | simulated minutes |',
		'|---|---|---|---|---|',
		`| naive (default page size, no pacing, waits Retry-After) | ${naive.records} | ${naive.requests} | ${naive.tooMany} | ${naive.minutes.toFixed(1)} |`,
		`| this node | ${node.records} | ${node.requests} | ${node.tooMany} | ${node.minutes.toFixed(1)} |`,
		`| ratio node / naive | | ${(node.requests / naive.requests).toFixed(2)} | ${naive.tooMany ? (node.tooMany / naive.tooMany).toFixed(2) : 'n/a'} | ${(node.minutes / naive.minutes).toFixed(2)} |`,
		'',
	);

	// 2. The trigger: what a poll costs.
	fresh();
	const praisePoller = await createPoller({ parameters: { event: 'newPraise' }, credentials });
	await praisePoller.poll();
	sim.clearLog();
	await praisePoller.poll();
	const quietPraise = sim.log.length;
	for (let i = 0; i < 120; i++) sim.store.addPraise();
	sim.clearLog();
	const burst = await praisePoller.poll();
	const burstRequests = sim.log.length;

	fresh();
	const userRows: string[] = [];
	for (const event of ['newUser', 'userDeactivated', 'userUpdated'] as const) {
		const parameters =
			event === 'userUpdated'
				? { event, watchedFields: ['job_title', 'location', 'status', 'level'] }
				: { event };
		const poller = await createPoller({ parameters, credentials });
		await poller.poll();
		sim.clearLog();
		start = Date.now();
		await poller.poll();
		const requests = sim.log.length;
		const minutes = (Date.now() - start) / MINUTE_MS;
		const bytesPerUser = JSON.stringify(poller.state()).length / USERS;
		userRows.push(
			`| ${event} | ${requests} | ${Math.ceil(USERS / 50)} | ${(requests / Math.ceil(USERS / 50)).toFixed(2)} | ${bytesPerUser.toFixed(1)} | ${minutes.toFixed(2)} |`,
		);
	}

	rows.push(
		'## Engagedly Trigger',
		'',
		`- New Praise, nothing new: ${quietPraise} request(s) per poll.`,
		`- New Praise, a burst of 120 praises: ${burst.items.length} emitted in ${burstRequests} requests (ceil(120/50) = 3).`,
		'',
		'| user event (10,000 users) | requests per poll | ceil(N/50) | ratio | saved state, bytes per user | simulated minutes per poll |',
		'|---|---|---|---|---|---|',
		...userRows,
		'',
	);

	// 3. People by email (issue 12): its own section, at 1,000 and 10,000 users.
	rows.push(...(await peopleBench(sim, credentials)));
	fresh();

	// 4. Sync (issue 13): real minutes, so about a minute and a half of its own.
	rows.push(...(await syncBench(sim, credentials)));
	fresh();

	await sim.stop();
	const report = [
		'# Benchmark results',
		'',
		`Produced by \`npm run bench\` (test/bench/run.ts) on ${new Date().toISOString().slice(0, 10)}: the simulator with ${USERS.toLocaleString('en')} users, ${LIMIT} requests a minute per key, a minute lasting ${MINUTE_MS} ms. Compare ratios, not times: absolute numbers depend on the machine.`,
		'',
		...rows,
	].join('\n');
	writeFileSync(RESULTS, report);
	console.log(report);
}

/**
 * `npm run bench -- sync`: only the Sync section, written over its part of bench/RESULTS.md (the
 * other sections keep the figures of the last full run).
 */
async function syncOnly() {
	const sim = await startSimulator({ users: USERS, seed: 'bench', rateLimit: LIMIT, timeScale: TIME_SCALE });
	const section = (await syncBench(sim, { ...sim.keys.demo, baseUrl: sim.baseUrl })).join('\n');
	await sim.stop();
	const current = readFileSync(RESULTS, 'utf8');
	const start = current.indexOf('## Sync:');
	const end = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
	const report =
		start < 0 ? `${current.trimEnd()}\n\n${section}` : `${current.slice(0, start)}${section}${end < 0 ? '' : current.slice(end + 1)}`;
	writeFileSync(RESULTS, report);
	console.log(section);
}

(process.argv.includes('sync') ? syncOnly() : main()).catch((error) => {
	console.error(error);
	process.exit(1);
});
