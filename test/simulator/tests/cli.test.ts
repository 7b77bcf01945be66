/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * The CLI: `npm run simulator -- --port 4010` prints the base URL and the demo keys
 * and serves until stopped; flags --users N, --rate-limit N, --rate-limit-headers, --time-scale X, --seed S,
 * --profile contract|vendor.
 * Each test spawns the CLI on a free port, reads its stdout, makes authenticated requests,
 * sends SIGINT and checks that it exits.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { startSimulator } from '..';
import { freePort, refused } from '../../helpers/net';
import { RateLimitErrorSchema, UsersListResponse } from '../../schemas/engagedly';
import { sleep } from 'n8n-workflow';
import { Api, expectBody, listAll, parseWith } from './client';

const ROOT = path.resolve(__dirname, '../../..');
const DEMO = { clientKey: 'demo-client-key', secretKey: 'demo-secret-key' };

interface Running {
	child: ChildProcess;
	stdout: () => string;
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the CLI and resolves once its stdout names the base URL. */
async function launch(how: 'npm' | 'ts-node', args: string[], port: number): Promise<Running> {
	const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` };
	const child =
		how === 'npm'
			? spawn('npm', ['run', '--silent', 'simulator', '--', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
			: spawn(process.execPath, [require.resolve('ts-node/dist/bin.js'), '--transpile-only', 'test/simulator/cli.ts', ...args], {
					cwd: ROOT,
					env,
					stdio: ['ignore', 'pipe', 'pipe'],
					detached: true,
				});
	running.add(child);
	let out = '';
	let err = '';
	child.stdout!.on('data', (d) => (out += String(d)));
	child.stderr!.on('data', (d) => (err += String(d)));
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		child.on('exit', (code, signal) => resolve({ code, signal })),
	);
	const wanted = `127.0.0.1:${port}`;
	await new Promise<void>((resolve, reject) => {
		const timer = setInterval(() => {
			if (out.includes(wanted) || out.includes(`localhost:${port}`)) {
				clearInterval(timer);
				resolve();
			}
		}, 50);
		void exited.then(({ code }) => {
			clearInterval(timer);
			reject(new Error(`the CLI exited (code ${code}) before printing its URL.\nstdout: ${out}\nstderr: ${err}`));
		});
	});
	// give the process a moment to finish printing the keys
	await sleep(100);
	return { child, stdout: () => out, exited };
}

/**
 * Ctrl+C: SIGINT to the whole process group (npm, its shell and the simulator), as a terminal
 * does. Each CLI runs in its own group (`detached`), so nothing else is touched.
 */
async function stop(run: Running): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
	process.kill(-run.child.pid!, 'SIGINT');
	const exit = await run.exited;
	running.delete(run.child);
	return exit;
}

/** Children still running when a test failed half-way: killed (by their group) after the file. */
const running = new Set<ChildProcess>();
afterAll(() => {
	for (const child of running) {
		try {
			process.kill(-child.pid!, 'SIGKILL');
		} catch {
			// already gone
		}
	}
});

describe('npm run simulator', () => {
	test('prints the base URL and the demo keys, serves authenticated requests, exits on SIGINT', async () => {
		const port = await freePort();
		const run = await launch('npm', ['--port', String(port)], port);
		try {
			const out = run.stdout();
			expect(out).toContain(`http://127.0.0.1:${port}`);
			expect(out).toMatch(/ClientKey\W+demo-client-key/);
			expect(out).toMatch(/SecretKey\W+demo-secret-key/);

			const api = new Api(`http://127.0.0.1:${port}`, DEMO);
			const body = expectBody(await api.get('/users', { size: 5 }), 200, UsersListResponse);
			expect(body.data).toHaveLength(5);
			const unauth = await new Api(`http://127.0.0.1:${port}`, null).get('/users');
			expect(unauth.status).toBe(401);

			const exit = await stop(run);
			expect(exit.code === 0 || exit.code === 130 || exit.signal === 'SIGINT').toBe(true);
			expect(await refused(port)).toBe(true);
		} finally {
			if (running.has(run.child)) process.kill(-run.child.pid!, 'SIGKILL');
		}
	});
});

describe('flags', () => {
	test.each([
		['--users, --seed', ['--users', '40', '--seed', '5'], { seed: 5, users: 40 }],
		['--profile vendor', ['--users', '30', '--profile', 'vendor'], { users: 30, profile: 'vendor' }],
	] as const)('%s: the organisation equals the programmatic one with the same options', async (_label, args, options) => {
		const port = await freePort();
		const run = await launch('ts-node', ['--port', String(port), ...args], port);
		const reference = await startSimulator({ port: 0, rateLimit: 1_000_000, ...options });
		try {
			const cliBase = `http://127.0.0.1:${port}`;
			const fromCli = await listAll(new Api(cliBase, DEMO), '/users');
			const fromApi = await listAll(new Api(reference.baseUrl, reference.keys.demo), '/users');
			expect(fromCli).toHaveLength(options.users);
			// Uploaded pictures are served by each simulator itself, so their URLs carry its own port.
			const masked = (users: unknown[], base: string) => JSON.stringify(users).split(base).join('<BASE>');
			expect(masked(fromCli, cliBase)).toEqual(masked(fromApi, reference.baseUrl));
			if ('profile' in options) {
				expect(run.stdout()).toContain('vendor profile');
				const typed = (fromCli as Array<{ employee_type: unknown }>).find((user) => user.employee_type !== null);
				expect(typed?.employee_type).toEqual({ id: expect.any(Number), name: expect.any(String) });
			}
		} finally {
			await reference.stop();
			const exit = await stop(run);
			expect(exit.code === 0 || exit.code === 130 || exit.signal === 'SIGINT').toBe(true);
		}
	});

	test('an unknown profile is refused', () => {
		const refusedRun = spawnSync(process.execPath, [require.resolve('ts-node/dist/bin.js'), '--transpile-only', 'test/simulator/cli.ts', '--profile', 'openapi'], {
			cwd: ROOT,
			encoding: 'utf8',
		});
		expect(refusedRun.status).toBe(2);
		expect(refusedRun.stderr).toContain('--profile needs one of: contract, vendor');
	});

	test('--rate-limit, --rate-limit-headers and --time-scale: the limit shows in the headers and a one-minute cooldown passes in a second at scale 60', async () => {
		const port = await freePort();
		const run = await launch('ts-node', ['--port', String(port), '--rate-limit', '3', '--rate-limit-headers', '--time-scale', '60'], port);
		try {
			const api = new Api(`http://127.0.0.1:${port}`, DEMO);
			const first = await api.get('/users', { size: 1 });
			expect(first.status).toBe(200);
			expect(first.headers['x-ratelimit-limit']).toBe('3');
			let limited = first;
			for (let i = 0; i < 10 && limited.status !== 429; i++) limited = await api.get('/users', { size: 1 });
			expect(limited.status).toBe(429);
			parseWith(RateLimitErrorSchema, limited.body);
			// a first violation costs one (simulated) minute: one real second at scale 60
			await sleep(1600);
			const after = await api.get('/users', { size: 1 });
			expect(after.status).toBe(200);
		} finally {
			await stop(run);
		}
	});
});
