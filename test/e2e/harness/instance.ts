/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- test code runs in plain Node, not inside n8n: it runs n8n as a process, and has no node to attach errors to */
/**
 * One real n8n: a throwaway user folder with the packed package installed in `.n8n/nodes`,
 * n8n's own CLI for imports and headless runs, and `n8n start` on loopback for the editor,
 * active workflows, webhooks and the REST API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { node24Bin, node24Env, type N8nInstall } from './install';
import { freePort } from '../../helpers/net';
import { installInto } from './pack';
import { until } from './wait';
import type { Watchdog } from './watchdog';

export interface CliResult {
	code: number | null;
	/** The signal that ended the process, when one did (then `code` is null). */
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/** What `n8n execute --rawOutput` prints: the run's data, node by node. */
export interface RawRun {
	status?: string;
	data: {
		resultData: {
			error?: { message: string; description?: string };
			lastNodeExecuted?: string;
			runData: Record<string, Array<{ error?: { message: string }; data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> } }>>;
		};
	};
}

export interface InstanceOptions {
	install: N8nInstall;
	tarball: string;
	/** Default: a free port. */
	port?: number;
	/** The task runners' broker port of `n8n start` (N8N_RUNNERS_BROKER_PORT). Default: a free port. */
	brokerPort?: number;
	/**
	 * Runs every n8n process (`n8n start` and the CLI commands) in a process group of its own,
	 * handed to this (`npm start`'s watchdog) while it runs, so that they are stopped whatever
	 * happens to the caller. Default: the caller's group, which a Ctrl-C of a test run reaches.
	 */
	processGroups?: Pick<Watchdog, 'group' | 'release'>;
	/** Default: a new folder under the system temp dir, removed by dispose(). */
	userFolder?: string;
	env?: NodeJS.ProcessEnv;
}

/**
 * A long-running process (`n8n start`, `n8n worker`, redis-server), its output collected. With
 * `groups` it runs in a process group of its own, handed to them while it runs.
 */
export class ServerProcess {
	readonly child: ChildProcess;
	private output_ = '';

