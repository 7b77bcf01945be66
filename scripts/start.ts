/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a developer script, runs in plain Node */
/**
 * `npm start`: the package in a real n8n against the simulator's demo organisation, offline.
 *
 * Builds and packs the package, installs it into a fresh n8n user folder the way the Community
 * Nodes panel does, starts the simulator and n8n (the pinned version from test/e2e/, installed
 * into the cache on first use, with progress), imports the credentials and the example workflows,
 * creates the owner account, and prints what to try. Ctrl-C stops everything.
 *
 * Ports (a busy one is replaced by a free one, and said so): N8N_PORT (default 5678),
 * SIMULATOR_PORT (4010), N8N_RUNNERS_BROKER_PORT (5679, n8n's task runners).
 *
 * Everything it writes apart from the n8n cache lives in one folder, engagedly-demo-<pid>-… under
 * the system temp dir (the packed tarball, n8n's user folder, and as TMPDIR of everything it runs,
 * their temp files and caches). A watchdog
 * process (scripts/watchdog.mjs) deletes it and stops n8n however the demo ends: Ctrl-C, a closed
 * terminal, an error, or a `kill -9` that leaves no chance to clean up. Folders of demos whose
 * watchdog was killed too are deleted by the next `npm start`.
 * ENGAGEDLY_E2E_PACKAGE=<tarball> demonstrates that package instead of building this clone.
 * `npm start -- --profile vendor` serves the vendor's shapes instead of the contract's (see
 * test/simulator/README.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

import { APPROVER_LOGIN, CHAT_LOGIN, CHAT_MODEL, CREDENTIAL_NAME, DEMO_ORGANISATION, LOOKUP_KEY, example, exampleNames, importDemo, startDemoSimulator } from '../test/e2e/harness/demo';
import { ensureN8n } from '../test/e2e/harness/install';
import { N8nInstance, OWNER } from '../test/e2e/harness/instance';
import { build, pack } from '../test/e2e/harness/pack';
import { Watchdog } from '../test/e2e/harness/watchdog';
import { freePort, refused } from '../test/helpers/net';
import { isProfile, PROFILES, profileFromEnvironment, type Profile, type Simulator } from '../test/simulator';
import { stillGoing } from './heartbeat';

const say = (line = '') => process.stdout.write(`${line}\n`);


const PORTS = {
	n8n: { variable: 'N8N_PORT', fallback: 5678 },
	simulator: { variable: 'SIMULATOR_PORT', fallback: 4010 },
	broker: { variable: 'N8N_RUNNERS_BROKER_PORT', fallback: 5679 },
} as const;

async function choosePort({ variable, fallback }: { variable: string; fallback: number }, taken: number[]): Promise<number> {
	const wanted = process.env[variable] ? Number(process.env[variable]) : fallback;
	if (!Number.isInteger(wanted) || wanted < 0 || wanted > 65535) throw new Error(`${variable} must be a port number`);
	if (wanted !== 0 && !taken.includes(wanted) && (await refused(wanted))) return wanted;
	let port = await freePort();
	while (taken.includes(port)) port = await freePort();
	if (wanted !== 0) say(`Port ${wanted} is busy: using ${port} instead (set ${variable} to choose).`);
	return port;
}

/** `--profile vendor` (or `--profile=vendor`); without it, ENGAGEDLY_SIMULATOR_PROFILE or the contract. */
function profileArgument(argv: string[]): Profile {
	let profile: Profile = profileFromEnvironment();
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		if (flag !== '--profile') throw new Error(`unknown option ${argv[i]} (npm start -- --profile ${PROFILES.join('|')})`);
		const value = inline ?? argv[++i];
		if (!isProfile(value)) throw new Error(`--profile needs one of: ${PROFILES.join(', ')}`);
		profile = value;
	}
	return profile;
}

const RUN_PREFIX = 'engagedly-demo-';

/** Folders of earlier demos whose process and watchdog are both gone (say, the machine stopped). */
function removeAbandonedRuns(): void {
	for (const entry of fs.readdirSync(os.tmpdir())) {
		const pid = new RegExp(`^${RUN_PREFIX}(\\d+)-`).exec(entry)?.[1];
		if (!pid) continue;
		try {
			process.kill(Number(pid), 0);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ESRCH') fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
		}
	}
}

