/**
 * The example workflows against the demo organisation `npm start` runs, in a second (the
 * end-to-end suite runs them in a real n8n, which takes minutes):
 * - they pick its records by id (a manager, a department, a business unit, a job title, a
 *   location, custom attributes, a leaver's email): every record they name still exists, so a
 *   change to the seed fails here, by name, first;
 * - they open in the editor without a warning on their Engagedly nodes: no parameter issue
 *   (n8n-workflow's own check, the one behind the canvas's warning triangle), and every Custom
 *   Attributes mapper holds the fields the organisation has now, by the editor's rule for
 *   "Custom attributes are outdated".
 */
import type { INode, INodeProperties, INodeTypeDescription, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { APPROVER_LOGIN, CREDENTIAL_ID, DEMO_ORGANISATION, example, exampleNames } from '../e2e/harness/demo';
import { CREDENTIAL_TYPE, PACKAGE_NAME, loadPackage, resourceMapping } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';

const sim = useSimulator({ ...DEMO_ORGANISATION }, { reset: 'never' });

// The text as the file writes it (tab-indented JSON), for the patterns below.
const examples = exampleNames().map((name) => {
	const workflow = example(name);
	return { file: `${name}.json`, nodes: workflow.nodes as INode[], text: JSON.stringify(workflow, null, '\t') };
});
const engagedlyNodes = examples.flatMap(({ file, nodes }) =>
	nodes
		.filter((node) => node.type.startsWith(`${PACKAGE_NAME}.`))
		.map((node) => ({ file, name: node.name, node })),
);

const UUID = /"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/g;
const EMAIL = /"([a-z.]+@acme-demo\.example)"/g;
const CUSTOM_KEY = /"(custom-attribute-[0-9a-f]+)"/g;
const NUMERIC_REFERENCE = /"(jobTitle|location)": "(\d+)"/g;
/** A Code node's employees give job titles by name, as an HR system does. */
const JS_JOB_TITLE = /jobTitle: '([^']+)'/g;

const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)];

describe.each(examples)('examples/$file names only records of the demo organisation', ({ file, text, nodes }) => {
	// Only what the Engagedly nodes are told to pick: node and webhook ids are UUIDs too.
	const engagedlyParameters = JSON.stringify(nodes.filter((node) => node.type.includes('engagedly')).map((n) => n.parameters));
	const createsUsers = nodes.some(
		(node) => node.parameters.resource === 'user' && ['create', 'createOrUpdate', 'sync'].includes(String(node.parameters.operation)),
	);
	// A Code node standing in for an HR system lists its employees in JavaScript (single quotes),
	// the new hires in their own `newHires` list.
	const code = nodes.map((node) => String(node.parameters.jsCode ?? '')).join('\n');
	const JS_EMAIL = /'([a-z.]+@acme-demo\.example)'/g;
	const newHiresAt = code.indexOf('const newHires');

	test('every user, department and business id its Engagedly nodes pick exists', () => {
		const known = (id: string) =>
			sim.store.users.has(id) || sim.store.units('department').has(id) || sim.store.units('business').has(id);
		const missing = all(engagedlyParameters, UUID)
			.map((match) => match[1])
			.filter((id) => !known(id));
		expect({ file, missing }).toEqual({ file, missing: [] });
	});

	test('every custom attribute, job title and location it names exists', () => {
		const missing = [
			...all(text, CUSTOM_KEY).map((m) => m[1]).filter((key) => !sim.store.attribute(key)),
			...all(text, NUMERIC_REFERENCE)
				.filter(([, kind, id]) => !(kind === 'jobTitle' ? sim.store.jobTitles : sim.store.locations).has(Number(id)))
				.map(([, kind, id]) => `${kind} ${id}`),
			...all(code, JS_JOB_TITLE)
				.map((m) => m[1])
				.filter((name) => ![...sim.store.jobTitles.values()].some((title) => title.name === name))
				.map((name) => `job title named ${name}`),
		];
		expect({ file, missing }).toEqual({ file, missing: [] });
	});

	// The people a workflow creates are its Set node's `email`, or a Code node's `newHires`; every
	// other address names someone.
	const created = createsUsers
		? [
				...nodes.flatMap((node) =>
					(((node.parameters.assignments as { assignments?: Array<{ name: string; value: unknown }> })?.assignments ?? []) as Array<{ name: string; value: unknown }>)
						.filter((assignment) => assignment.name === 'email')
						.map((assignment) => String(assignment.value)),
				),
				...(newHiresAt < 0 ? [] : all(code.slice(newHiresAt), /email: '([^']+)'/g).map((m) => m[1])),
			]
		: [];

	test('the people it creates are not in the organisation yet, and everyone else it names by email is', () => {
		if (createsUsers) expect(created.length).toBeGreaterThan(0);
		const wrong = [...all(text, EMAIL), ...all(code, JS_EMAIL)]
			.map((m) => m[1])
			.filter((email) => Boolean(sim.store.userByEmail(email)) === created.includes(email));
		expect({ file, wrong }).toEqual({ file, wrong: [] });
	});
});

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

