/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * n8n's queue mode as our users run it at scale (harness/queue.ts): `n8n start` and two
 * `n8n worker --concurrency=2` on one PostgreSQL and one Redis (Debian's packages, private
 * instances on free loopback ports), the package installed once as a community package in the
 * user folder they share. What only queue mode can show:
 *
 * - The workers load the package from the folder they share with main and run the node: four
 *   Get Many executions, queued by main through a webhook, each run by one worker, both workers
 *   taking a share (and the trigger's executions, below, run on workers too).
 * - Executions on one key in other processes share the rate limit: those four, over 3,000 users
 *   on one key, meet no 429 from the simulator's limiter (200 a "minute") and each returns every
 *   user, each page read once.
 * - The Engagedly Events Trigger's state lives in the database: after a restart of main, the new
 *   process's polls emit exactly what is new, nothing missed while it was down, nothing twice,
 *   and main queues the executions, a worker runs them (examples/recognition.json).
 *
 * The example workflows themselves run once, in a single n8n (examples.e2e.test.ts): on a worker
 * they are the same node code, from the same package the Get Many executions prove the workers
 * load and run.
 */
import { example, importDemo, publishActive, simulatorCredential, startDemoSimulator } from './harness/demo';
import { CURRENT } from './harness/install';
import type { N8nInstance } from './harness/instance';
import { QueueCluster, webhookWorkflow } from './harness/queue';
import { until } from './harness/wait';
import { startSimulator, type Simulator } from '../simulator';

/**
 * The large organisation: 4 executions x 3,000 users = 240 pages of 50, more than one window's
 * 200. A "minute" lasts 15 s (timeScale 4) so that the run spans several windows in well under a
 * minute of waiting, while a window stays 15 times the 1-second resolution of the rate-limit
 * headers the node paces from; four executions can send far more than 200 in 15 s, so the limit
 * binds.
 */
const LARGE = { users: 3000, executions: 4, rateLimit: 200, timeScale: 4, pageSize: 50 };
const USERS_WORKFLOW = 'queue-users';
const USERS_NODE = 'Every user';
const LARGE_CREDENTIAL = { id: 'engagedly-queue-large', name: 'Engagedly (large organisation)' };

/** Four calls of its webhook queue four executions at once (it answers before running). */
const usersWorkflow = () =>
	webhookWorkflow({
		id: USERS_WORKFLOW,
		name: 'Queue: every user of the large organisation',
		path: 'queue/users',
		node: {
			name: USERS_NODE,
			type: 'n8n-nodes-engagedly.engagedly',
			typeVersion: 1,
			parameters: { resource: 'user', operation: 'getAll', returnAll: true },
			credentials: { engagedlyApi: LARGE_CREDENTIAL },
		},
	});

let large: Simulator;
let demo: Simulator;
const cluster = new QueueCluster({ manifest: CURRENT, workers: 2, concurrency: 2 });
// The demo organisation with the one example the restart test needs (the active trigger), and the
// large organisation with the Get Many workflow; the active ones published once n8n runs.
beforeAll(async () => {
	demo = await startDemoSimulator();
	const workflows = [example('recognition'), usersWorkflow()];
	const n8n = await cluster.start(async (main) => {
		// Executions on one key in other processes learn what the others spent only from
		// X-RateLimit-Remaining: the vendor's headers, which the contract profile leaves out.
		large = await startSimulator({ users: LARGE.users, seed: 'queue-mode', rateLimit: LARGE.rateLimit, timeScale: LARGE.timeScale, rateLimitHeaders: true });
		await main.importCredentials([{ ...simulatorCredential(large), ...LARGE_CREDENTIAL }]);
		await importDemo(main, demo, workflows, { activate: false });
	});
	await publishActive(n8n, workflows);
}, 10 * 60 * 1000);
afterAll(async () => {
	await cluster.stop();
	await demo?.stop();
	await large?.stop();
});

const main = (): N8nInstance => cluster.main!;

/** What each execution should show: main queued it, exactly one worker ran it. */
const onAWorker = { enqueuedByMain: true, startedBy: [expect.stringMatching(/^worker \d$/)] };

const workflowId = 'engagedly-recognition';
const praisePolls = () => demo.log.filter((entry) => entry.route === 'GET /beta/activities/praises').length;
/** What the restart test saw: the executions before it, the two it emitted, the polls so far. */
let afterRestart: { before: Set<string>; emitted: string[]; polls: number } | undefined;

describe('queue mode: the Engagedly Events Trigger keeps its state in the database, across a restart of main', () => {
	const trigger = example('recognition').nodes.find((node) => node.type === 'n8n-nodes-engagedly.engagedlyEventsTrigger')!.name;
	/** The trigger's saved state, read from PostgreSQL (n8n keeps node-scoped static data under `node:<name>`). */
	const stateInDatabase = (): string => {
		const [row] = cluster.services!.psql(`SELECT "staticData" FROM workflow_entity WHERE id = '${workflowId}'`);
		return JSON.stringify((JSON.parse(row ?? 'null') as Record<string, unknown> | null)?.[`node:${trigger}`] ?? {});
	};
	const praisedIn = async (executionId: string) => {
		const run = await main().execution(executionId);
		const message = Object.keys(run.outputs).find((node) => node !== trigger)!;
		return { status: run.status, mode: run.mode, praises: run.outputs[message].map((item) => item.praiseId) };
	};

	test("the new main's first poll emits only the praise posted while main was down, its next poll only the praise after", async () => {
		const sim = demo;
		const before = new Set((await main().executions(workflowId)).map((e) => e.id));
		const known = new Set(before);
		const recognised = sim.store.sortedUsers().slice(6, 8);

		// The activation poll (at publish) saved the trigger's baseline.
		const stateBefore = await until('the activation poll\'s state in PostgreSQL', () => (stateInDatabase() !== '{}' ? stateInDatabase() : undefined), 120_000);

		await main().stop();
		const whileDown = sim.store.addPraise({ content: `@${recognised[0].first_name} praised while n8n restarted`, recognized_ids: [recognised[0].id] });
		await main().start(300_000);

		// The activation poll of the new process reads the state the old one saved.
		const [first] = await main().newExecutions(workflowId, known, 1, 150_000);
		expect(await praisedIn(first.id)).toEqual({ status: 'success', mode: 'trigger', praises: [whileDown.id] });

		const after = sim.store.addPraise({ content: `@${recognised[1].first_name} praised after the restart`, recognized_ids: [recognised[1].id] });
		const [second] = await main().newExecutions(workflowId, known, 1, 150_000);
		expect(await praisedIn(second.id)).toEqual({ status: 'success', mode: 'trigger', praises: [after.id] });

		// n8n saves a poll's state beside starting its execution, not before it.
		await until("the new main's state in PostgreSQL", () => (stateInDatabase() !== stateBefore ? true : undefined), 60_000);

		for (const id of [first.id, second.id]) expect(cluster.whereRan(id)).toEqual(onAWorker);
		afterRestart = { before, emitted: [first.id, second.id], polls: praisePolls() };
	}, 10 * 60 * 1000);
});

describe(`queue mode: ${LARGE.executions} Get Many executions of ${LARGE.users.toLocaleString('en')} users on one key, over both workers`, () => {
	test(`no answer 429 from a ${LARGE.rateLimit}-a-window limit, and each returns every user`, async () => {
		large.resetRateLimit();
		large.clearLog();
		const known = new Set((await main().executions(USERS_WORKFLOW)).map((e) => e.id));
		// n8n 2.x publishes through an outbox: the REST call that published the workflow answers
		// before its webhook is registered (a row in webhook_entity, where main looks calls up).
		await until(
			'the webhook of the Get Many workflow to be registered',
			() => (cluster.services!.psql(`SELECT 1 FROM webhook_entity WHERE "workflowId" = '${USERS_WORKFLOW}' AND method = 'POST'`).length ? true : undefined),
			120_000,
		);

		const answers = await Promise.all(
			Array.from({ length: LARGE.executions }, async () => (await fetch(`${main().baseUrl}/webhook/queue/users`, { method: 'POST' })).status),
		);
		expect(answers).toEqual(Array(LARGE.executions).fill(200));
		// Generous: 240 pages take a few 15-second windows; a cooldown after a 429 adds more.
		const executions = await main().newExecutions(USERS_WORKFLOW, known, LARGE.executions, 10 * 60 * 1000);

		const everyone = large.store
			.sortedUsers()
			.map((user) => String(user.id))
			.sort();
		const returned = await Promise.all(
			executions.map(async ({ id }) => {
				const run = await main().execution(id);
				const ids = (run.outputs[USERS_NODE] ?? []).map((user) => String(user.id)).sort();
				return { status: run.status, error: run.error, users: ids.length, everyUserOnce: ids.join() === everyone.join() };
			}),
		);
		const pages = Math.ceil(LARGE.users / LARGE.pageSize);
		const pageReads = large.log.filter((entry) => entry.route === 'GET /beta/users' && entry.status === 200).map((entry) => Number(entry.query.page));
		const where = executions.map(({ id }) => cluster.whereRan(id));
		const outcome = {
			answered429: large.log.filter((entry) => entry.status === 429).length,
			returned,
			// The simulator's log: each page read once by each execution.
			pageReads: pageReads.length,
			readsPerPage: Array.from({ length: pages }, (_, i) => pageReads.filter((page) => page === i + 1).length),
			where,
			workers: [...new Set(where.flatMap((ran) => ran.startedBy))].sort(),
		};
		process.stderr.write(`[queue] ${LARGE.executions} x Get Many: ${large.log.length} requests, ${outcome.answered429} answered 429\n`);

		expect(outcome).toEqual({
			answered429: 0,
			returned: Array(LARGE.executions).fill({ status: 'success', error: undefined, users: LARGE.users, everyUserOnce: true }),
			pageReads: LARGE.executions * pages,
			readsPerPage: Array(pages).fill(LARGE.executions),
			// Each execution run by one worker, and both workers took a share.
			where: Array(LARGE.executions).fill(onAWorker),
			workers: cluster.workers.map((worker) => worker.name).sort(),
		});
	}, 15 * 60 * 1000);
});

// After the Get Many executions: the trigger's once-a-minute polls go on while they run.
describe('queue mode: the Engagedly Events Trigger after the restart', () => {
	test('its later polls emit nothing more: no execution but the two', async () => {
		if (!afterRestart) throw new Error('the restart test did not finish');
		const { before, emitted, polls } = afterRestart;
		// n8n polls once a minute, so an execution the first of them started is saved long before the second.
		await until('two more polls', () => (praisePolls() >= polls + 2 ? true : undefined), 200_000);
		const since = (await main().executions(workflowId)).filter((e) => !before.has(e.id));
		expect(since.map((e) => e.id).sort()).toEqual([...emitted].sort());
	}, 5 * 60 * 1000);
});
