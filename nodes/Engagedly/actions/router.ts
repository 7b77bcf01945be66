import type { IDataObject, IExecuteFunctions, INodeExecutionData, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkParameters, readMaxRateLimitWait } from '../parameters/readers';
import { asNodeError } from '../transport/errors';
import type { ItemRequest } from '../transport/request';
import type { BatchFailure, BatchOperation, BatchRun, EngagedlyOperation, ItemOperation, OperationMap } from './types';
import { resources } from './resources';

function operationFor(this: IExecuteFunctions, itemIndex: number) {
	const resource = this.getNodeParameter('resource', itemIndex) as string;
	const operation = this.getNodeParameter('operation', itemIndex) as string;
	const operations: OperationMap | undefined = resources[resource]?.operations;
	const found = operations?.[operation];
	if (!found) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not supported for the resource "${resource}"`,
			{ itemIndex, description: 'Pick the resource and operation again in the node.' },
		);
	}
	return found;
}

const isBatch = (operation: EngagedlyOperation): operation is BatchOperation => 'executeAll' in operation;

/** What "Continue On Fail" outputs for a failed item: the message, and what the error adds to it. */
function errorJson(error: unknown): IDataObject {
	const json: IDataObject = { error: (error as Error).message };
	const description = (error as NodeApiError).description;
	if (description) json.description = description;
	const httpCode = (error as NodeApiError).httpCode;
	if (httpCode) json.httpCode = httpCode;
	return json;
}

/**
 * Run as an AI agent's tool (n8n registers the node a second time as `…Tool` for agents and MCP
 * servers), the node answers a model rather than a builder looking at the output panel.
 */
function runAsTool(this: IExecuteFunctions): boolean {
	return this.getNode().type.endsWith('Tool');
}

/**
 * n8n hands a tool's model only the error's message (its description is for the editor's error
 * panel), so a tool's error carries both: what went wrong, and what to give instead.
 */
function forModel(error: NodeApiError | NodeOperationError): NodeApiError | NodeOperationError {
	const description = typeof error.description === 'string' ? error.description.trim() : '';
	if (description && !error.message.includes(description)) error.message = `${error.message}. ${description}`;
	return error;
}

/**
 * What a tool answers for an item that found nothing: n8n gives a model an empty string for a
 * tool with no output, which it cannot tell from a failure; this says it in words.
 */
function nothingFound(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const resource = (this.getNodeParameter('resource', itemIndex) as string).replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
	return { result: `Nothing found: Engagedly has no ${resource} matching this request.` };
}

function requestFor(this: IExecuteFunctions, itemIndex: number): ItemRequest {
	return { itemIndex, maxRateLimitWaitSeconds: readMaxRateLimitWait.call(this, itemIndex) };
}

/** The operation of item 0 when it takes every item at once; the item loop reports anything else. */
function batchOperation(this: IExecuteFunctions, itemCount: number): BatchOperation | undefined {
	if (itemCount === 0) return undefined;
	try {
		const operation = operationFor.call(this, 0);
		return isBatch(operation) ? operation : undefined;
	} catch {
		return undefined;
	}
}

/** How many failures a run's error names; the rest are counted. */
const NAMED_FAILURES = 5;

/** Where a failure of a batch run came from: its input item, or the record no item stood for. */
function failurePlace(result: BatchFailure): string {
	if ('item' in result) return `item ${result.item}`;
	return `user ${String(result.user.email ?? result.user.id)}`;
}

/** `item 3`, or `4 of them (item 0, item 1, item 2, item 3)` (the first five named). */
function placesText(places: string[]): string {
	if (places.length === 1) return places[0];
	const shown = places.slice(0, NAMED_FAILURES).join(', ');
	return `${places.length} of them (${shown}${places.length > NAMED_FAILURES ? ', …' : ''})`;
}

/**
 * A batch run in which something failed, without "Continue On Fail": the run's error, so the
 * execution fails and n8n's error workflow fires. The message counts what was written, says what
 * became of the rest (the operation's `rest`), and gives each reason once with its items.
 */
function failedRun(this: IExecuteFunctions, run: BatchRun): NodeOperationError {
	const failures = run.results.filter((result): result is BatchFailure => 'error' in result);
	const first = failures[0];
	// One line a reason: a mapping that names a missing column fails every item the same way.
	const byReason = new Map<string, string[]>();
	for (const failure of failures) byReason.set(failure.error.message, [...(byReason.get(failure.error.message) ?? []), failurePlace(failure)]);
	const named = [...byReason].slice(0, NAMED_FAILURES).map(([reason, places]) => `${placesText(places)}: ${reason}`);
	const more = byReason.size > NAMED_FAILURES ? `\n…and ${byReason.size - NAMED_FAILURES} more reasons.` : '';
	return new NodeOperationError(this.getNode(), `${failures.length} failed: ${run.tally}`, {
		itemIndex: 'item' in first ? first.item : 0,
		description: `${run.rest} Why:\n${named.join('\n')}${more}\nTurn on Continue On Fail to get every failure as an item of its own.`,
	});
}

const pairing = (item: number | number[]) => (Array.isArray(item) ? item.map((index) => ({ item: index })) : { item });

/**
 * An operation that takes every item at once runs once. Its results keep the items they come
 * from. An item it could not handle does not stop the rest of the run (the operation checks each
 * item's parameters with checkParameters as it reads them); afterwards, with "Continue On Fail"
 * each such failure is an error item paired with its item, and without it the run ends in an
 * error that says what was done. A failure of the whole run (a refused guard, a read that failed)
 * is one error item per input item with "Continue On Fail", else the node's error.
 */
async function routeBatch(this: IExecuteFunctions, operation: BatchOperation, itemCount: number): Promise<INodeExecutionData[]> {
	let run: BatchRun;
	try {
		run = await operation.executeAll.call(this, itemCount, requestFor.call(this, 0));
	} catch (error) {
		if (this.continueOnFail()) {
			return Array.from({ length: itemCount }, (_, item) => ({ json: errorJson(error), pairedItem: { item } }));
		}
		const failure = asNodeError(this.getNode(), error, 0);
		failure.context.itemIndex ??= 0;
		throw runAsTool.call(this) ? forModel(failure) : failure;
	}
	if (!this.continueOnFail() && run.results.some((result) => 'error' in result)) throw failedRun.call(this, run);
	return run.results.map((result) => {
		if ('user' in result) return { json: { ...errorJson(result.error), user: result.user } };
		if ('error' in result) return { json: errorJson(result.error), pairedItem: { item: result.item } };
		return result.item === undefined ? { json: result.json } : { json: result.json, pairedItem: pairing(result.item) };
	});
}

/**
 * The one item loop of the node: every operation handles a single item, and here each result is
 * paired with its input item, failures become error items when "Continue On Fail" is set, and
 * every error carries the index of the item that caused it. An operation that needs all items
 * at once (a `BatchOperation`) is handed them here instead, so pairing and error items stay in
 * this file.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	// Resource and operation are not expressions (noDataExpression), so item 0 decides for all.
	const batch = batchOperation.call(this, items.length);
	if (batch) return [await routeBatch.call(this, batch, items.length)];
	const output: INodeExecutionData[] = [];
	const asTool = runAsTool.call(this);

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			// A batch operation was routed above: every item has item 0's operation.
			const operation = operationFor.call(this, itemIndex) as ItemOperation;
			checkParameters.call(this, operation.description, itemIndex);
			const answer = await operation.execute.call(this, itemIndex, requestFor.call(this, itemIndex));
			const result = asTool && Array.isArray(answer) && answer.length === 0 ? nothingFound.call(this, itemIndex) : answer;
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
					itemData: { item: itemIndex },
				}),
			);
		} catch (error) {
			if (this.continueOnFail()) {
				output.push({ json: errorJson(error), pairedItem: { item: itemIndex } });
				continue;
			}
			const failure = asNodeError(this.getNode(), error, itemIndex);
			failure.context.itemIndex ??= itemIndex;
			throw asTool ? forModel(failure) : failure;
		}
	}

	return [output];
}
