/**
 * What handlers receive and return, and the error bodies every layer shares.
 *
 * An error is raised as `{ error_type, errors: [{ field, message, code }] }` with one of the four
 * error types the spec documents (errors that concern no single field use the field name `base`,
 * the Rails convention for record-level errors). What goes on the wire is `renderError`'s: the
 * contract says only that "most" errors have that shape, so by default each status answers in
 * one of the shapes that "most" leaves open (see README, "Errors").
 */
import type { Store, UserRecord } from './store';

export type ErrorType = 'authentication_error' | 'invalid_request_error' | 'validation_error' | 'api_connection_error';

export interface ErrorEntry {
	field: string;
	message: string;
	code: string;
}

export interface ErrorBody {
	error_type: ErrorType;
	errors: ErrorEntry[];
}

/** Thrown anywhere below the server; the server turns it into a response. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly errorType: ErrorType,
		readonly errors: ErrorEntry[],
		readonly headers: Record<string, string> = {},
	) {
		super(errors.map((e) => e.message).join('; '));
	}

	get body(): ErrorBody {
		return { error_type: this.errorType, errors: this.errors };
	}
}

export const entry = (field: string, message: string, code: string): ErrorEntry => ({ field, message, code });

export function notFound(what: string, id: string): ApiError {
	return new ApiError(404, 'invalid_request_error', [entry('id', `${what} ${id} not found`, 'not_found')]);
}

export function badRequest(field: string, message: string, code = 'invalid_value'): ApiError {
	return new ApiError(400, 'invalid_request_error', [entry(field, message, code)]);
}

export function validationError(errors: ErrorEntry[]): ApiError {
	return new ApiError(422, 'validation_error', errors);
}

/** 403: the spec only says "403"; we keep to the documented error types (see README). */
export function forbidden(message: string): ApiError {
	return new ApiError(403, 'invalid_request_error', [entry('base', message, 'forbidden')]);
}

/** Server-side failure (injected 5xx, learner reports without pagination). */
export function serverError(status: number, message = 'Something went wrong on our end'): ApiError {
	return new ApiError(status, 'api_connection_error', [entry('base', `${status}: ${message}`, 'server_error')]);
}

/** `sim.setErrorBodies`: README.md, "Errors". */
export interface ErrorBodySettings {
	documentedShape: boolean;
}

/**
 * The shapes the contract's "most errors" leaves open, one per status, so that every suite that
 * meets a status meets its shape. 422 keeps the documented list: its codes (`missing_field`,
 * `duplicate_value`) are the contract's, and a client has to read them there.
 */
type ErrorShape = 'documented' | 'oneText' | 'objectOfLists' | 'listOfTexts' | 'messageOnly';

function shapeFor(status: number): ErrorShape {
	if (status === 422) return 'documented';
	if (status === 401 || status === 415) return 'listOfTexts';
	if (status === 400 || status === 403) return 'objectOfLists';
	if (status === 404 || status === 413) return 'oneText';
	return 'messageOnly'; // 405, 409, 5xx
}

/** The body an error answers with. */
export function renderError(error: ApiError, settings: ErrorBodySettings): unknown {
	const shape = settings.documentedShape ? 'documented' : shapeFor(error.status);
	const texts = error.errors.map((e) => e.message);
	switch (shape) {
		case 'documented':
			return error.body;
		case 'oneText':
			return { error_type: error.errorType, errors: texts.join('. ') };
		case 'listOfTexts':
			return { error_type: error.errorType, errors: texts };
		case 'objectOfLists': {
			const byField: Record<string, string[]> = {};
			for (const e of error.errors) (byField[e.field] ??= []).push(e.message);
			return { error_type: error.errorType, errors: byField };
		}
		case 'messageOnly':
			return { message: texts.join('. ') };
	}
}

/** Query values: repeated keys become arrays. */
export type Query = Record<string, string | string[]>;

export interface PageRequest {
	/** Undefined when the client did not send it (learner reports need to know). */
	page?: number;
	size?: number;
}

export interface RequestContext {
	store: Store;
	params: Record<string, string>;
	query: Query;
	/** The parsed JSON object for POST/PUT/PATCH (`{}` when the body was empty), else `{}`. */
	body: Record<string, unknown>;
	paging: PageRequest;
	/** The user who owns the API key: praises' `can_edit`, certificates' default `user_id`. */
	viewer: UserRecord;
}

export interface HandlerResult {
	status: number;
	/** Omitted for 204. */
	body?: unknown;
}

export type Handler = (ctx: RequestContext) => HandlerResult;

export const ok = (body: unknown): HandlerResult => ({ status: 200, body });
export const created = (body: unknown): HandlerResult => ({ status: 201, body });
export const noContent = (): HandlerResult => ({ status: 204 });

export interface Pagination {
	page: number;
	size: number;
	has_more: boolean;
	total_records: number;
}

/** Slice a fully ordered list into the requested page. */
export function paginate<T>(items: readonly T[], paging: PageRequest, defaultSize: number): { pagination: Pagination; items: T[] } {
	const page = paging.page ?? 1;
	const size = paging.size ?? defaultSize;
	const start = (page - 1) * size;
	return {
		pagination: { page, size, has_more: start + size < items.length, total_records: items.length },
		items: items.slice(start, start + size),
	};
}

/** First value of a query parameter. */
export function queryString(query: Query, name: string): string | undefined {
	const value = query[name];
	return Array.isArray(value) ? value[0] : value;
}

/**
 * An array parameter, accepted as `x[]=a&x[]=b`, `x=a` or `x=a&x=b` (clients differ in how
 * they serialise arrays, and the vendor documents the bracket form only).
 */
export function queryArray(query: Query, name: string): string[] | undefined {
	const values: string[] = [];
	for (const key of [`${name}[]`, name]) {
		const value = query[key];
		if (value === undefined) continue;
		values.push(...(Array.isArray(value) ? value : [value]));
	}
	const cleaned = values.map((v) => v.trim()).filter((v) => v !== '');
	return cleaned.length > 0 ? cleaned : undefined;
}

/** `true`/`false` query flags; anything else is a 400 rather than a silent guess. */
export function queryBoolean(query: Query, name: string): boolean | undefined {
	const value = queryString(query, name);
	if (value === undefined || value === '') return undefined;
	if (value === 'true' || value === '1') return true;
	if (value === 'false' || value === '0') return false;
	throw badRequest(name, `${name} must be true or false`);
}

export function queryNumber(query: Query, name: string): number | undefined {
	const value = queryString(query, name);
	if (value === undefined || value === '') return undefined;
	const n = Number(value);
	if (!Number.isFinite(n)) throw badRequest(name, `${name} must be a number`);
	return n;
}
