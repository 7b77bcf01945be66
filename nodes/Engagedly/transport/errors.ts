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

interface EngagedlyErrorBody {
	error_type?: string;
	message?: string;
	errors?: Array<{ field?: string; message?: string; code?: string }>;
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
			Object.entries(value).map(([key, entry]) => [redact(key, secrets), redactDeep(entry, secrets)]),
		) as T;
	}
	return value;
}

/** "field: message (code)" for every entry Engagedly listed, so all field errors show at once. */
function formatFieldErrors(body: EngagedlyErrorBody): string[] {
	return (body.errors ?? []).map((entry) => {
		const field = entry.field ? `${entry.field}: ` : '';
		const code = entry.code ? ` (${entry.code})` : '';
		return `${field}${entry.message ?? 'invalid'}${code}`;
	});
}

function adviceFor(status: number): string {
	return ADVICE[status] ?? (status >= 500 ? ADVICE[500] : 'Check the request parameters.');
}

export function apiError(
	node: INode,
	status: number,
	body: unknown,
	itemIndex: number | undefined,
	secrets: string[],
): NodeApiError {
	// The API may echo a key back (a header it did not like, the request it received): every
	// string of the body is cleaned before any of it goes into the error.
	const parsed: EngagedlyErrorBody =
		body !== null && typeof body === 'object' ? redactDeep(body as EngagedlyErrorBody, secrets) : {};
	const fieldErrors = formatFieldErrors(parsed);
	const kind = parsed.error_type ? `${parsed.error_type}: ` : '';
	const headline = parsed.message ?? (fieldErrors.length ? fieldErrors.join('; ') : `HTTP ${status}`);
	const message = redact(`Engagedly answered ${status}: ${kind}${headline}`, secrets);
	const details = fieldErrors.length ? `${fieldErrors.join('\n')}\n\n` : '';
	const errorResponse: JsonObject = {
		httpCode: String(status),
		error_type: parsed.error_type ?? null,
		errors: fieldErrors,
		message,
	};
	return new NodeApiError(node, errorResponse, {
		message,
		description: redact(`${details}${adviceFor(status)}`, secrets),
		httpCode: String(status),
		itemIndex,
	});
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
