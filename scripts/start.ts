/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a developer script, runs in plain Node */
/**
 * `npm start`: the package in a real n8n against the simulator's demo organisation, offline.
 *
 * Builds and packs the package, installs it into a fresh n8n user folder the way the Community
 * Nodes panel does, starts the simulator and n8n (the pinned version from test/e2e/, installed
 * into the cache on first use), imports the "Engagedly (local simulator)" credential and the
 * example workflows, creates the owner account, and prints what to try. Ctrl-C stops both.
 *
 * Environment: N8N_PORT (default 5678), SIMULATOR_PORT (default 4010); a busy default port is
 * replaced by a free one. `npm start -- --profile vendor` serves the vendor's shapes instead of
 * the contract's (see test/simulator/README.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

import { importDemo, exampleNames, example, startDemoSimulator, CREDENTIAL_NAME, DEMO_ORGANISATION } from '../test/e2e/harness/demo';
import { ensureN8n } from '../test/e2e/harness/install';
import { N8nInstance, OWNER, freePort, portInUse } from '../test/e2e/harness/instance';
import { build, pack } from '../test/e2e/harness/pack';
import { isProfile, PROFILES, profileFromEnvironment, type Profile, type Simulator } from '../test/simulator';

const say = (line = '') => process.stdout.write(`${line}\n`);

async function choosePort(variable: string, fallback: number): Promise<number> {
	const wanted = process.env[variable] ? Number(process.env[variable]) : fallback;
	if (!Number.isInteger(wanted) || wanted < 0 || wanted > 65535) throw new Error(`${variable} must be a port number`);
	if (wanted !== 0 && !(await portInUse(wanted))) return wanted;
	const port = await freePort();
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

async function main(): Promise<void> {
	const started = Date.now();
	const profile = profileArgument(process.argv.slice(2));
	say('Building the package...');
	build();
	const install = ensureN8n();
	const tarball = pack();

	let sim: Simulator | undefined;
	let n8n: N8nInstance | undefined;
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('\nStopping n8n and the simulator...');
		await n8n?.dispose().catch((error: Error) => say(`n8n: ${error.message}`));
		await sim?.stop().catch((error: Error) => say(`simulator: ${error.message}`));
		fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
		say('Stopped.');
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	try {
		sim = await startDemoSimulator(await choosePort('SIMULATOR_PORT', 4010), profile);
		n8n = await N8nInstance.create({ install, tarball, port: await choosePort('N8N_PORT', 5678) });
		say(`Importing the credential and ${exampleNames().length} example workflows into n8n ${install.version}...`);
		await importDemo(n8n, sim, exampleNames().map(example));
		say('Starting n8n (about 30 seconds)...');
		await n8n.start();
		await n8n.setupOwner();
	} catch (error) {
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
	say('');
	say(`Engagedly demo is running (n8n ${install.version}, ready in ${Math.round((Date.now() - started) / 1000)} s)`);
	say('');
	say(`  n8n editor   ${n8n.baseUrl}`);
	say(`               log in as ${OWNER.email} / ${OWNER.password}`);
	say(`  simulator    ${sim.baseUrl}/beta  (the demo organisation: ${sim.store.users.size} users, seed ${String(DEMO_ORGANISATION.seed)}, ${sim.profile} shapes)`);
	say(`  credential   "${CREDENTIAL_NAME}" (ClientKey ${sim.keys.demo.clientKey}) is already set up`);
	say('');
	say('What to try first:');
	say('  1. Open the workflow "Engagedly: onboard a new hire" and click "Execute workflow": it creates');
	say('     Jordan Rivera with a job title, manager, department and custom attributes, adds them to a');
	say('     business unit and grants a permission. Click each node to see what Engagedly answered.');
	say('  2. Look a colleague up through a webhook (the workflow is active):');
	say(`       curl '${n8n.baseUrl}/webhook/engagedly/colleague?email=${admin.email}'`);
	say('  3. Type p and Enter here to post a praise in the simulator: within a minute the active workflow');
	say('     "Engagedly: share new praises in chat" turns it into a chat message (see Overview > Executions).');
	say('  4. "Engagedly: offboard a leaver" deactivates Alejandro Kim and takes him out of his two departments.');
	const mcpPath = example('ai-agent-tools').nodes.find((node) => node.type.endsWith('.mcpTrigger'))?.parameters.path;
	say(`  5. Point an MCP client (Claude Desktop, Cursor...) at ${n8n.baseUrl}/mcp/${String(mcpPath)}: the Engagedly tools`);
	say('     of "Engagedly: tools for AI agents (MCP server)" answer it.');
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
