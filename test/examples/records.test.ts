/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * The example workflows pick records of the simulator's demo organisation by id (a manager, a
 * department, a business unit, a job title, a location, custom attributes, a leaver's email).
 * The end-to-end suite runs them in a real n8n, which takes minutes; this checks in a second that
 * every record they name still exists, so a change to the seed fails here, by name, first.
 */
import fs from 'node:fs';
import path from 'node:path';

import { DEMO_ORGANISATION } from '../e2e/harness/demo';
import { useSimulator } from '../helpers/simulator';

const sim = useSimulator({ ...DEMO_ORGANISATION }, { reset: 'never' });

const EXAMPLES_DIR = path.resolve(__dirname, '../../examples');
const examples = fs
	.readdirSync(EXAMPLES_DIR)
	.filter((file) => file.endsWith('.json'))
	.map((file) => ({ file, text: fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8') }));

const UUID = /"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/g;
const EMAIL = /"([a-z.]+@acme-demo\.example)"/g;
const CUSTOM_KEY = /"(custom-attribute-[0-9a-f]+)"/g;
const NUMERIC_REFERENCE = /"(jobTitle|location)": "(\d+)"/g;
/** A Code node's employees give job titles by name, as an HR system does. */
const JS_JOB_TITLE = /jobTitle: '([^']+)'/g;

const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)];

interface ExampleNode {
	id: string;
	type: string;
	parameters: Record<string, unknown>;
}

describe.each(examples)('examples/$file names only records of the demo organisation', ({ file, text }) => {
	const nodes = JSON.parse(text).nodes as ExampleNode[];
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
