import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	NodeApiError,
} from 'n8n-workflow';

import type { Fault } from './answers';
import { faultWords, readAnswer, refusalWords } from './answers';
import type { EngagedlyBody, Expect } from './envelope';
import type { DuplicateAdvice, FieldNames } from './errors';
import { apiError, ownError, redact } from './errors';
import { knownCooldownMs, learnCooldown } from './cooldowns';
import { keyCountFor } from './keyCounts';
import { pacerFor } from './rateLimit';
import { RateLimitWaits } from './rateLimitWait';
import { failureOf, Retries, transportTiming } from './retry';
import type { Answer } from './send';
import { connectionFor, header, httpOptions, send } from './send';

export type { EngagedlyBody, Expect, Pagination } from './envelope';

export type EngagedlyContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/**
 * What a request is told about the item it works for, by the router that reads the item's
 * parameters: the item (for errors), how long a 429 cooldown may hold it, and what a longer run
 * adds for every request it makes (a deadline, a share of the key, the editor's field names). Not
 * a request: every request made for the item is sent within it.
 */
export interface ItemScope {
	itemIndex: number;
	maxRateLimitWaitSeconds: number;
	/** Epoch ms by which the work must be done (a trigger poll's time budget); see RequestOptions. */
	deadlineMs?: number;
	/** The part of the key's window a long run may spend (Sync's Rate Limit Share); see RequestOptions. */
	rateLimitShare?: number;
	/** What the editor calls the fields the item's writes send; see RequestOptions. */
	fieldNames?: FieldNames;
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
	/** What the error advises when Engagedly answers that a value of this field exists already. */
	duplicate?: DuplicateAdvice;
	/**
	 * What the editor calls the body's fields, so an error about one names the builder's field and
	 * its fix (only the fields the body sends: Engagedly can only mean those).
	 */
	fieldNames?: FieldNames;
	/**
	 * Epoch ms by which the caller must be done (a trigger poll's time budget): a 429 cooldown
	 * that would end later is not waited for. engagedlyExchange() says so in its answer (a scan
	 * that can go on later stops there); engagedlyRequest() fails with the reason.
	 */
	deadlineMs?: number;
	/**
	 * The part of each window (0 to 1) this run may spend, leaving the rest to the key's other
	 * executions (the pacer sends only while more than the rest is left); undefined: all of it,
	 * less the newcomers' reserve.
	 */
	rateLimitShare?: number;
}

/**
 * When Engagedly answered: on its clock, from the answer's `Date` header (whole seconds, so its
 * clock was somewhere in the second it names), and on ours, when the answer came.
 */
export interface AnswerTime {
	engagedlyMs: number;
	localMs: number;
}

/** The answer's time; undefined without a readable `Date` header. */
export function answerTime(headers: Record<string, unknown>, localMs: number): AnswerTime | undefined {
	const engagedlyMs = Date.parse(header(headers, 'Date'));
	return Number.isFinite(engagedlyMs) ? { engagedlyMs, localMs } : undefined;
}

/**
 * A request's outcome when a deadline may cut it short: the answer's body and when it came, or
 * the 429 cooldown it did not wait out (how long Engagedly asked to wait, and the error for a
 * caller that cannot go on later).
 */
export type Exchange = { body: EngagedlyBody; time?: AnswerTime } | { cooldown: { waitMs: number; error: NodeApiError } };

/**
 * The cooldowns that errors of this module stopped for, by error: when each ends (epoch ms). A
 * caller that outlives the run keeps it (the trigger, in its saved state), so that nothing it
 * sends later goes into the cooldown, whichever process runs it.
 */
const cooldownEnds = new WeakMap<object, number>();

/** When the rate-limit cooldown that `error` stopped for ends (epoch ms); undefined for any other error. */
export function cooldownEndOf(error: unknown): number | undefined {
	return typeof error === 'object' && error !== null ? cooldownEnds.get(error) : undefined;
}

/**
 * The one way to Engagedly: each request is paced by the rate-limit headers (rateLimit.ts), sent
 * (send.ts), its 429s waited out (rateLimitWait.ts), a read retried after transient failures
 * (retry.ts), its answer checked against what the request expects (envelope.ts), and every
 * failure turned into a NodeApiError that names the item and never the keys (errors.ts).
 */
export async function engagedlyRequest(
	this: EngagedlyContext,
	method: IHttpRequestMethods,
	path: string,
	expect: Expect,
	options: RequestOptions = {},
): Promise<EngagedlyBody> {
	const exchange = await engagedlyExchange.call(this, method, path, expect, options);
	if ('cooldown' in exchange) throw exchange.cooldown.error;
	return exchange.body;
}

