import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Stops the item over a value the editor handed over, before any request: the message names the
 * field, the description says how to fix it. Every reader fails through here so those errors
 * look alike wherever they come from.
 */
export function refuse(context: IExecuteFunctions | IPollFunctions, itemIndex: number, message: string, description: string): never {
	throw new NodeOperationError(context.getNode(), message, { itemIndex, description });
}
