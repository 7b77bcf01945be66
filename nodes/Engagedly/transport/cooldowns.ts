import { digest } from '../digest';

/**
 * The cooldowns Engagedly has announced, by key, for every execution and poll in this process.
 * A 429 says how long the whole key must wait, and Engagedly's cooldown escalates with each
 * request sent inside it (1, then 3, 5, 10, 15 minutes): so once one run has met it, nothing
 * else on that key sends before it is over. This is the one value the package keeps across
 * executions, on purpose: a cooldown is the key's, not a run's. Other processes (queue-mode
 * workers) learn it from their own first 429; a trigger also keeps it in its saved state.
 */
const until = new Map<string, number>();

/** A key as this memory knows it: a digest of its base URL and Client Key, never the key itself. */
export const keyIdOf = (baseUrl: string, clientKey: string): string =>
	digest(`${baseUrl}\u0000${clientKey}`, 22);

/** How long the key's known cooldown still lasts (0: none), at `now` (epoch ms). */
export function knownCooldownMs(keyId: string, now: number): number {
	const end = until.get(keyId);
	if (end === undefined) return 0;
	if (end <= now) {
		until.delete(keyId);
		return 0;
	}
	return end - now;
}

/** Engagedly asked the key to wait until `endMs`: everyone on it waits that long. */
export function learnCooldown(keyId: string, endMs: number): void {
	until.set(keyId, Math.max(until.get(keyId) ?? 0, endMs));
}

/** Forgets every cooldown: for a host whose keys' state is reset behind the node's back (the test simulator, between tests). */
export function forgetCooldowns(): void {
	until.clear();
}
