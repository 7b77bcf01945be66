/**
 * Runs the Engagedly Events Trigger's real `poll()` (from the sources, see engine.ts) through n8n-core's
 * PollContext, the way n8n's poll executor does:
 *
 * - one Workflow object lives across polls, so the node's static data persists in memory between
 *   polls exactly as in an active n8n (a node that mutated its state before failing would leak
 *   that into the next poll here too);
 * - `restart()` rebuilds the Workflow from a JSON copy of the static data, as n8n does when it
 *   restarts or another instance takes over the poll (the state must survive JSON);
 * - `edit()` swaps the node's parameters and keeps the static data, as saving and re-activating
 *   the workflow does;
 * - mode 'trigger' is an active poll (errors go to __emitError, as the executor does after the
 *   activation poll), mode 'manual' is the editor's "Fetch Test Event" (errors are thrown);
 * - each poll has a context of its own, as in n8n's durable scheduler: an activation's first poll
 *   with the activation's mode (`poll('trigger', 'activate')`: a builder activates the workflow,
 *   the first time or again; 'init': n8n starts), every other with 'update'. (n8n's default
 *   scheduler hands the activation's context, and its mode, to every poll of the activation.)
 */
import { ExecutionLifecycleHooks, PollContext, TriggersAndPollers } from 'n8n-core';
import type { IDataObject, INodeExecutionData, WorkflowActivateMode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { EngagedlyCredentials } from './engine';
import { additionalDataFor, loadPackage, nodeWith, TRIGGER_TYPE } from './engine';

export interface PollOutcome {
	/** The items the poll emitted (empty when it returned null or failed). */
	items: IDataObject[];
	/** The error the poll reported (to __emitError in trigger mode, thrown in manual mode). */
	error?: Error & { description?: string; httpCode?: string };
}

export interface LogEntry {
	level: 'error' | 'warn' | 'info' | 'debug';
	message: string;
	metadata?: unknown;
}

export interface Poller {
	/** What the node logged through `this.logger`, every poll, in order. */
	logs: LogEntry[];
	poll(mode?: 'trigger' | 'manual', activation?: WorkflowActivateMode): Promise<PollOutcome>;
	/** The node's static data as n8n would save it (a JSON copy). */
	state(): IDataObject;
	/** The static data bucket of the whole workflow, serialised (what n8n writes to its database). */
	serialisedState(): string;
	restart(): Promise<void>;
	edit(parameters: IDataObject): Promise<void>;
}

const NODE_NAME = 'Engagedly Events Trigger';

export async function createPoller(spec: {
	parameters: IDataObject;
	credentials: EngagedlyCredentials;
}): Promise<Poller> {
	const { nodeTypes } = await loadPackage();
	const triggersAndPollers = new TriggersAndPollers();
	let parameters = spec.parameters;
	let staticData: IDataObject = {};

	const build = () => {
		const node = nodeWith('engagedly-trigger', NODE_NAME, TRIGGER_TYPE, parameters);
		const workflow = new Workflow({
			id: 'trigger-workflow',
			name: 'trigger test',
			nodes: [node],
			connections: {},
			nodeTypes,
			active: true,
			staticData,
			settings: { executionOrder: 'v1' },
		});
		return { node, workflow };
	};
	let current = build();
	const rebuild = () => {
		staticData = JSON.parse(JSON.stringify(current.workflow.staticData)) as IDataObject;
		current = build();
	};

	const nodeBucket = (): IDataObject => {
		const data = current.workflow.staticData as IDataObject;
		return (data[`node:${NODE_NAME}`] as IDataObject | undefined) ?? {};
	};

	const logs: LogEntry[] = [];
	const logger = Object.fromEntries(
		(['error', 'warn', 'info', 'debug'] as const).map((level) => [
			level,
			(message: string, metadata?: unknown) => logs.push({ level, message, metadata }),
		]),
	);

	return {
		logs,
		async poll(mode = 'trigger', activation = mode === 'manual' ? 'manual' : 'update') {
			const hooks = new ExecutionLifecycleHooks(mode, 'poll', {} as never);
			const additionalData = await additionalDataFor(spec.credentials, hooks);
			let emitted: INodeExecutionData[][] | undefined;
			let reported: Error | undefined;
			const context = new PollContext(
				current.workflow,
				current.node,
				additionalData,
				mode,
				activation,
				(data) => {
					emitted = data;
				},
				(error) => {
					reported = error;
				},
			);
			// n8n's logger goes to the console; here it is captured so tests can read it.
			Object.defineProperty(context, 'logger', { value: logger });
			try {
				const response = await triggersAndPollers.runPollFunction(current.workflow, current.node, context);
				if (response !== null) context.__emit(response);
			} catch (error) {
				if (mode === 'manual') return { items: [], error: error as PollOutcome['error'] };
				context.__emitError(error as Error);
			}
			// n8n starts an execution for any answer but null: a poll with nothing to emit must return null.
			if (emitted?.every((output) => output.length === 0)) throw new Error('The poll returned empty output instead of null');
			const items = (emitted?.[0] ?? []).map((item) => item.json);
			return reported ? { items, error: reported as PollOutcome['error'] } : { items };
		},
		state: () => JSON.parse(JSON.stringify(nodeBucket())) as IDataObject,
		serialisedState: () => JSON.stringify(current.workflow.staticData),
		restart: async () => rebuild(),
		async edit(next) {
			parameters = next;
			rebuild();
		},
	};
}

/** A poller whose activation poll has set its baseline: no error, nothing emitted. */
export async function activatedPoller(spec: Parameters<typeof createPoller>[0]): Promise<Poller> {
	const poller = await createPoller(spec);
	const first = await poller.poll('trigger', 'activate');
	expect(first.error).toBeUndefined();
	expect(first.items).toEqual([]);
	return poller;
}
