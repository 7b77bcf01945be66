/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test code runs in plain Node, not inside n8n */
/** Serves the simulator until SIGINT/SIGTERM, for trying the node by hand in n8n (USAGE below). */
import { isProfile, PROFILES, startSimulator, type SimulatorOptions } from './index';

const USAGE =
	'usage: npm run simulator -- [--port P] [--host H] [--users N] [--rate-limit N] [--rate-limit-headers] [--time-scale X] [--seed S] [--profile contract|vendor]';

const NUMBER_FLAGS: Record<string, 'port' | 'users' | 'rateLimit' | 'timeScale'> = {
	'--port': 'port',
	'--users': 'users',
	'--rate-limit': 'rateLimit',
	'--time-scale': 'timeScale',
};

function parseArgs(argv: string[]): SimulatorOptions {
	const options: SimulatorOptions = { port: 4010 };
	const number = (flag: string, value: string | undefined): number => {
		const n = Number(value);
		if (value === undefined || value.trim() === '' || !Number.isFinite(n)) throw new Error(`${flag} needs a number`);
		return n;
	};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2) as [string, string | undefined];
		const value = () => inline ?? argv[++i];
		const numeric = NUMBER_FLAGS[flag];
		if (numeric) {
			options[numeric] = number(flag, value());
			continue;
		}
		switch (flag) {
			case '--host':
				options.host = value();
				break;
			case '--rate-limit-headers':
				options.rateLimitHeaders = true;
				break;
			case '--seed': {
				const seed = value();
				if (seed === undefined) throw new Error('--seed needs a value');
				options.seed = /^-?\d+$/.test(seed) ? Number(seed) : seed;
				break;
			}
			case '--profile': {
				const profile = value();
				if (!isProfile(profile)) throw new Error(`--profile needs one of: ${PROFILES.join(', ')}`);
				options.profile = profile;
				break;
			}
			case '--help':
			case '-h':
				console.log(USAGE);
				process.exit(0);
			// falls through (exit never returns)
			default:
				throw new Error(`unknown option ${argv[i]}`);
		}
	}
	return options;
}

async function main(): Promise<void> {
	let options: SimulatorOptions;
	try {
		options = parseArgs(process.argv.slice(2));
	} catch (error) {
		console.error(`${(error as Error).message}\n${USAGE}`);
		process.exit(2);
	}
	const sim = await startSimulator(options);
	const admin = sim.store.admin;
	console.log(`Engagedly simulator listening on ${sim.baseUrl}`);
	console.log(`API base URL: ${sim.baseUrl}/beta (also ${sim.baseUrl}/api/beta)`);
	console.log(`ClientKey: ${sim.keys.demo.clientKey}`);
	console.log(`SecretKey: ${sim.keys.demo.secretKey}`);
	console.log(`Read-only key: ClientKey ${sim.keys.readOnly.clientKey} / SecretKey ${sim.keys.readOnly.secretKey}`);
	console.log(
		`Organisation: ${sim.store.users.size} users (admin ${admin.first_name} ${admin.last_name} <${admin.email}>), seed ${String(sim.store.seed)}, ` +
			`rate limit ${options.rateLimit ?? 200}/min, time scale ${options.timeScale ?? 1}, ${sim.profile} profile`,
	);
	console.log('Press Ctrl+C to stop.');

	let stopping = false;
	const shutdown = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`\n${signal}: stopping the simulator`);
		sim.stop().then(
			() => process.exit(0),
			(error) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => shutdown('SIGINT'));
	process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
