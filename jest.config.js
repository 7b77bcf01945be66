/**
 * Tests run the TypeScript sources directly, transpiled file by file (tsconfig.test.json sets
 * isolatedModules, so ts-jest does not type-check); `npm run typecheck` does the type checking.
 *
 * Projects, so that the change-and-check loop runs only what checks the node, with no build:
 * - `node`: the node and the trigger from the sources, through n8n's engine against the
 *   simulator (`npm test`);
 * - `simulator`: the simulator's own suites, which prove the stand-in follows the spec;
 * - `scale`: the trigger over 10,000 and 100,000 users, slow by nature;
 * - `slow`: suites that wait out real rate-limit windows (several triggers and executions on one
 *   key), a minute each: run by `test:all`, not by `npm test`;
 * - `vendor`: the `node` suites whose outcome depends on the answers' shape (VENDOR below), again
 *   against the simulator's vendor profile (`test:vendor`, and `test:all`);
 * - `package`: the package as npm publishes it and n8n loads it (the tarball, the codex through
 *   n8n-core's loader) and the repository's CI workflows; needs `npm run build` first, which
 *   `test:all` does.
 * `npm run test:all` runs them all (CI does). The end-to-end suite (test/e2e) has its own config.
 *
 * `npm test`, `test:vendor` and `test:all` run four workers (--maxWorkers=4, a number: jest reads
 * a percentage above 100 as that many workers, and "150%" started 150): most of the node and
 * vendor projects' time is spent waiting out the simulator's real rate-limit windows (a minute
 * lasting a second or more), not on the CPU, so on two cores jest's default of one worker would
 * wait for them one suite after another. The longest waiters are split in two files each
 * (passes/passResume, concurrency/clock) so that no suite holds the run up. In `test:all` the
 * CPU-bound scale suites (stateSize.test.ts, minutes at 100,000 users) run on one worker while the
 * waiting suites share the rest, instead of after them: no suite asserts a duration, and their
 * timeouts are minutes.
 */
const SIMULATOR = '<rootDir>/test/simulator/';
const SCALE = ['<rootDir>/test/trigger/stateSize.test.ts'];
const SLOW = ['<rootDir>/test/trigger/manyTriggers.test.ts'];
const PACKAGE = ['<rootDir>/test/package/**/*.test.ts', '<rootDir>/test/codex/**/*.test.ts'];
/**
 * The `node` suites whose outcome depends on the answers' shape, which the simulator's vendor
 * profile changes (test/simulator/README.md, "Profiles": the successful JSON answers and the
 * rate-limit headers, nothing else): what reads users, records, learning, praises and the
 * trigger's events from Engagedly's answers, what paces from the profile's default headers, and
 * the sweep that runs every operation. The rest are the same run twice: no simulator
 * (test/pure, test/schemas, wholeRecordFields), the demo organisation's store rather than its
 * answers (test/examples), error answers and staged bodies, which no profile changes
 * (test/transport/errors, test/reliability), request counts over user ids (pagination,
 * pickerScale), headers turned on whatever the profile (concurrency, clock, the slow project),
 * virtual time (sharedKey).
 */
const VENDOR = [
	'<rootDir>/test/user/!(pickerScale).test.ts',
	'<rootDir>/test/records/records.test.ts',
	'<rootDir>/test/learning/*.test.ts',
	'<rootDir>/test/praise/*.test.ts',
	'<rootDir>/test/trigger/!(stateSize|manyTriggers).test.ts',
	'<rootDir>/test/transport/rateLimit.test.ts',
	'<rootDir>/test/coverage/endpoints.test.ts',
];

const shared = {
	rootDir: __dirname,
	testEnvironment: 'node',
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// Every project: it shortens the transport's retry waits and quiets n8n-core's logger.
	setupFiles: ['<rootDir>/test/helpers/setup-env.ts'],
};

module.exports = {
	// A limit for a hung test, not a speed claim: on a busy 2-core machine a Sync suite's longest
	// test (directory reads against the simulator's real rate-limit windows) passed 30 s.
	testTimeout: 120_000,
	projects: [
		{
			...shared,
			displayName: 'node',
			roots: ['<rootDir>/test'],
			testMatch: ['**/*.test.ts'],
			testPathIgnorePatterns: [
				'/node_modules/',
				'<rootDir>/test/e2e/',
				SIMULATOR,
				'<rootDir>/test/package/',
				'<rootDir>/test/codex/',
				...SCALE,
				...SLOW,
			],
		},
		{
			...shared,
			displayName: 'simulator',
			roots: [SIMULATOR],
			testMatch: ['**/*.test.ts'],
		},
		{
			...shared,
			displayName: 'scale',
			roots: ['<rootDir>/test'],
			testMatch: SCALE,
		},
		{
			...shared,
			displayName: 'slow',
			roots: ['<rootDir>/test'],
			testMatch: SLOW,
		},
		{
			...shared,
			displayName: 'vendor',
			roots: ['<rootDir>/test'],
			testMatch: VENDOR,
			setupFiles: [...shared.setupFiles, '<rootDir>/test/helpers/setup-vendor.ts'],
		},
		{
			...shared,
			displayName: 'package',
			roots: ['<rootDir>/test'],
			testMatch: PACKAGE,
		},
	],
};
