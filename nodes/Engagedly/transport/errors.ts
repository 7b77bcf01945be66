import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** What a no-code builder should do about each status Engagedly answers with. */
const ADVICE: Record<number, string> = {
	400: 'Engagedly could not read the request: check the values of the fields named above.',
	401: 'The Client Key / Secret Key pair was rejected. Open the Engagedly API credential and paste both keys again (Settings → Integrations → Engagedly API in Engagedly).',
	402: 'Engagedly accepted the parameters but could not carry out the request. Try again later, or check the record in Engagedly.',
	403: 'The key pair is valid, but the Engagedly user who generated it lacks the permission for this action. Generate the keys as a Site Administrator.',
	404: 'The record was not found in Engagedly. Check the ID (it may have been deleted), or the credential’s Base URL.',
	405: 'Engagedly does not support this action on this endpoint. Check the credential’s Base URL.',
	409: 'The request conflicts with another one. Run the workflow again.',
	415: 'Engagedly expected JSON. If a proxy sits between n8n and Engagedly, make sure it keeps the Content-Type header.',
	422: 'Engagedly refused the values. Fix the fields listed above; mandatory attributes must always be given.',
	429: 'Engagedly’s rate limit (200 requests per minute per key) was hit. Raise “Max Rate-Limit Wait” in the node’s options, or run fewer requests at once.',
	500: 'Engagedly had a server error. Run the workflow again later.',
};

/**
 * One thing Engagedly said about a request: the field it concerns, its words, and the code the
 * contract gives it (`missing_field`, `duplicate_value`, ...), where the body carries them.
 */
interface Said {
	field?: string;
	message: string;
	code?: string;
}

/**
 * What the editor calls a request's fields (`hr_managers` → "HR Managers under Additional
 * Fields") and how to give each where a wrong value needs more than its name (a person): what
 * Engagedly says about such a field then names the field the builder filled, and its fix.
 */
export type FieldNames = Record<string, { label: string; fix?: string }>;

/** Where a request could meet a value that exists already, and what to do then instead. */
export interface DuplicateAdvice {
	/** The request's field whose value Engagedly may say exists already (`email`). */
	field: string;
	advice: string;
}

/** Removes every secret from a piece of text, so no key reaches an error, a log or an output. */
export function redact(text: string, secrets: string[]): string {
	let clean = text;
	for (const secret of secrets) {
		if (secret && secret.length >= 4) clean = clean.split(secret).join('***');
	}
	return clean;
}

/** A copy of any JSON value with every secret removed from every string in it, keys included. */
function redactDeep<T>(value: T, secrets: string[]): T {
	if (typeof value === 'string') return redact(value, secrets) as T;
	if (Array.isArray(value)) return value.map((entry: unknown) => redactDeep(entry, secrets)) as T;
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [
				redact(key, secrets),
				redactDeep(entry, secrets),
			]),
		) as T;
	}
	return value;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value as words: text as it is, anything else as its JSON; nothing for blanks, null or nothing. */
function words(value: unknown): string | undefined {
	// JSON.stringify(undefined) is undefined, as no words.
	const text: string | undefined = typeof value === 'string' ? value.trim() : value === null ? '' : JSON.stringify(value);
	return text || undefined;
}

/**
 * Everything `errors` says, whichever shape it comes in: the documented list of
 * `{field, message, code}`, a list of texts, one text, or an object of lists keyed by field
 * (`{email: ["..."]}`). The contract promises the documented shape for "most" errors only.
 */
function entriesOf(errors: unknown, field?: string): Said[] {
	if (Array.isArray(errors)) return errors.flatMap((entry) => entriesOf(entry, field));
	if (isObject(errors)) {
		const documented = 'message' in errors || 'code' in errors || typeof errors.field === 'string';
		if (!documented) return Object.entries(errors).flatMap(([key, entry]) => entriesOf(entry, key));
		const code = typeof errors.code === 'string' ? errors.code.trim() || undefined : undefined;
		const message = words(errors.message) ?? code ?? '';
		return [{ field: typeof errors.field === 'string' ? errors.field : field, message, code }];
	}
	const message = words(errors);
	return message === undefined ? [] : [{ field, message }];
}

/**
 * "field: message (code)", so every entry shows with what it is about, by the editor's name where
 * known; an entry with a code and no words shows the code once.
 */
const formatEntry = ({ field, message, code }: Said, fieldNames: FieldNames): string => {
	const name = field === undefined ? undefined : (fieldNames[field]?.label ?? field);
	return [name, message].filter(Boolean).join(': ') + (code && code !== message ? ` (${code})` : '');
};

