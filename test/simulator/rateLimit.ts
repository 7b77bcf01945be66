/**
 * 200 requests per minute per ClientKey, shared by every endpoint, with the vendor's escalating
 * cooldown: 1, 3, 5, 10, then 15 minutes on repeated violations, back to 1 after a quiet period.
 *
 * Fixed window: a window opens with the first request after the previous one closed (not at
 * clock-aligned boundaries), so a burst in a test never straddles an arbitrary boundary.
 *
 * `timeScale` shrinks every duration (window, cooldowns, quiet period): with 60, a "minute"
 * lasts one real second. Header values are real epoch seconds / real seconds, rounded up.
 */

export interface RateLimitSettings {
	/** Requests per window per ClientKey. */
	limit: number;
	/** 60 = a minute lasts one second. */
	timeScale: number;
}

/** Cooldown steps in minutes; the last one repeats. */
export const COOLDOWN_MINUTES = [1, 3, 5, 10, 15];
/** Minutes without a violation (counted from the end of the last cooldown) that reset the escalation. */
export const QUIET_PERIOD_MINUTES = 30;

interface Bucket {
	windowStart: number;
	count: number;
	cooldownUntil: number;
	/** Index into COOLDOWN_MINUTES of the last cooldown; -1 = none yet. */
	level: number;
}

export interface RateLimitDecision {
	allowed: boolean;
	headers: Record<string, string>;
}

export class RateLimiter {
	private buckets = new Map<string, Bucket>();
	private settings: RateLimitSettings = { limit: 200, timeScale: 1 };

	constructor(
		settings: Partial<RateLimitSettings> = {},
		private readonly now: () => number = Date.now,
	) {
		this.set(settings);
	}

	get limit(): number {
		return this.settings.limit;
	}

	get timeScale(): number {
		return this.settings.timeScale;
	}

	set(changes: Partial<RateLimitSettings>): void {
		if (changes.limit !== undefined) {
			if (!(changes.limit >= 0)) throw new Error('rate limit must be a number >= 0');
			this.settings.limit = Math.floor(changes.limit);
		}
		if (changes.timeScale !== undefined) {
			if (!(changes.timeScale > 0)) throw new Error('timeScale must be > 0');
			this.settings.timeScale = changes.timeScale;
		}
	}

	/** Forget every counter and cooldown. */
	reset(): void {
		this.buckets.clear();
	}

	private get minuteMs(): number {
		return 60_000 / this.settings.timeScale;
	}

	/** State of a key, for responses that are not counted (401s). */
	peek(key: string): Record<string, string> {
		const now = this.now();
		const bucket = this.buckets.get(key);
		if (bucket && now < bucket.cooldownUntil) return this.headers(0, bucket.cooldownUntil);
		if (bucket && now < bucket.windowStart + this.minuteMs) {
			return this.headers(Math.max(0, this.settings.limit - bucket.count), bucket.windowStart + this.minuteMs);
		}
		return this.headers(this.settings.limit, now + this.minuteMs);
	}

	/** Count one request. */
	hit(key: string): RateLimitDecision {
		const now = this.now();
		let bucket = this.buckets.get(key);
		if (!bucket) {
			bucket = { windowStart: -Infinity, count: 0, cooldownUntil: 0, level: -1 };
			this.buckets.set(key, bucket);
		}
		// During a cooldown every request is refused and changes nothing (neither shortens nor extends it).
		if (now < bucket.cooldownUntil) return this.refuse(bucket, now);

		if (now >= bucket.windowStart + this.minuteMs) {
			bucket.windowStart = now;
			bucket.count = 0;
		}
		const windowEnd = bucket.windowStart + this.minuteMs;
		if (bucket.count < this.settings.limit) {
			bucket.count++;
			return { allowed: true, headers: this.headers(this.settings.limit - bucket.count, windowEnd) };
		}

		// A violation: escalate, unless the last cooldown ended a quiet period ago.
		const quiet = bucket.level >= 0 && now - bucket.cooldownUntil >= QUIET_PERIOD_MINUTES * this.minuteMs;
		bucket.level = quiet ? 0 : Math.min(bucket.level + 1, COOLDOWN_MINUTES.length - 1);
		bucket.cooldownUntil = now + COOLDOWN_MINUTES[bucket.level] * this.minuteMs;
		// The window that overflowed is over; counting restarts after the cooldown.
		bucket.windowStart = -Infinity;
		bucket.count = 0;
		return this.refuse(bucket, now);
	}

	private refuse(bucket: Bucket, now: number): RateLimitDecision {
		const headers = this.headers(0, bucket.cooldownUntil);
		headers['Retry-After'] = String(Math.max(1, Math.ceil((bucket.cooldownUntil - now) / 1000)));
		return { allowed: false, headers };
	}

	private headers(remaining: number, resetAt: number): Record<string, string> {
		return {
			'X-RateLimit-Limit': String(this.settings.limit),
			'X-RateLimit-Remaining': String(remaining),
			'X-RateLimit-Reset': String(Math.ceil(resetAt / 1000)),
		};
	}
}
