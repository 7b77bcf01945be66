import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { apiError, connectionError, redact } from './errors';
import { perExecution } from './perExecution';
import { pacerFor } from './rateLimit';

export type EngagedlyContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface Pagination {
	page?: number;
	size?: number;
	has_more?: boolean;
	total_records?: number;
}

/** Engagedly's bodies: `{ success, data, pagination }`, `{ status, data }` or, for learner reports, no flag at all. */
export interface EngagedlyBody {
	data?: unknown;
	pagination?: Pagination;
	[key: string]: unknown;
}

/** The records of a list answer; an answer without a list has none. */
export function recordsOf(body: EngagedlyBody): IDataObject[] {
	return Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
}

/** The record of a single-record answer; an answer without one gives an empty record. */
export function recordOf(body: EngagedlyBody): IDataObject {
	return (body.data ?? {}) as IDataObject;
}

export interface RequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	/** The item being processed: it goes into errors, and picks the item's own options. */
	itemIndex?: number;
	/** Overrides the "Max Rate-Limit Wait" option (seconds), for callers with no node options. */
	maxRateLimitWaitSeconds?: number;
}

export const CREDENTIAL_TYPE = 'engagedlyApi';
export const DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS = 300;
const REQUEST_TIMEOUT_MS = 60_000;
/** Reads are retried after transient failures; the delays grow so a struggling server can recover. */
const READ_RETRY_DELAYS_MS = [500, 1500, 4000];
/** A 429 loop that never ends would hide a misconfiguration; this bounds it. */
const MAX_RATE_LIMIT_RETRIES = 6;
/** Errors where nothing reached the server, so even a write may be sent again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const TRANSIENT_CODES = new Set([
	'ECONNRESET',
	'ECONNABORTED',
	'ETIMEDOUT',
	'EPIPE',
	'ESOCKETTIMEDOUT',
	'ERR_BAD_RESPONSE',
	...NOT_SENT_CODES,
]);

const MAYBE_APPLIED =
	'The write was not sent again automatically, because it may already have been applied. Check the record in Engagedly before running the workflow again.';

interface Connection {
	baseUrl: string;
	secrets: string[];
}

/** The API root from the credential: trailing slashes and a trailing /beta are tolerated. */
export function apiRoot(baseUrl: unknown): string {
	const root = String(baseUrl || 'https://api.engagedly.com')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/beta$/, '');
	return `${root}/beta`;
}

async function connectionFor(context: EngagedlyContext): Promise<Connection> {
	return await perExecution(context, 'connection', async () => {
		const credentials = await context.getCredentials(CREDENTIAL_TYPE);
		return {
			baseUrl: apiRoot(credentials.baseUrl),
			secrets: [String(credentials.secretKey ?? ''), String(credentials.clientKey ?? '')],
		};
	});
}

function maxRateLimitWaitMs(context: EngagedlyContext, options: RequestOptions): number {
	let seconds = options.maxRateLimitWaitSeconds;
	if (seconds === undefined && options.itemIndex !== undefined && 'getInputData' in context) {
		try {
			seconds = context.getNodeParameter(
				'options.maxRateLimitWait',
				options.itemIndex,
				DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS,
			) as number;
		} catch {
			seconds = undefined;
		}
	}
	return (seconds ?? DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS) * 1000;
}

function parseBody(raw: unknown): { ok: true; body: EngagedlyBody } | { ok: false } {
	if (raw === undefined || raw === null || raw === '') return { ok: true, body: {} };
	if (Buffer.isBuffer(raw)) raw = raw.toString('utf8');
	if (typeof raw === 'string') {
		try {
			raw = JSON.parse(raw);
		} catch {
			return { ok: false };
		}
	}
	if (typeof raw !== 'object' || raw === null) return { ok: false };
	return { ok: true, body: raw as EngagedlyBody };
}

function errorCode(error: unknown): string {
	const e = error as { code?: string; cause?: { code?: string }; message?: string };
	if (e?.code) return e.code;
	if (e?.cause?.code) return e.cause.code;
	if (/socket hang up/i.test(e?.message ?? '')) return 'ECONNRESET';
	if (/timeout/i.test(e?.message ?? '')) return 'ETIMEDOUT';
	return '';
}

