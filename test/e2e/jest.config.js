/**
 * End-to-end tests: the packed package inside a real n8n process (`npm run test:e2e`).
 * One file at a time (each starts its own n8n), with long timeouts: the first run installs the
 * pinned n8n into the cache (about 5 minutes), and the trigger scenario waits for real polls.
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/harness/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/harness/global-teardown.ts',
	maxWorkers: 1,
	testTimeout: 10 * 60 * 1000,
	slowTestThreshold: 60,
	reporters: ['default', '<rootDir>/test/e2e/harness/progress-reporter.js'],
	// Every n8n, simulator and `npm start` is stopped in afterAll; what can remain are idle
	// keep-alive sockets of fetch, which must not keep CI waiting.
	forceExit: true,
};