async function main(): Promise<void> {
	// From the command (`npm start` records it before installing anything), not from this script.
	const fromCommand = Number(process.env.ENGAGEDLY_START_TIME);
	const started = Number.isFinite(fromCommand) && fromCommand > 0 ? fromCommand * 1000 : Date.now();
	const profile = profileArgument(process.argv.slice(2));
	// The HR chat agent's model: any OpenAI-compatible server the builder has, a local one included.
	const { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: url } = process.env;
	const chatModel = apiKey || url ? { apiKey: apiKey || CHAT_MODEL.placeholder.apiKey, url: url || CHAT_MODEL.placeholder.url } : CHAT_MODEL.placeholder;
	removeAbandonedRuns();
	const watchdog = new Watchdog();
	const run = fs.mkdtempSync(path.join(os.tmpdir(), `${RUN_PREFIX}${process.pid}-`));
	watchdog.remove(run);
	// Whatever the demo runs (npm, gulp, n8n and its task runners) keeps its temp files and caches
	// in the demo's folder too.
	process.env.TMPDIR = path.join(run, 'tmp');
	fs.mkdirSync(process.env.TMPDIR);

	let sim: Simulator | undefined;
	let n8n: N8nInstance | undefined;
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('\nStopping n8n and the simulator...');
		await n8n?.dispose().catch((error: Error) => say(`n8n: ${error.message}`));
		await sim?.stop().catch((error: Error) => say(`simulator: ${error.message}`));
		// Whatever is still running (an n8n install, say) is stopped, and the demo's folder deleted.
		await watchdog.finish();
		say('Stopped.');
		process.exit(code);
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

	try {
		// ENGAGEDLY_E2E_PACKAGE=<tarball> demonstrates a given package, as in the end-to-end suite.
		// CI sets it: a build here would empty dist/ under the suites that run beside this one.
		const given = process.env.ENGAGEDLY_E2E_PACKAGE;
		if (!given) {
			say('Building the package...');
			build();
		}
		const install = await ensureN8n(undefined, { watchdog });
		const tarball = given ? path.resolve(given) : pack(path.join(run, 'pack'));
		const taken: number[] = [];
		const take = async (port: (typeof PORTS)[keyof typeof PORTS]) => {
			taken.push(await choosePort(port, taken));
			return taken[taken.length - 1];
		};
		const simulatorPort = await take(PORTS.simulator);
		const n8nPort = await take(PORTS.n8n);
		const brokerPort = await take(PORTS.broker);
		sim = await startDemoSimulator(simulatorPort, profile);
		n8n = await N8nInstance.create({ install, tarball, port: n8nPort, brokerPort, userFolder: path.join(run, 'n8n'), processGroups: watchdog });
		say(`Importing the credentials and ${exampleNames().length} example workflows into n8n ${install.version}...`);
		await stillGoing('importing', importDemo(n8n, sim, exampleNames().map(example), { chatModel }), say);
		say('Starting n8n (about 30 seconds)...');
		await stillGoing('starting n8n', n8n.start(), say);
		await n8n.setupOwner();
	} catch (error) {
		if (stopping) return;
		say(`\nnpm start failed: ${(error as Error).message}`);
		await stop(1);
		return;
	}
	n8n.onExit((code) => {
		if (stopping) return;
		say(`\nn8n exited unexpectedly (${String(code)}). Its last output:\n${n8n!.output().slice(-3000)}`);
		void stop(1);
	});

	const admin = sim.store.admin;
	const workflows = exampleNames().map(example);
	const mcpPath = workflows.flatMap((w) => w.nodes).find((node) => node.type.endsWith('.mcpTrigger'))?.parameters.path;
	say('');
	say(`Engagedly demo is running (n8n ${n8n.version}, ready ${Math.round((Date.now() - started) / 1000)} s after npm start)`);
	say('');
	say(`  n8n editor   ${n8n.baseUrl}`);
	say(`               log in as ${OWNER.email} / ${OWNER.password}`);
	say(`  simulator    ${sim.baseUrl}/beta  (the demo organisation: ${sim.store.users.size} users, seed ${String(DEMO_ORGANISATION.seed)}, ${sim.profile} shapes)`);
	say(`  credentials  "${CREDENTIAL_NAME}", "${LOOKUP_KEY.name}", "${CHAT_LOGIN.name}"`);
	say(`               and "${APPROVER_LOGIN.name}" are set up; the simulator's demo keys:`);
	say(`               ClientKey ${sim.keys.demo.clientKey}   SecretKey ${sim.keys.demo.secretKey}`);
	say(`               curl -H 'ClientKey: ${sim.keys.demo.clientKey}' -H 'SecretKey: ${sim.keys.demo.secretKey}' '${sim.baseUrl}/beta/users?size=1'`);
	say(`  ports        n8n ${n8n.port}, simulator ${sim.port}, task runners' broker ${n8n.brokerPort} (N8N_PORT, SIMULATOR_PORT, N8N_RUNNERS_BROKER_PORT)`);
	say('');
	say('The example workflows:');
	for (const workflow of workflows) say(`  ${n8n.baseUrl}/workflow/${workflow.id}  ${workflow.name}${workflow.active ? ' (active)' : ''}`);
	say('');
	/** An example as n8n lists it, so each step names the workflow the builder sees. */
	const title = (file: string) => `"${example(file).name}"`;
	say('What to try first:');
	say(`  1. Open ${title('onboarding')} and click "Execute workflow": it creates Jordan Rivera`);
	say('     with a job title, manager, HR managers, department and custom attributes, adds them to a');
	say('     business unit and grants a permission. Click each node to see what Engagedly answered. Run it');
	say('     again: Create or Update finds Jordan by email and changes nothing (outcome "unchanged").');
	say(`  2. ${title('hris-sync')}: "Execute workflow" previews`);
	say('     the sync of a Code node\'s employees (Dry Run: a promotion, a cost-center move, a new hire) and');
	say('     writes nothing. Its "Sync users" ships deactivated: activate it and run again to apply the preview.');
	say(`  3. ${title('hris-sync-approval')}: "Execute workflow"`);
	say('     syncs an export that lost a sold office; over the guard it writes nothing and waits for a yes:');
	say('     open the link in "Message for the approver" and log in as the approver,');
	say(`     ${APPROVER_LOGIN.user} / ${APPROVER_LOGIN.password} (only her login opens the form), then`);
	say('     Approve (the plan is applied) or Decline: the output names her as the one who decided. Its');
	say('     sticky note says how to choose who may approve.');
	say(`  4. Look a colleague up through the active webhook of ${title('user-lookup')} (its key goes in a header):`);
	say(`       curl -H '${LOOKUP_KEY.header}: ${LOOKUP_KEY.value}' '${n8n.baseUrl}/webhook/engagedly/colleague?email=${admin.email}'`);
	say('     Without ?email= it answers 400, with an email nobody has 404.');
	say('  5. Type p and Enter here to post a praise in the simulator: within a minute the active workflow');
	say(`     ${title('recognition')} turns it into a chat message (see Overview > Executions).`);
	say(`  6. ${title('offboarding')} deactivates Alejandro Kim and takes him out of his two departments.`);
	say(`  7. Point an MCP client (Claude Desktop, Cursor...) at ${n8n.baseUrl}/mcp/${String(mcpPath)}: the Engagedly tools`);
	say(`     of ${title('ai-agent-tools')} answer it.`);
	say(`  8. ${title('hr-chat-agent')} answers questions through n8n's AI Agent and any OpenAI-compatible`);
	say(`     model: ${chatModel === CHAT_MODEL.placeholder ? `give the credential "${CHAT_MODEL.name}" your key and Base URL` : `its credential "${CHAT_MODEL.name}" holds OPENAI_API_KEY and OPENAI_BASE_URL`}`);
	say('     (a local Ollama: http://localhost:11434/v1), set the model on its Chat model node, publish it');
	say(`     and open its chat (login ${CHAT_LOGIN.user} / ${CHAT_LOGIN.password}). Its sticky note says more.`);
	say('');
	say('Ctrl-C stops n8n and the simulator (nothing is kept: every start is a fresh demo).');

	const input = readline.createInterface({ input: process.stdin });
	let praises = 0;
	input.on('line', (line) => {
		if (line.trim().toLowerCase() !== 'p' || !sim) return;
		praises++;
		const recognised = sim.store.sortedUsers().filter((user) => user.status === 'Active' && user.id !== admin.id)[praises];
		const praise = sim.store.addPraise({
			content: `@${recognised.first_name} thank you for the demo, praise number ${praises}!`,
			recognized_ids: [recognised.id],
		});
		say(`Posted praise ${praise.id} by ${admin.first_name} ${admin.last_name} for ${recognised.first_name} ${recognised.last_name}; the trigger polls once a minute.`);
	});
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error.message}\n`);
	process.exit(1);
});
