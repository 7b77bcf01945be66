/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * What every editor test stands on, started once per worker: the demo as `npm start` sets it up
 * (the demo organisation's simulator, its credential and the example workflows, in a real n8n
 * with the packed package in `.n8n/nodes`), plus a second simulator of 10,000 users for the user
 * picker, and the owner logged in. Tests read both simulators' state and request logs.
 */
import fs from 'node:fs';
import path from 'node:path';

import { test as base, type Page } from '@playwright/test';

import { example, exampleNames, importDemo, publishActive, simulatorCredential, startDemoSimulator, type ExampleWorkflow } from '../e2e/harness/demo';
import { N8nInstance } from '../e2e/harness/instance';
import { installOf, packedTarball } from '../e2e/harness/versions';
import { startSimulator, type Simulator } from '../simulator';
import { BROKEN_CREDENTIAL, editorWorkflows } from './workflows';

/** The credential of the 10,000-user organisation. */
export const LARGE_CREDENTIAL = { id: 'engagedly-large-org', name: 'Engagedly (10,000 users)' };
export const LARGE_ORGANISATION = { seed: 'editor-large', users: 10_000 } as const;

export interface Editor {
	n8n: N8nInstance;
	/** The demo organisation (250 users), behind the credential the examples use. */
	demo: Simulator;
	/** 10,000 users, behind LARGE_CREDENTIAL. */
	large: Simulator;
	cookie: string;
}

export const test = base.extend<{ page: Page }, { editor: Editor }>({
	editor: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
		async ({}, use, workerInfo) => {
			const install = installOf();
			const started = Date.now();
			process.stdout.write(`[editor] starting the simulators and n8n ${install.version} with the demo (about a minute)...\n`);
			const demo = await startDemoSimulator();
			const large = await startSimulator({ ...LARGE_ORGANISATION, profile: demo.profile });
			const n8n = await N8nInstance.create({ install, tarball: packedTarball() });
			try {
				const workflows: ExampleWorkflow[] = [...exampleNames().map(example), ...editorWorkflows()];
				// Imported first, so n8n never picks it for a node added later: it prefers the newest.
				await n8n.importCredentials([{ ...simulatorCredential(demo), ...BROKEN_CREDENTIAL, data: { ...demo.keys.demo, secretKey: 'not-the-secret-key', baseUrl: demo.baseUrl } }]);
				await importDemo(n8n, demo, workflows, { activate: false });
				await n8n.importCredentials([{ ...simulatorCredential(large), ...LARGE_CREDENTIAL }]);
				await n8n.start();
				await n8n.setupOwner();
				await publishActive(n8n, workflows);
				const cookie = await n8n.login();
				process.stdout.write(`[editor] n8n is up at ${n8n.baseUrl} after ${Math.round((Date.now() - started) / 1000)} s\n`);
				await use({ n8n, demo, large, cookie });
			} finally {
				// n8n's own log, for a failure's report.
				fs.mkdirSync(workerInfo.project.outputDir, { recursive: true });
				fs.writeFileSync(path.join(workerInfo.project.outputDir, `n8n-worker-${workerInfo.workerIndex}.log`), n8n.output());
				await n8n.dispose();
				await Promise.all([demo.stop(), large.stop()]);
			}
		},
		{ scope: 'worker', timeout: 10 * 60_000 },
	],
	page: async ({ page, editor }, use) => {
		const at = editor.cookie.indexOf('=');
		const [name, value] = [editor.cookie.slice(0, at), editor.cookie.slice(at + 1)];
		await page.context().addCookies([{ name, value, url: editor.n8n.baseUrl }]);
		await use(page);
	},
});

export { expect } from '@playwright/test';
