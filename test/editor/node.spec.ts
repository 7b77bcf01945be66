/**
 * The Engagedly node as the editor shows it: every resource and its operations can be chosen, and
 * no dropdown, search or mapper errors while doing so. What the dropdowns list is test/user's
 * (dropdowns.test.ts, status.test.ts); that the editor loads one from Engagedly, create.spec.ts.
 */
import { CREDENTIAL_ID } from '../e2e/harness/demo';
import { addEngagedlyAction, choose, chooseCredential, closeDropdown, newWorkflow, openDropdown, optionNames, watchDynamicParameters } from './editor';
import { expect, test } from './fixtures';

interface NodeType {
	name: string;
	properties: Array<{ name: string; options?: Array<{ name: string; value: string }>; displayOptions?: { show?: Record<string, unknown[]> } }>;
}

test('every resource and operation can be chosen, and none of their dropdowns errors', async ({ page, editor }) => {
	const types = await editor.n8n.getJson<NodeType[]>('/types/nodes.json');
	const node = types.find((type) => type.name === 'n8n-nodes-engagedly.engagedly');
	if (!node) throw new Error('n8n does not list n8n-nodes-engagedly.engagedly');
	const resources = node.properties.find((property) => property.name === 'resource')!.options!;
	const operationsOf = (resource: string) =>
		node.properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource))!.options!;

	const dynamic = watchDynamicParameters(page);
	await newWorkflow(page, editor.n8n.baseUrl);
	const ndv = await addEngagedlyAction(page, 'Get many users');
	await chooseCredential(page, ndv, CREDENTIAL_ID);

	// n8n adds its own "Custom API Call" to the resources and operations of a node with credentials.
	const ours = <T extends { value: string }>(options: T[]) => options.filter((option) => option.value !== '__CUSTOM_API_CALL__');
	expect(await optionNames(await openDropdown(page, ndv, 'resource'))).toEqual(resources.map((resource) => resource.name));
	await closeDropdown(page);
	expect(ours(resources).length).toBe(11);
	for (const resource of ours(resources)) {
		await choose(page, ndv, 'resource', resource.name);
		const operations = operationsOf(resource.value);
		expect(await optionNames(await openDropdown(page, ndv, 'operation')), resource.name).toEqual(operations.map((operation) => operation.name));
		await closeDropdown(page);
		// Its default operation is shown on choosing the resource; its last one is chosen too.
		await expect(page.getByText('Loading options')).toHaveCount(0);
		await choose(page, ndv, 'operation', ours(operations).at(-1)!.name);
		await expect(page.getByText('Loading options')).toHaveCount(0);
	}
	expect(dynamic.failures).toEqual([]);
});
