/**
 * The example workflows as a builder opens them from `npm start`: each Engagedly node opens with
 * its dropdowns filled from Engagedly and no issue marked, and the onboarding example runs from
 * "Execute workflow". These are the README's screenshots (`npm run screenshots` writes them).
 */
import type { Locator } from '@playwright/test';

import { CHAT_MODEL, example } from '../e2e/harness/demo';
import { openNode, openWorkflow, screenshot, watchDynamicParameters } from './editor';
import { expect, test } from './fixtures';

/** The custom attributes a node's mapper draws as inputs, by key. */
async function drawnAttributes(ndv: Locator): Promise<string[]> {
	const mapper = ndv.getByTestId('mapping-fields-container');
	await expect(mapper).toBeVisible();
	const ids = await mapper.locator('[data-test-id^="parameter-input-custom-attribute-"]').evaluateAll((inputs) => inputs.map((input) => input.getAttribute('data-test-id')!));
	return [...new Set(ids.map((id) => id.slice('parameter-input-'.length)))].sort();
}

/** The examples' Engagedly nodes, opened one by one; the README shows four of them. */
const PICTURES: Record<string, Record<string, string>> = {
	onboarding: { 'Create or update the user': 'onboarding-create-user.png' },
	offboarding: { Deactivate: 'offboarding-deactivate.png' },
	recognition: { 'New praise in Engagedly': 'recognition-trigger.png' },
	'hris-sync': {},
	'user-lookup': {},
	'ai-agent-tools': {},
	'hr-chat-agent': {},
};

for (const [name, pictures] of Object.entries(PICTURES)) {
	test(`the ${name} example's Engagedly nodes open with their dropdowns loaded and no issue`, async ({ page, editor }, testInfo) => {
		const workflow = example(name);
		const nodes = workflow.nodes.filter((node) => /^n8n-nodes-engagedly\.engagedly/.test(node.type));
		expect(nodes.length).toBeGreaterThan(0);
		const dynamic = watchDynamicParameters(page);
		await openWorkflow(page, editor.n8n.baseUrl, workflow.id);
		for (const node of nodes) {
			const ndv = await openNode(page, node.name);
			await expect(page.getByText('Loading options')).toHaveCount(0);
			await expect(ndv.getByTestId('parameter-issues'), node.name).toHaveCount(0);
			// A mapper draws only the attributes the example sets, none as a value it does not send.
			const mapped = (node.parameters.customAttributes as { value?: Record<string, unknown> } | undefined)?.value;
			if (mapped) expect(await drawnAttributes(ndv), node.name).toEqual(Object.keys(mapped).sort());
			if (pictures[node.name]) await screenshot(page, testInfo, pictures[node.name]);
			await ndv.getByTestId('ndv-close-button').click();
			await expect(ndv).toBeHidden();
		}
		expect(dynamic.failures).toEqual([]);
	});
}

test('the onboarding example runs from "Execute workflow" and every node succeeds', async ({ page, editor }, testInfo) => {
	const workflow = example('onboarding');
	await openWorkflow(page, editor.n8n.baseUrl, workflow.id);
	await page.getByTestId('execute-workflow-button').click();
	await expect(page.getByText('Workflow executed successfully')).toBeVisible();
	// Every node that runs: a sticky note is no step.
	for (const node of workflow.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote')) {
		await expect(page.locator(`[data-test-id="canvas-node"][data-node-name="${node.name}"]`).getByTestId('canvas-node-status-success')).toBeVisible();
	}
	await screenshot(page, testInfo, 'onboarding-execution.png');
});

test('the HR sync example runs its manual path from "Execute workflow": a preview, nothing written, the schedule left off', async ({ page, editor }) => {
	const workflow = example('hris-sync');
	const manual = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger')!.name;
	const schedule = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.scheduleTrigger')!.name;
	const canvasNode = (name: string) => page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
	await openWorkflow(page, editor.n8n.baseUrl, workflow.id);
	editor.demo.clearLog();
	await page.getByTestId('execute-workflow-button').click();
	await expect(page.getByText('Workflow executed successfully')).toBeVisible();
	await expect(canvasNode(manual).getByTestId('canvas-node-status-success')).toBeVisible();
	await expect(canvasNode('Preview the sync (Dry Run)').getByTestId('canvas-node-status-success')).toBeVisible();
	await expect(canvasNode(schedule).getByTestId('canvas-node-status-success')).toHaveCount(0);
	expect(editor.demo.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
});

test('the HR chat agent says on its canvas what it needs, and its Chat model names the demo’s model credential', async ({ page, editor }) => {
	const workflow = example('hr-chat-agent');
	await openWorkflow(page, editor.n8n.baseUrl, workflow.id);
	await expect(page.getByText('Try it with any OpenAI-compatible model')).toBeVisible();
	const ndv = await openNode(page, 'Chat model');
	await expect(ndv.getByTestId('node-credentials-select').locator('input')).toHaveValue(CHAT_MODEL.name);
});
