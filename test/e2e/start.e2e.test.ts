/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code runs in plain Node, not inside n8n: it runs `npm start` as a user does */
/**
 * `npm start` as a newcomer runs it: the services come up on the ports they were given (the task
 * runners' broker included), the printed instructions work (log in, the credentials and the
 * examples are there, each example's link opens, the printed curl runs the look-up example through
 * the running n8n), and however it is stopped, by Ctrl-C or by `kill -9` of everything in its
 * terminal, nothing keeps running and nothing is left in the temp dir.
 * It is started with `--profile <ENGAGEDLY_SIMULATOR_PROFILE or contract>`, as a user picks the
 * vendor's shapes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { APPROVER_LOGIN, CHAT_LOGIN, CHAT_MODEL, CREDENTIAL_NAME, LOOKUP_KEY, exampleNames, example } from './harness/demo';
import { REPO_ROOT, node24Env, processAlive } from './harness/install';
import { until } from './harness/wait';
import { OWNER } from './harness/instance';
import { freePort, refused } from '../helpers/net';
import { profileFromEnvironment } from '../simulator';

const profile = profileFromEnvironment();
const CHAT_SERVER = { apiKey: 'sk-start-test', url: 'http://127.0.0.1:9/v1' };

interface Demo {
	child: ChildProcess;
	output: () => string;
	ports: { n8n: number; simulator: number; broker: number };
	/** The TMPDIR it was given: empty before it started. */
	tmp: string;
	exit: Promise<number | string | null>;
	waitForOutput(pattern: RegExp, timeoutMs: number, evenAfterNpmExits?: boolean): Promise<RegExpMatchArray>;
}

/** `npm start` in its own process group, so that the test can signal all of it, as a terminal does. */
async function startDemo(): Promise<Demo> {
	const ports = { n8n: await freePort(), simulator: await freePort(), broker: await freePort() };
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'engagedly-start-test-'));
	const child = spawn('npm', ['start', '--', '--profile', profile], {
		cwd: REPO_ROOT,
		env: node24Env({
			N8N_PORT: String(ports.n8n),
			SIMULATOR_PORT: String(ports.simulator),
			N8N_RUNNERS_BROKER_PORT: String(ports.broker),
			TMPDIR: tmp,
			// The suite's one tarball: a build here would empty dist/ under the suites beside it.
			ENGAGEDLY_E2E_PACKAGE: process.env.ENGAGEDLY_E2E_TARBALL,
			// npm's own compile cache, which npm writes to TMPDIR before the demo starts and shares
			// with every npm command: not the demo's to remove.
			NODE_DISABLE_COMPILE_CACHE: '1',
			// A builder's own OpenAI-compatible server for the HR chat agent (nothing listens there).
			OPENAI_API_KEY: CHAT_SERVER.apiKey,
			OPENAI_BASE_URL: CHAT_SERVER.url,
		}),
		stdio: ['pipe', 'pipe', 'pipe'],
		detached: true,
	});
	let output = '';
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exit = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
	const printed = (pattern: RegExp, evenAfterNpmExits: boolean) => {
		const match = output.match(pattern) ?? undefined;
		if (!match && child.exitCode !== null && !evenAfterNpmExits) throw new Error(`npm start exited (${child.exitCode})`);
		return match;
	};
	const waitForOutput = async (pattern: RegExp, timeoutMs: number, evenAfterNpmExits = false): Promise<RegExpMatchArray> =>
		await until(`npm start to print ${pattern}`, () => printed(pattern, evenAfterNpmExits), timeoutMs).catch((error: Error) => {
			throw new Error(`${error.message}:\n${output}`);
		});
	const demo = { child, output: () => output, ports, tmp, exit, waitForOutput };
	await waitForOutput(/Ctrl-C stops n8n and the simulator/, 10 * 60 * 1000);
	return demo;
}

/** `npm start` for the tests of one describe block; after them its group is killed, its temp dir removed. */
function startedDemo(): () => Demo {
	let demo: Demo | undefined;
	beforeAll(async () => {
		demo = await startDemo();
	}, 11 * 60 * 1000);
	afterAll(() => {
		if (demo && demo.child.exitCode === null && demo.child.signalCode === null) process.kill(-demo.child.pid!, 'SIGKILL');
		if (demo) fs.rmSync(demo.tmp, { recursive: true, force: true });
	});
	return () => demo!;
}

async function nothingLeft(demo: Demo): Promise<{ listening: number[]; leftInTmp: string[] }> {
	const listening = [];
	for (const port of Object.values(demo.ports)) if (!(await refused(port))) listening.push(port);
	return { listening, leftInTmp: fs.readdirSync(demo.tmp) };
}

