import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { EngagedlyBody, Expect } from './envelope';
import { countOf, envelopeProblem, expectedAnswer } from './envelope';
import { apiError, ownError, redact } from './errors';
import { perExecution } from './perExecution';
import { pacerFor } from './rateLimit';

export type { EngagedlyBody, Expect, Pagination } from './envelope';

export type EngagedlyContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/**
 * What a request is told about the item it works for, by the router that reads the item's
 * parameters: the item (for errors) and how long a 429 cooldown may hold it.
 */
export interface ItemRequest {
	itemIndex: number;
	maxRateLimitWaitSeconds: number;
}

export interface RequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	/**
	 * A body already serialised as JSON, for payloads too large to build as objects first (a
	 * picture as an array of byte values is several times its size as objects, once as text).
	 */
	jsonText?: string;
	/** The item being processed, named in errors. */
	itemIndex?: number;
	/** How long a 429 cooldown may be waited out; the default for callers with no such option (dropdowns). */
	maxRateLimitWaitSeconds?: number;
}

export const CREDENTIAL_TYPE = 'engagedlyApi';
export const DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS = 300;
/**
 * How long one request may take, and the waits before retrying a read after a transient
 * failure (they grow, so a struggling server can recover). Exported as an object so the test
 * suites can shorten them: what they check is the number and kind of retries and what the user
 * is told, not the seconds in between.
 */
export const transportTiming = { requestTimeoutMs: 60_000, readRetryDelaysMs: [500, 1500, 4000] };
/** A 429 loop that never ends would hide a misconfiguration; this bounds it. */
const MAX_RATE_LIMIT_RETRIES = 6;
/** Errors where nothing reached the server, so even a write may be sent again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNABORTED']);
const TRANSIENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ERR_BAD_RESPONSE', ...TIMEOUT_CODES, ...NOT_SENT_CODES]);

interface Connection {
	baseUrl: string;
	host: string;
	secrets: string[];
}

/** The API root from the credential: trailing slashes and a trailing /beta are tolerated. */
function apiRoot(baseUrl: unknown): string {
	const root = String(baseUrl || 'https://api.engagedly.com')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/beta$/, '');
	return `${root}/beta`;
}

function hostOf(url: string): string {
	try {
		return new URL(url).host;
	} catch {
		return url;
	}
}

async function connectionFor(context: EngagedlyContext): Promise<Connection> {
	return await perExecution(context, 'connection', async () => {
		const credentials = await context.getCredentials(CREDENTIAL_TYPE);
		const baseUrl = apiRoot(credentials.baseUrl);
		return {
			baseUrl,
			host: hostOf(baseUrl),
			secrets: [String(credentials.secretKey ?? ''), String(credentials.clientKey ?? '')],
		};
	});
}

type Parsed = { ok: true; body: EngagedlyBody | undefined } | { ok: false };

/** undefined for an empty body; not ok for anything that is not JSON. */
function parseBody(raw: unknown): Parsed {
	if (Buffer.isBuffer(raw)) raw = raw.toString('utf8');
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
		return { ok: true, body: undefined };
	}
	if (typeof raw === 'string') {
		try {
			raw = JSON.parse(raw);
		} catch {
			return { ok: false };
		}
	}
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

function header(headers: Record<string, unknown>, name: string): string {
	const value = headers[name] ?? headers[name.toLowerCase()];
	return String(Array.isArray(value) ? value[0] : (value ?? ''));
}

/** For a write whose answer did not say whether it was applied. */
function unknownOutcome(method: string, path: string): string {
	return `The ${method} may already have been applied, so it was not sent again. Check ${path.split('?')[0]} in Engagedly (or read it with a Get operation) before running the workflow again, so nothing is created or changed twice.`;
}

/**
 * The one place that talks HTTP to Engagedly: authentication through the credential, JSON in and
 * out, pacing by the rate-limit headers, waiting out 429s, retrying reads after transient
 * failures, checking every answer against what the request expects, and turning every failure
 * into a NodeApiError that names the item and never the keys.
 */
