/**
 * An approved plan's signature (actions/user/sync/signature.ts): the same for the same content
 * whatever order n8n gives its keys, different for any change of it or of the Secret Key, and
 * checked in constant time; and the id of the key that signed it, which names the key and gives
 * nothing of it away. Node's crypto, no engine.
 */
import { createHmac } from 'crypto';

import type { IExecuteFunctions } from 'n8n-workflow';

import { isSignedBy, keyFor, keyIdOf, planKey, signatureOf } from '../../nodes/Engagedly/actions/user/sync/signature';

const key = keyFor('secret-key');
const plan = { version: 2, steps: [{ kind: 'update', user: { id: '7', email: 'a@example.com' }, body: { first_name: 'Ann' } }], failed: [] };

test('the key is derived for this one purpose, never the Secret Key itself', () => {
	expect(key).toEqual(createHmac('sha256', 'secret-key').update('n8n-nodes-engagedly: an approved Sync plan').digest());
	expect(key).not.toEqual(keyFor('another-key'));
});

test.each([
	[{ secretKey: 'secret-key' }, key],
	[{}, keyFor('')],
])('the run signs with the key of its credential: %j', async (credentials, expected) => {
	const asked: string[] = [];
	const context = { getCredentials: async (type: string) => (asked.push(type), credentials) } as unknown as IExecuteFunctions;
	expect(await planKey(context)).toEqual(expected);
	expect(asked).toEqual(['engagedlyApi']);
});

test.each([
	['keys in another order, at every depth', { failed: [], steps: [{ body: { first_name: 'Ann' }, user: { email: 'a@example.com', id: '7' }, kind: 'update' }], version: 2 }],
	['a key whose value is undefined', { ...plan, note: undefined }],
])('the same signature: %s', (_name, content) => {
	expect(signatureOf(key, content)).toBe(signatureOf(key, plan));
	expect(isSignedBy(key, content, signatureOf(key, plan))).toBe(true);
});

test.each([
	['a value changed', { ...plan, version: 3 }],
	['a step added', { ...plan, steps: [...plan.steps, plan.steps[0]] }],
	['steps in another order', { ...plan, steps: [{ kind: 'a' }, { kind: 'b' }] }, { ...plan, steps: [{ kind: 'b' }, { kind: 'a' }] }],
	['a null for an empty list', { ...plan, failed: null }],
	['a null for an absent key', { ...plan, note: null }],
	['a number for its text', { ...plan, version: '2' }],
	['a text that looks like JSON of the plan', { text: JSON.stringify(plan) }],
	['a key renamed', { versions: 2, steps: plan.steps, failed: [] }],
])('another signature: %s', (_name, content, base = plan) => {
	expect(signatureOf(key, content)).not.toBe(signatureOf(key, base));
	expect(isSignedBy(key, content, signatureOf(key, base))).toBe(false);
});

test.each([
	['another key', signatureOf(keyFor('another-key'), plan)],
	['a signature cut short', signatureOf(key, plan).slice(0, -1)],
	['a signature one character off', `${signatureOf(key, plan).slice(0, -1)}${signatureOf(key, plan).endsWith('A') ? 'B' : 'A'}`],
	['no signature', undefined],
	['a signature that is not text', 42],
	['an empty signature', ''],
])('a plan is not signed by its key with %s', (_name, signature) => {
	expect(isSignedBy(key, plan, signature)).toBe(false);
});

// Pinned: a plan made before an upgrade of the package is applied after it.
test('the signature is base64url of the HMAC over the canonical JSON (keys sorted, undefined left out)', () => {
	expect(signatureOf(key, { b: [1, null, 'x'], a: { d: true, c: undefined } })).toBe(createHmac('sha256', key).update('{"a":{"d":true},"b":[1,null,"x"]}').digest('base64url'));
});

// Pinned as the signature is: a plan carries its key's id, compared with the credential's at Apply Plan.
test('the key id: 12 characters of a keyed digest of a fixed text, one per key, neither key nor Secret Key in it', () => {
	const id = keyIdOf(key);
	expect(id).toBe(createHmac('sha256', key).update('n8n-nodes-engagedly: the key id').digest('base64url').slice(0, 12));
	expect(id).toMatch(/^[\w-]{12}$/);
	expect(keyIdOf(keyFor('secret-key'))).toBe(id);
	expect(keyIdOf(keyFor('a-rotated-key'))).not.toBe(id);
	expect(key.toString('base64url')).not.toContain(id);
	expect(signatureOf(key, plan)).not.toContain(id);
});
