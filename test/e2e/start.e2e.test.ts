/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code runs in plain Node, not inside n8n: it runs `npm start` as a user does */
/**
 * `npm start` as a newcomer runs it: both services come up, the printed instructions work
 * (log in, the credential and the examples are there, the printed curl runs an example workflow
 * through the running n8n), and Ctrl-C stops everything. It is started with
 * `--profile <ENGAGEDLY_SIMULATOR_PROFILE or contract>`, as a user picks the vendor's shapes.
 */
import { spawn, type ChildProcess } from 'node:child_process';

import { CREDENTIAL_NAME, exampleNames, example } from './harness/demo';
import { REPO_ROOT, node24Env } from './harness/install';
import { OWNER, freePort, portInUse } from './harness/instance';
import { profileFromEnvironment } from '../simulator';

const profile = profileFromEnvironment();

let child: ChildProcess;
let output = '';
let n8nPort: number;
let simulatorPort: number;
let exit: Promise<number | string | null>;

async function waitForOutput(pattern: RegExp, timeoutMs: number, evenAfterNpmExits = false): Promise<RegExpMatchArray> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const match = output.match(pattern);
		if (match) return match;
		if (child.exitCode !== null && !evenAfterNpmExits) throw new Error(`npm start exited (${child.exitCode}) before printing ${pattern}:\n${output}`);
		if (Date.now() > deadline) throw new Error(`npm start did not print ${pattern} within ${timeoutMs / 1000} s:\n${output}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

beforeAll(async () => {
	n8nPort = await freePort();
	simulatorPort = await freePort();
	// Its own process group, so that the test can send Ctrl-C's SIGINT to all of it, as a terminal does.
	child = spawn('npm', ['start', '--', '--profile', profile], {
		cwd: REPO_ROOT,
		env: node24Env({ N8N_PORT: String(n8nPort), SIMULATOR_PORT: String(simulatorPort) }),
		stdio: ['pipe', 'pipe', 'pipe'],
		detached: true,
	});
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
	await waitForOutput(/Ctrl-C stops n8n and the simulator/, 10 * 60 * 1000);
}, 11 * 60 * 1000);

afterAll(() => {
	if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
});

describe('npm start', () => {
	test('prints the editor URL, the login and the simulator, on the ports it was given', () => {
		expect(output).toContain(`n8n editor   http://127.0.0.1:${n8nPort}`);
		expect(output).toContain(`log in as ${OWNER.email} / ${OWNER.password}`);
		expect(output).toContain(`simulator    http://127.0.0.1:${simulatorPort}/beta`);
		expect(output).toContain(`${profile} shapes)`);
	});

	test('the simulator answers with the demo keys, in the shapes of the profile asked for', async () => {
		const response = await fetch(`http://127.0.0.1:${simulatorPort}/beta/users?size=1`, {
			headers: { ClientKey: 'demo-client-key', SecretKey: 'demo-secret-key' },
		});
		expect(response.status).toBe(200);
		const departments = await fetch(`http://127.0.0.1:${simulatorPort}/beta/departments?size=1`, {
			headers: { ClientKey: 'demo-client-key', SecretKey: 'demo-secret-key' },
		});
		const [department] = ((await departments.json()) as { data: Array<{ members_count: unknown }> }).data;
		// The contract renders list counts as strings, the vendor as integers.
		expect(typeof department.members_count).toBe(profile === 'vendor' ? 'number' : 'string');
	});

	test('the printed login works, and the credential and every example workflow are in n8n', async () => {
		const base = `http://127.0.0.1:${n8nPort}`;
		const login = await fetch(`${base}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
		});
		expect(login.status).toBe(200);
		const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
		const get = async (route: string) =>
			((await (await fetch(`${base}/rest${route}`, { headers: { cookie } })).json()) as { data: Array<{ name: string; id: string }> }).data;
		expect((await get('/credentials')).map((c) => c.name)).toEqual([CREDENTIAL_NAME]);
		expect((await get('/workflows')).map((w) => w.id).sort()).toEqual(exampleNames().map((name) => example(name).id).sort());
	});

	test('the printed curl runs the look-up example through the running n8n', async () => {
		const [, url] = await waitForOutput(/curl '([^']+)'/, 0);
		const response = await fetch(url);
		expect(response.status).toBe(200);
		const email = new URL(url).searchParams.get('email');
		const cards = (await response.json()) as Array<{ email: string; name: string }>;
		expect(cards).toEqual([expect.objectContaining({ email, name: 'Avery Stone' })]);
	});

	test('typing p posts a praise in the simulator', async () => {
		child.stdin!.write('p\n');
		await waitForOutput(/Posted praise \d+ by Avery Stone/, 10_000);
	});

	test('Ctrl-C stops n8n and the simulator, and nothing of it keeps running', async () => {
		process.kill(-child.pid!, 'SIGINT');
		// npm itself ends on the signal, as it does in a terminal; the demo finishes its cleanup.
		await waitForOutput(/Stopped\./, 60_000, true);
		await exit;
		expect(await portInUse(n8nPort)).toBe(false);
		expect(await portInUse(simulatorPort)).toBe(false);
		const groupAlive = async () => {
			try {
				process.kill(-child.pid!, 0);
				return true;
			} catch {
				return false;
			}
		};
		for (let i = 0; i < 20 && (await groupAlive()); i++) await new Promise((resolve) => setTimeout(resolve, 500));
		expect(await groupAlive()).toBe(false);
	});
});
