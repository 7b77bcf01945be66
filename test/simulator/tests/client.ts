/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * Test helpers: an authenticated HTTP client for the simulator (real HTTP through node:http) and
 * assertions that check a response's status and validate its body against a zod schema.
 *
 * Bodies are kept raw (`text`) so tests can tell an empty 204 body, an HTML page or truncated
 * JSON apart; `body` is the parsed JSON when the text parses, `undefined` otherwise.
 */
import * as http from 'node:http';
import { z } from 'zod';
import {
	ErrorBodySchema,
	ErrorListOfTextsSchema,
	ErrorMessageOnlySchema,
	ErrorObjectOfListsSchema,
	ErrorOneTextSchema,
	ErrorTypeSchema,
} from '../../schemas/engagedly';

export interface KeyPair {
	clientKey: string;
	secretKey: string;
}

export interface ApiResponse {
	status: number;
	headers: Record<string, string>;
	text: string;
	/** Parsed JSON body, or undefined when the body is empty or not JSON. */
	body: Json;
}

export interface ClientOptions {
	/** Keys sent as ClientKey/SecretKey; `null` sends no auth headers at all. */
	keys?: KeyPair | null;
	/** `/beta` (default) or `/api/beta`. */
	prefix?: '/beta' | '/api/beta';
}

/**
 * A parsed JSON body. Tests first check it against the zod schemas of the spec, then read it
 * freely; typing every access again would only repeat the schemas.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export type Query = Record<string, string | number | boolean | Array<string | number>>;

function parseJson(text: string): Json {
	if (text === '') return undefined;
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

function normaliseHeaders(raw: Json): Record<string, string> {
	const out: Record<string, string> = {};
	const obj = raw && typeof raw.toJSON === 'function' ? raw.toJSON() : raw ?? {};
	for (const [k, v] of Object.entries(obj)) {
		out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
	}
	return out;
}

/** Serialises `{ 'types[]': ['Course'], page: 1 }` as `types[]=Course&page=1`. */
export function queryString(params: Query): string {
	const parts: string[] = [];
	for (const [k, v] of Object.entries(params)) {
		const values = Array.isArray(v) ? v : [v];
		for (const one of values) parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(one))}`);
	}
	return parts.join('&');
}

export class Api {
	readonly root: string;

	constructor(
		baseUrl: string,
		private readonly keys: KeyPair | null,
		prefix: '/beta' | '/api/beta' = '/beta',
	) {
		this.root = `${baseUrl}${prefix}`;
	}

	/** Any request; `path` is relative to the API root (`/users`), or absolute (`http://...`). */
	async request(method: string, path: string, options: {
		query?: Query;
		data?: unknown;
		headers?: Record<string, string>;
		/** Send `data` as it is (a string), without JSON encoding. */
		raw?: boolean;
		/** Client-side timeout in ms (none by default). */
		timeoutMs?: number;
	} = {}): Promise<ApiResponse> {
		let url = path.startsWith('http') ? path : `${this.root}${path}`;
		if (options.query && Object.keys(options.query).length > 0) {
			url += (url.includes('?') ? '&' : '?') + queryString(options.query);
		}
		const headers: Record<string, string> = {};
		if (this.keys) {
			headers.ClientKey = this.keys.clientKey;
			headers.SecretKey = this.keys.secretKey;
		}
		let body: string | undefined;
		if (options.data !== undefined) {
			body = options.raw ? String(options.data) : JSON.stringify(options.data);
			if (!options.raw) headers['Content-Type'] = 'application/json';
			headers['Content-Length'] = String(Buffer.byteLength(body));
		}
		Object.assign(headers, options.headers ?? {});
		return await rawRequest(url, method, headers, body, options.timeoutMs);
	}

	get(path: string, query?: Query, headers?: Record<string, string>) {
		return this.request('GET', path, { query, headers });
	}
	post(path: string, data?: unknown, headers?: Record<string, string>) {
		return this.request('POST', path, { data: data ?? {}, headers });
	}
	put(path: string, data?: unknown, headers?: Record<string, string>) {
		return this.request('PUT', path, { data: data ?? {}, headers });
	}
	patch(path: string, data?: unknown, headers?: Record<string, string>) {
		return this.request('PATCH', path, { data: data ?? {}, headers });
	}
	delete(path: string, headers?: Record<string, string>) {
		return this.request('DELETE', path, { headers });
	}
}

/**
 * A request through node:http with exactly the given headers (no redirect followed, no proxy);
 * `http.test.ts` calls it directly where the absence of a header is the point. A timeout fails
 * the request with ETIMEDOUT.
 */
