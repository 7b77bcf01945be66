/**
 * `npm start`'s long steps (scripts/heartbeat.ts) are never silent for 30 seconds: a line every
 * 15 while the step works, none once it is done or has failed. On jest's clock, not the machine's.
 */
import { HEARTBEAT_MS, stillGoing } from '../../scripts/heartbeat';

beforeEach(() => jest.useFakeTimers({ now: 0 }));
afterEach(() => jest.useRealTimers());

test('a step of 40 seconds says so twice, then nothing after it ends', async () => {
	const lines: string[] = [];
	let finish!: (value: string) => void;
	const step = stillGoing('importing', new Promise<string>((resolve) => (finish = resolve)), (line) => lines.push(line));
	await jest.advanceTimersByTimeAsync(40_000);
	expect(lines).toEqual(['  ...importing, 15 s so far', '  ...importing, 30 s so far']);
	finish('done');
	await expect(step).resolves.toBe('done');
	await jest.advanceTimersByTimeAsync(60_000);
	expect(lines).toHaveLength(2);
	expect(HEARTBEAT_MS).toBeLessThan(30_000);
});

test('a step that fails stops saying it is going', async () => {
	const lines: string[] = [];
	let fail!: (error: Error) => void;
	const step = stillGoing('starting n8n', new Promise<never>((_, reject) => (fail = reject)), (line) => lines.push(line));
	await jest.advanceTimersByTimeAsync(16_000);
	fail(new Error('n8n exited'));
	await expect(step).rejects.toThrow('n8n exited');
	await jest.advanceTimersByTimeAsync(60_000);
	expect(lines).toEqual(['  ...starting n8n, 15 s so far']);
});
