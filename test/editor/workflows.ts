/**
 * Workflows the editor suite opens, imported with the examples. They are built from the HR sync
 * example's own Sync node, so the suite follows the example's parameters as they change.
 */
import { example, type ExampleWorkflow } from '../e2e/harness/demo';

export const SYNC_WORKFLOW = { id: 'editor-sync-three', name: 'Editor: Sync three employees', node: 'Sync three employees' };

/** The three employees: the example's first employee, as Engagedly has them; the example's promotion; a new hire. */
export const THREE_EMPLOYEES = {
	promoted: 'aarav.martin@acme-demo.example',
	newHire: 'nia.brooks@acme-demo.example',
};

export function syncWorkflow(): ExampleWorkflow {
	const hris = example('hris-sync');
	const sync = hris.nodes.find((node) => node.type.endsWith('.engagedly') && node.parameters.operation === 'sync' && node.parameters.dryRun === true);
	const code = hris.nodes.find((node) => node.type === 'n8n-nodes-base.code');
	if (!sync || !code) throw new Error('examples/hris-sync.json has no Code node or no Sync node with Dry Run on');
	const jsCode = [
		'return [',
		"  { email: 'aarav.chen@acme-demo.example', firstName: 'Aarav', lastName: 'Chen', jobTitle: 'HR Business Partner', managerEmail: 'thomas.smith@acme-demo.example', costCenter: 'CC-134' },",
		`  { email: '${THREE_EMPLOYEES.promoted}', firstName: 'Aarav', lastName: 'Martin', jobTitle: 'Engineering Manager', managerEmail: 'ethan.chen@acme-demo.example', costCenter: 'CC-131' },`,
		`  { email: '${THREE_EMPLOYEES.newHire}', firstName: 'Nia', lastName: 'Brooks', jobTitle: 'Software Engineer', managerEmail: 'aarav.martin@acme-demo.example', costCenter: 'CC-131' },`,
		'].map((json) => ({ json }));',
	].join('\n');
	return {
		id: SYNC_WORKFLOW.id,
		name: SYNC_WORKFLOW.name,
		active: false,
		nodes: [
			{ id: 'e0000000-0000-4000-8000-000000000001', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ ...code, id: 'e0000000-0000-4000-8000-000000000002', name: 'Three employees', position: [240, 0], parameters: { jsCode } },
			{ ...sync, id: 'e0000000-0000-4000-8000-000000000003', name: SYNC_WORKFLOW.node, position: [480, 0] },
		],
		connections: {
			Start: { main: [[{ node: 'Three employees', type: 'main', index: 0 }]] },
			'Three employees': { main: [[{ node: SYNC_WORKFLOW.node, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	} as unknown as ExampleWorkflow;
}

export function editorWorkflows(): ExampleWorkflow[] {
	return [syncWorkflow()];
}
