import { sleep } from 'n8n-workflow';

import { perContext } from './perExecution';

/**
 * Engagedly allows 200 requests per minute per ClientKey and answers a burst past that with a
 * cooldown that escalates from 1 to 15 minutes. Waiting for the window to reset *before* the
 * budget runs out is far cheaper than meeting a 429, so every response's X-RateLimit-* headers
 * are read and the next request waits when the window is spent.
 */

/** Requests left unused in each window, for other workflows sharing the same key. */
const RESERVE = 1;
/** A window is one minute; a reset further away than that is clock skew, not a real window. */
const MAX_WINDOW_MS = 61_000;
/** Lands just after the server's window turns over rather than just before it. */
const RESET_MARGIN_MS = 250;

type Headers = Record<string, unknown>;

function header(headers: Headers, name: string): number | undefined {
	const raw = headers[name] ?? headers[name.toLowerCase()];
	const value = Number(Array.isArray(raw) ? raw[0] : raw);
	return raw === undefined || raw === null || raw === '' || !Number.isFinite(value) ? undefined : value;
}

/** X-RateLimit-Reset is epoch seconds; small numbers are read as "seconds from now". */
function resetAt(headers: Headers, now: number): number | undefined {
	const reset = header(headers, 'x-ratelimit-reset');
	if (reset === undefined) return undefined;
	return reset > 1e9 ? reset * 1000 : now + reset * 1000;
}

export class RateLimitPacer {
	private remaining: number | undefined;

	private resetAtMs: number | undefined;

	observe(headers: Headers): void {
		const remaining = header(headers, 'x-ratelimit-remaining');
		if (remaining === undefined) return;
		this.remaining = remaining;
		this.resetAtMs = resetAt(headers, Date.now());
	}

	/** Sleeps until the window resets when the last response said the budget is spent. */
	async beforeRequest(): Promise<void> {
		if (this.remaining === undefined || this.remaining > RESERVE || this.resetAtMs === undefined) {
			return;
		}
		const waitMs = Math.min(Math.max(this.resetAtMs - Date.now() + RESET_MARGIN_MS, 0), MAX_WINDOW_MS);
		this.remaining = undefined;
		if (waitMs > 0) await this.wait(waitMs);
	}

	/** How long a 429 asks us to wait: Retry-After, else until the window resets, else a minute. */
	retryDelayMs(headers: Headers): number {
		const retryAfter = header(headers, 'retry-after');
		if (retryAfter !== undefined) return Math.max(retryAfter, 0) * 1000;
		const reset = resetAt(headers, Date.now());
		if (reset !== undefined) return Math.max(reset - Date.now(), 0);
		return 60_000;
	}

	/** Waits out a cooldown, a little past its end so the retry is not itself counted in it. */
	async cooldown(ms: number): Promise<void> {
		await this.wait(ms + RESET_MARGIN_MS);
	}

	private async wait(ms: number): Promise<void> {
		await sleep(ms);
	}
}

/**
 * One pacer per execution context: its state is rebuilt from the first response's headers, and
 * the headers carry the key's real, shared budget anyway.
 */
export function pacerFor(context: object): RateLimitPacer {
	return perContext(context, 'pacer', () => new RateLimitPacer());
}
