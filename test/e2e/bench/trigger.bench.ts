/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- a benchmark in plain Node that prints its report */
/**
 * `npm run bench:n8n`, in a real n8n (the pinned version, the package installed as a community
 * package) against the simulator with Engagedly's real limit, 200 requests a minute, real minutes:
 *
 * 1. Listing 12,000 users: n8n's HTTP Request node with its pagination (what a builder makes
 *    without this package) against the Engagedly node's Get Many, each in its own `n8n execute`.
 * 2. A New User trigger on 50,000 users (`n8n start`). n8n polls once a minute, so this takes
 *    about 25 minutes: too long for CI, hence a bench with its figures committed
 *    (bench/N8N-TRIGGER.md), which docs/rate-limits.md and docs/engagedly-events-trigger.md cite.
 *
 * What it proves, in the real scheduler: the activation (whose first poll n8n abandons after
 * about 84 s) succeeds; every poll stays within its 30 s and its share of the key (50 %, 100
 * requests); polls never overlap; the baseline pass spans polls and emits nothing; three users
 * added after it (first, middle and last in name order) come out once each, in one execution,
 * when the next pass is complete; no answer 429.
 */
import fs from 'node:fs';
import path from 'node:path';

import { startSimulator, type Simulator } from '../../simulator';
import { MANUAL_TRIGGER, inARow, simulatorCredential } from '../harness/demo';
import { REPO_ROOT } from '../harness/install';
import { N8nInstance } from '../harness/instance';
import { until } from '../harness/wait';
import { installOf, packedTarball } from '../harness/versions';

const sections: string[] = [];
afterAll(() => {
	const report = [
		'# The package in real n8n at scale',
		'',
		`Produced by \`npm run bench:n8n\` (test/e2e/bench/trigger.bench.ts) on ${new Date().toISOString().slice(0, 10)}: n8n \`n8n execute\` and \`n8n start\` (SQLite), the package installed as a community package, the simulator with Engagedly's real limit (200 requests a minute, real minutes).`,
		'',
		...sections,
	].join('\n');
	fs.writeFileSync(path.join(REPO_ROOT, 'bench', 'N8N-TRIGGER.md'), report);
	console.log(report);
});

const CREDENTIAL = { engagedlyApi: { id: 'engagedly-local-sim', name: 'Engagedly (local simulator)' } };
const LISTED = 12_000;

const listWorkflow = (id: string, series: number, lister: Record<string, unknown>) =>
	inARow({ id, name: id }, series, [MANUAL_TRIGGER, { ...lister, name: 'List' }]);

