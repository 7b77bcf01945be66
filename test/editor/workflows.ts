/**
 * Workflows the editor suite opens, imported with the examples. They are built from the HR sync
 * example's own Sync node, so the suite follows the example's parameters as they change.
 */
import { MANUAL_TRIGGER, example, inARow, type ExampleWorkflow } from '../e2e/harness/demo';

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
	return inARow(SYNC_WORKFLOW, 0, [
		MANUAL_TRIGGER,
		{ ...code, name: 'Three employees', parameters: { jsCode } },
		{ ...sync, name: SYNC_WORKFLOW.node },
	]);
}

/** A credential whose secret key is wrong: Engagedly answers 401 to everything it sends. */
export const BROKEN_CREDENTIAL = { id: 'engagedly-wrong-secret', name: 'Engagedly (wrong secret key)' };

/** User → Create saved with the broken credential, never opened: its Custom Attributes list nothing yet. */
export const CREATE_WITH_BROKEN_CREDENTIAL = { id: 'editor-create-broken-credential', name: 'Editor: Create with a failing credential', node: 'Create a user' };

function createWithBrokenCredential(): ExampleWorkflow {
	return inARow(CREATE_WITH_BROKEN_CREDENTIAL, 1, [
		MANUAL_TRIGGER,
		{
			name: CREATE_WITH_BROKEN_CREDENTIAL.node,
			type: 'n8n-nodes-engagedly.engagedly',
			typeVersion: 1,
			parameters: { resource: 'user', operation: 'create', email: 'lea.fontaine@acme-demo.example', firstName: 'Léa', lastName: 'Fontaine' },
			credentials: { engagedlyApi: BROKEN_CREDENTIAL },
		},
	]);
}

export function editorWorkflows(): ExampleWorkflow[] {
	return [syncWorkflow(), createWithBrokenCredential()];
}
