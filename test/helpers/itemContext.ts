/**
 * An item's parameters as n8n hands them to a node, without the engine, for the pure tables of
 * what reads them (test/pure/readers, userWriteFields), and what a refusal says.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export const ITEM = 2;
/** No reader here may look anyone up: a request handed over is never used. */
export const request = { itemIndex: ITEM, maxRateLimitWaitSeconds: 0 };

const isLocator = (value: unknown): value is { value: unknown } => value !== null && typeof value === 'object' && '__rl' in value;

/** An item's context as n8n hands parameters over: the fallback for one not set, a throw for one hidden. */
export function itemContext(parameters: Record<string, unknown>, hidden: string[] = []): IExecuteFunctions {
	return {
		getNode: () => ({ name: 'Engagedly' }),
		getInputData: () => [],
		getTimezone: () => 'Europe/Berlin',
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown, options?: { extractValue?: boolean }) => {
			expect(itemIndex).toBe(ITEM);
			if (hidden.includes(name)) throw new Error(`Could not get parameter "${name}"`);
			const value = name in parameters ? parameters[name] : fallback;
			return options?.extractValue && isLocator(value) ? value.value : value;
		},
	} as unknown as IExecuteFunctions;
}

/** What a refusal says: its message, its fix, and the item it names. */
export function refusal(read: () => unknown) {
	try {
		read();
	} catch (error) {
		expect(error).toBeInstanceOf(NodeOperationError);
		const { message, description, context } = error as NodeOperationError;
		return { message, description, itemIndex: context.itemIndex };
	}
	throw new Error('not refused');
}

