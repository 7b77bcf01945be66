/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * The example workflows open in the editor without a warning on their Engagedly nodes, against the
 * demo organisation `npm start` runs: no parameter issue (n8n-workflow's own check, the one behind
 * the canvas's warning triangle), and every Custom Attributes mapper holds the fields the
 * organisation has now, by the editor's rule for "Custom attributes are outdated".
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INode, INodeProperties, INodeTypeDescription, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CREDENTIAL_ID, DEMO_ORGANISATION } from '../e2e/harness/demo';
import { CREDENTIAL_TYPE, PACKAGE_NAME, loadPackage, resourceMapping } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';

const sim = useSimulator({ ...DEMO_ORGANISATION }, { reset: 'never' });

const EXAMPLES_DIR = path.resolve(__dirname, '../../examples');
const engagedlyNodes = fs
	.readdirSync(EXAMPLES_DIR)
	.filter((file) => file.endsWith('.json'))
	.flatMap((file) =>
		(JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as { nodes: INode[] }).nodes
			.filter((node) => node.type.startsWith(`${PACKAGE_NAME}.`))
			.map((node) => ({ file, name: node.name, node })),
	);

/**
 * The editor's test for a mapper whose saved fields no longer match the live ones (n8n 2.41,
 * editor-ui `isResourceMapperFieldListStale`): another count, or a saved field whose id is gone or
 * whose name, required flag, matching flags, visibility or type changed.
 */
function stale(saved: ResourceMapperField[], live: ResourceMapperField[]): boolean {
	if (saved.length !== live.length) return true;
	const byId = new Map(live.map((field) => [field.id, field]));
	return saved.some((field) => {
		const now = byId.get(field.id);
		return (
			!now ||
			(['displayName', 'required', 'defaultMatch', 'display', 'canBeUsedToMatch', 'type'] as const).some((key) => field[key] !== now[key])
		);
	});
}

/** The list fields (`multipleValues`) shown for this node, at any depth of its collections, whose value is a text. */
function textsInListFields(properties: INodeProperties[], node: INode, type: INodeTypeDescription): string[] {
	const walk = (declared: INodeProperties[], values: Record<string, unknown>, at: string, top: boolean): string[] =>
		declared
			.filter((property) => values[property.name] !== undefined && (!top || NodeHelpers.displayParameter(node.parameters, property, node, type)))
			.flatMap((property) => {
				const value = values[property.name];
				if (property.typeOptions?.multipleValues && property.type !== 'fixedCollection' && !Array.isArray(value)) return [`${at}${property.name}`];
				if (property.type === 'collection' && value && typeof value === 'object' && !Array.isArray(value)) {
					return walk(property.options as INodeProperties[], value as Record<string, unknown>, `${at}${property.name}.`, false);
				}
				return [];
			});
	return [...new Set(walk(properties, node.parameters, '', true))];
}

test('the examples have Engagedly nodes to check', () => {
	expect(engagedlyNodes.length).toBeGreaterThan(5);
});

describe.each(engagedlyNodes)('examples/$file, node "$name"', ({ node }) => {
	test('has no parameter issue and uses the demo credential', async () => {
		const { nodeTypes } = await loadPackage();
		// n8n itself derives the AI-tool variant (…engagedlyTool: the same parameters plus the tool
		// description) from the node; its own parameters are checked here.
		const type = node.type.replace(/Tool$/, '');
		const description = nodeTypes.getByNameAndVersion(type, node.typeVersion).description as INodeTypeDescription;
		const withDefaults: INode = {
			...node,
			parameters: NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description) ?? {},
		};

		expect(NodeHelpers.getNodeParametersIssues(description.properties, withDefaults, description)).toBeNull();
		// A list field (HR Managers, Members...) holds a list, each entry text or an expression: the
		// editor shows a single text there as one entry per character ("=", "{", "{"...), which
		// the engine reads fine but a builder cannot edit.
		expect(textsInListFields(description.properties, withDefaults, description)).toEqual([]);
		expect(node.credentials?.[CREDENTIAL_TYPE]?.id).toBe(CREDENTIAL_ID);
	});

	const mapper = node.parameters.customAttributes as ResourceMapperValue | undefined;
	if (!mapper) return;

	test('its Custom Attributes mapper is not outdated, and fills every mandatory attribute', async () => {
		const live = (await resourceMapping('getCustomAttributes', sim.credentials(), node.parameters as never)).fields;

		expect(stale(mapper.schema, live)).toBe(false);
		const unfilled = live.filter((field) => field.required && [undefined, null, ''].includes(mapper.value?.[field.id] as never));
		expect(unfilled.map((field) => field.displayName)).toEqual([]);
	});
});
