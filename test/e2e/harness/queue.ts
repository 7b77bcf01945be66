/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * n8n in queue mode as our users run it at scale: a main process (`n8n start`: editor, webhooks,
 * polls, the queue's producer) and workers (`n8n worker`: they run the executions), on one
 * PostgreSQL and one Redis (services.ts), the package installed as a community package in one user
 * folder that main and workers share.
 *
 * Which process ran an execution is in their logs: main logs `Enqueued execution <id> (job <n>)`
 * when it hands one to Redis, the worker that takes it `Worker started execution <id> (job <n>)`.
 * Nothing in the database or the REST API records it.
 */
import { inARow, type ExampleWorkflow } from './demo';
import { node24Bin } from './install';
import { N8nInstance, ServerProcess } from './instance';
import { QueueServices } from './services';
import { installOf, packedTarball } from './versions';
import { freePort } from '../../helpers/net';

const STARTED = /Worker started execution (\d+) \(job /g;
const ENQUEUED = /Enqueued execution (\d+) \(job /g;

function idsIn(text: string, pattern: RegExp): string[] {
	return [...text.matchAll(pattern)].map((match) => match[1]);
}

export interface ClusterOptions {
	/** The n8n to run (a manifest folder, as in versions.ts); the package is the one global-setup packed. */
	manifest: string;
	workers?: number;
	/** Jobs each worker runs at once (`n8n worker --concurrency`). */
	concurrency?: number;
}

export class QueueCluster {
	services?: QueueServices;

	main?: N8nInstance;

	/** `n8n worker`s, with main's environment (same user folder, database and queue). */
	workers: Array<{ name: string; server: ServerProcess }> = [];

	constructor(private readonly options: ClusterOptions) {}

	/**
	 * Starts the services, installs the package into the shared user folder, lets `prepare`
	 * import what n8n should hold before it starts (n8n's CLI, on the shared database), then
	 * starts main and the workers and sets up the owner.
	 */
	async start(prepare: (main: N8nInstance) => Promise<void>): Promise<N8nInstance> {
		const started = Date.now();
		const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;
		const install = installOf(this.options.manifest);
		this.services = await QueueServices.start();
		const servicesReady = Date.now();
		const main = await N8nInstance.create({ install, tarball: packedTarball(), env: this.services.n8nEnv() });
		this.main = main;
		await prepare(main);
		const prepared = Date.now();
		const count = this.options.workers ?? 2;
		const ready: Array<Promise<void>> = [];
		for (let i = 1; i <= count; i++) {
			const healthPort = await freePort();
			const env = main.env({
				N8N_PORT: String(await freePort()),
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(healthPort),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			});
			const server = new ServerProcess(node24Bin(), [install.bin, 'worker', `--concurrency=${this.options.concurrency ?? 2}`], env);
			this.workers.push({ name: `worker ${i}`, server });
			// Its health server answers /healthz/readiness once the database and Redis are connected.
			const health = async () => (await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`)).status === 200;
			ready.push(server.ready(`worker ${i}`, async () => (await health()) && /n8n worker is now ready/.test(server.output()), 300_000));
		}
		// The imports have created the schema: main starts beside the workers.
		await Promise.all([main.start(300_000), ...ready]);
		await main.setupOwner();
		process.stderr.write(
			`[queue] main on ${main.baseUrl}, ${count} workers, PostgreSQL ${this.services.postgres.port}, Redis ${this.services.redis.port}: ready in ${seconds(started)} ` +
				`(services ${Math.round((servicesReady - started) / 1000)} s, imports ${Math.round((prepared - servicesReady) / 1000)} s, n8n processes ${seconds(prepared)})\n`,
		);
		return main;
	}

	/** Whether main handed an execution to the queue, and which workers started it (one, when all is well). */
	whereRan(executionId: string): { enqueuedByMain: boolean; startedBy: string[] } {
		return {
			enqueuedByMain: idsIn(this.main?.output() ?? '', ENQUEUED).includes(executionId),
			startedBy: this.workers.filter((worker) => idsIn(worker.server.output(), STARTED).includes(executionId)).map((worker) => worker.name),
		};
	}

	/** Stops everything that was started, whatever failed before. */
	async stop(): Promise<void> {
		const errors: unknown[] = [];
		const attempt = async (step: () => Promise<void>) => await step().catch((error: unknown) => errors.push(error));
		await Promise.all(this.workers.map(async (worker) => await attempt(() => worker.server.stop())));
		await attempt(async () => await this.main?.dispose());
		await attempt(async () => await this.services?.stop());
		if (errors.length) throw errors[0];
	}
}

export interface WebhookWorkflowOptions {
	/** At most 21 characters (n8n's limit for workflow ids). */
	id: string;
	name: string;
	/** POST /webhook/<path> starts it. */
	path: string;
	/** The one node after the Webhook. */
	node: { name: string; type: string; typeVersion: number; parameters: Record<string, unknown>; credentials?: Record<string, { id: string; name: string }> };
}

/** An active workflow of two nodes, a Webhook that answers at once and one node after it: how these tests queue runs. */
export function webhookWorkflow(options: WebhookWorkflowOptions): ExampleWorkflow {
	const webhook = {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: options.id,
		parameters: { httpMethod: 'POST', path: options.path, responseMode: 'onReceived', options: {} },
	};
	return { ...inARow(options, 0, [webhook, options.node]), active: true };
}
