/**
 * The node creator as a builder searches it: adding an action, the Engagedly entry says what the
 * Engagedly node does; choosing how a workflow starts, the Engagedly Events entry says what the
 * trigger starts on. Each shows its own name and description, never the other's.
 */
import { expect, test } from './fixtures';
import { newWorkflow, openWorkflow, searchNodeCreator } from './editor';
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
	const search = async () => await searchNodeCreator(page, 'Engagedly');

	const entry = (items: Awaited<ReturnType<typeof search>>, description: string) => items.filter({ hasText: description });

	// A workflow that already starts somewhere: the creator offers actions.
	await openWorkflow(page, editor.n8n.baseUrl, SYNC_WORKFLOW.id);
	let items = await search();
	await expect(entry(items, node.description)).toHaveCount(1);
	await expect(entry(items, node.description)).toContainText(node.displayName);
	await expect(entry(items, node.description)).not.toContainText(trigger.description);
	// n8n drops " Trigger" from a trigger's name in the creator: the two names still differ.
	await expect(entry(items, node.description)).not.toContainText('Engagedly Events');

	// An empty workflow: the creator offers what it can start on.
	await newWorkflow(page, editor.n8n.baseUrl);
	items = await search();
	await expect(entry(items, trigger.description)).toHaveCount(1);
	await expect(entry(items, trigger.description)).not.toContainText(node.description);
	await expect(entry(items, trigger.description)).toContainText('Engagedly Events');
});
