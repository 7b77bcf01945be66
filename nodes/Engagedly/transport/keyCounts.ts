/**
 * What this process knows of each key's window, for every execution and poll in it: the requests
 * it has sent lately, and the latest answer that said what was left. Where Engagedly's answers do
 * not say what is left (`X-RateLimit-Remaining`), the count is all a run can know of what the
 * others spend, so the runs of one n8n process share it rather than each counting only its own
 * (and together going past the key's limit). Where they do, a run that has no answer of its own
 * yet starts from the process's latest, less what was sent since, rather than blind; and a run
 * counts what the others here sent since its last answer. Like the cooldowns (cooldowns.ts), it
 * is kept on purpose across executions: the limit is the key's, not a run's. Other processes
 * (queue-mode workers) keep their own, and see nothing of this one.
 */

/** One request as the count holds it: the pacer that sent it moves its end when the answer comes. */
export interface CountedRequest {
	/** Epoch ms when it stops counting. */
	until: number;
}

/** The latest answer on the key that said what was left of its window. */
export interface KnownWindow {
	remaining: number;
	limit: number;
	/** When the window has surely reset, on this host's clock (epoch ms). */
	resetAtMs: number;
	/** The request it answered: what was sent after it is not in `remaining`. */
	request: CountedRequest;
	/** When it came (epoch ms). */
	atMs: number;
}

export class KeyCount {
	/**
	 * Whether the key's latest answer said what is left of its window: then a run that has no
	 * answer of its own yet goes by the answers it will get, not by this count.
	 */
	answersSay = false;

	/** The latest answer that said what was left (undefined until one has). */
	latest: KnownWindow | undefined;

	/** In the order they were sent. */
	private requests: CountedRequest[] = [];

	add(request: CountedRequest): void {
		this.requests.push(request);
	}

	/** Notes an answer that said what was left, unless a later one is known. */
	learn(window: KnownWindow): void {
		if (!this.latest || window.atMs >= this.latest.atMs) this.latest = window;
	}

	/** How many requests still counting were sent after `request` (0 when it no longer counts: its window is over). */
	sentAfter(request: CountedRequest, now: number): number {
		const live = this.live(now);
		const at = live.indexOf(request);
		return at < 0 ? 0 : live.length - at - 1;
	}

	/** The requests still counting at `now` (epoch ms); the others are forgotten. */
	live(now: number): CountedRequest[] {
		this.requests = this.requests.filter((request) => request.until > now);
		return this.requests;
	}
}

const counts = new Map<string, KeyCount>();

/** The count of a key (keyIdOf() in cooldowns.ts: a digest, never the key), made on first use. */
export function keyCountFor(keyId: string): KeyCount {
	let count = counts.get(keyId);
	if (!count) {
		count = new KeyCount();
		counts.set(keyId, count);
	}
	return count;
}

/** Forgets every key's count: for a host whose keys' windows are reset behind the node's back (the test simulator). */
export function forgetKeyCounts(): void {
	counts.clear();
}
