import type { RateLimitPacer } from './rateLimit';
import { seconds } from './retry';

/**
 * Meeting a 429 anyway (the pacer, rateLimit.ts, avoids most): the cooldown Engagedly asks for is
 * waited out when the item's Max Rate-Limit Wait allows it, a bounded number of times.
 */

export const DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS = 300;
/** A 429 loop that never ends would hide a misconfiguration; this bounds it. */
const MAX_RATE_LIMIT_RETRIES = 6;

export class RateLimitWaits {
	private waits = 0;
	private readonly maxWaitMs: number;

	constructor(
		private readonly pacer: RateLimitPacer,
		maxRateLimitWaitSeconds = DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS,
	) {
		this.maxWaitMs = maxRateLimitWaitSeconds * 1000;
	}

	/** Waits out the cooldown a 429 asks for; when it may not, why not (the error's message). */
	async waitOut(headers: Record<string, unknown>): Promise<string | undefined> {
		const waitMs = this.pacer.retryDelayMs(headers);
		if (waitMs > this.maxWaitMs) {
			return `Engagedly's rate limit is cooling down: it asked to wait ${seconds(waitMs)}, more than the Max Rate-Limit Wait option allows (${seconds(this.maxWaitMs)})`;
		}
		if (this.waits >= MAX_RATE_LIMIT_RETRIES) {
			return `Engagedly still answered 429 (too many requests) after ${this.waits} waits for its rate limit`;
		}
		this.waits++;
		await this.pacer.cooldown(waitMs);
		return undefined;
	}
}
