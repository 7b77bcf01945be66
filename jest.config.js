/**
 * Tests run the TypeScript sources directly, transpiled file by file (tsconfig.test.json sets
 * isolatedModules, so ts-jest does not type-check); `npm run typecheck` does the type checking.
 * CONTRIBUTING.md, "What each suite proves", says what each project proves. Their names:
 * - `pure`: what needs neither n8n's engine nor the simulator (the decisions as tables, the
 *   values, the schemas, the examples' records, the rooms' imports): `npm test`, seconds;
 * - `node`: the node and the trigger from the sources, through n8n's engine against the
 *   simulator (`npm run test:node`);
 * - `simulator`: the stand-in's own suites; `scale` (10,000 and 100,000 users) and `slow` (real
 *   rate-limit windows): `test:all` only;
 * - `vendor`: the `node` suites whose outcome depends on the answers' shape (VENDOR below), again
 *   against the vendor profile (`test:vendor`, and `test:all`);
 * - `package`: the package as npm publishes it and n8n loads it; needs `npm run build` first.
 * `npm run test:all` runs them all (CI does). The end-to-end suite (test/e2e) has its own config.
 *
 * The engine projects run four workers (--maxWorkers=4): most of their time is waiting out the
 * simulator's real rate-limit windows, not CPU, so on two cores jest's default of one worker would
 * wait for them one suite after another. No suite asserts a duration; timeouts are minutes.
 */
const PURE = [
	'<rootDir>/test/pure/**/*.test.ts',
	'<rootDir>/test/schemas/**/*.test.ts',
	'<rootDir>/test/examples/**/*.test.ts',
	'<rootDir>/test/records/wholeRecordFields.test.ts',
	// The pacer in virtual time, against the simulator's rate limiter as a class (no HTTP).
	'<rootDir>/test/transport/sharedKey.test.ts',
];
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
 * (test/transport/errors, test/reliability), request counts over user ids (scan,
 * pickerScale), the item loop's pairing (test/user/items), a picture's bytes (profilePicture),
 * headers turned on whatever the profile (concurrency, clock, the slow project),
 * virtual time (sharedKey).
 */
const VENDOR = [
	'<rootDir>/test/user/!(pickerScale|items|profilePicture).test.ts',
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
			displayName: 'pure',
			roots: ['<rootDir>/test'],
			testMatch: PURE,
		},
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
				'<rootDir>/test/pure/',
				'<rootDir>/test/schemas/',
				'<rootDir>/test/examples/',
				'<rootDir>/test/records/wholeRecordFields.test.ts',
				'<rootDir>/test/transport/sharedKey.test.ts',
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
