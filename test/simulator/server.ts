/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- the simulator is a plain Node HTTP server, not n8n node code */
/**
 * The HTTP layer: one pipeline per request, in the order the README documents:
 *
 *   auth (401) → rate limit (429) → faults → route (404/405) → content type (415)
 *   → JSON (400) → pagination (400) → key permission (403) → handler (404/422/...)
 *
 * Everything a client can observe about transport (headers, envelopes of errors, the `/api`
 * prefix, trailing slashes) is decided here; the route modules only see parsed input.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { htmlErrorPage, type FaultRegistry } from './faults';
import { ApiError, badRequest, entry, forbidden, renderError, serverError, type ErrorBodySettings, type PageRequest, type Query } from './http';
import type { RateLimiter } from './rateLimit';
import { Router, type ResourceFamily } from './router';
import { allRoutes } from './routes';
import { shapeBody, type Profile } from './profiles';
import { DEFAULT_PICTURE } from './seed';
import type { Store, UserRecord } from './store';

/** Both documented in README.md, "Programmatic API". */
export interface ApiKeyConfig {
	name?: string;
	clientKey: string;
	secretKey: string;
	ownerId?: string;
	readOnly?: boolean;
	resources?: ResourceFamily[];
}

export interface RequestLogEntry {
	time: string;
	method: string;
	path: string;
	route: string | null;
	query: Query;
	status: number;
	clientKey: string | null;
	body: unknown;
}

export interface ServerContext {
	store: Store;
	limiter: RateLimiter;
	faults: FaultRegistry;
	keys: () => ApiKeyConfig[];
	log: RequestLogEntry[];
	/** Whose shapes successful answers take (see profiles.ts). */
	profile: Profile;
	/** How error bodies are rendered (http.ts renderError); changed in place by setErrorBodies. */
	errorBodies: ErrorBodySettings;
}

const MAX_BODY_BYTES = 50 * 1024 * 1024;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const router = new Router(allRoutes);

/** `/api/beta/x/` → `/beta/x` (some vendor samples carry the `/api` prefix). */
export function normalisePath(pathname: string): string {
	let path = pathname.replace(/\/{2,}/g, '/');
	if (path === '/api/beta' || path.startsWith('/api/beta/')) path = path.slice(4);
	if (path.length > 1) path = path.replace(/\/+$/, '');
	return path;
}