function seconds(ms: number): string {
	return `${Math.ceil(ms / 1000)} s`;
}

/**
 * The one place that talks HTTP to Engagedly: authentication through the credential, JSON in and
 * out, pacing by the rate-limit headers, waiting out 429s, retrying reads after transient
 * failures, and turning every failure into a NodeApiError that names the item and never the keys.
 */
export async function engagedlyRequest(
	this: EngagedlyContext,
	method: IHttpRequestMethods,
	path: string,
	options: RequestOptions = {},
): Promise<EngagedlyBody> {
	const { baseUrl, secrets } = await connectionFor(this);
	const pacer = pacerFor(this);
	const node = this.getNode();
	const isRead = method === 'GET';
	const maxWaitMs = maxRateLimitWaitMs(this, options);
	const request: IHttpRequestOptions = {
		method,
		url: `${baseUrl}${path}`,
		qs: options.qs,
		arrayFormat: 'brackets',
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: REQUEST_TIMEOUT_MS,
	};
	// Engagedly answers 415 to a write without a JSON content type, even one with nothing to say.
	// n8n drops an empty object body (and axios then labels the write form-encoded), so the type
	// is set explicitly and an empty body goes as the literal "{}".
	if (method !== 'GET' && method !== 'DELETE') {
		const body = options.body ?? {};
		request.headers = { ...request.headers, 'Content-Type': 'application/json' };
		request.body = Object.keys(body).length ? body : '{}';
	}

	let transientFailures = 0;
	let rateLimited = 0;
	for (;;) {
		await pacer.beforeRequest();
		let response: { statusCode: number; headers: Record<string, unknown>; body: unknown };
		try {
			response = await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request);
		} catch (error) {
			const code = errorCode(error);
			const retriable = TRANSIENT_CODES.has(code) && (isRead || NOT_SENT_CODES.has(code));
			if (retriable && transientFailures < READ_RETRY_DELAYS_MS.length) {
				await sleep(READ_RETRY_DELAYS_MS[transientFailures++]);
				continue;
			}
			const reason = (error as Error)?.message ?? String(error);
			throw connectionError(
				node,
				`Could not reach Engagedly at ${baseUrl} (${code || reason})`,
				options.itemIndex,
				secrets,
				retriable
					? `The request was tried ${transientFailures + 1} times. Check the credential’s Base URL and that Engagedly is up, then run the workflow again.`
					: MAYBE_APPLIED,
			);
		}

		pacer.observe(response.headers ?? {});
		const status = response.statusCode;

		if (status === 429) {
			const waitMs = pacer.retryDelayMs(response.headers ?? {});
			if (waitMs > maxWaitMs || rateLimited >= MAX_RATE_LIMIT_RETRIES) {
				const error = apiError(node, status, response.body, options.itemIndex, secrets);
				error.message = redact(
					`Engagedly's rate limit is cooling down: it asked to wait ${seconds(waitMs)}, more than the Max Rate-Limit Wait option allows (${seconds(maxWaitMs)})`,
					secrets,
				);
				throw error;
			}
			rateLimited++;
			await pacer.cooldown(waitMs);
			continue;
		}

		const parsed = parseBody(response.body);
		const transient = status >= 500 || !parsed.ok;
		if (transient && isRead && transientFailures < READ_RETRY_DELAYS_MS.length) {
			await sleep(READ_RETRY_DELAYS_MS[transientFailures++]);
			continue;
		}
		if (status >= 400) {
			throw apiError(node, status, parsed.ok ? parsed.body : undefined, options.itemIndex, secrets);
		}
		if (!parsed.ok) {
			throw connectionError(
				node,
				`Engagedly answered ${status} with a body that is not JSON`,
				options.itemIndex,
				secrets,
				isRead
					? 'The answer was cut off or came from something other than the API (a proxy or an error page). Check the credential’s Base URL, then run the workflow again.'
					: `The answer was cut off or came from something other than the API. ${MAYBE_APPLIED}`,
			);
		}
		return parsed.body;
	}
}
