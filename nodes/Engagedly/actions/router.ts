import type { IDataObject, IExecuteFunctions, INodeExecutionData, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkParameters } from '../parameters/check';
import { readMaxRateLimitWait } from '../parameters/readers';
import { asNodeError } from '../transport/errors';
import type { OperationMap } from './types';
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

/**
 * The one item loop of the node: every operation handles a single item, and here each result is
 * paired with its input item, failures become error items when "Continue On Fail" is set, and
 * every error carries the index of the item that caused it.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const output: INodeExecutionData[] = [];

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const operation = operationFor.call(this, itemIndex);
			checkParameters.call(this, operation.description, itemIndex);
			const request = { itemIndex, maxRateLimitWaitSeconds: readMaxRateLimitWait.call(this, itemIndex) };
			const result = await operation.execute.call(this, itemIndex, request);
			output.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
					itemData: { item: itemIndex },
				}),
			);
		} catch (error) {
			if (this.continueOnFail()) {
				const json: IDataObject = { error: (error as Error).message };
				const description = (error as NodeApiError).description;
				if (description) json.description = description;
				const httpCode = (error as NodeApiError).httpCode;
				if (httpCode) json.httpCode = httpCode;
				output.push({ json, pairedItem: { item: itemIndex } });
				continue;
			}
			const failure = asNodeError(this.getNode(), error, itemIndex);
			failure.context.itemIndex ??= itemIndex;
			throw failure;
		}
	}

	return [output];
}
