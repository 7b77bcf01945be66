/**
 * Values kept for one execution context: one node run (the same object for every item), one
 * dropdown load, one poll. The next run gets a new context, so nothing goes stale or leaks
 * between workflows. What is the key's, not a run's, is kept by key instead: its cooldowns
 * (cooldowns.ts) and what the process knows of its window (keyCounts.ts).
 */
const memo = new WeakMap<object, Map<string, unknown>>();

function entriesOf(context: object): Map<string, unknown> {
	let entries = memo.get(context);
	if (!entries) {
		entries = new Map();
		memo.set(context, entries);
	}
	return entries;
}

export function perContext<T>(context: object, key: string, create: () => T): T {
	const entries = entriesOf(context);
	if (!entries.has(key)) entries.set(key, create());
	return entries.get(key) as T;
}

/**
 * Reads that every item of a run needs (credentials, attribute definitions, block reason codes)
 * happen once per run. A failed read is forgotten, so the next item tries again instead of
 * inheriting the error.
 */
export async function perExecution<T>(context: object, key: string, load: () => Promise<T>): Promise<T> {
	return await perContext(context, key, () => {
		const inFlight = load();
		inFlight.catch(() => entriesOf(context).delete(key));
		return inFlight;
	});
}

/** What this context keeps under `key`, or undefined: lets a caller use a read the run made without making one. */
export function keptFor<T>(context: object, key: string): T | undefined {
	return memo.get(context)?.get(key) as T | undefined;
}
