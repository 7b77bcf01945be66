/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * The editor suite (`npm run test:editor`): n8n's editor in Debian's Chromium, headless, driven by
 * Playwright as n8n's own editor tests are. One worker: it starts one real n8n and the simulators
 * (fixtures.ts), and the machine has two cores.
 *
 * A failed test leaves a screenshot and a Playwright trace under ENGAGEDLY_EDITOR_RESULTS
 * (default test-results/editor; scripts/test-editor.sh prints the path);
 * `npx playwright show-trace <trace.zip>` replays one.
 */
import path from 'node:path';

import { defineConfig } from '@playwright/test';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
	testDir: __dirname,
	testMatch: '**/*.spec.ts',
	globalSetup: path.join(__dirname, 'global-setup.ts'),
	outputDir: process.env.ENGAGEDLY_EDITOR_RESULTS ?? path.join(REPO_ROOT, 'test-results', 'editor'),
	workers: 1,
	fullyParallel: false,
	forbidOnly: true,
	retries: 0,
	// A test waits on what the page shows, never on the clock; the limits are for a stuck page on
	// a busy 2-core machine, not for pacing.
	timeout: 5 * 60_000,
	expect: { timeout: 60_000 },
	// `list` prints one plain line per test (no cursor movement in logs); `json` feeds the totals
	// of `npm run check` (PLAYWRIGHT_JSON_OUTPUT_NAME).
	reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
	use: {
		testIdAttribute: 'data-test-id',
		viewport: { width: 1440, height: 900 },
		actionTimeout: 60_000,
		navigationTimeout: 120_000,
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
		launchOptions: { executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] },
	},
});