/**
 * n8n's "Execute workflow" starts from the trigger it ranks first, and a Schedule Trigger ranks
 * above a Manual Trigger (test/editor/examples.spec.ts shows it running the manual path): an
 * example that offers the manual path has no other trigger switched on.
 */
test.each(examples.filter(({ nodes }) => nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger')))(
	'examples/$file: "Execute workflow" runs its manual path, since no other trigger is on',
	({ nodes }) => {
		const otherTriggers = nodes.filter((node) => /trigger$/i.test(node.type) && node.type !== 'n8n-nodes-base.manualTrigger' && !node.disabled);
		expect(otherTriggers.map((node) => node.name)).toEqual([]);
	},
);

test.each(examples)('examples/$file: every node has an id of its own and a name of its own (n8n refuses to import it otherwise)', ({ nodes }) => {
	const repeated = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
	expect([repeated(nodes.map((node) => node.id)), repeated(nodes.map((node) => node.name))]).toEqual([[], []]);
});

/**
 * A Wait node that resumes on a link (a form or a webhook call) lets whoever opens the link
 * continue the run: every example asks for a login there, as n8n's Wait node offers (Basic Auth).
 */
test.each(examples.filter(({ nodes }) => nodes.some((node) => node.type === 'n8n-nodes-base.wait' && ['form', 'webhook'].includes(String(node.parameters.resume)))))(
	'examples/$file: every Wait node resumed by a link asks for a login',
	({ nodes }) => {
		const open = nodes
			.filter((node) => node.type === 'n8n-nodes-base.wait' && ['form', 'webhook'].includes(String(node.parameters.resume)))
			.filter((node) => !node.parameters.incomingAuthentication || node.parameters.incomingAuthentication === 'none' || !node.credentials?.httpBasicAuth)
			.map((node) => node.name);
		expect(open).toEqual([]);
	},
);

/**
 * The approval example records who approved as the `approver` its message node sets; the Wait
 * form is answered only with the login of the credential it names. Both must be one person, of
 * the demo organisation, and the one login `npm start` creates.
 */
test("examples/hris-sync-approval.json: the approval form's login is the approver's own, and the output names that person", () => {
	const { nodes } = examples.find(({ file }) => file === 'hris-sync-approval.json')!;
	const wait = nodes.find((node) => node.type === 'n8n-nodes-base.wait')!;
	const assignments = nodes.flatMap(
		(node) => ((node.parameters.assignments as { assignments?: Array<{ name: string; value: unknown }> } | undefined)?.assignments ?? []) as Array<{ name: string; value: unknown }>,
	);
	const approver = String(assignments.find((assignment) => assignment.name === 'approver')?.value);
	const person = sim.store.userByEmail(APPROVER_LOGIN.user);

	expect(wait.credentials?.httpBasicAuth).toEqual({ id: APPROVER_LOGIN.id, name: APPROVER_LOGIN.name });
	expect(APPROVER_LOGIN.name).toBe(`Sync approver: ${approver}`);
	expect(person && { approver: `${person.first_name} ${person.last_name} <${person.email}>`, status: person.status }).toEqual({ approver, status: 'Active' });
	// The form asks only for the decision: nothing the person types says who they are.
	expect((wait.parameters.formFields as { values: Array<{ fieldLabel: string }> }).values.map((field) => field.fieldLabel)).toEqual(['Decision']);
	// Whoever answers is named from the approver, in the outputs of both sides.
	const reports = JSON.stringify(nodes.filter((node) => node.type === 'n8n-nodes-base.set' && node.name !== 'Message for the approver').map((node) => node.parameters));
	expect(reports.match(/\$\('Message for the approver'\)\.first\(\)\.json\.approver/g)?.length).toBeGreaterThanOrEqual(4);
});

/** The canvas is where a builder reads a workflow: only the terminal explained five of them. */
test.each(examples)('examples/$file explains itself on the canvas: a sticky note with a heading, saying what it does, needs and what to try first', ({ nodes }) => {
	const notes = nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote').map((node) => String(node.parameters.content ?? ''));
	expect(notes.length).toBeGreaterThan(0);
	const text = notes.join('\n');
	expect(text).toMatch(/^## \S/m);
	expect(text.length).toBeGreaterThan(300);
});

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
		const unfilled = live.filter((field) => field.displayName.endsWith(' (mandatory)') && [undefined, null, ''].includes(mapper.value?.[field.id] as never));
		expect(unfilled.map((field) => field.displayName)).toEqual([]);
	});
});
