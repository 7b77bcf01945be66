/**
 * The rate limit and Engagedly's clock: README.md, "Rate limit", says what they do and what each
 * setting means. A window opens with the first request after the previous one closed (not at
 * clock-aligned boundaries), so a burst in a test never straddles an arbitrary boundary.
 */

/** Engagedly's clock by default: behind ours, the side on which a reset read on our clock is early. */
export const DEFAULT_CLOCK_OFFSET_MS = -20_000;

export interface RateLimitSettings {
	limit: number;
	timeScale: number;
	clockOffsetMs: number;
	resetRounding: 'up' | 'down';
	headers: boolean;
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
	/**
	 * The defaults are the least convenient the documents allow: Engagedly's clock 20 s behind
	 * this host's (a reset read on our clock looks 20 s early; a praise posted now looks 20 s old)
	 * and the reset rounded down (a second early). Suites that need the clocks to agree say so.
	 */
	private settings: RateLimitSettings = { limit: 200, timeScale: 1, clockOffsetMs: DEFAULT_CLOCK_OFFSET_MS, resetRounding: 'down', headers: false };

	constructor(
		settings: Partial<RateLimitSettings> = {},
		private readonly now: () => number = Date.now,
	) {
		this.set(settings);
	}

	get limit(): number {
		return this.settings.limit;
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
		if (changes.clockOffsetMs !== undefined) {
			if (!Number.isFinite(changes.clockOffsetMs)) throw new Error('clockOffsetMs must be a number');
			this.settings.clockOffsetMs = changes.clockOffsetMs;
		}
		if (changes.resetRounding !== undefined) {
			if (changes.resetRounding !== 'up' && changes.resetRounding !== 'down') throw new Error("resetRounding must be 'up' or 'down'");
			this.settings.resetRounding = changes.resetRounding;
		}
		if (changes.headers !== undefined) {
			if (typeof changes.headers !== 'boolean') throw new Error('headers must be true or false');
			this.settings.headers = changes.headers;
		}
	}

	/** The time on Engagedly's clock (the host's plus the offset). */
	serverNow(): number {
		return this.now() + this.settings.clockOffsetMs;
	}

	/** The `Date` header: Engagedly's clock, to the second, as HTTP writes it. */
	httpDate(): string {
		return new Date(this.serverNow()).toUTCString();
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

	/** `resetAt` is on the host's clock; the header gives it on Engagedly's. */
	private headers(remaining: number, resetAt: number): Record<string, string> {
		if (!this.settings.headers) return {};
		const serverReset = (resetAt + this.settings.clockOffsetMs) / 1000;
		return {
			'X-RateLimit-Limit': String(this.settings.limit),
			'X-RateLimit-Remaining': String(remaining),
			'X-RateLimit-Reset': String(this.settings.resetRounding === 'down' ? Math.floor(serverReset) : Math.ceil(serverReset)),
		};
	}
}