export async function engagedlyRequest(
	this: EngagedlyContext,
	method: IHttpRequestMethods,
	path: string,
	expect: Expect,
	options: RequestOptions = {},
): Promise<EngagedlyBody> {
	const { baseUrl, host, secrets } = await connectionFor(this);
	const pacer = pacerFor(this);
	const node = this.getNode();
	const isRead = method === 'GET';
	const maxWaitMs = (options.maxRateLimitWaitSeconds ?? DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS) * 1000;
	const { itemIndex } = options;
	const request: IHttpRequestOptions = {
		method,
		url: `${baseUrl}${path}`,
		qs: options.qs,
		arrayFormat: 'brackets',
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// A redirect would carry both keys (and a write's body) to wherever it points.
		disableFollowRedirect: true,
		timeout: transportTiming.requestTimeoutMs,
	};
	// Engagedly answers 415 to a write without a JSON content type, even one with nothing to say.
	// n8n drops an empty object body (and axios then labels the write form-encoded), so the type
	// is set explicitly and an empty body goes as the literal "{}".
	if (method !== 'GET' && method !== 'DELETE') {
		const body = options.body ?? {};
		request.headers = { ...request.headers, 'Content-Type': 'application/json' };
		request.body = options.jsonText ?? (Object.keys(body).length ? body : '{}');
	}
	const sentPage =
		expect === 'page' && options.qs
			? { page: countOf(options.qs.page) ?? 1, size: countOf(options.qs.size) ?? 25 }
			: undefined;

	let transientFailures = 0;
	let rateLimited = 0;
	/** Waits and says to try again, while retries are left and sending again is safe. */
	const retry = async (safe = isRead): Promise<boolean> => {
		const delays = transportTiming.readRetryDelaysMs;
		if (!safe || transientFailures >= delays.length) return false;
		await sleep(delays[transientFailures++]);
		return true;
	};
	const tries = () => (transientFailures === 0 ? 'once' : `${transientFailures + 1} times`);

	for (;;) {
		await pacer.beforeRequest();
		let response: { statusCode: number; headers: Record<string, unknown>; body: unknown };
		try {
			response = await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request);
		} catch (error) {
			const code = errorCode(error);
			const notSent = NOT_SENT_CODES.has(code);
			const transient = TRANSIENT_CODES.has(code);
			if (transient && (await retry(isRead || notSent))) continue;
			const reason = (error as Error)?.message ?? String(error);
			const headline = TIMEOUT_CODES.has(code)
				? `Engagedly at ${baseUrl} did not answer within ${seconds(transportTiming.requestTimeoutMs)}`
				: `Could not reach Engagedly at ${baseUrl} (${code || reason})`;
			throw ownError(
				node,
				'api_connection_error',
				headline,
				itemIndex,
				secrets,
				isRead || notSent
					? `The request was tried ${tries()}. Check the credential’s Base URL and that Engagedly is up, then run the workflow again.`
					: unknownOutcome(method, path),
			);
		}

		const headers = response.headers ?? {};
		pacer.observe(headers);
		const status = response.statusCode;

		if (status === 429) {
			const waitMs = pacer.retryDelayMs(headers);
			if (waitMs > maxWaitMs || rateLimited >= MAX_RATE_LIMIT_RETRIES) {
				const error = apiError(node, status, response.body, itemIndex, secrets);
				error.message = redact(
					waitMs > maxWaitMs
						? `Engagedly's rate limit is cooling down: it asked to wait ${seconds(waitMs)}, more than the Max Rate-Limit Wait option allows (${seconds(maxWaitMs)})`
						: `Engagedly still answered 429 (too many requests) after ${rateLimited} waits for its rate limit`,
					secrets,
				);
				throw error;
			}
			rateLimited++;
			await pacer.cooldown(waitMs);
			continue;
		}

		if (status >= 300 && status < 400) {
			const location = header(headers, 'location');
			const target = location ? hostOf(new URL(location, request.url as string).toString()) : 'an unnamed address';
			throw ownError(
				node,
				'api_fault',
				`Engagedly at ${host} answered ${status}, a redirect to ${target}, which the node does not follow`,
				itemIndex,
				secrets,
				`A redirect would send the credential’s keys to another address, so none is followed${isRead ? '' : ' and the write was not sent there'}. If Engagedly has moved, set the credential’s Base URL to the new address.`,
			);
		}

		const parsed = parseBody(response.body);
		if (status >= 500 || !parsed.ok) {
			if (await retry()) continue;
		}
		if (status >= 400) {
			const error = apiError(node, status, parsed.ok ? parsed.body : undefined, itemIndex, secrets);
			if (status >= 500 && !isRead) {
				error.description = redact(`Engagedly had a server error. ${unknownOutcome(method, path)}`, secrets);
			}
			throw error;
		}
		if (!parsed.ok) {
			throw ownError(
				node,
				'api_fault',
				`Engagedly answered ${status} with a body that is not JSON`,
				itemIndex,
				secrets,
				isRead
					? `The answer was cut off or came from something other than the API (a proxy or an error page); it was tried ${tries()}. Check the credential’s Base URL, then run the workflow again.`
					: `The answer was cut off or came from something other than the API. ${unknownOutcome(method, path)}`,
			);
		}
		const problem = envelopeProblem(parsed.body, expect, sentPage);
		if (problem) {
			if (await retry()) continue;
			throw ownError(
				node,
				'api_fault',
				`Engagedly answered ${status} with ${problem} where ${expectedAnswer(expect)} was due`,
				itemIndex,
				secrets,
				isRead
					? `Nothing was output from this answer, so no record is lost or made up; it was tried ${tries()}. If this persists, check the credential’s Base URL (a proxy may be answering), then run the workflow again.`
					: unknownOutcome(method, path),
			);
		}
		return parsed.body ?? {};
	}
}

/** A request whose answer is one record: that record, checked to be one. */
export async function requestRecord(
	this: EngagedlyContext,
	method: IHttpRequestMethods,
	path: string,
	options: RequestOptions = {},
): Promise<IDataObject> {
	const body = await engagedlyRequest.call(this, method, path, 'record', options);
	return body.data as IDataObject;
}

/** A request whose answer is a list that is not paged: its records, checked to be a list. */
export async function requestList(
	this: EngagedlyContext,
	method: IHttpRequestMethods,
	path: string,
	options: RequestOptions = {},
): Promise<IDataObject[]> {
	const body = await engagedlyRequest.call(this, method, path, 'list', options);
	return body.data as IDataObject[];
}
