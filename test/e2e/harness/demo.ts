/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * The demo organisation in a real n8n: the simulator, the credential pointing at it, and the
 * example workflows from examples/ (the same files the end-to-end tests execute).
 */
import fs from 'node:fs';
import path from 'node:path';

import { profileFromEnvironment, startSimulator, type Profile, type Simulator } from '../../simulator';
import { REPO_ROOT } from './install';
import type { N8nInstance } from './instance';

export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');

export const CREDENTIAL_ID = 'engagedly-local-sim';
export const CREDENTIAL_NAME = 'Engagedly (local simulator)';

/**
 * The Header Auth credential of the look-up webhook (examples/user-lookup.json names it by id):
 * callers send `X-Lookup-Key: demo-lookup-key`.
 */
export const LOOKUP_KEY = {
	id: 'engagedly-demo-lookup-key',
	name: 'Colleague look-up key (demo)',
	header: 'X-Lookup-Key',
	value: 'demo-lookup-key',
};

/**
 * The Basic Auth credential of the HR chat's Chat Trigger (examples/hr-chat-agent.json names it
 * by id): an HR directory is not for the public.
 */
export const CHAT_LOGIN = {
	id: 'engagedly-demo-chat-login',
	name: 'HR chat login (demo)',
	user: 'hr-demo',
	password: 'demo-chat-password',
};

/**
 * The Basic Auth credential of the approval example's Wait form (examples/hris-sync-approval.json
 * names it by id): the login of the one person who may approve, an HR Business Partner of the demo
 * organisation, her address as the user. Its name is `Sync approver: ` and the `approver` the
 * example's output names her by.
 */
export const APPROVER_LOGIN = {
	id: 'engagedly-demo-sync-approver',
	name: 'Sync approver: Maria Rossi <maria.rossi@acme-demo.example>',
	user: 'maria.rossi@acme-demo.example',
	password: 'demo-approver-password',
};

/**
 * The OpenAI credential of the HR chat's Chat model (examples/hr-chat-agent.json names it by id),
 * so the example's model node names a credential that exists: its key and Base URL are the
 * builder's (any OpenAI-compatible server), `npm start` takes them from OPENAI_API_KEY and
 * OPENAI_BASE_URL; without them the key is a placeholder the example's note says to replace.
 */
export const CHAT_MODEL = {
	id: 'engagedly-demo-chat-model',
	name: 'Chat model (OpenAI or compatible)',
	placeholder: { apiKey: 'replace-with-your-key', url: 'https://api.openai.com/v1' },
};

/** The seed and size of the demo organisation; the example workflows name its records. */
export const DEMO_ORGANISATION = { seed: 1, users: 250 } as const;

export interface ExampleWorkflow {
	id: string;
	name: string;
	active: boolean;
	nodes: Array<{ name: string; type: string; disabled?: boolean; parameters: Record<string, unknown>; credentials?: Record<string, { id: string; name: string }> }>;
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

export function example(name: string): ExampleWorkflow {
	return JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, `${name}.json`), 'utf8')) as ExampleWorkflow;
}

/**
 * The HR sync example as a builder has it once the preview looked right: its real Sync node
 * turned on (the example ships with it deactivated, so its first run writes nothing).
 */
export const HRIS_SYNC_APPLIED = { id: 'engagedly-hris-sync-applied', name: 'hris-sync-applied', syncNode: 'Sync users' };

export function hrisSyncApplied(): ExampleWorkflow {
	const hris = example('hris-sync');
	if (!hris.nodes.some((node) => node.name === HRIS_SYNC_APPLIED.syncNode)) throw new Error(`examples/hris-sync.json has no node "${HRIS_SYNC_APPLIED.syncNode}"`);
	return {
		...hris,
		id: HRIS_SYNC_APPLIED.id,
		name: `${hris.name} (Sync users turned on)`,
		nodes: hris.nodes.map((node) => (node.name === HRIS_SYNC_APPLIED.syncNode ? { ...node, disabled: false } : node)),
	};
}

/** The Manual Trigger of a workflow started by hand. */
export const MANUAL_TRIGGER = { name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };

