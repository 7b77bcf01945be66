/**
 * The node creator as a builder searches it: adding an action, the Engagedly entry says what the
 * Engagedly node does; choosing how a workflow starts, the Engagedly Trigger entry says what it
 * starts on. Each shows its own node's description.
 */
import { expect, test } from './fixtures';
import { newWorkflow, openWorkflow } from './editor';
import { SYNC_WORKFLOW } from './workflows';

interface NodeType {
	name: string;
	displayName: string;
	description: string;
}

test('the node creator shows each Engagedly node with its own description', async ({ page, editor }) => {
	const types = await editor.n8n.getJson<NodeType[]>('/types/nodes.json');
	const node = types.find((type) => type.name === 'n8n-nodes-engagedly.engagedly')!;
	const trigger = types.find((type) => type.name.startsWith('n8n-nodes-engagedly.') && type.name !== node.name)!;
	const search = async () => {
		await page.getByTestId('canvas-plus-button').click();
		await page.getByTestId('node-creator-search-bar').fill('Engagedly');
		return page.getByTestId('node-creator').getByTestId('item-iterator-item');
	};

	// A workflow that already starts somewhere: the creator offers actions.
	await openWorkflow(page, editor.n8n.baseUrl, SYNC_WORKFLOW.id);
	let items = await search();
	const action = items.filter({ hasText: node.description });
	await expect(action).toHaveCount(1);
	await expect(action).toContainText(node.displayName);
	await expect(items.filter({ hasText: trigger.description })).toHaveCount(0);

	// An empty workflow: the creator offers what it can start on.
	await newWorkflow(page, editor.n8n.baseUrl);
	items = await search();
	const starts = items.filter({ hasText: trigger.description });
	await expect(starts).toHaveCount(1);
	await expect(starts).toContainText(trigger.displayName);
});
