/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * The example workflows (examples/*.json, the ones `npm start` imports) in a real n8n process,
 * with the package packed and installed the way the Community Nodes panel installs it, against
 * the simulator's demo organisation. Each scenario asserts on n8n's output AND on the
 * simulator's state afterwards. The expected values are read from the example files themselves,
 * so an example can change without this file, but never rot.
 *
 * Every scenario runs once, in the current n8n (examples.e2e.test.ts). The oldest n8n the README
 * claims (oldest.e2e.test.ts) runs the package's own tests and one example (`only`): that the
 * package loads there and a workflow of it runs; what the examples do is the same code in both.
 */
import fs from 'node:fs';
import nodePath from 'node:path';

import { SEARCH_TERMS } from '../../helpers/codex';
import { APPROVER_LOGIN, CHAT_LOGIN, HRIS_SYNC_APPLIED, LOOKUP_KEY, example, hrisSyncApplied, importDemo, exampleNames, publishActive, served, startDemoSimulator, type ExampleWorkflow } from './demo';
import { N8nInstance, outputsOf, type ExecutionRun } from './instance';
import { connectMcp, type McpSession } from './mcp';
import { pinnedVersion, type N8nInstall } from './install';
import { installOf, packedTarball } from './versions';
import { until } from './wait';
import type { Simulator } from '../../simulator';

interface NodeCreatorItem {
	key: string;
	properties: { name: string; displayName: string; hidden?: boolean; codex?: { alias?: string[] } };
}

/**
 * The nodes panel's search, from the installed n8n: @n8n/utils' sublimeSearch, whose default keys
 * (display name, weight 1.3; codex aliases, weight 1) are the ones the editor's node creator uses.
 */
function editorSearch(install: N8nInstall): { sublimeSearch: (filter: string, items: NodeCreatorItem[]) => Array<{ score: number; item: NodeCreatorItem }> } {
	const dir = nodePath.join(install.dir, 'node_modules', '@n8n', 'utils', 'dist', 'search');
	// Its file name changed between n8n 1.x and 2.x.
	const file = ['sublime-search.cjs', 'sublimeSearch.cjs'].map((name) => nodePath.join(dir, name)).find((candidate) => fs.existsSync(candidate));
	if (!file) throw new Error(`n8n ${install.version} has no @n8n/utils sublimeSearch under ${dir}`);
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- n8n's own copy, loaded from the install
	return require(file) as ReturnType<typeof editorSearch>;
}

const RECOGNITION = 'engagedly-recognition';

interface PraiseRun {
	praise: { id: number };
	recognised: { first_name: string; last_name: string };
	execution: ExecutionRun;
}

export interface ScenarioOptions {
	/**
	 * The examples whose scenarios run (names of examples/*.json); by default all of them. Every
	 * example is imported either way, and the package's own tests (node types served, the nodes
	 * panel's search, the examples imported and active) always run.
	 */
	only?: string[];
}

/** The demo a run of the scenarios set up, for scenarios kept in files of their own (harness/agent.ts). */
export interface ExampleDemo {
	n8n(): N8nInstance;
	sim(): Simulator;
}

/** The scenarios, in one `n8n start` of the n8n `manifest` pins. */
export function exampleScenarios(manifest: string, options: ScenarioOptions = {}): ExampleDemo {
	const unknown = (options.only ?? []).filter((name) => !exampleNames().includes(name));
	if (unknown.length) throw new Error(`no example named ${unknown.join(', ')} in examples/`);
	const runs = (name: string) => !options.only || options.only.includes(name);
	/** A describe block of one example's scenario, declared only when that example is to run. */
	const scenario = (name: string, title: string, body: () => void) => {
		if (runs(name)) describe(title, body);
	};
	let sim: Simulator;
	let n8n: N8nInstance;
	const workflows = new Map<string, ExampleWorkflow>();
	let recognition: Promise<PraiseRun[]> | undefined;

	beforeAll(async () => {
		sim = await startDemoSimulator();
		for (const name of exampleNames()) workflows.set(name, example(name));
		workflows.set(HRIS_SYNC_APPLIED.name, hrisSyncApplied());
		n8n = await N8nInstance.create({ install: installOf(manifest), tarball: packedTarball() });
		await importDemo(n8n, sim, [...workflows.values()], { activate: false });
		await n8n.start();
		await n8n.setupOwner();
		await publishActive(n8n, [...workflows.values()]);
		if (runs('recognition')) {
			recognition = praisesOnePollApart();
			// Awaited by the recognition scenario's test, which reports a failure.
			recognition.catch(() => undefined);
		}
	}, 10 * 60 * 1000);

	afterAll(async () => {
		await n8n?.dispose();
		await sim?.stop();
	});

	const node = (workflow: string, name: string) => {
		const found = workflows.get(workflow)?.nodes.find((n) => n.name === name);
		if (!found) throw new Error(`examples/${workflow}.json has no node "${name}"`);
		return found;
	};
	const nodeOfType = (workflow: string, type: string, index = 0) => {
		const found = workflows.get(workflow)?.nodes.filter((n) => n.type === type)[index];
		if (!found) throw new Error(`examples/${workflow}.json has no node of type ${type}`);
		return found;
	};
	/** A value the example's "Set" node assigns (the sample input of the workflow). */
	const assigned = (workflow: string, field: string): string => {
		const set = nodeOfType(workflow, 'n8n-nodes-base.set');
		const assignments = (set.parameters.assignments as { assignments: Array<{ name: string; value: string }> }).assignments;
		const found = assignments.find((a) => a.name === field);
		if (!found) throw new Error(`examples/${workflow}.json does not assign ${field}`);
		return found.value;
	};
	const routesCalled = () => served(sim).map((entry) => entry.route);
	/** A run of an example that starts by hand (`n8n execute`), which must succeed; its run. */
	const executeOk = async (workflowId: string) => {
		const { run, result } = await n8n.execute(workflowId);
		// n8n prints the run only once it has ended, and a failed run exits 1. A process that
		// printed a whole run and was then ended by a signal (seen once, on a busy CI machine,
		// from the oldest n8n while it shut down) ran the workflow all the same: what the
		// workflow did is the run's own status and the simulator's state, asserted here and by
		// each scenario.
		const error = run.data.resultData.error;
		// A failed run shows its description too: Sync's names each item that failed and why.
		expect({ status: run.status, error: error?.message, ...(error ? { description: error.description } : {}), failedExit: result.code !== 0 && result.signal === null }).toEqual({
			status: 'success',
			error: undefined,
			failedExit: false,
		});
		return run;
	};
	const fullName = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`;

	/**
	 * The recognition example's trigger polls once a minute (n8n allows no shorter interval), at a
	 * random second: its two praises are posted one poll apart while the other scenarios run, and
	 * its scenario, declared last, checks what came of them. The people praised are ones no example
	 * writes to, so that the message names them as they are.
	 */
	async function praisesOnePollApart(): Promise<PraiseRun[]> {
		const named = exampleNames().map((name) => JSON.stringify(example(name))).join('\n');
		const people = sim.store.sortedUsers().filter((user) => user.status === 'Active' && user.id !== sim.store.adminId && !named.includes(user.email));
		// Activation polls once at once: that first poll is the baseline (nothing from before). The
		// other scenarios clear the simulator's log, which may hide it: a later poll shows it happened.
		await until('the activation poll', () => (sim.log.some((entry) => entry.route === 'GET /beta/activities/praises' && entry.status === 200) ? true : undefined), 150_000);
		const known = new Set<string>();
		const posted: PraiseRun[] = [];
		for (const [i, recognised] of people.slice(0, 2).entries()) {
			// HTML, as Engagedly stores it; the trigger's Message-Ready Output gives the chat line plain text.
			const praise = sim.store.addPraise({
				content: `<p><span class="mention">@${recognised.first_name}</span> praise ${i + 1} from the e2e test: Q&amp;A <b>done</b></p>`,
				recognized_ids: [recognised.id],
			});
			const fresh = await n8n.newExecutions(RECOGNITION, known, 1, 150_000);
			expect(fresh).toHaveLength(1);
			posted.push({ praise, recognised, execution: await n8n.execution(fresh[0].id) });
		}
		return posted;
	}

	describe(`the package in n8n ${pinnedVersion(manifest)}`, () => {
		test('n8n serves both node types and the credential type under the package name', async () => {
			const nodes = await n8n.getJson<Array<{ name: string }>>('/types/nodes.json');
			const names = nodes.map((type) => type.name);
			expect(names).toContain('n8n-nodes-engagedly.engagedly');
			expect(names).toContain('n8n-nodes-engagedly.engagedlyEventsTrigger');
			const credentials = await n8n.getJson<Array<{ name: string }>>('/types/credentials.json');
			expect(credentials.map((type) => type.name)).toContain('engagedlyApi');
		});

		test("the nodes panel lists Engagedly among the first results for each way people search for it", async () => {
			const served = await n8n.getJson<NodeCreatorItem['properties'][]>('/types/nodes.json');
			// One entry per node, its newest version, as the panel shows them.
			const latest = new Map(served.filter((type) => !type.hidden).map((type) => [type.name, type]));
			const items = [...latest.values()].map((properties) => ({ key: properties.name, properties }));
			const { sublimeSearch } = editorSearch(installOf(manifest));

			const ranks = Object.fromEntries(
				SEARCH_TERMS.map((term) => [term, sublimeSearch(term, items).findIndex((result) => result.item.key.startsWith('n8n-nodes-engagedly.'))]),
			);

			expect(items.length).toBeGreaterThan(300);
			const buried = Object.entries(ranks).filter(([, rank]) => rank < 0 || rank >= 5);
			expect({ ranks, buried }).toEqual({ ranks, buried: [] });
		});

		test('every example workflow was imported, and the ones meant to run on their own are active', async () => {
			const list = await n8n.rest<Array<{ id: string; name: string; active: boolean }>>('GET', '/workflows');
			for (const workflow of workflows.values()) {
				const found = list.find((w) => w.id === workflow.id);
				expect({ name: found?.name, active: found?.active }).toEqual({ name: workflow.name, active: workflow.active });
			}
		});
	});

	scenario('user-lookup', 'examples/user-lookup.json: a webhook behind header auth answers with a colleague found by email (user getAll)', () => {
		const path = () => String(nodeOfType('user-lookup', 'n8n-nodes-base.webhook').parameters.path);
		const withKey = { headers: { [LOOKUP_KEY.header]: LOOKUP_KEY.value } };
		const userReads = () => served(sim).filter((entry) => entry.path.startsWith('/beta/users'));

		test('the active workflow answers through n8n with the card of the user the simulator holds', async () => {
			const colleague = sim.store.sortedUsers().find((user) => user.status === 'Active' && user.manager_id && user.job_title_id);
			if (!colleague) throw new Error('the demo organisation has no active user with a manager and a job title');
			const manager = sim.store.getUser(colleague.manager_id!);
			sim.clearLog();

			const response = await fetch(`${n8n.baseUrl}/webhook/${path()}?email=${encodeURIComponent(colleague.email)}`, withKey);

			expect(response.status).toBe(200);
			const departments = sim.store.unitsOf('department', colleague.id).map(({ unit }) => unit.name);
			expect(await response.json()).toEqual([
				{
					name: fullName(colleague),
					email: colleague.email,
					jobTitle: sim.store.jobTitles.get(colleague.job_title_id!)?.name,
					location: colleague.location_id === null ? '' : sim.store.locations.get(colleague.location_id)?.name,
					departments: departments.join(', '),
					manager: fullName(manager),
					status: 'Active',
				},
			]);
			// Found by address in the list, then read whole: Engagedly's list does not say which
			// departments a user is in, the single user does.
			expect(served(sim).map((entry) => [entry.route, entry.query.email, entry.clientKey])).toEqual([
				['GET /beta/users', colleague.email, sim.keys.demo.clientKey],
				['GET /beta/users/:id', undefined, sim.keys.demo.clientKey],
			]);
		});

		test('the run is saved as a successful webhook execution of the workflow', async () => {
			// The Respond to Webhook node answers before the execution is finished and saved.
			const executions = await n8n.newExecutions('engagedly-user-lookup', new Set(), 1, 30_000);
			expect(executions).toEqual([expect.objectContaining({ mode: 'webhook', status: 'success' })]);
		});

		test('without the key header n8n refuses the call, and Engagedly is not asked', async () => {
			const email = sim.store.sortedUsers()[0].email;
			sim.clearLog();

			const missing = await fetch(`${n8n.baseUrl}/webhook/${path()}?email=${encodeURIComponent(email)}`);
			const wrong = await fetch(`${n8n.baseUrl}/webhook/${path()}?email=${encodeURIComponent(email)}`, {
				headers: { [LOOKUP_KEY.header]: 'not-the-key' },
			});

			expect([missing.status, wrong.status]).toEqual([403, 403]);
			expect(userReads()).toEqual([]);
		});

		test('without an email it answers 400 saying what to add, and Engagedly is not asked', async () => {
			sim.clearLog();

			for (const query of ['', '?email=', '?email=%20']) {
				const response = await fetch(`${n8n.baseUrl}/webhook/${path()}${query}`, withKey);
				expect({ query, status: response.status, body: await response.json() }).toEqual({
					query,
					status: 400,
					body: { error: expect.stringContaining('?email=') },
				});
			}
			expect(userReads()).toEqual([]);
		});

		test('an email nobody has answers 404 naming it, after one look-up', async () => {
			const email = 'nobody.here@acme-demo.example';
			expect(sim.store.userByEmail(email)).toBeUndefined();
			sim.clearLog();

			const response = await fetch(`${n8n.baseUrl}/webhook/${path()}?email=${encodeURIComponent(email)}`, withKey);

			expect({ status: response.status, body: await response.json() }).toEqual({
				status: 404,
				body: { error: `Nobody in Engagedly has the email ${email}` },
			});
			expect(served(sim).map((entry) => [entry.route, entry.query.email])).toEqual([['GET /beta/users', email]]);
		});
	});

	scenario('onboarding', 'examples/onboarding.json: create (or update) a user with custom attributes, add them to a business, grant permissions', () => {
		test('n8n execute runs it and the simulator holds the new user as the workflow describes', async () => {
			const email = assigned('onboarding', 'email');
			expect(sim.store.userByEmail(email)).toBeUndefined();
			const create = node('onboarding', 'Create or update the user').parameters as {
				additionalFields: { jobTitle: string; location: string; departments: string[] };
				customAttributes: { value: Record<string, string> };
			};
			const business = (nodeOfType('onboarding', 'n8n-nodes-engagedly.engagedly', 1).parameters.businessId as { value: string }).value;
			const permissionIds = nodeOfType('onboarding', 'n8n-nodes-engagedly.engagedly', 2).parameters.permissionIds as string[];
			sim.clearLog();

			const run = await executeOk('engagedly-onboarding');

			const user = sim.store.userByEmail(email);
			expect(user).toBeDefined();
			expect(user).toMatchObject({
				first_name: assigned('onboarding', 'firstName'),
				last_name: assigned('onboarding', 'lastName'),
				job_title_id: Number(create.additionalFields.jobTitle),
				location_id: Number(create.additionalFields.location),
				manager_id: sim.store.userByEmail(assigned('onboarding', 'managerEmail'))?.id,
				hr_manager_ids: assigned('onboarding', 'hrManagerEmails')
					.split(',')
					.map((address) => sim.store.userByEmail(address.trim())?.id),
				status: 'Active',
			});
			expect(user!.manager_id).toBeDefined();
			expect(user!.joining_date?.slice(0, 10)).toBe(assigned('onboarding', 'joiningDate'));
			expect(sim.store.unitsOf('department', user!.id).map(({ unit }) => unit.id)).toEqual(create.additionalFields.departments);
			expect(sim.store.unitsOf('business', user!.id).map(({ unit }) => unit.id)).toEqual([business]);
			const costCenterKey = Object.keys(create.customAttributes.value).find((key) => sim.store.attribute(key)?.name === 'Cost Center')!;
			expect(user!.custom[costCenterKey]).toBe(assigned('onboarding', 'costCenter'));
			const tShirt = Object.keys(create.customAttributes.value).find((key) => sim.store.attribute(key)?.name === 'T-Shirt Size')!;
			expect(user!.custom[tShirt]).toBe(create.customAttributes.value[tShirt]);
			expect(sim.store.permissionsOf(user!.id).map((p) => String(p.id))).toEqual(expect.arrayContaining(permissionIds));

			const outputs = outputsOf(run);
			expect(outputs['Create or update the user']).toEqual([expect.objectContaining({ id: user!.id, email, outcome: 'created' })]);
			expect(outputs['Grant permissions']).toEqual([expect.objectContaining({ id: user!.id })]);
			expect(routesCalled()).toEqual(
				expect.arrayContaining(['POST /beta/users', 'PUT /beta/businesses/:id', 'PUT /beta/users/:id/permissions']),
			);
		});
	});

	scenario('hris-sync', 'examples/hris-sync.json: the HR system\'s employees synced into Engagedly, a dry run first', () => {
		const syncNode = 'Sync users';
		const previewNode = 'Preview the sync (Dry Run)';
		/** The employees the example's Code node stands in for, read from its JavaScript. */
		const employees = () => {
			const code = String(nodeOfType('hris-sync', 'n8n-nodes-base.code').parameters.jsCode);
			return [...code.matchAll(/\{ email: '([^']+)', firstName: '([^']+)', lastName: '([^']+)', jobTitle: '([^']+)', managerEmail: '([^']+)', costCenter: '([^']+)' \}/g)].map(
				([, email, firstName, lastName, jobTitle, managerEmail, costCenter]) => ({ email, firstName, lastName, jobTitle, managerEmail, costCenter }),
			);
		};
		const costCenterKey = () => sim.store.attributes.find((a) => !a.preset && a.name === 'Cost Center')!.attribute_key;
		/** The HR system gives job titles by name; Sync matches them against Engagedly's list. */
		const titleId = (name: string) => [...sim.store.jobTitles.values()].find((t) => t.name === name)!.id;

		test('as shipped, "Execute workflow" only previews: the real Sync is deactivated and nothing is written', async () => {
			expect(node('hris-sync', syncNode).disabled).toBe(true);
			sim.clearLog();
			// What the preview says is asserted below, where the same node runs on the same state.
			await executeOk('engagedly-hris-sync');
			expect(sim.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
		});

		test('with the real Sync turned on, a run previews, then applies: the organisation holds every employee as the HR system describes them', async () => {
			const list = employees();
			expect(list.length).toBeGreaterThan(2);
			const before = new Map(list.map((e) => [e.email, sim.store.userByEmail(e.email) ? JSON.stringify(sim.store.userByEmail(e.email)) : undefined]));
			const differs = (e: (typeof list)[number]) => {
				const user = sim.store.userByEmail(e.email);
				if (!user) return 'created';
				const same =
					user.job_title_id === titleId(e.jobTitle) &&
					user.manager_id === sim.store.userByEmail(e.managerEmail)?.id &&
					user.custom[costCenterKey()] === e.costCenter &&
					user.first_name === e.firstName &&
					user.last_name === e.lastName;
				return same ? 'unchanged' : 'updated';
			};
			const expected = list.map(differs);
			expect(expected).toEqual(expect.arrayContaining(['created', 'updated', 'unchanged']));
			sim.clearLog();

			const outputs = outputsOf(await executeOk(HRIS_SYNC_APPLIED.id));
			expect(outputs[previewNode].map((item) => item.outcome)).toEqual(expected);
			expect(outputs[syncNode].map((item) => item.outcome)).toEqual(expected);
			// The preview ran first and wrote nothing: the real sync still found every change, and
			// every write is its own, one per change.
			const writes = served(sim).filter((entry) => entry.method !== 'GET');
			expect(writes).toHaveLength(expected.filter((outcome) => outcome !== 'unchanged').length);
			for (const e of list) {
				const user = sim.store.userByEmail(e.email);
				expect({ email: e.email, user }).toEqual({
					email: e.email,
					user: expect.objectContaining({
						first_name: e.firstName,
						last_name: e.lastName,
						job_title_id: titleId(e.jobTitle),
						manager_id: sim.store.userByEmail(e.managerEmail)!.id,
						status: 'Active',
					}),
				});
				expect(user!.custom[costCenterKey()]).toBe(e.costCenter);
				if (expected[list.indexOf(e)] === 'unchanged') expect(JSON.stringify(user)).toBe(before.get(e.email));
			}
		});
	});

	scenario('offboarding', 'examples/offboarding.json: deactivate a leaver given by email with a block reason, remove them from their departments', () => {
		test('n8n execute runs it and the simulator holds the user blocked and out of every department', async () => {
			const email = assigned('offboarding', 'email');
			const leaver = sim.store.userByEmail(email);
			if (!leaver) throw new Error(`${email} is not in the demo organisation`);
			const departmentsBefore = sim.store.unitsOf('department', leaver.id).map(({ unit }) => unit.id);
			const businessesBefore = sim.store.unitsOf('business', leaver.id).map(({ unit }) => unit.id);
			expect(leaver.status).toBe('Active');
			expect(departmentsBefore.length).toBeGreaterThan(1);
			const code = String(node('offboarding', 'Deactivate').parameters.blockReasonCode);
			expect(sim.store.blockReasonCodes.map((c) => c.code)).toContain(code);
			sim.clearLog();

			const run = await executeOk('engagedly-offboarding');

			expect(sim.store.getUser(leaver.id)).toMatchObject({ status: 'Blocked', block_reason_code: code });
			expect(sim.store.unitsOf('department', leaver.id)).toEqual([]);
			expect(sim.store.unitsOf('business', leaver.id).map(({ unit }) => unit.id)).toEqual(businessesBefore);
			const outputs = outputsOf(run);
			expect(outputs['Deactivate']).toEqual([expect.objectContaining({ id: leaver.id, email })]);
			expect(outputs['Remove from the department']).toHaveLength(departmentsBefore.length);
			expect(routesCalled().filter((route) => route === 'PUT /beta/departments/:id')).toHaveLength(departmentsBefore.length);
			// The leaver's address is looked up once per node that names it: Deactivate, and Remove
			// from the department for all its items.
			expect(served(sim).filter((entry) => entry.route === 'GET /beta/users').map((entry) => entry.query.email)).toEqual([email, email]);
		});
	});

	scenario('hris-sync-approval', "examples/hris-sync-approval.json: over the guard Sync outputs its plan; only the approver's login opens the Wait node's form from the link, and her Approve applies the plan while her Decline writes nothing", () => {
		const workflow = 'hris-sync-approval';
		const syncNode = () => nodeOfType(workflow, 'n8n-nodes-engagedly.engagedly', 1).name;
		const applyNode = () => nodeOfType(workflow, 'n8n-nodes-engagedly.engagedly', 2).name;
		const messageNode = () => nodeOfType(workflow, 'n8n-nodes-base.set').name;
		const waitNode = () => nodeOfType(workflow, 'n8n-nodes-base.wait');
		/** The node an output of `from` leads to, by the example's connections. */
		const next = (from: string, output = 0) => {
			const found = (workflows.get(workflow)!.connections[from] as { main?: Array<Array<{ node: string }>> } | undefined)?.main?.[output]?.[0]?.node;
			if (!found) throw new Error(`examples/${workflow}.json: output ${output} of "${from}" leads nowhere`);
			return found;
		};
		/** After the Wait: its IF, then Apply Plan and the node that reports it, or the Decline side. */
		const approvedNode = () => next(applyNode());
		const declinedNode = () => next(next(waitNode().name), 1);
		/** The office the example's Code node leaves out of the HR export, read from its JavaScript. */
		const soldOffice = () => /location\?\.name !== '([^']+)'/.exec(String(nodeOfType(workflow, 'n8n-nodes-base.code').parameters.jsCode))![1];
		/** The new hire the Code node adds to the export, read from its JavaScript. */
		const newHire = () => {
			const [, email, first_name, last_name] = /email: '([^']+)', firstName: '([^']+)', lastName: '([^']+)'/.exec(
				String(nodeOfType(workflow, 'n8n-nodes-base.code').parameters.jsCode).split('const newHires')[1],
			)!;
			return { email, first_name, last_name };
		};
		/** A page's text as a browser shows it: the entities the form's HTML sanitiser writes, decoded. */
		const decoded = (html: string) =>
			html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
		/** How a person names someone in the approver's message and form: name and address. */
		const named = (user: { first_name: string; last_name: string; email: string }) => `${fullName(user)} <${user.email}>`;
		/** Who may approve, as the example's message node names her: the person the output records. */
		const approver = () => {
			const assignments = (node(workflow, messageNode()).parameters.assignments as { assignments: Array<{ name: string; value: string }> }).assignments;
			return assignments.find((assignment) => assignment.name === 'approver')!.value;
		};
		/** A Basic Auth login, as a browser sends it once the person has typed it. */
		const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
		const asApprover = () => basic(APPROVER_LOGIN.user, APPROVER_LOGIN.password);
		const unfinished = ['waiting', 'running', 'new'];
		/** Sync's output over the guard, as far as the scenario reads it. */
		type Planned = { outcome: string; counts: Record<string, number>; names: Record<string, string[]>; plan: { steps: unknown[] } };
		let leaving: Array<{ id: string; first_name: string; last_name: string; email: string }> = [];
		let restore: () => void = () => undefined;
		// The other scenarios meet the demo organisation as it was: the leavers come back, the hire goes.
		afterAll(() => restore());

		/**
		 * A run started by hand, which stops at the Wait node with nothing written; its waiting
		 * execution's id and the approver's message (the link with it).
		 */
		async function waitingRun() {
			sim.clearLog();
			const { run } = await n8n.execute(String(workflows.get(workflow)!.id));
			expect({ status: run.status, error: run.data.resultData.error?.message }).toEqual({ status: 'waiting', error: undefined });
			expect(sim.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
			const outputs = outputsOf(run);
			const [message] = outputs[messageNode()] as Array<{ approver: string; message: string; approvalUrl: string }>;
			const url = new URL(message.approvalUrl);
			return { outputs, message, link: `${n8n.baseUrl}${url.pathname}${url.search}`, executionId: url.pathname.split('/').pop()! };
		}

		/** The form's fields as the browser sends them: multipart/form-data, each field by its label's `for`. */
		function formData(page: string, fields: Record<string, string>) {
			const form = new FormData();
			for (const [label, value] of Object.entries(fields)) {
				const id = new RegExp(`for='(field-\\d+)'>${label}</label>`).exec(page)?.[1];
				if (!id) throw new Error(`the form has no field labelled ${label}`);
				form.append(id, value);
			}
			return form;
		}

		/** The form the approver's browser shows once she has given her login. */
		async function openedAsApprover(link: string) {
			const opened = await fetch(link, { headers: asApprover(), redirect: 'manual' });
			expect({ status: opened.status, type: opened.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringContaining('text/html') });
			return await opened.text();
		}

		/**
		 * The form submitted as its page does: a POST with the token n8n wrote into the page it served
		 * to her login (the page is sandboxed, so its POST carries no Basic Auth header of its own).
		 */
		async function answer(link: string, page: string, fields: Record<string, string>) {
			const token = /const authToken = '([^']*)'/.exec(page)?.[1];
			expect(token).toMatch(/^[0-9a-f]{64}$/);
			const response = await fetch(link, { method: 'POST', body: formData(page, fields), headers: { 'x-auth-token': token! } });
			expect(response.status).toBe(200);
		}

		const finished = async (executionId: string) =>
			await until(
				'the answered execution to finish',
				async () => {
					const execution = await n8n.execution(executionId);
					return unfinished.includes(execution.status) ? undefined : execution;
				},
				120_000,
			);

		/** The run the first test left waiting, which the second answers. */
		let waiting: (Awaited<ReturnType<typeof waitingRun>> & { planned: Planned; hire: string }) | undefined;
		const stillWaiting = () => {
			if (!waiting) throw new Error('the first test of this scenario left no waiting run');
			return waiting;
		};

		test("the run writes nothing and waits; without the approver's login the link shows nothing and an Approve resumes nothing: no login, another person's, a wrong password", async () => {
			const office = [...sim.store.locations.values()].find((location) => location.name === soldOffice())!;
			leaving = sim.store.sortedUsers().filter((user) => user.status === 'Active' && user.location_id === office.id && user.id !== sim.store.adminId);
			const hire = newHire().email;
			expect(sim.store.userByEmail(hire)).toBeUndefined();
			restore = () => {
				for (const user of leaving) sim.store.setUserStatus(user.id, 'Active');
				const created = sim.store.userByEmail(hire);
				if (created) sim.store.removeUser(created.id);
			};

			const run = await waitingRun();
			const { outputs, message, link, executionId } = run;
			const [planned] = outputs[syncNode()] as Planned[];
			expect(planned.outcome).toBe('approvalNeeded');
			expect(planned.counts).toMatchObject({ create: 1, update: 0, reactivate: 0, deactivate: leaving.length });
			expect(planned.names.deactivate).toEqual(leaving.map(named));
			expect(planned.plan.steps).toHaveLength(leaving.length + 1);
			// The chat or e-mail message: who goes, by name and address, the link, how long it works, and who may answer.
			for (const user of leaving) expect(message.message).toContain(`\n- ${named(user)}`);
			expect(message.message).toContain(message.approvalUrl);
			expect(message.message).toContain(`${String(waitNode().parameters.resumeAmount)} ${String(waitNode().parameters.resumeUnit)}`);
			expect(message.approver).toBe(approver());
			expect(outputs[applyNode()]).toBeUndefined();
			// The form asks for the login of the person the output names: the credential n8n holds is hers.
			expect(waitNode().parameters.incomingAuthentication).toBe('basicAuth');
			expect(waitNode().credentials?.httpBasicAuth).toEqual({ id: APPROVER_LOGIN.id, name: APPROVER_LOGIN.name });
			expect(APPROVER_LOGIN.name).toBe(`Sync approver: ${approver()}`);
			expect(approver()).toBe(named(sim.store.userByEmail(APPROVER_LOGIN.user)!));
			waiting = { ...run, planned, hire };

			sim.clearLog();
			// Opening the link as from chat or e-mail: the browser is asked for a login, and shown nothing of the plan.
			const logins = { none: {}, anotherPerson: basic(CHAT_LOGIN.user, CHAT_LOGIN.password), wrongPassword: basic(APPROVER_LOGIN.user, 'not-her-password') };
			for (const [who, headers] of Object.entries(logins)) {
				const opened = await fetch(link, { headers, redirect: 'manual' });
				const body = await opened.text();
				expect({ who, status: opened.status, challenge: opened.headers.get('www-authenticate'), shows: leaving.some((user) => decoded(body).includes(user.email)) }).toEqual({
					who,
					status: 401,
					challenge: expect.stringMatching(/^Basic /),
					shows: false,
				});
			}
			// An Approve posted without her login, though the form's fields are known (from her page): refused.
			const page = await openedAsApprover(link);
			const posts = { ...logins, forgedToken: { 'x-auth-token': 'f'.repeat(64) } };
			for (const [who, headers] of Object.entries(posts)) {
				const response = await fetch(link, { method: 'POST', body: formData(page, { Decision: 'Approve' }), headers });
				expect({ who, status: response.status }).toEqual({ who, status: 401 });
			}
			expect((await n8n.execution(executionId)).status).toBe('waiting');
			expect(sim.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
			expect(sim.store.userByEmail(hire)).toBeUndefined();
			for (const user of leaving) expect(sim.store.getUser(user.id)?.status).toBe('Active');
		});

		test('with her login the link opens the form listing who goes; her Approve applies exactly the plan, and the output names her, the login\'s owner, and when', async () => {
			const { link, executionId, planned, hire } = stillWaiting();
			sim.clearLog();
			const page = await openedAsApprover(link);
			const shown = decoded(page);
			expect(shown).toContain(`To deactivate (${leaving.length}):`);
			for (const user of leaving) expect(shown).toContain(`- ${named(user)}`);
			expect(shown).toContain(`To create (1):\n- ${planned.names.create[0]}`);
			expect(planned.names.create[0]).toContain(hire);
			expect(shown).toContain(`You are signed in as the approver, ${approver()}`);
			expect(page).toMatch(/<select id='field-\d+' name='field-\d+'[^>]*>[\s\S]*<option value='Approve'>[\s\S]*<option value='Decline'>/);
			// Nothing on the form says who answers: the login does.
			expect([...page.matchAll(/<label[^>]* for='field-\d+'>([^<]*)<\/label>/g)].map((match) => match[1])).toEqual(['Decision']);
			// Opening it resumes nothing.
			expect((await n8n.execution(executionId)).status).toBe('waiting');
			expect(sim.log.filter((entry) => entry.method !== 'GET')).toEqual([]);

			const before = new Date().toISOString();
			await answer(link, page, { Decision: 'Approve' });
			const done = await finished(executionId);
			expect({ status: done.status, error: done.error }).toEqual({ status: 'success', error: undefined });
			const created = sim.store.userByEmail(hire);
			expect(created).toMatchObject({ status: 'Active' });
			// The plan's order: the employees' steps, then the users no employee names.
			expect(done.outputs[applyNode()].map((item) => [item.email, item.outcome])).toEqual([
				[hire, 'created'],
				...leaving.map((user) => [user.email, 'deactivated']),
			]);
			for (const user of leaving) expect(sim.store.getUser(user.id)).toMatchObject({ status: 'Blocked', block_reason_code: 'involuntary' });
			expect(served(sim).filter((entry) => entry.method !== 'GET').map((entry) => entry.route)).toEqual([
				'POST /beta/users',
				...leaving.map(() => 'PUT /beta/users/:id/deactivate'),
			]);
			const [report] = done.outputs[approvedNode()] as Array<{ summary: string; approvedBy: string; approvedAt: string; applied: string[] }>;
			expect(report).toMatchObject({ approvedBy: approver(), applied: [`created: ${planned.names.create[0]}`, ...leaving.map((user) => `deactivated: ${named(user)}`)] });
			expect(report.approvedBy).toContain(`<${APPROVER_LOGIN.user}>`);
			expect(new Date(report.approvedAt).toISOString() >= before).toBe(true);
			expect(report.summary).toBe(`Approved by ${approver()} at ${report.approvedAt}: the plan was applied (1 created, ${leaving.length} deactivated).`);
			expect(done.outputs[declinedNode()]).toBeUndefined();
		});

		test('run again once the plan is applied (the next morning): the export agrees with Engagedly, nothing waits for approval, nothing is written, no item fails', async () => {
			stillWaiting();
			sim.clearLog();
			const { run } = await n8n.execute(String(workflows.get(workflow)!.id));
			expect({ status: run.status, error: run.data.resultData.error?.message }).toEqual({ status: 'success', error: undefined });
			expect(sim.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
			const synced = outputsOf(run)[syncNode()] as Array<{ outcome: string; email: string }>;
			expect(synced.filter((item) => item.outcome !== 'unchanged')).toEqual([]);
			expect(synced.filter((item) => item.email === stillWaiting().hire)).toHaveLength(1);
		});

		test('a second run she declines through the form writes nothing, and its output names her and when', async () => {
			restore();
			expect(leaving.every((user) => sim.store.getUser(user.id)?.status === 'Active')).toBe(true);
			const { link, executionId } = await waitingRun();
			const page = await openedAsApprover(link);
			sim.clearLog();

			const before = new Date().toISOString();
			await answer(link, page, { Decision: 'Decline' });
			const done = await finished(executionId);

			expect({ status: done.status, error: done.error }).toEqual({ status: 'success', error: undefined });
			expect(sim.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
			expect(done.outputs[applyNode()]).toBeUndefined();
			const [report] = done.outputs[declinedNode()] as Array<{ summary: string; declinedBy: string; declinedAt: string }>;
			expect(report.declinedBy).toBe(approver());
			expect(new Date(report.declinedAt).toISOString() >= before).toBe(true);
			expect(report.summary).toBe(`Declined by ${approver()} at ${report.declinedAt}: nothing was written.`);
			for (const user of leaving) expect(sim.store.getUser(user.id)?.status).toBe('Active');
			expect(sim.store.userByEmail(newHire().email)).toBeUndefined();
		});
	});

	scenario('ai-agent-tools', 'examples/ai-agent-tools.json: an AI agent calls the node as a tool through n8n\'s MCP Server Trigger', () => {
		let mcp: McpSession;
		const toolNode = (name: string) => node('ai-agent-tools', name).parameters as { toolDescription: string };
		const tool = async (name: string) => (await mcp.listTools()).tools.find((t) => t.description === toolNode(name).toolDescription);

		beforeAll(async () => {
			const path = String(nodeOfType('ai-agent-tools', '@n8n/n8n-nodes-langchain.mcpTrigger').parameters.path);
			mcp = await connectMcp(installOf(manifest), `${n8n.baseUrl}/mcp/${path}`);
		});
		afterAll(async () => await mcp?.close());

		test('the MCP server lists the Engagedly tools with their descriptions and the $fromAI parameter', async () => {
			const find = await tool('Find colleague');
			const list = await tool('List departments');
			expect(find).toBeDefined();
			expect(list).toBeDefined();
			expect(find!.inputSchema.properties?.email).toMatchObject({ type: 'string' });
		});

		test('calling the lookup tool runs the node against Engagedly and answers with the user', async () => {
			const find = (await tool('Find colleague'))!;
			const colleague = sim.store.sortedUsers().filter((user) => user.status === 'Active')[11];
			sim.clearLog();

			const result = await mcp.callTool({ name: find.name, arguments: { email: colleague.email } });

			expect(result.isError).toBeFalsy();
			const text = result.content.map((part) => part.text ?? '').join('');
			expect(text).toContain(colleague.email);
			expect(text).toContain(colleague.id);
			expect(served(sim).map((entry) => [entry.route, entry.query.email])).toEqual([['GET /beta/users', colleague.email]]);
		});
	});

	scenario('recognition', 'examples/recognition.json: the active Engagedly Events Trigger turns each new praise into a chat message', () => {
		test('two praises posted one poll apart after activation gave exactly one execution each, and nothing else', async () => {
			expect(n8n.output()).not.toMatch(/polling interval is too short|could not be activated/i);
			const runs = await recognition!;
			const messageNode = nodeOfType('recognition', 'n8n-nodes-base.set').name;
			for (const [i, { praise, recognised, execution }] of runs.entries()) {
				expect(execution).toMatchObject({ status: 'success', mode: 'trigger' });
				expect(execution.outputs[messageNode]).toEqual([
					{
						praiseId: praise.id,
						text: expect.stringContaining(`*${fullName(sim.store.admin)}* praised *${fullName(recognised)}*`),
					},
				]);
				expect(execution.outputs[messageNode][0].text).toContain(`: @${recognised.first_name} praise ${i + 1} from the e2e test: Q&A done`);
				expect(execution.outputs[messageNode][0].text).not.toMatch(/<|&amp;/);
			}
			// Every execution since activation, over the polls of the whole run: none for the
			// activation poll's baseline, no praise twice.
			const all = await n8n.executions(RECOGNITION);
			expect(all.map((e) => e.id).sort()).toEqual(runs.map((run) => run.execution.id).sort());
		}, 8 * 60 * 1000);
	});

	return { n8n: () => n8n, sim: () => sim };
}