/**
 * The fixes of the fields Engagedly named, each once, as "Label: fix". The contract promises the
 * documented `{field, message}` shape for most errors only: a refusal that names no field may be
 * about any field sent, so it gets the fixes of all of them.
 */
function fixesFor(said: Said[], fieldNames: FieldNames): string[] {
	const named = said.flatMap(({ field }) => (field === undefined ? [] : [field]));
	const about = named.length ? named : Object.keys(fieldNames);
	return [...new Set(about.flatMap((field) => (fieldNames[field]?.fix ? [`${fieldNames[field].label}: ${fieldNames[field].fix}`] : [])))];
}

function adviceFor(status: number): string {
	return ADVICE[status] ?? (status >= 500 ? ADVICE[500] : 'Check the request parameters.');
}

/**
 * An answer of 400 or more as the node's error: the status and Engagedly's own words, whatever
 * the shape of its body, in the message; what to do about it in the description. The codes
 * Engagedly gave go into `errorResponse.codes` (`refusalOf` reads them), so a caller can act on
 * what Engagedly meant without reading its words.
 */
export function apiError(
	node: INode,
	status: number,
	body: unknown,
	itemIndex: number | undefined,
	secrets: string[],
	{ duplicate, fieldNames = {} }: { duplicate?: DuplicateAdvice; fieldNames?: FieldNames } = {},
): NodeApiError {
	// The API may echo a key back (a header it did not like, the request it received): every
	// string of the body is cleaned before any of it goes into the error.
	const clean: unknown = redactDeep(body, secrets);
	const parsed = isObject(clean) ? clean : { errors: clean };
	const said = entriesOf(parsed.errors);
	const entries = said.map((entry) => formatEntry(entry, fieldNames));
	const codes = said.flatMap((entry) => (entry.code ? [entry.code] : []));
	const errorType = words(parsed.error_type);
	const stated = words(parsed.message) ?? words(parsed.error);
	const headline = stated ?? (entries.length ? entries.join('; ') : `HTTP ${status}`);
	const message = redact(
		`Engagedly answered ${status}: ${errorType ? `${errorType}: ` : ''}${headline}`,
		secrets,
	);
	// The headline already lists the entries unless Engagedly gave a message of its own.
	const details = stated && entries.length ? [entries.join('\n')] : [];
	const taken =
		duplicate &&
		status === 422 &&
		said.some((entry) => entry.code === 'duplicate_value' && entry.field === duplicate.field);
	const description = [...details, ...(taken ? [duplicate.advice] : []), ...(status === 422 ? fixesFor(said, fieldNames) : []), adviceFor(status)].join(
		'\n\n',
	);
	const errorResponse: JsonObject = {
		httpCode: String(status),
		error_type: errorType ?? null,
		errors: entries,
		codes,
		message,
	};
	return new NodeApiError(node, errorResponse, {
		message,
		description: redact(description, secrets),
		httpCode: String(status),
		itemIndex,
	});
}

/** The status and the codes of an error apiError built; undefined for any other error. */
export function refusalOf(error: unknown): { status: number; codes: string[] } | undefined {
	if (!(error instanceof NodeApiError)) return undefined;
	const codes = error.errorResponse?.codes;
	if (!Array.isArray(codes)) return undefined;
	return { status: Number(error.httpCode), codes: codes.map(String) };
}

/** Our own errors pass through as they are; anything else is wrapped so n8n shows it as the node's. */
export function asNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	return error instanceof NodeApiError || error instanceof NodeOperationError
		? error
		: new NodeOperationError(node, error as Error, { itemIndex });
}

/**
 * Our own errors, where Engagedly gave no usable answer: `api_connection_error` for failures with
 * no HTTP answer (refused, reset, timeout), `api_fault` for answers that are not what the API
 * documents (not JSON, a malformed envelope, a redirect, a list that does not page).
 */
export function ownError(
	node: INode,
	errorType: 'api_connection_error' | 'api_fault',
	reason: string,
	itemIndex: number | undefined,
	secrets: string[],
	description: string,
): NodeApiError {
	const message = redact(reason, secrets);
	const error = new NodeApiError(
		node,
		{ message, error_type: errorType },
		{ message, description: redact(description, secrets), itemIndex },
	);
	// NodeApiError swaps a message naming a system error code (ECONNREFUSED...) for a generic
	// sentence; ours also names the URL, which is what the user has to fix.
	error.message = message;
	return error;
}