/** A workflow of `nodes` in a row, each feeding the next, inactive (node ids numbered from series × 10 + 1). */
export function inARow(workflow: { id: string; name: string }, series: number, nodes: Array<Record<string, unknown> & { name: string }>): ExampleWorkflow {
	const all = nodes.map((node, i) => ({
		...node,
		id: `e0000000-0000-4000-8000-${String(series * 10 + i + 1).padStart(12, '0')}`,
		position: [i * 240, 0],
	}));
	const connections = Object.fromEntries(all.slice(1).map((node, i) => [all[i].name, { main: [[{ node: node.name, type: 'main', index: 0 }]] }]));
	return { id: workflow.id, name: workflow.name, active: false, nodes: all, connections, settings: { executionOrder: 'v1' } } as unknown as ExampleWorkflow;
}

export function exampleNames(): string[] {
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.map((file) => file.slice(0, -'.json'.length))
		.sort();
}

export function simulatorCredential(sim: Simulator) {
	return {
		id: CREDENTIAL_ID,
		name: CREDENTIAL_NAME,
		type: 'engagedlyApi',
		data: { ...sim.keys.demo, baseUrl: sim.baseUrl },
	};
}

/** The demo organisation, in the shapes of `profile` (by default ENGAGEDLY_SIMULATOR_PROFILE's, else the contract's). */
export async function startDemoSimulator(port = 0, profile: Profile = profileFromEnvironment()): Promise<Simulator> {
	return await startSimulator({ port, profile, ...DEMO_ORGANISATION });
}

/**
 * Imports the credentials and workflows into an n8n that is not running yet. The workflows marked
 * `active` in their file are published by the CLI so that `n8n start` runs them (their trigger
 * polls, their webhook answers), unless `activate` is false: the tests publish them once n8n runs
 * (publishActive), as each `n8n publish:workflow` boots an n8n process, many seconds apiece on a
 * busy machine.
 */
export async function importDemo(
	n8n: N8nInstance,
	sim: Simulator,
	workflows: ExampleWorkflow[],
	{ activate = true, chatModel = CHAT_MODEL.placeholder }: { activate?: boolean; chatModel?: { apiKey: string; url: string } } = {},
): Promise<void> {
	await n8n.importCredentials([
		simulatorCredential(sim),
		{ id: LOOKUP_KEY.id, name: LOOKUP_KEY.name, type: 'httpHeaderAuth', data: { name: LOOKUP_KEY.header, value: LOOKUP_KEY.value } },
		{ id: CHAT_LOGIN.id, name: CHAT_LOGIN.name, type: 'httpBasicAuth', data: { user: CHAT_LOGIN.user, password: CHAT_LOGIN.password } },
		{ id: APPROVER_LOGIN.id, name: APPROVER_LOGIN.name, type: 'httpBasicAuth', data: { user: APPROVER_LOGIN.user, password: APPROVER_LOGIN.password } },
		{ id: CHAT_MODEL.id, name: CHAT_MODEL.name, type: 'openAiApi', data: chatModel },
	]);
	await n8n.importWorkflows(activate ? workflows : workflows.map((workflow) => ({ ...workflow, active: false })));
	if (activate) for (const workflow of workflows.filter((w) => w.active)) await n8n.activate(workflow.id);
}

/**
 * The requests Engagedly served, as the scenarios assert them: the recognition example's trigger
 * polls the praises once a minute throughout a run, and every scenario shares the demo key's 200
 * requests a minute, so any request may be answered 429 (refused: nothing changed) and retried.
 * An assertion that nothing was attempted reads the whole log instead.
 */
export const served = (sim: Simulator) => sim.log.filter((entry) => entry.status !== 429 && entry.route !== 'GET /beta/activities/praises');

/** Publishes the workflows marked `active` through the running n8n's REST API (their first poll included). */
export async function publishActive(n8n: N8nInstance, workflows: ExampleWorkflow[]): Promise<void> {
	for (const workflow of workflows.filter((w) => w.active)) await n8n.publish(workflow.id);
}
