/**
 * The Engagedly node as the editor shows it: every resource and its operations can be chosen, no
 * dropdown, search or mapper errors while doing so, and the organisation's lists (job titles,
 * locations, departments, block reasons) are the ones Engagedly (the simulator) holds.
 */
import { CREDENTIAL_ID } from '../e2e/harness/demo';
import { addEngagedlyAction, addField, choose, chooseCredential, closeDropdown, newWorkflow, openDropdown, optionNames, watchDynamicParameters } from './editor';
import { expect, test } from './fixtures';

interface NodeType {
	name: string;
	properties: Array<{ name: string; options?: Array<{ name: string; value: string }>; displayOptions?: { show?: Record<string, unknown[]> } }>;
}

const sorted = (names: Iterable<string>) => [...names].sort((a, b) => a.localeCompare(b));

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

test('the job title, location, department and block reason dropdowns list the organisation’s', async ({ page, editor }) => {
	const store = editor.demo.store;
	const dynamic = watchDynamicParameters(page);
	await newWorkflow(page, editor.n8n.baseUrl);
	const ndv = await addEngagedlyAction(page, 'Create a user');
	await chooseCredential(page, ndv, CREDENTIAL_ID);

	const lists: Array<[string, string, Iterable<string>]> = [
		['Job Title Name or ID', 'jobTitle', [...store.jobTitles.values()].map((title) => title.name)],
		['Location Name or ID', 'location', [...store.locations.values()].map((location) => location.name)],
		['Department Names or IDs', 'departments', [...store.departments.values()].map((department) => department.name)],
	];
	for (const [label, name, expected] of lists) {
		await addField(page, ndv, 0, label);
		const options = await openDropdown(page, ndv, name);
		expect(await optionNames(options), label).toEqual(sorted(expected));
		await closeDropdown(page);
	}

	await choose(page, ndv, 'operation', 'Deactivate');
	const reasons = await openDropdown(page, ndv, 'blockReasonCode');
	expect(sorted(await optionNames(reasons))).toEqual(sorted(['No Block Reason', ...store.blockReasonCodes.filter((code) => !code.archived).map((code) => code.display_text)]));
	await closeDropdown(page);
	expect(dynamic.failures).toEqual([]);
});