	constructor(
		command: string,
		args: string[],
		env: NodeJS.ProcessEnv,
		private readonly groups?: Pick<Watchdog, 'group' | 'release'>,
	) {
		this.child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: Boolean(groups) });
		trackGroup(this.child, groups);
		const collect = (chunk: Buffer) => (this.output_ += chunk.toString());
		this.child.stdout!.on('data', collect);
		this.child.stderr!.on('data', collect);
	}

	output(): string {
		return this.output_;
	}

	/** Waits until `ready` answers true; fails with the output's end if the process exits first. */
	async ready(what: string, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
		const { child } = this;
		await until(
			`${what} to be ready`,
			async () => {
				if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited (${String(child.exitCode ?? child.signalCode)}) before it was ready`);
				return (await ready().catch(() => false)) ? true : undefined;
			},
			timeoutMs,
		).catch((error: Error) => {
			throw new Error(`${error.message}:\n${this.output_.slice(-4000)}`);
		});
	}

	/** SIGTERM (to its whole group, n8n's task runners included), SIGKILL if it has not exited 45 s later. */
	async stop(): Promise<void> {
		const { child } = this;
		if (child.exitCode !== null || child.signalCode !== null) return;
		const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
		const signal = (name: NodeJS.Signals) => {
			try {
				if (this.groups && child.pid) process.kill(-child.pid, name);
				else child.kill(name);
			} catch {
				// already gone
			}
		};
		signal('SIGTERM');
		const timer = setTimeout(() => signal('SIGKILL'), 45_000);
		await exited;
		clearTimeout(timer);
	}
}

/** Hands a detached process's group to `groups` until the process exits. */
function trackGroup(child: ChildProcess, groups?: Pick<Watchdog, 'group' | 'release'>): void {
	const pid = child.pid;
	if (!groups || !pid) return;
	groups.group(pid);
	child.once('exit', () => groups.release(pid));
}

/** The demo's owner account, printed by `npm start` for the reader to log in with. */
export const OWNER = {
	email: 'demo@example.com',
	firstName: 'Demo',
	lastName: 'Owner',
	// eslint-disable-next-line @n8n/community-nodes/no-hardcoded-secrets -- a throwaway local demo login, shown to the user on purpose
	password: 'Engagedly-demo-1',
};

export class N8nInstance {
	readonly port: number;
	readonly userFolder: string;
	private server?: ServerProcess;
	/** Every `n8n start` of this instance, the running one last. */
	private readonly runs: ServerProcess[] = [];
	private readonly ownFolder: boolean;
	private cookie?: string;

	private constructor(
		private readonly options: InstanceOptions,
		port: number,
		userFolder: string,
		ownFolder: boolean,
		readonly brokerPort: number,
	) {
		this.port = port;
		this.userFolder = userFolder;
		this.ownFolder = ownFolder;
	}

	static async create(options: InstanceOptions): Promise<N8nInstance> {
		const ownFolder = !options.userFolder;
		const userFolder = options.userFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'engagedly-n8n-'));
		installInto(userFolder, options.tarball);
		return new N8nInstance(options, options.port ?? (await freePort()), userFolder, ownFolder, options.brokerPort ?? (await freePort()));
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	get version(): string {
		return this.options.install.version;
	}

	/** Headless, offline, quiet: no telemetry, update checks, templates or banners. */
	env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
		return node24Env({
			N8N_USER_FOLDER: this.userFolder,
			N8N_PORT: String(this.port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_PROTOCOL: 'http',
			N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE: 'true',
			N8N_SECURE_COOKIE: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_LOG_LEVEL: 'info',
			N8N_LOG_OUTPUT: 'console',
			DB_SQLITE_POOL_SIZE: '2',
			...this.options.env,
			...extra,
		});
	}

	/**
	 * `n8n <args>`. A CLI command may run beside `n8n start` (same database): it gets its own
	 * task-broker port so the two never collide.
	 */
	async cli(args: string[], options: { timeoutMs?: number } = {}): Promise<CliResult> {
		const env = this.env({ N8N_RUNNERS_BROKER_PORT: String(await freePort()) });
		return await new Promise((resolve, reject) => {
			const child = spawn(node24Bin(), [this.options.install.bin, ...args], {
				env,
				stdio: ['ignore', 'pipe', 'pipe'],
				detached: Boolean(this.options.processGroups),
			});
			trackGroup(child, this.options.processGroups);
			let stdout = '';
			let stderr = '';
			child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
			child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
			const timer = setTimeout(() => {
				child.kill('SIGKILL');
				reject(new Error(`n8n ${args.join(' ')} did not finish in ${options.timeoutMs ?? 180_000} ms\n${stdout}\n${stderr}`));
			}, options.timeoutMs ?? 180_000);
			child.on('error', reject);
			child.on('close', (code, signal) => {
				clearTimeout(timer);
				resolve({ code, signal, stdout, stderr });
			});
		});
	}

	private async cliOk(args: string[]): Promise<CliResult> {
		const result = await this.cli(args);
		if (result.code !== 0) {
			throw new Error(`n8n ${args.join(' ')} exited ${String(result.code ?? result.signal)}\n${result.stdout}\n${result.stderr}`);
		}
		return result;
	}

	/** `n8n import:credentials`: `data` in clear (n8n encrypts it with the folder's key). */
	async importCredentials(credentials: Array<{ id: string; name: string; type: string; data: Record<string, unknown> }>): Promise<void> {
		const file = path.join(this.userFolder, `credentials-${Date.now()}.json`);
		fs.writeFileSync(file, JSON.stringify(credentials, null, 2));
		try {
			await this.cliOk(['import:credentials', `--input=${file}`]);
		} finally {
			fs.rmSync(file, { force: true });
		}
	}

	/** `n8n import:workflow` of workflow objects (each with its own `id`). */
	async importWorkflows(workflows: object[]): Promise<void> {
		const dir = fs.mkdtempSync(path.join(this.userFolder, 'import-'));
		workflows.forEach((workflow, i) => fs.writeFileSync(path.join(dir, `${i}.json`), JSON.stringify(workflow)));
		try {
			await this.cliOk(['import:workflow', '--separate', `--input=${dir}`]);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}

	/**
	 * `n8n publish:workflow` (n8n 2.x; `update:workflow --active=true` in 1.x). `n8n start` then runs the workflow's
	 * trigger (polls, webhooks); a running n8n picks it up only after a restart.
	 */
	async activate(workflowId: string): Promise<void> {
		if (this.version.startsWith('1.')) await this.cliOk(['update:workflow', `--id=${workflowId}`, '--active=true']);
		else await this.cliOk(['publish:workflow', `--id=${workflowId}`]);
	}

	/**
	 * Publishes a workflow through the running n8n's REST API, as the editor's Publish button does
	 * (its Activate toggle in 1.x, the same route): active at once, its first poll included, with
	 * no CLI process to boot.
	 */
	async publish(workflowId: string): Promise<void> {
		const { versionId } = await this.rest<{ versionId: string }>('GET', `/workflows/${workflowId}`);
		await this.rest('POST', `/workflows/${workflowId}/activate`, { versionId });
	}

	/** `n8n execute --id <id> --rawOutput`: the whole run as JSON. */
	async execute(workflowId: string): Promise<{ run: RawRun; result: CliResult }> {
		const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput']);
		// The run is printed as indented JSON from a line `{` to a line `}`; a failed run is
		// followed by n8n's error text.
		const lines = result.stdout.split('\n');
		const first = lines.indexOf('{');
		const last = lines.indexOf('}', first);
		if (first < 0 || last < 0) {
			throw new Error(`n8n execute --id=${workflowId} printed no run (exit ${String(result.code)})\n${result.stdout}\n${result.stderr}`);
		}
		let run: RawRun;
		try {
			run = JSON.parse(lines.slice(first, last + 1).join('\n')) as RawRun;
		} catch (error) {
			throw new Error(`n8n execute --id=${workflowId}: output is not JSON (${(error as Error).message})\n${result.stdout}\n${result.stderr}`);
		}
		return { run, result };
	}

	// ---- n8n start ----------------------------------------------------------------------------

	output(): string {
		return this.runs.map((run) => run.output()).join('');
	}

	/** Called when `n8n start` ends by itself (not through stop()). */
	onExit(listener: (code: number | string | null) => void): void {
		const server = this.server;
		server?.child.once('exit', (code, signal) => {
			if (this.server === server) listener(code ?? signal);
		});
	}

	async start(timeoutMs = 180_000): Promise<void> {
		if (this.server) throw new Error('n8n is already running');
		const server = new ServerProcess(node24Bin(), [this.options.install.bin, 'start'], this.env(), this.options.processGroups);
		this.server = server;
		this.runs.push(server);
		// Readiness comes first; n8n 1.x registers its REST routes a moment later.
		const ok = async (route: string) => (await fetch(`${this.baseUrl}${route}`)).status === 200;
		await server.ready('n8n start', async () => (await ok('/healthz/readiness')) && (await ok('/rest/settings')), timeoutMs);
	}

	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		this.cookie = undefined;
		await server?.stop();
	}

	async dispose(): Promise<void> {
		await this.stop();
		if (this.ownFolder) fs.rmSync(this.userFolder, { recursive: true, force: true });
	}

	// ---- REST API (the editor's) ----------------------------------------------------------------

	/** Creates the owner account on a new instance (what the editor's first page asks for). */
	async setupOwner(owner = OWNER): Promise<void> {
		await this.signIn('owner setup', '/owner/setup', owner);
	}

	async login(owner = OWNER): Promise<string> {
		return await this.signIn('login', '/login', { emailOrLdapLoginId: owner.email, password: owner.password });
	}

	/** A POST that answers with the session cookie, kept for the calls that follow. */
	private async signIn(what: string, route: string, body: object): Promise<string> {
		const response = await fetch(`${this.baseUrl}/rest${route}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
		this.cookie = cookieOf(response);
		return this.cookie;
	}

	/** A logged-in request to n8n (a file of the editor such as `/types/nodes.json`, or the REST API): its JSON. */
	async getJson<T = unknown>(pathname: string, method = 'GET', body?: unknown): Promise<T> {
		if (!this.cookie) await this.login();
		const response = await fetch(`${this.baseUrl}${pathname}`, {
			method,
			headers: { cookie: this.cookie!, 'content-type': 'application/json', 'browser-id': 'engagedly-e2e' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
		return JSON.parse(text) as T;
	}

	async rest<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		return (await this.getJson<{ data: T }>(`/rest${route}`, method, body)).data;
	}

	/** The executions n8n saved for a workflow, newest first. */
	async executions(workflowId: string): Promise<ExecutionSummary[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const page = await this.rest<{ results: ExecutionSummary[] }>('GET', `/executions?filter=${filter}&limit=100`);
		return page.results;
	}

	/** The executions of a workflow not in `known` (added to it), once there are `count` and all are finished. */
	async newExecutions(workflowId: string, known: Set<string>, count: number, timeoutMs: number): Promise<ExecutionSummary[]> {
		const fresh = await until(
			`${count} new finished execution(s) of ${workflowId}`,
			async () => {
				const found = (await this.executions(workflowId)).filter((e) => !known.has(e.id));
				return found.length >= count && found.every((e) => !['new', 'running', 'waiting'].includes(e.status)) ? found : undefined;
			},
			timeoutMs,
		);
		for (const e of fresh) known.add(e.id);
		return fresh;
	}

	/** One saved execution with every node's output (n8n stores its run data in `flatted` form). */
	async execution(id: string): Promise<ExecutionRun> {
		const { status, mode, data } = await this.rest<{ status: string; mode: string; data: string }>('GET', `/executions/${id}`);
		// eslint-disable-next-line @typescript-eslint/no-require-imports -- n8n's own copy of flatted, the format it stores
		const flatted = require(path.join(this.options.install.dir, 'node_modules', 'flatted')) as { parse: (text: string) => unknown };
		const run: RawRun = { status, data: flatted.parse(data) as RawRun['data'] };
		return { id, status, mode, outputs: outputsOf(run), error: run.data.resultData.error?.message };
	}
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	mode: string;
	status: string;
	startedAt: string;
}

export interface ExecutionRun {
	id: string;
	status: string;
	mode: string;
	outputs: Record<string, Array<Record<string, unknown>>>;
	error?: string;
}

/** The items each node put out on its first run's first output. */
export function outputsOf(run: RawRun): Record<string, Array<Record<string, unknown>>> {
	const runData = run.data.resultData.runData;
	const firstOutput = (runs: (typeof runData)[string]) => (runs[0]?.data?.main?.[0] ?? []).map((item) => item.json);
	return Object.fromEntries(Object.entries(runData).map(([node, runs]) => [node, firstOutput(runs)]));
}

function cookieOf(response: Response): string {
	const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
	const auth = cookies.find((cookie) => cookie.startsWith('n8n-auth='));
	if (!auth) throw new Error('n8n answered without an n8n-auth cookie');
	return auth;
}
