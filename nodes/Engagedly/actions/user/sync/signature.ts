import { createHmac, timingSafeEqual } from 'crypto';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../../transport/send';

/**
 * A plan that leaves the run for approval is signed, so that what Apply Plan writes is exactly
 * what a person approved: a step added, removed or changed on the way (a form, a webhook, a
 * message all carry the plan's JSON), or a plan made with another organisation's keys, no longer
 * matches. The key is derived from the credential's Secret Key, which never leaves the
 * credential: neither it nor the derived key is in the plan, only the signature and the key's id
 * (keyIdOf), which tells a plan signed with another key (a Secret Key rotated since, another
 * organisation's) from one edited after signing.
 */

/** The same JSON text for the same data whatever the order of its keys (n8n may reorder them on the way). */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.keys(value as IDataObject)
			.filter((key) => (value as IDataObject)[key] !== undefined)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonical((value as IDataObject)[key])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value ?? null);
}

/** The signing key of a Secret Key: derived for this one purpose, so no other use of the key is exposed by it. */
export const keyFor = (secretKey: string): Buffer => createHmac('sha256', secretKey).update('n8n-nodes-engagedly: an approved Sync plan').digest();

/**
 * A short name of a signing key, part of what a plan signs: a keyed digest of a fixed text, so it
 * tells two keys apart and gives away nothing of either.
 */
export const keyIdOf = (key: Buffer): string => createHmac('sha256', key).update('n8n-nodes-engagedly: the key id').digest('base64url').slice(0, 12);

/** The run's signing key, from its credential. */
export async function planKey(context: IExecuteFunctions): Promise<Buffer> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	return keyFor(String(credentials.secretKey ?? ''));
}

/** The signature of a plan's content (everything but the signature itself). */
export function signatureOf(key: Buffer, content: IDataObject): string {
	return createHmac('sha256', key).update(canonical(content)).digest('base64url');
}

/** Whether `signature` is the plan content's, compared in constant time. */
export function isSignedBy(key: Buffer, content: IDataObject, signature: unknown): boolean {
	if (typeof signature !== 'string') return false;
	const expected = Buffer.from(signatureOf(key, content));
	const given = Buffer.from(signature);
	return given.length === expected.length && timingSafeEqual(given, expected);
}
