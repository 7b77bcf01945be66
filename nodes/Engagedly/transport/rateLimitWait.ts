import type { RateLimitPacer } from './rateLimit';
import { seconds } from './retry';

/**
 * Meeting a 429 anyway (the pacer, rateLimit.ts, avoids most): the cooldown Engagedly asks for is
 * waited out when the item's Max Rate-Limit Wait allows it, a bounded number of times, and when it
 * ends before the caller's deadline (a trigger poll's time budget), if it has one.
 */

export const DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS = 300;
/** A 429 loop that never ends would hide a misconfiguration; this bounds it. */
const MAX_RATE_LIMIT_RETRIES = 6;

/**
 * What became of a 429: waited out (send again), or not (the error's message), with how long
 * Engagedly asked to wait when only the caller's deadline stood in the way (a caller that can go
 * on later may do so instead of failing).
 */
export type CooldownOutcome = { waited: true } | { refusal: string; pastDeadlineMs?: number };

export class RateLimitWaits {
	private waits = 0;
	private readonly maxWaitMs: number;

	constructor(
		private readonly pacer: RateLimitPacer,
		maxRateLimitWaitSeconds = DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS,
		/** Epoch ms by which the caller must be done; undefined when it has all the time the option gives. */
		private readonly deadlineMs?: number,
	) {
		this.maxWaitMs = maxRateLimitWaitSeconds * 1000;
	}

	/** A 429's cooldown, as its headers ask. */
	async waitOut(headers: Record<string, unknown>): Promise<CooldownOutcome> {
		return await this.waitFor(this.pacer.retryDelayMs(headers));
	}

	/** A cooldown of `waitMs`: one a 429 asked for, or one known on the key before anything was sent (cooldowns.ts). */
	async waitFor(waitMs: number): Promise<CooldownOutcome> {
		if (waitMs > this.maxWaitMs) {
			return {
				refusal: `Engagedly's rate limit is cooling down: it asked to wait ${seconds(waitMs)}, more than the Max Rate-Limit Wait option allows (${seconds(this.maxWaitMs)})`,
			};
		}
		if (this.waits >= MAX_RATE_LIMIT_RETRIES) {
			return { refusal: `Engagedly still answered 429 (too many requests) after ${this.waits} waits for its rate limit` };
		}
		if (this.deadlineMs !== undefined && this.pacer.cooldownEndsAfter(waitMs, this.deadlineMs)) {
			return {
				refusal: `Engagedly's rate limit is cooling down: it asked to wait ${seconds(waitMs)}, longer than is left of this poll's time`,
				pastDeadlineMs: waitMs,
			};
		}
		this.waits++;
		await this.pacer.cooldown(waitMs);
		return { waited: true };
	}
}