test('listing 12,000 users in real n8n: the HTTP Request node with pagination against the Engagedly node', async () => {
	// The figures compared are of pacing by the vendor's X-RateLimit-* headers (the HTTP Request
	// node's pagination and the Engagedly node alike), which the contract profile leaves out.
	const sim = await startSimulator({ users: LISTED, seed: 'n8n-list', rateLimit: 200, timeScale: 1, rateLimitHeaders: true });
	const n8n = await N8nInstance.create({ install: installOf(), tarball: packedTarball() });
	try {
		const httpRequest = listWorkflow('engagedly-bench-http-request', 0, {
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				url: `${sim.baseUrl}/beta/users`,
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'size', value: '50' }] },
				sendHeaders: true,
				headerParameters: {
					parameters: [
						{ name: 'ClientKey', value: sim.keys.demo.clientKey },
						{ name: 'SecretKey', value: sim.keys.demo.secretKey },
					],
				},
				options: {
					pagination: {
						pagination: {
							parameters: { parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }] },
							paginationCompleteWhen: 'other',
							completeExpression: '={{ !$response.body.pagination.has_more }}',
						},
					},
				},
			},
		});
		const engagedly = listWorkflow('engagedly-bench-node', 1, {
			type: 'n8n-nodes-engagedly.engagedly',
			typeVersion: 1,
			parameters: { resource: 'user', operation: 'getAll', returnAll: true },
			credentials: CREDENTIAL,
		});
		await n8n.importCredentials([simulatorCredential(sim)]);
		await n8n.importWorkflows([httpRequest, engagedly]);

		const rows: string[] = [];
		for (const [label, workflow] of [
			['n8n HTTP Request node, pagination by page, page size 50', httpRequest],
			['Engagedly node, User → Get Many, Return All', engagedly],
		] as const) {
			sim.reset({ users: LISTED, seed: 'n8n-list' });
			sim.resetRateLimit();
			sim.clearLog();
			// n8n execute prints the whole run, 12,000 users, and exits before a pipe takes it all:
			// what each client received is read from the simulator (the pages it answered 200),
			// and whether n8n called the run a success from its exit code.
			const result = await n8n.cli(['execute', `--id=${workflow.id}`], { timeoutMs: 15 * 60_000 });
			const list = sim.log.filter((entry) => entry.route === USERS_ROUTE);
			const first = Date.parse(list[0].time);
			const last = Date.parse(list.at(-1)!.time);
			const answered = new Set(list.filter((entry) => entry.status === 200).map((entry) => Number(entry.query.page)));
			const received = [...answered].reduce((sum, page) => sum + Math.max(0, Math.min(50, LISTED - (page - 1) * 50)), 0);
			const tooMany = list.filter((entry) => entry.status === 429).length;
			// The floor: 200 requests a minute, spread evenly (240 requests: 1.2 minutes).
			const floorMs = (list.length / 200) * 60_000;
			rows.push(
				`| ${label} | ${result.code === 0 ? 'success' : `failed (exit ${String(result.code)})`} | ${received.toLocaleString('en')} of ${LISTED.toLocaleString('en')} | ${list.length} | ${tooMany} | ${((last - first) / 1000).toFixed(1)} s | ${((last - first) / floorMs).toFixed(2)} |`,
			);
			if (workflow === engagedly) {
				expect(result.code).toBe(0);
				expect(received).toBe(LISTED);
				expect(tooMany).toBe(0);
				expect(list).toHaveLength(LISTED / 50);
			}
		}
		sections.push(
			`## Listing ${LISTED.toLocaleString('en')} users`,
			'',
			'| client | n8n says | users received (pages answered 200) | requests | answers 429 | first to last request | ratio to the floor (200 a minute) |',
			'|---|---|---|---|---|---|---|',
			...rows,
			'',
			'The HTTP Request node is what a builder makes without this package: it sends as fast as it can, meets a 429 at the 201st request, and its "complete when" expression (no `has_more` in the answer) reads the 429 as the end of the list.',
			'',
		);
	} finally {
		await n8n.dispose();
		await sim.stop();
	}
}, 20 * 60_000);

const USERS = 50_000;
const PAGES = Math.ceil(USERS / 50);
const WORKFLOW_ID = 'engagedly-scale-new-user';
const USERS_ROUTE = 'GET /beta/users';

const workflow = {
	...inARow({ id: WORKFLOW_ID, name: 'Engagedly: new users at 50,000' }, 2, [
		{
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'newUser', options: {} },
			name: 'New user in Engagedly',
			type: 'n8n-nodes-engagedly.engagedlyEventsTrigger',
			typeVersion: 1,
			credentials: CREDENTIAL,
		},
		{ parameters: {}, name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1 },
	]),
	active: true,
};

interface Poll {
	startMs: number;
	endMs: number;
	requests: number;
}

/** The simulator's list requests grouped into polls: n8n polls once a minute, a poll lasts at most 30 s. */
function pollsOf(sim: Simulator): Poll[] {
	const polls: Poll[] = [];
	for (const entry of sim.log.filter((e) => e.route === USERS_ROUTE)) {
		const at = Date.parse(entry.time);
		const last = polls.at(-1);
		if (last && at - last.endMs < 20_000) {
			last.endMs = at;
			last.requests++;
		} else {
			polls.push({ startMs: at, endMs: at, requests: 1 });
		}
	}
	return polls;
}

