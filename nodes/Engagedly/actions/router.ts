import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkParameters, readMaxRateLimitWait } from '../parameters/readers';
import { asNodeError } from '../transport/errors';
import type { ItemScope } from '../transport/request';
import { errorJson, failedRun, forModel, nothingFound } from './failures';
import type { BatchOperation, BatchRun, EngagedlyOperation, ItemOperation, OperationMap } from './types';
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

/**
 * Run as an AI agent's tool (n8n registers the node a second time as `…Tool` for agents and MCP
 * servers), the node answers a model rather than a builder looking at the output panel.
 */
function runAsTool(this: IExecuteFunctions): boolean {
	return this.getNode().type.endsWith('Tool');
}

function scopeFor(this: IExecuteFunctions, itemIndex: number): ItemScope {
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
		run = await operation.executeAll.call(this, itemCount, scopeFor.call(this, 0));
	} catch (error) {
		if (this.continueOnFail()) {
			return Array.from({ length: itemCount }, (_, item) => ({ json: errorJson(error), pairedItem: { item } }));
		}
		const failure = asNodeError(this.getNode(), error, 0);
		failure.context.itemIndex ??= 0;
		throw runAsTool.call(this) ? forModel(failure) : failure;
	}
	if (!this.continueOnFail() && run.results.some((result) => 'error' in result)) throw failedRun(this.getNode(), run);
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
			const answer = await operation.execute.call(this, itemIndex, scopeFor.call(this, itemIndex));
			const result = asTool && Array.isArray(answer) && answer.length === 0 ? nothingFound(this.getNodeParameter('resource', itemIndex) as string) : answer;
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
