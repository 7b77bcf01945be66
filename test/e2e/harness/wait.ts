/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * Waits for a condition, never for a time: `probe` is asked once a second until it returns
 * something other than undefined, or the deadline passes (generous ones: CI is a busy 2-core
 * machine, where n8n can take minutes for what takes seconds elsewhere).
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}
