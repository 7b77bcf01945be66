/**
 * The cooldowns this process knows per key (transport/cooldowns.ts) and the digest they are kept
 * by (digest.ts): a key is known by a digest that never holds it, a cooldown lasts until its end
 * and then is forgotten, a later end wins. Pure, milliseconds.
 */
import { createHash } from 'crypto';

import { digest, slot } from '../../nodes/Engagedly/digest';
import { forgetCooldowns, keyIdOf, knownCooldownMs, learnCooldown } from '../../nodes/Engagedly/transport/cooldowns';

afterEach(forgetCooldowns);

test('a key is known by a 22-character digest of its base URL and Client Key, never by the key', () => {
	const id = keyIdOf('https://api.example.com/beta', 'client-key-1');
	expect(id).toBe(createHash('sha256').update('https://api.example.com/beta\u0000client-key-1').digest('base64url').slice(0, 22));
	expect(id).not.toContain('client-key-1');
	expect(keyIdOf('https://api.example.com/beta', 'client-key-2')).not.toBe(id);
	// The separator keeps ("ab", "c") and ("a", "bc") apart.
	expect(keyIdOf('ab', 'c')).not.toBe(keyIdOf('a', 'bc'));
});

test('a cooldown lasts until its end, then is forgotten; another key has none', () => {
	learnCooldown('k', 10_000);
	expect(knownCooldownMs('k', 4_000)).toBe(6_000);
	expect(knownCooldownMs('other', 4_000)).toBe(0);
	expect(knownCooldownMs('k', 10_000)).toBe(0);
	// Forgotten: an earlier clock no longer finds it.
	expect(knownCooldownMs('k', 4_000)).toBe(0);
});

test('the later of two ends wins, whichever is learned first', () => {
	learnCooldown('k', 20_000);
	learnCooldown('k', 10_000);
	expect(knownCooldownMs('k', 0)).toBe(20_000);
	learnCooldown('k', 30_000);
	expect(knownCooldownMs('k', 0)).toBe(30_000);
});

test('forgetCooldowns forgets every key', () => {
	learnCooldown('a', 10_000);
	learnCooldown('b', 10_000);
	forgetCooldowns();
	expect([knownCooldownMs('a', 0), knownCooldownMs('b', 0)]).toEqual([0, 0]);
});

test.each([4, 16, 43])('digest: the first %i characters of SHA-256 in base64url', (chars) => {
	expect(digest('text', chars)).toBe(createHash('sha256').update('text').digest('base64url').slice(0, chars));
	expect(digest('text', chars)).toHaveLength(chars);
});

test('slot: the same text, the same slot, in [0, period), spread over the period', () => {
	const slots = Array.from({ length: 700 }, (_, i) => slot(`user-${i}`, 7));
	expect(slots.every((s) => Number.isInteger(s) && s >= 0 && s < 7)).toBe(true);
	expect(new Set(slots).size).toBe(7);
	expect(slot('user-1', 7)).toBe(slots[1]);
	expect(slot('user-1', 7)).toBe(createHash('sha256').update('user-1').digest().readUInt32BE(0) % 7);
});