describe('npm start', () => {
	const demo = startedDemo();

	test('prints the editor URL, the login, the simulator and every port, and listens on the ports it was given', async () => {
		const { n8n, simulator, broker } = demo().ports;
		expect(demo().output()).toContain(`n8n editor   http://127.0.0.1:${n8n}`);
		expect(demo().output()).toContain(`log in as ${OWNER.email} / ${OWNER.password}`);
		expect(demo().output()).toContain(`simulator    http://127.0.0.1:${simulator}/beta`);
		expect(demo().output()).toContain(`${profile} shapes)`);
		expect(demo().output()).toContain(`ports        n8n ${n8n}, simulator ${simulator}, task runners' broker ${broker}`);
		expect([await refused(n8n), await refused(simulator), await refused(broker)]).toEqual([false, false, false]);
	});

	test('the simulator answers the printed curl, with both printed keys, in the shapes of the profile asked for', async () => {
		const [, clientKey, secretKey] = await demo().waitForOutput(/ClientKey (\S+) {3}SecretKey (\S+)/, 0);
		expect([clientKey, secretKey]).toEqual(['demo-client-key', 'demo-secret-key']);
		const [, first, second, url] = await demo().waitForOutput(/curl -H '([^']+)' -H '([^']+)' '([^']+)'/, 0);
		expect(url).toBe(`http://127.0.0.1:${demo().ports.simulator}/beta/users?size=1`);
		const headers = Object.fromEntries([first, second].map((header) => header.split(': ')));
		expect(headers).toEqual({ ClientKey: clientKey, SecretKey: secretKey });
		const response = await fetch(url, { headers });
		expect(response.status).toBe(200);
		const departments = await fetch(`http://127.0.0.1:${demo().ports.simulator}/beta/departments?size=1`, {
			headers: { ClientKey: 'demo-client-key', SecretKey: 'demo-secret-key' },
		});
		const [department] = ((await departments.json()) as { data: Array<{ members_count: unknown }> }).data;
		// The contract renders list counts as strings, the vendor as integers.
		expect(typeof department.members_count).toBe(profile === 'vendor' ? 'number' : 'string');
	});

	test('the printed login works, and the five credentials (the chat model one holding the server npm start was given) and every example workflow are in n8n, each behind the link printed for it', async () => {
		const base = `http://127.0.0.1:${demo().ports.n8n}`;
		const login = await fetch(`${base}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
		});
		expect(login.status).toBe(200);
		const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
		const get = async (route: string) =>
			((await (await fetch(`${base}/rest${route}`, { headers: { cookie } })).json()) as { data: Array<{ name: string; id: string }> }).data;
		// The chat agent's model credential too: without it the example's model node names nothing.
		expect((await get('/credentials')).map((c) => c.name).sort()).toEqual([CREDENTIAL_NAME, LOOKUP_KEY.name, CHAT_LOGIN.name, APPROVER_LOGIN.name, CHAT_MODEL.name].sort());
		// ...and the model credential holds the OpenAI-compatible server npm start was given.
		const chat = await fetch(`${base}/rest/credentials/${CHAT_MODEL.id}?includeData=true`, { headers: { cookie } });
		expect(((await chat.json()) as { data: { data: { url?: string } } }).data.data.url).toBe(CHAT_SERVER.url);
		expect(demo().output()).toContain(`its credential "${CHAT_MODEL.name}" holds OPENAI_API_KEY and OPENAI_BASE_URL`);
		// The approval example's step prints the approver's login, the one her credential holds.
		const approver = await fetch(`${base}/rest/credentials/${APPROVER_LOGIN.id}?includeData=true`, { headers: { cookie } });
		expect(((await approver.json()) as { data: { data: { user?: string } } }).data.data.user).toBe(APPROVER_LOGIN.user);
		expect(demo().output()).toContain(`${APPROVER_LOGIN.user} / ${APPROVER_LOGIN.password} (only her login opens the form)`);
		const ids = exampleNames().map((name) => example(name).id);
		expect((await get('/workflows')).map((w) => w.id).sort()).toEqual([...ids].sort());
		for (const id of ids) {
			expect(demo().output()).toContain(`${base}/workflow/${id}`);
			expect((await fetch(`${base}/workflow/${id}`)).status).toBe(200);
		}
	});

	test('"What to try first" names every example workflow as n8n lists it', () => {
		const steps = demo().output().split('What to try first:')[1].split('Ctrl-C stops')[0];
		const missing = exampleNames().map((name) => example(name).name).filter((name) => !steps.includes(`"${name}"`));
		expect(missing).toEqual([]);
	});

	test('the printed curl, with its key header, runs the look-up example through the running n8n', async () => {
		const [, header, url] = await demo().waitForOutput(/curl -H '([^']+)' '([^']+)'/, 0);
		const [name, value] = header.split(': ');
		const response = await fetch(url, { headers: { [name]: value } });
		expect(response.status).toBe(200);
		const email = new URL(url).searchParams.get('email');
		const cards = (await response.json()) as Array<{ email: string; name: string }>;
		expect(cards).toEqual([expect.objectContaining({ email, name: 'Avery Stone' })]);
	});

	test('typing p posts a praise in the simulator', async () => {
		demo().child.stdin!.write('p\n');
		await demo().waitForOutput(/Posted praise \d+ by Avery Stone/, 10_000);
	});

	test('SIGTERM to npm start alone (as a service manager sends it) stops n8n and the simulator: nothing keeps running, nothing is left in the temp dir', async () => {
		// Only npm's own process: npm hands the signal to its script, which must be the demo itself
		// (`exec`), not a shell that keeps it. A terminal's Ctrl-C signals the whole group, demo included.
		process.kill(demo().child.pid!, 'SIGTERM');
		await demo().waitForOutput(/Stopped\./, 60_000, true);
		await demo().exit;
		expect(await nothingLeft(demo())).toEqual({ listening: [], leftInTmp: [] });
		await until('the process group to end', () => (processAlive(-demo().child.pid!) ? undefined : true), 10_000);
	});
});

describe('npm start killed with kill -9 (no chance to clean up itself)', () => {
	const demo = startedDemo();

	test('its watchdog stops n8n and empties the temp dir all the same', async () => {
		expect((await nothingLeft(demo())).listening.length).toBe(3);

		process.kill(-demo().child.pid!, 'SIGKILL');
		await demo().exit;

		const clean = async () => JSON.stringify(await nothingLeft(demo())) === JSON.stringify({ listening: [], leftInTmp: [] });
		// What is left, if anything, is the assertion's message.
		await until('the watchdog to clean up', async () => ((await clean()) ? true : undefined), 60_000).catch(() => undefined);
		expect(await nothingLeft(demo())).toEqual({ listening: [], leftInTmp: [] });
	});
});
