/**
 * 200 requests per minute per ClientKey, shared by every endpoint, with the vendor's escalating
 * cooldown: 1, 3, 5, 10, then 15 minutes on repeated violations, back to 1 after a quiet period.
 *
 * Fixed window: a window opens with the first request after the previous one closed (not at
 * clock-aligned boundaries), so a burst in a test never straddles an arbitrary boundary.
 *
 * `timeScale` shrinks every duration (window, cooldowns, quiet period): with 60, a "minute"
 * lasts one real second. Header values are real epoch seconds / real seconds, rounded up.
 *
 * Engagedly's clock is not this host's: `clockOffsetMs` puts the simulator's clock that far ahead
 * (negative: behind). `X-RateLimit-Reset` and the `Date` header are times on that clock, and
 * `resetRounding: 'down'` writes the reset rounded down (a second before the window really
 * resets), as a server may: neither document says which way it rounds.
 *
 * The contract says answers carry headers "whose names begin with X-RateLimit-" but names none;
 * the vendor's file names X-RateLimit-Limit, -Remaining and -Reset. Unless `headers` is on (the
 * vendor profile turns it on), answers carry none a client could read: only a 429's
 * `Retry-After`, which the contract names. A client must then pace by its own count.
 */

/** Engagedly's clock by default: behind ours, the side on which a reset read on our clock is early. */
export const DEFAULT_CLOCK_OFFSET_MS = -20_000;

export interface RateLimitSettings {
	/** Requests per window per ClientKey. */
	limit: number;
	/** 60 = a minute lasts one second. */
	timeScale: number;
	/** Engagedly's clock minus the host's, in ms: its `Date` and reset times are on its clock. */
	clockOffsetMs: number;
	/** How `X-RateLimit-Reset` rounds the window's end to epoch seconds (default up). */
	resetRounding: 'up' | 'down';
	/** Whether answers carry X-RateLimit-Limit, -Remaining and -Reset (the vendor's names); default off. */
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

	get clockOffsetMs(): number {
		return this.settings.clockOffsetMs;
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