test('a New User trigger on 50,000 users in real n8n: activation, polls within budget, each new user once', async () => {
	// As measured before the contract profile left out the vendor's X-RateLimit-* headers: the
	// trigger's share is of what the key has left, which it reads from X-RateLimit-Remaining.
	const sim = await startSimulator({ users: USERS, seed: 'n8n-scale', rateLimit: 200, timeScale: 1, rateLimitHeaders: true });
	const n8n = await N8nInstance.create({ install: installOf(), tarball: packedTarball() });
	try {
		await n8n.importCredentials([simulatorCredential(sim)]);
		await n8n.importWorkflows([workflow]);
		await n8n.activate(WORKFLOW_ID);
		const startedAt = Date.now();
		await n8n.start();
		await n8n.setupOwner();

		// The baseline: one pass of ceil(N/50) pages, spread over polls.
		await until('the baseline pass', () => (pollsOf(sim).reduce((n, p) => n + p.requests, 0) >= PAGES ? true : undefined), 20 * 60_000);
		const baselinePolls = pollsOf(sim);
		expect(n8n.output()).not.toMatch(/could not be activated|exceeded its deadline|No bridge acquired/i);
		expect(await n8n.executions(WORKFLOW_ID)).toEqual([]);

		const byName = sim.store.sortedUsers();
		const middle = byName[Math.floor(byName.length / 2)];
		const added = [
			sim.store.addUser({ first_name: 'Aaaaron', last_name: 'Aaberg' }).id,
			sim.store.addUser({ first_name: middle.first_name, last_name: `${middle.last_name}a` }).id,
			sim.store.addUser({ first_name: 'Zzzara', last_name: 'Zzzyx' }).id,
		];
		const addedAt = Date.now();
		const execution = await n8n.newExecutions(WORKFLOW_ID, new Set(), 1, 25 * 60_000);
		const reportedAfterMs = Date.now() - addedAt;
		// One more poll after it: nothing emitted twice.
		const pollsSoFar = pollsOf(sim).length;
		await until('one more poll', () => (pollsOf(sim).length > pollsSoFar ? true : undefined), 3 * 60_000);
		await new Promise((resolve) => setTimeout(resolve, 35_000));

		const executions = await n8n.executions(WORKFLOW_ID);
		expect(executions).toHaveLength(1);
		const run = await n8n.execution(execution[0].id);
		expect(run.status).toBe('success');
		const emitted = run.outputs['New user in Engagedly'].map((item) => String(item.id)).sort();
		expect(emitted).toEqual([...added].sort());

		const polls = pollsOf(sim);
		const tooMany = sim.log.filter((entry) => entry.status === 429).length;
		expect(tooMany).toBe(0);
		for (const poll of polls) {
			expect(poll.requests).toBeLessThanOrEqual(100);
			expect(poll.endMs - poll.startMs).toBeLessThan(31_000);
		}
		for (let i = 1; i < polls.length; i++) expect(polls[i].startMs).toBeGreaterThan(polls[i - 1].endMs);
		expect(n8n.output()).not.toMatch(/could not be activated|exceeded its deadline|No bridge acquired/i);

		const seconds = (ms: number) => (ms / 1000).toFixed(1);
		sections.push(
			`## A New User trigger on ${USERS.toLocaleString('en')} users (\`n8n start\`, polling every minute, Rate Limit Share 50 %)`,
			'',
			'| measure | value |',
			'|---|---|',
			`| activation (n8n abandons it after about 84 s) | succeeded; its first poll read ${baselinePolls[0].requests} pages in ${seconds(baselinePolls[0].endMs - baselinePolls[0].startMs)} s |`,
			`| polls to take the baseline (${PAGES} pages) | ${baselinePolls.length} |`,
			`| requests per poll, most | ${Math.max(...polls.map((p) => p.requests))} (the share: 100) |`,
			`| poll duration, longest | ${seconds(Math.max(...polls.map((p) => p.endMs - p.startMs)))} s (budget: 30 s) |`,
			`| polls overlapping | 0 |`,
			`| answers 429 | ${tooMany} |`,
			`| 3 users added (first, middle, last in name order) | reported once each, in 1 execution, ${seconds(reportedAfterMs)} s after they were added |`,
			`| time from n8n start to the baseline | ${seconds(baselinePolls.at(-1)!.endMs - startedAt)} s |`,
			'',
			'Each poll (start, requests, seconds):',
			'',
			...polls.map((p, i) => `- poll ${i + 1}: ${new Date(p.startMs).toISOString().slice(11, 19)}, ${p.requests} requests, ${seconds(p.endMs - p.startMs)} s`),
			'',
		);
	} finally {
		await n8n.dispose();
		await sim.stop();
	}
}, 60 * 60_000);