/** engagedlyRequest() for a caller that goes on later when a cooldown passes its deadline (a trigger's scan). */
export async function engagedlyExchange(
	this: EngagedlyContext,
	method: IHttpRequestMethods,
	path: string,
	expect: Expect,
	options: RequestOptions = {},
): Promise<Exchange> {
	const connection = await connectionFor(this);
	const { baseUrl, secrets } = connection;
	const pacer = pacerFor(this);
	// Where answers do not say what is left of the window, the runs of this process on the key count together.
	pacer.countOn(keyCountFor(connection.keyId));
	const node = this.getNode();
	const isRead = method === 'GET';
	const { itemIndex } = options;
	const request = httpOptions(connection, method, path, options);
	const retries = new Retries(isRead);
	const rateLimitWaits = new RateLimitWaits(pacer, options.maxRateLimitWaitSeconds, options.deadlineMs);
	if (options.rateLimitShare !== undefined) pacer.setBudget({ share: options.rateLimitShare });
	/** The error a fault ends the request with, in its words (answers.ts), never with the keys. */
	const faultError = (fault: Fault): NodeApiError => {
		const sent = { method, path, baseUrl, tries: retries.tries(), timeoutMs: transportTiming.requestTimeoutMs };
		if (fault.kind !== 'refused') {
			const { headline, description } = faultWords(fault, sent);
			return ownError(node, fault.kind === 'unreachable' ? 'api_connection_error' : 'api_fault', headline, itemIndex, secrets, description);
		}
		const error = apiError(node, fault.status, fault.body, itemIndex, secrets, { duplicate: options.duplicate, fieldNames: sentFieldNames(options) });
		const description = refusalWords(fault, sent);
		if (description) error.description = redact(description, secrets);
		return error;
	};

	for (;;) {
		// A cooldown Engagedly announced to another run on this key: nothing is sent inside it.
		const checkedAt = Date.now();
		const known = knownCooldownMs(connection.keyId, checkedAt);
		if (known > 0) {
			const outcome = await rateLimitWaits.waitFor(known);
			if ('waited' in outcome) continue;
			const error = ownError(
				node,
				'api_fault',
				`${outcome.refusal} (announced to an earlier request on this key; nothing was sent)`,
				itemIndex,
				secrets,
				'Engagedly answered 429 to another execution on this key and asked everyone on it to wait; a request sent inside the wait would lengthen it. Run the workflow again after it.',
			);
			cooldownEnds.set(error, checkedAt + known);
			if (outcome.pastDeadlineMs === undefined) throw error;
			error.description = 'Nothing was sent or saved; the next poll tries again.';
			return { cooldown: { waitMs: outcome.pastDeadlineMs, error } };
		}
		await pacer.beforeRequest();
		let response: Answer;
		try {
			response = await send.call(this, request);
		} catch (thrown) {
			const { code, notSent, transient, timedOut, reason } = failureOf(thrown);
			if (transient && (await retries.again(isRead || notSent))) continue;
			throw faultError({ kind: 'unreachable', code, notSent, timedOut, reason });
		}

		const headers = response.headers ?? {};
		pacer.observe(headers);
		const reading = readAnswer(response, { url: request.url, expect, qs: options.qs });
		if ('body' in reading) return { body: reading.body, time: answerTime(headers, Date.now()) };
		if ('rateLimited' in reading) {
			const endsAt = Date.now() + pacer.retryDelayMs(headers);
			learnCooldown(connection.keyId, endsAt);
			const outcome = await rateLimitWaits.waitOut(headers);
			if ('waited' in outcome) continue;
			const error = apiError(node, response.statusCode, response.body, itemIndex, secrets);
			error.message = redact(outcome.refusal, secrets);
			cooldownEnds.set(error, endsAt);
			if (outcome.pastDeadlineMs === undefined) throw error;
			error.description = 'Nothing was saved; the next poll tries again.';
			return { cooldown: { waitMs: outcome.pastDeadlineMs, error } };
		}
		if (reading.retry && (await retries.again())) continue;
		throw faultError(reading.fault);
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

/** The editor's names of the fields this request's body sends (none for a body sent as text). */
function sentFieldNames({ fieldNames, body }: RequestOptions): FieldNames {
	if (!fieldNames || !body) return {};
	return Object.fromEntries(Object.keys(body).flatMap((wire) => (fieldNames[wire] ? [[wire, fieldNames[wire]]] : [])));
}
