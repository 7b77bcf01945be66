/**
 * Tests run the TypeScript sources directly; `npm run typecheck` does the type checking.
 *
 * Three projects, so that the change-and-check loop runs only what checks the node:
 * - `node`: the node and the trigger through n8n's engine against the simulator (`npm test`);
 * - `simulator`: the simulator's own suites, which prove the stand-in follows the spec;
 * - `scale`: the trigger over 10,000 to 100,000 users, slow by nature.
 * `npm run test:all` runs all three (CI does). The end-to-end suite (test/e2e) has its own config.
 */
const SIMULATOR = '<rootDir>/test/simulator/';
const SCALE = ['<rootDir>/test/trigger/scale.test.ts', '<rootDir>/test/trigger/stateSize.test.ts'];

const shared = {
	rootDir: __dirname,
	testEnvironment: 'node',
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
		// openapi-backend's $ref parser ships only as ES modules, which jest's CommonJS runtime cannot load.
		'/node_modules/@apidevtools/json-schema-ref-parser/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }],
	},
	transformIgnorePatterns: ['/node_modules/(?!@apidevtools/json-schema-ref-parser/)'],
	// Every project: it shortens the transport's retry waits and quiets n8n-core's logger.
	setupFiles: ['<rootDir>/test/helpers/setup-env.ts'],
};

module.exports = {
	testTimeout: 30000,
	projects: [
		{
			...shared,
			displayName: 'node',
			roots: ['<rootDir>/test'],
			testMatch: ['**/*.test.ts'],
			testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', SIMULATOR, ...SCALE],
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
	],
};
