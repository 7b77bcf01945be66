/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a developer script (npm start), runs in plain Node */
/**
 * What `npm start` says while a long step works (importing the examples, starting n8n: each boots
 * n8n's CLI, 20 to 40 s on a cold machine): a line every 15 seconds, so the terminal is never
 * silent for 30.
 */
export const HEARTBEAT_MS = 15_000;

export async function stillGoing<T>(step: string, work: Promise<T>, say: (line: string) => void, everyMs = HEARTBEAT_MS): Promise<T> {
	const started = Date.now();
	const timer = setInterval(() => say(`  ...${step}, ${Math.round((Date.now() - started) / 1000)} s so far`), everyMs);
	try {
		return await work;
	} finally {
		clearInterval(timer);
	}
}
