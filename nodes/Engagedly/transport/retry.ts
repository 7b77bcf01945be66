import { sleep } from 'n8n-workflow';

/**
 * When a request may be sent again after a failure: a read after any transient failure, a write
 * only when nothing reached the server, each a bounded number of times with growing waits (so a
 * struggling server can recover). 429s are not failures here: rateLimitWait.ts waits them out.
 */

/**
 * How long one request may take, and the waits before retrying a read after a transient
 * failure. Exported as an object so the test suites can shorten them: what they check is the
 * number and kind of retries and what the user is told, not the seconds in between.
 */
export const transportTiming = { requestTimeoutMs: 60_000, readRetryDelaysMs: [500, 1500, 4000] };

/** Errors where nothing reached the server, so even a write may be sent again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNABORTED']);
/** Our name for n8n's own regular-expression time limit running out. */
const REGEX_TIMEOUT = 'N8N_REGEX_TIMEOUT';
const TRANSIENT_CODES = new Set([REGEX_TIMEOUT, 'ECONNRESET', 'EPIPE', 'ERR_BAD_RESPONSE', ...TIMEOUT_CODES, ...NOT_SENT_CODES]);

/** What a thrown request error says about sending again, and its own words for a message. */
export interface Failure {
	code: string;
	notSent: boolean;
	transient: boolean;
	timedOut: boolean;
	/** Named in the message when there is no code (a certificate refused, say). */
	reason: string;
}

function errorCode(error: unknown): string {
	const e = error as { code?: string; cause?: { code?: string }; message?: string };
	if (e?.code) return e.code;
	if (e?.cause?.code) return e.cause.code;
	const message = e?.message ?? '';
	if (/socket hang up/i.test(message)) return 'ECONNRESET';
	// n8n runs its own regular expressions (the request's checks) with a time limit that a busy
	// host can exceed: a failure of this host, not an answer of Engagedly's, so a read is tried again.
	if (/regular expression execution timed out/i.test(message)) return REGEX_TIMEOUT;
	if (/timeout/i.test(message)) return 'ETIMEDOUT';
	return '';
}

export function failureOf(error: unknown): Failure {
	const code = errorCode(error);
	const reason = (error as Error)?.message ?? String(error);
	return { code, notSent: NOT_SENT_CODES.has(code), transient: TRANSIENT_CODES.has(code), timedOut: TIMEOUT_CODES.has(code), reason };
}

/** One request's retries: `again` waits and says to send again while that is safe and tries are left. */
export class Retries {
	private failures = 0;

	constructor(private readonly isRead: boolean) {}

	async again(safe = this.isRead): Promise<boolean> {
		const delays = transportTiming.readRetryDelaysMs;
		if (!safe || this.failures >= delays.length) return false;
		await sleep(delays[this.failures++]);
		return true;
	}

	/** How often the request was sent, for messages. */
	tries(): string {
		return this.failures === 0 ? 'once' : `${this.failures + 1} times`;
	}
}

export function seconds(ms: number): string {
	return `${Math.ceil(ms / 1000)} s`;
}

/** For a write whose answer did not say whether it was applied. */
export function unknownOutcome(method: string, path: string): string {
	return `The ${method} may already have been applied, so it was not sent again. Check ${path.split('?')[0]} in Engagedly (or read it with a Get operation) before running the workflow again, so nothing is created or changed twice.`;
}
