/**
 * The requests this process has sent on each key (transport/keyCounts.ts): one count a key, made
 * on first use and shared by every run that asks for it; a request counts until its end; all
 * forgotten at once. rateLimit.test.ts proves what the pacer decides from them. Pure, milliseconds.
 */
import { forgetKeyCounts, KeyCount, keyCountFor } from '../../nodes/Engagedly/transport/keyCounts';

afterEach(forgetKeyCounts);

test('one count a key, the same for every run that asks; another key has its own', () => {
	const count = keyCountFor('key-a');
	expect(keyCountFor('key-a')).toBe(count);
	expect(keyCountFor('key-b')).not.toBe(count);
});

test('a request counts until its end, which its sender may move; then it is forgotten', () => {
	const count = new KeyCount();
	const request = { until: 10_000 };
	count.add(request);
	count.add({ until: 5_000 });
	expect(count.live(4_999)).toHaveLength(2);
	expect(count.live(5_000)).toEqual([request]);
	request.until = 20_000;
	expect(count.live(10_000)).toEqual([request]);
	expect(count.live(20_000)).toEqual([]);
	// Forgotten: an earlier clock no longer finds it.
	expect(count.live(0)).toEqual([]);
});

test('whether the key’s answers say what is left starts unknown (no)', () => {
	expect(new KeyCount().answersSay).toBe(false);
});

test('forgetKeyCounts forgets every key', () => {
	const count = keyCountFor('key-a');
	count.add({ until: 10_000 });
	forgetKeyCounts();
	expect(keyCountFor('key-a')).not.toBe(count);
	expect(keyCountFor('key-a').live(0)).toEqual([]);
});
