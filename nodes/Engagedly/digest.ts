import { createHash } from 'crypto';

/**
 * A short SHA-256 digest, base64url: what the node keeps or compares instead of the values
 * themselves (the trigger's saved entries, Sync's digests and plan fingerprints, a key's id).
 * `chars` of base64url carry 6 bits each.
 */
export const digest = (text: string, chars: number): string => createHash('sha256').update(text).digest('base64url').slice(0, chars);

/** An even, stable number in [0, period) for a text: which day of a period is a user's turn. */
export const slot = (text: string, period: number): number => createHash('sha256').update(text).digest().readUInt32BE(0) % period;
