/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * Runs workflows through n8n's own execution engine (n8n-core's WorkflowExecute) with this
 * package's node and credential classes taken from the TypeScript sources, so a change is tested
 * without a build. Only the database-backed services around the engine are stood in for:
 * credentials come from memory instead of n8n's encrypted store.
 *
 * The package as n8n installs it (package.json's `n8n` section, the compiled files, codex and
 * icons, read by n8n-core's PackageDirectoryLoader) is `loadBuiltPackage()`, for the suites of
 * the `package` project, which run after a build.
 */
import path from 'node:path';

import {
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PackageDirectoryLoader,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteData,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { EngagedlyApi } from '../../credentials/EngagedlyApi.credentials';
import { Engagedly } from '../../nodes/Engagedly/Engagedly.node';
import { EngagedlyEventsTrigger } from '../../nodes/Engagedly/EngagedlyEventsTrigger.node';

export const PACKAGE_NAME = 'n8n-nodes-engagedly';
export const NODE_TYPE = `${PACKAGE_NAME}.engagedly`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.engagedlyEventsTrigger`;
export const CREDENTIAL_TYPE = 'engagedlyApi';

export interface LoadedPackage {
	nodeTypes: INodeTypes;
	credentialTypes: Record<string, ICredentialType>;
}

/** What n8n's node registry answers for our package, over node types keyed by their short name. */
function packageOf(
	nodes: Record<string, INodeType | IVersionedNodeType>,
	credentialTypes: Record<string, ICredentialType>,
): LoadedPackage {
	const byName = (name: string): INodeType | IVersionedNodeType => {
		const short = name.startsWith(`${PACKAGE_NAME}.`) ? name.slice(PACKAGE_NAME.length + 1) : name;
		const type = nodes[short];
		if (type) return type;
		const base = short.endsWith('Tool') ? nodes[short.slice(0, -'Tool'.length)] : undefined;
		if (base && (base as INodeType).description.usableAsTool) return toolVariant(base as INodeType);
		throw new Error(`Node type ${name} is not in the package`);
	};
	const nodeTypes: INodeTypes = {
		getByName: (name) => byName(name),
		getByNameAndVersion: (name, version) => NodeHelpers.getVersionedNodeType(byName(name), version),
		getKnownTypes: () => ({}),
	};
	return { nodeTypes, credentialTypes };
}

let fromSources: LoadedPackage | undefined;

/**
 * The node, the trigger and the credential from the sources: the classes this test file's module
 * registry compiles, so the transport and trigger modules they use are the ones test/helpers/
 * transport.ts shortens the waits of. (Async, as loading the built package is.)
 */
export async function loadPackage(): Promise<LoadedPackage> {
	if (!fromSources) {
		const nodes: Record<string, INodeType> = {};
		for (const node of [new Engagedly(), new EngagedlyEventsTrigger()]) nodes[node.description.name] = node;
		const credential = new EngagedlyApi();
		fromSources = packageOf(nodes, { [credential.name]: credential });
	}
	return fromSources;
}

let built: Promise<LoadedPackage & { loader: PackageDirectoryLoader }> | undefined;

/**
 * The package as n8n loads it: package.json's `n8n` section, compiled files, codex and icons, from
 * dist/ (`npm run build` first). Its node types are compiled copies of the sources' classes, with
 * modules of their own: only descriptions are read from them here, nothing is run.
 */
export function loadBuiltPackage(): Promise<LoadedPackage & { loader: PackageDirectoryLoader }> {
	built ??= (async () => {
		const loader = new PackageDirectoryLoader(path.resolve(__dirname, '../..'));
		await loader.loadAll();
		const nodes: Record<string, INodeType | IVersionedNodeType> = {};
		for (const [name, entry] of Object.entries(loader.nodeTypes)) nodes[name] = entry.type;
		const credentialTypes: Record<string, ICredentialType> = {};
		for (const [name, entry] of Object.entries(loader.credentialTypes)) credentialTypes[name] = entry.type;
		return { ...packageOf(nodes, credentialTypes), loader };
	})();
	return built;
}

/**
 * The node as an AI agent's tool: n8n registers a `usableAsTool` node a second time under
 * `<name>Tool` (the CLI's convertNodeToAiTool, not part of n8n-core), and `@tool` in displayOptions
 * is true for that name. Only the name matters to the node's parameters, so only it changes here;
 * the execute method is the node's own.
 */
function toolVariant(type: INodeType): INodeType {
	const variant = Object.create(type) as INodeType;
	variant.description = { ...type.description, name: `${type.description.name}Tool` };
	return variant;
}

/** Credentials from memory, applied by the credential type's own `authenticate` definition. */
export class MemoryCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly credentialTypes: Record<string, ICredentialType>,
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = this.credentialTypes[typeName];
		const auth = type?.authenticate;
		if (typeof auth === 'function') return await auth(credentials, requestOptions);
		if (auth && auth.type === 'generic') {
			const headers = { ...(requestOptions.headers ?? {}) } as IDataObject;
			for (const [key, template] of Object.entries(auth.properties.headers ?? {})) {
				headers[key] = String(template).replace(/^=\{\{\s*\$credentials\.(\w+)\s*\}\}$/, (_m, field: string) =>
					String(credentials[field] ?? ''),
				);
			}
			return { ...requestOptions, headers };
		}
		return requestOptions;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	getCredentialsProperties() {
		return [];
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: unknown,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const credentials = this.data[type];
		if (!credentials) throw new Error(`No credentials of type ${type} in this test`);
		return credentials;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by these tests');
	}

	async updateCredentials(): Promise<void> {}

	isCredentialUsableByNode(credentialType: string): boolean {
		return credentialType in this.credentialTypes;
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}
}

/** A node as a workflow holds it, with the test's credential. */
export const nodeWith = (id: string, name: string, type: string, parameters: IDataObject): INode => ({
	id,
	name,
	type,
	typeVersion: 1,
	position: [0, 0],
	parameters: parameters as INode['parameters'],
	credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Engagedly (test)' } },
});

export interface EngagedlyCredentials {
	clientKey: string;
	secretKey: string;
	baseUrl: string;
}

export interface RunResult {
	/** The Engagedly node's output items (none when an error stopped the run). */
	items: INodeExecutionData[];
	/** The error that stopped the workflow, if any. */
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
	/**
	 * The workflow's static data as n8n saves it after this run, a JSON copy: what the engine hands
	 * to `workflowExecuteAfter` when a node changed it, which n8n's CLI saves whether the execution
	 * succeeded or failed, unless the mode is 'manual' (hookFunctionsSave). Undefined: nothing saved.
	 */
	savedStaticData?: IDataObject;
}

export async function additionalDataFor(
	credentials: EngagedlyCredentials,
	hooks: ExecutionLifecycleHooks,
): Promise<IWorkflowExecuteAdditionalData> {
	const { credentialTypes } = await loadPackage();
	return {
		credentialsHelper: new MemoryCredentialsHelper(credentialTypes, {
			[CREDENTIAL_TYPE]: credentials as unknown as ICredentialDataDecryptedObject,
		}),
		hooks,
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used in these tests');
		},
		getRunExecutionData: async () => undefined,
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		userId: 'test-user',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('task runners are not used in these tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface NodeSpec {
	parameters: IDataObject;
	credentials: EngagedlyCredentials;
	/** Items fed to the node. */
	input?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** Run as the AI-tool variant of the node (`…engagedlyTool`), as an agent or MCP server runs it. */
	asTool?: boolean;
	/** 'manual' (the default) as from the editor; 'trigger' as a Schedule Trigger's execution of an active workflow. */
	mode?: WorkflowExecuteMode;
	/** The workflow's static data as n8n loads it from its database for this run (a scheduled run's memory). */
	staticData?: IDataObject;
	/** The workflow's Timezone setting; left out, n8n's default (getGlobalState().defaultTimezone). */
	timezone?: string;
}

/** Runs the Engagedly node alone, in a one-node workflow, on the given input items. */
export async function runEngagedly(spec: NodeSpec): Promise<RunResult> {
	const { nodeTypes } = await loadPackage();
	const mode = spec.mode ?? 'manual';
	const node: INode = {
		...nodeWith('engagedly-node', 'Engagedly', spec.asTool ? `${NODE_TYPE}Tool` : NODE_TYPE, spec.parameters),
		...(spec.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'test',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
		staticData: spec.staticData,
		settings: { executionOrder: 'v1', ...(spec.timezone ? { timezone: spec.timezone } : {}) },
	});
	const hooks = new ExecutionLifecycleHooks(mode, 'test-execution', {
		id: 'test-workflow',
		name: 'test',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [node],
		connections: {},
		settings: {},
		activeVersionId: null,
	} as never);
	let finished: (run: IRun) => void = () => {};
	const done = new Promise<IRun>((resolve) => (finished = resolve));
	let savedStaticData: IDataObject | undefined;
	hooks.addHandler('workflowExecuteAfter', (fullRunData, newStaticData) => {
		if (newStaticData && mode !== 'manual') savedStaticData = JSON.parse(JSON.stringify(newStaticData)) as IDataObject;
		finished(fullRunData);
	});
	const additionalData = await additionalDataFor(spec.credentials, hooks);

	const executeData: IExecuteData = { node, data: { main: [spec.input ?? [{ json: {} }]] }, source: null };
	const runExecutionData: IRunExecutionData = {
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: [executeData],
			waitingExecution: {},
			waitingExecutionSource: null,
		},
	} as IRunExecutionData;
	await new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow);
	const { resultData } = (await done).data;
	const error = resultData.error as RunResult['error'];
	const task = resultData.runData.Engagedly?.[0];
	if (!error && !task) throw new Error('The Engagedly node did not run');
	const items = error ? [] : ((task?.data?.main?.[0] ?? []) as INodeExecutionData[]);
	return { items, error, savedStaticData };
}

/** A resource-locator value typed in by ID, as the editor saves it. */
export function byId(value: string | number) {
	return { __rl: true, mode: 'id', value: String(value) };
}

/** A people picker (every field naming several people) as the editor saves it: an address by email, anything else (an ID, an expression) by ID. */
export function pickedUsers(...values: Array<string | number>) {
	return { user: listedUsers(...values).map((user) => ({ user })) };
}

/** A people field inside a collection (HR Managers, Update Fields → Members, Filters → Authors), as the editor saves it: a list of pickers. */
export function listedUsers(...values: Array<string | number>) {
	return values.map((value) => ({ __rl: true, mode: /@/.test(String(value)) ? 'email' : 'id', value: String(value) }));
}

/** A resource-locator value picked from the list, as the editor saves it. */
export function fromList(value: string | number) {
	return { __rl: true, mode: 'list', value: String(value) };
}

/** A node of our package inside a one-node workflow, for calling its methods directly. */
async function contextWorkflow(parameters: IDataObject, type = NODE_TYPE) {
	const { nodeTypes } = await loadPackage();
	const node = nodeWith('engagedly-node', 'Engagedly', type, parameters);
	const workflow = new Workflow({ id: 'methods', nodes: [node], connections: {}, nodeTypes, active: false });
	return { workflow, node, nodeType: nodeTypes.getByNameAndVersion(type, 1) as INodeType };
}

/** The node's methods the editor calls: dropdowns, resource locators' list mode, the resource mapper's fields. */
type EditorMethods = Required<NonNullable<INodeType['methods']>>;
type EditorMethodKind = 'loadOptions' | 'listSearch' | 'resourceMapping';
type EditorMethod<K extends EditorMethodKind> = EditorMethods[K][string];

/** Calls one of the node's editor methods in the context n8n gives it: the node's parameters, the credential. */
async function callEditorMethod<K extends EditorMethodKind>(
	kind: K,
	method: string,
	credentials: EngagedlyCredentials,
	parameters: IDataObject,
	...args: Parameters<EditorMethod<K>>
): Promise<Awaited<ReturnType<EditorMethod<K>>>> {
	const { workflow, node, nodeType } = await contextWorkflow(parameters);
	const hooks = new ExecutionLifecycleHooks('internal', kind, {} as never);
	const context = new LoadOptionsContext(workflow, node, await additionalDataFor(credentials, hooks), 'parameters');
	const fn = (nodeType.methods?.[kind] as Record<string, EditorMethod<K>> | undefined)?.[method];
	if (!fn) throw new Error(`No ${kind} method ${method}`);
	return await (fn as (...a: unknown[]) => Promise<Awaited<ReturnType<EditorMethod<K>>>>).call(context, ...args);
}

/** A dropdown opening. */
export const loadOptions = (method: string, credentials: EngagedlyCredentials, parameters: IDataObject = {}) =>
	callEditorMethod('loadOptions', method, credentials, parameters);

/** A resource locator's list mode: a search text and the token of the page to continue from. */
export const listSearch = (
	method: string,
	credentials: EngagedlyCredentials,
	filter?: string,
	paginationToken?: string,
) => callEditorMethod('listSearch', method, credentials, {}, filter, paginationToken);

/** The resource mapper loading its fields. */
export const resourceMapping = (method: string, credentials: EngagedlyCredentials, parameters: IDataObject = {}) =>
	callEditorMethod('resourceMapping', method, credentials, parameters);

/**
 * The credential test as n8n's editor runs it: the credential's `test.request` sent through
 * n8n-core's RoutingNode with the credential's own authentication, and its `rules` applied to
 * the status (as n8n's CredentialsTester does).
 */
export async function testCredential(
	credentials: EngagedlyCredentials,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const { credentialTypes } = await loadPackage();
	const credentialType = credentialTypes[CREDENTIAL_TYPE];
	const testRequest = credentialType.test;
	if (!testRequest) throw new Error('The credential has no test');
	const nodeType: INodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Credential Test' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [
				{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: testRequest.request } },
			],
		},
	} as unknown as INodeType;
	const node = nodeWith('temp', 'Temp-Node', 'credentialTest', {});
	const nodeTypes: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const hooks = new ExecutionLifecycleHooks('internal', 'credential-test', {} as never);
	const additionalData = await additionalDataFor(credentials, hooks);
	const runExecutionData = { resultData: { runData: {} } } as IRunExecutionData;
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		runExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const decrypted = {
		id: 'cred-1',
		name: 'Engagedly (test)',
		type: CREDENTIAL_TYPE,
		data: credentials as unknown as ICredentialDataDecryptedObject,
	};
	try {
		await new RoutingNode(context, nodeType, decrypted).runNode();
	} catch (error) {
		const cause = (error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }).cause;
		if (cause?.response) {
			const status = cause.response.status;
			for (const rule of testRequest.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === status) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			return { status: 'Error', message: cause.response.statusText || `Received HTTP status code: ${status}` };
		}
		return { status: 'Error', message: cause?.code ?? (error as Error).message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
