import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * A run that reads every item's parameters more than once (Sync checks all items before it reads
 * the directory, then reads them again to write) would have n8n evaluate each expression each
 * time: at 10,000 employees that is seconds of a busy machine. Through this context each
 * parameter of each item is evaluated once per run; everything else is the node's own context,
 * so per-run state (the pacer, what the run learnt about people) must be reached through this
 * one context only.
 */
export function withParametersOnce(context: IExecuteFunctions): IExecuteFunctions {
	// Parameter, item and options → (the fallback given → the value): a parameter the item does
	// not hold answers each caller with that caller's own fallback.
	const values = new Map<string, Map<unknown, unknown>>();
	const getNodeParameter = (name: string, itemIndex: number, fallback?: unknown, options?: object): unknown => {
		const key = `${itemIndex}\u0000${name}\u0000${options ? JSON.stringify(options) : ''}`;
		let byFallback = values.get(key);
		if (!byFallback) values.set(key, (byFallback = new Map()));
		if (!byFallback.has(fallback)) {
			byFallback.set(fallback, context.getNodeParameter(name, itemIndex, fallback as never, options as never));
		}
		return byFallback.get(fallback);
	};
	return new Proxy(context, {
		get(target, property) {
			if (property === 'getNodeParameter') return getNodeParameter;
			const value: unknown = Reflect.get(target, property, target);
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
}