function parseQuery(params: URLSearchParams): Query {
	const query: Query = {};
	for (const [key, value] of params) {
		const existing = query[key];
		if (existing === undefined) query[key] = value;
		else query[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
	}
	return query;
}

/** page ≥ 1, 1 ≤ size ≤ 50, digits only; checked on every /beta endpoint, as the vendor does. */
function parsePaging(query: Query): PageRequest {
	const paging: PageRequest = {};
	for (const name of ['page', 'size'] as const) {
		const raw = query[name];
		if (raw === undefined) continue;
		const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
		if (!/^\d+$/.test(value.trim())) throw badRequest(name, `${name} must be a positive integer`);
		const n = Number(value.trim());
		if (name === 'page' && n < 1) throw badRequest('page', 'page starts at 1');
		if (name === 'size' && (n < 1 || n > 50)) throw badRequest('size', 'size must be between 1 and 50');
		paging[name] = n;
	}
	return paging;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(new ApiError(413, 'invalid_request_error', [entry('body', 'Request body too large', 'too_large')]));
				req.destroy();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function sniffImageType(bytes: Buffer): string {
	if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
	if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
	if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
	if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
	return 'application/octet-stream';
}

export function createServer(ctx: ServerContext): http.Server {
	const timers = new Set<NodeJS.Timeout>();
	const delay = (ms: number) =>
		new Promise<void>((resolve) => {
			const timer = setTimeout(() => {
				timers.delete(timer);
				resolve();
			}, ms);
			timers.add(timer);
		});

	const server = http.createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			// A bug in the simulator: say so loudly, but still answer.
			console.error('[engagedly-simulator]', error);
			if (!res.headersSent) {
				res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
				res.end(JSON.stringify(renderError(serverError(500, String(error)), ctx.errorBodies)));
			}
		});
	});
	// Node closes a kept-alive connection after 5 idle seconds. A client that sends its next
	// request on that socket at the same moment (a test resuming after a reset of 10,000 users, a
	// poll after a wait) gets ECONNRESET, which no real API behind a load balancer does within
	// seconds. Idle connections are therefore kept until the client closes them or the simulator stops.
	server.keepAliveTimeout = 0;
	server.on('close', () => {
		for (const timer of timers) clearTimeout(timer);
		timers.clear();
	});

	async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const method = (req.method ?? 'GET').toUpperCase();
		const url = new URL(req.url ?? '/', 'http://simulator');
		const path = normalisePath(url.pathname);
		const query = parseQuery(url.searchParams);
		const match = router.match(method, path);
		const header = (name: string) => {
			const value = req.headers[name.toLowerCase()];
			return Array.isArray(value) ? value[0] : value;
		};
		const clientKey = header('ClientKey') ?? null;
		// Engagedly's clock, which need not be this host's (RateLimiter's clockOffsetMs).
		res.setHeader('Date', ctx.limiter.httpDate());
		const log: RequestLogEntry = {
			time: new Date().toISOString(),
			method,
			path,
			route: match.kind === 'found' ? `${method} ${match.route.path}` : null,
			query,
			status: 0,
			clientKey,
			body: undefined,
		};

		let rawBody: Buffer;
		try {
			rawBody = await readBody(req);
		} catch (error) {
			if (error instanceof ApiError) {
				log.status = error.status;
				ctx.log.push(log);
				res.writeHead(error.status, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
				res.end(JSON.stringify(renderError(error, ctx.errorBodies)));
			}
			return;
		}
		const text = rawBody.toString('utf8');
		let parsed: { ok: true; value: unknown } | { ok: false } = { ok: false };
		if (text.trim() !== '') {
			try {
				parsed = { ok: true, value: JSON.parse(text) };
			} catch {
				parsed = { ok: false };
			}
		}
		log.body = text.trim() === '' ? undefined : parsed.ok ? parsed.value : text;

		let extraHeaders: Record<string, string> = {};
		const finish = (status: number, body: string | undefined, contentType = 'application/json; charset=utf-8', headers: Record<string, string> = {}) => {
			log.status = status;
			ctx.log.push(log);
			const all: Record<string, string | number> = { ...extraHeaders, ...headers };
			if (body !== undefined) {
				all['Content-Type'] = contentType;
				all['Content-Length'] = Buffer.byteLength(body);
			}
			res.writeHead(status, all);
			res.end(body);
		};
		const sendJson = (status: number, body: unknown, headers: Record<string, string> = {}) =>
			finish(status, status === 204 || body === undefined ? undefined : JSON.stringify(body), undefined, headers);

		// Profile pictures (static files on a CDN in the real service): no auth, no rate limit.
		if (method === 'GET' && path.startsWith('/pictures/')) {
			const [, , userId, version, size] = path.split('/');
			const user = ctx.store.users.get(userId);
			const bytes = user && String(user.picture) === version ? (ctx.store.pictures.get(user.id) ?? DEFAULT_PICTURE) : undefined;
			if (!bytes || !['small', 'medium', 'large'].includes(size)) {
				return sendJson(404, renderError(new ApiError(404, 'invalid_request_error', [entry('path', 'No such picture', 'not_found')]), ctx.errorBodies));
			}
			log.status = 200;
			ctx.log.push(log);
			res.writeHead(200, { 'Content-Type': sniffImageType(bytes), 'Content-Length': bytes.length, 'Cache-Control': 'public, max-age=31536000' });
			res.end(bytes);
			return;
		}

		try {
			// 1. Authentication.
			const secretKey = header('SecretKey');
			const key = ctx.keys().find((k) => k.clientKey === clientKey);
			if (!key || key.secretKey !== secretKey) {
				extraHeaders = ctx.limiter.peek(clientKey ?? '');
				const errors = [];
				if (!clientKey) errors.push(entry('ClientKey', 'The ClientKey header is missing', 'missing_credentials'));
				if (!secretKey) errors.push(entry('SecretKey', 'The SecretKey header is missing', 'missing_credentials'));
				if (errors.length === 0) errors.push(entry('base', 'Invalid ClientKey or SecretKey', 'invalid_credentials'));
				throw new ApiError(401, 'authentication_error', errors);
			}

			// 2. Rate limit, per ClientKey, shared by all endpoints.
			const decision = ctx.limiter.hit(key.clientKey);
			extraHeaders = decision.headers;
			if (!decision.allowed) {
				return sendJson(429, {
					error_type: 'rate_limit_exceeded',
					message: `Rate limit of ${ctx.limiter.limit} requests per minute exceeded. Retry after ${decision.headers['Retry-After']} seconds.`,
				});
			}

			// 3. Injected faults.
			const { latency, fault } = ctx.faults.take(method, path, match.kind === 'found' ? match.route.path : null, query);
			if (latency) {
				await delay(latency.ms ?? 1000);
				if (res.destroyed || req.socket.destroyed) {
					ctx.log.push(log);
					return;
				}
			}
			// Another client's change landing just before this request (a mutate fault, or another
			// fault's `mutate`: a creation racing this one, then answered 409).
			fault?.mutate?.(ctx.store);
			if (fault?.kind === 'drop') {
				ctx.log.push(log);
				req.socket.destroy();
				return;
			}
			if (fault?.kind === 'status') {
				const status = fault.status ?? 500;
				return sendJson(status, renderError(serverError(status), ctx.errorBodies));
			}
			if (fault?.kind === 'html') {
				const status = fault.status ?? 502;
				return finish(status, htmlErrorPage(status), 'text/html; charset=utf-8');
			}
			if (fault?.kind === 'body') {
				return finish(fault.status ?? 200, fault.body === '' ? undefined : (fault.body ?? ''), undefined, fault.headers);
			}
			if (fault?.kind === 'redirect') {
				return finish(fault.status ?? 302, undefined, undefined, { Location: fault.location ?? 'https://elsewhere.example/' });
			}

			// 4. Routing.
			if (match.kind === 'not-found') {
				throw new ApiError(404, 'invalid_request_error', [entry('path', `No route for ${method} ${path}`, 'not_found')]);
			}
			if (match.kind === 'method-not-allowed') {
				throw new ApiError(
					405,
					'invalid_request_error',
					[entry('method', `${method} is not supported on ${path}; allowed: ${match.allowed.join(', ')}`, 'method_not_allowed')],
					{ Allow: match.allowed.join(', ') },
				);
			}

			// 5–6. Body: writes must declare JSON, even when they send nothing.
			let body: Record<string, unknown> = {};
			if (WRITE_METHODS.has(method)) {
				const contentType = (header('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
				if (contentType !== 'application/json') {
					throw new ApiError(415, 'invalid_request_error', [
						entry('Content-Type', `${method} requests must be sent with Content-Type: application/json`, 'unsupported_media_type'),
					]);
				}
				if (text.trim() !== '') {
					if (!parsed.ok) throw badRequest('body', 'The request body is not valid JSON', 'invalid_json');
					if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
						throw badRequest('body', 'The request body must be a JSON object', 'invalid_json');
					}
					body = parsed.value as Record<string, unknown>;
				}
			}

			// 7. Pagination parameters, on every endpoint.
			const paging = parsePaging(query);

			// 8. What this key may do.
			if (key.readOnly && method !== 'GET') throw forbidden('This API key is read-only');
			if (key.resources && !key.resources.includes(match.route.family)) {
				throw forbidden(`This API key has no access to ${match.route.family}`);
			}
			const viewer: UserRecord = (key.ownerId ? ctx.store.users.get(key.ownerId) : undefined) ?? ctx.store.admin;

			// 9. The handler.
			const result = match.route.handler({ store: ctx.store, params: match.params, query, body, paging, viewer });
			const shaped = shapeBody(ctx.profile, `${method} ${match.route.path}`, result.body, ctx.store);
			if (fault?.kind === 'rewrite' && fault.rewrite) {
				return sendJson(fault.status ?? result.status, fault.rewrite(shaped, ctx.store));
			}
			if (fault?.kind === 'truncated') {
				const full = JSON.stringify(shaped ?? { success: true });
				return finish(200, full.slice(0, Math.floor(full.length / 2)));
			}
			return sendJson(result.status, shaped);
		} catch (error) {
			if (!(error instanceof ApiError)) throw error;
			return sendJson(error.status, renderError(error, ctx.errorBodies), error.headers);
		}
	}

	return server;
}

export async function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	return server.address() as AddressInfo;
}