export function rawRequest(
	url: string,
	method: string,
	headers: Record<string, string>,
	body?: string,
	timeoutMs?: number,
): Promise<ApiResponse> {
	return new Promise((resolve, reject) => {
		const req = http.request(url, { method, headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('error', reject);
			res.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				resolve({ status: res.statusCode ?? 0, headers: normaliseHeaders(res.headers), text, body: parseJson(text) });
			});
		});
		const timedOut = Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' });
		if (timeoutMs) req.setTimeout(timeoutMs, () => req.destroy(timedOut));
		req.on('error', reject);
		if (body !== undefined) req.write(body);
		req.end();
	});
}

/** An authenticated client for a running simulator (demo keys unless told otherwise). */
export function client(sim: { baseUrl: string; keys: { demo: KeyPair } }, options: ClientOptions = {}): Api {
	const keys = options.keys === undefined ? sim.keys.demo : options.keys;
	return new Api(sim.baseUrl, keys, options.prefix ?? '/beta');
}

function describeResponse(res: ApiResponse): string {
	const text = res.text.length > 1500 ? `${res.text.slice(0, 1500)}...` : res.text;
	return `HTTP ${res.status}: ${text}`;
}

/** Fails with the first issues (path, message) when `value` does not match. */
export function parseWith<S extends z.ZodTypeAny>(schema: S, value: unknown, what = 'body'): z.infer<S> {
	const result = schema.safeParse(value);
	if (!result.success) {
		const issues = result.error.issues
			.slice(0, 8)
			.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`)
			.join('\n');
		throw new Error(`${what} does not match the schema:\n${issues}\n${JSON.stringify(value)?.slice(0, 1500)}`);
	}
	return result.data;
}

export function expectBody<S extends z.ZodTypeAny>(res: ApiResponse, status: number, schema: S): z.infer<S> {
	if (res.status !== status) {
		throw new Error(`expected HTTP ${status}, got ${describeResponse(res)}`);
	}
	if (res.body === undefined) {
		throw new Error(`expected a JSON body, got ${describeResponse(res)}`);
	}
	return parseWith(schema, res.body, `HTTP ${res.status} body`);
}

/**
 * The shape each status answers in by default (README, "Errors"): the contract promises the
 * documented `{error_type, errors: [{field, message, code}]}` for "most" errors only, and the
 * simulator keeps it for 422, whose codes are the contract's.
 */
const DEFAULT_ERROR_SHAPES: Record<number, z.ZodTypeAny> = {
	400: ErrorObjectOfListsSchema,
	401: ErrorListOfTextsSchema,
	403: ErrorObjectOfListsSchema,
	404: ErrorOneTextSchema,
	405: ErrorMessageOnlySchema,
	409: ErrorMessageOnlySchema,
	413: ErrorOneTextSchema,
	415: ErrorListOfTextsSchema,
	422: ErrorBodySchema,
};

export function errorShapeFor(status: number): z.ZodTypeAny {
	return DEFAULT_ERROR_SHAPES[status] ?? (status >= 500 ? ErrorMessageOnlySchema : ErrorBodySchema);
}

/**
 * Asserts an error response: the status, the body in that status's default shape and, when
 * given and the shape carries one, the error type.
 */
export function expectError(res: ApiResponse, status: 422, errorType?: z.infer<typeof ErrorTypeSchema>): z.infer<typeof ErrorBodySchema>;
export function expectError(res: ApiResponse, status: number, errorType?: z.infer<typeof ErrorTypeSchema>): unknown;
export function expectError(res: ApiResponse, status: number, errorType?: z.infer<typeof ErrorTypeSchema>): unknown {
	const body = expectBody(res, status, errorShapeFor(status)) as { error_type?: string };
	if (errorType !== undefined && 'error_type' in body && body.error_type !== errorType) {
		throw new Error(`expected error_type ${errorType}, got ${describeResponse(res)}`);
	}
	return body;
}

export function expectNoContent(res: ApiResponse): void {
	if (res.status !== 204 || res.text !== '') {
		throw new Error(`expected HTTP 204 with an empty body, got ${describeResponse(res)}`);
	}
}

export async function listAll(api: Api, path: string, query: Query = {}, size = 50): Promise<Json[]> {
	const out: Json[] = [];
	for (let page = 1; page < 10_000; page++) {
		const res = await api.get(path, { ...query, page, size });
		if (res.status !== 200) throw new Error(`listing ${path} page ${page}: ${describeResponse(res)}`);
		out.push(...res.body.data);
		if (!res.body.pagination.has_more) return out;
	}
	throw new Error(`listing ${path} never ended`);
}

/** A random UUID nobody uses. */
export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
