/**
 * Injected failures, to test how a client copes with a bad network or a bad day at the vendor.
 *
 * ```ts
 * sim.faults.add({ kind: 'status', status: 503, match: { method: 'GET', path: '/beta/users' } });
 * sim.faults.add({ kind: 'latency', ms: 2000, times: Infinity });
 * ```
 *
 * - `latency`: waits `ms` (default 1000), then serves the request normally.
 * - `status`: a JSON 5xx error body (`status`, default 500). Nothing is changed.
 * - `html`: an HTML error page with `text/html` (`status`, default 502), as a proxy would send.
 * - `truncated`: 200 with the first half of the JSON body. The request IS processed (a write
 *   takes effect), which is the nasty case: the client cannot know whether it worked.
 * - `drop`: the socket is destroyed without any response. Nothing is changed.
 * - `body`: answers `status` (default 200) with `body` as it is (a string, sent verbatim; `''`
 *   sends no body) and `headers`: the malformed 200s of a proxy or a broken deployment, or a
 *   429 storm. Nothing is changed.
 * - `redirect`: answers `status` (default 302) with `Location: location`. Nothing is changed.
 * - `rewrite`: the request IS processed, then `rewrite(body, store)` replaces its JSON answer,
 *   with `status` if given (a page that says `has_more` forever, a repeated page, an error that
 *   echoes the keys).
 * - `mutate`: `mutate(store)` runs before the request is served normally: the organisation
 *   changes between two pages of a scan (`match.query: { page: '2' }`). Any other fault may
 *   carry a `mutate` too, run before its answer: another execution creates the user just before
 *   this request is answered 409 (`kind: 'body', status: 409`).
 *
 * `match.path` is compared with the normalised path (no `/api` prefix, no query); a string
 * equals either the path itself (`/beta/users/abc`) or its route template (`/beta/users/:id`),
 * a RegExp is tested against the path. `match.query` requires those query parameters to have
 * exactly those values. `after` lets that many matching requests through first (the fault hits
 * request `after + 1` onwards). `times` defaults to 1 (`Infinity` = until cleared).
 * Faults apply after authentication and the rate limit, so faulted requests are counted.
 * A latency fault combines with one other fault; otherwise the first matching fault wins.
 */

import type { Store } from './store';

export type FaultKind = 'latency' | 'status' | 'html' | 'truncated' | 'drop' | 'body' | 'redirect' | 'rewrite' | 'mutate';

export interface FaultMatch {
	method?: string;
	path?: string | RegExp;
	query?: Record<string, string>;
}

/** Each field's meaning: the list above. */
export interface FaultSpec {
	kind: FaultKind;
	match?: FaultMatch;
	times?: number;
	ms?: number;
	status?: number;
	after?: number;
	body?: string;
	headers?: Record<string, string>;
	location?: string;
	rewrite?: (body: unknown, store: Store) => unknown;
	mutate?: (store: Store) => void;
}

export interface Fault extends FaultSpec {
	id: number;
	/** Requests it will still affect. */
	remaining: number;
	/** Requests it has affected. */
	hits: number;
	/** Matching requests let through so far under `after`. */
	passed: number;
}

export class FaultRegistry {
	private faults: Fault[] = [];
	private nextId = 1;

	add(spec: FaultSpec): Fault {
		const times = spec.times ?? 1;
		if (!(times > 0)) throw new Error('times must be > 0');
		const fault: Fault = { ...spec, id: this.nextId++, remaining: times, hits: 0, passed: 0 };
		this.faults.push(fault);
		return fault;
	}

	remove(id: number): void {
		this.faults = this.faults.filter((f) => f.id !== id);
	}

	clear(): void {
		this.faults = [];
	}

	/** Faults still armed. */
	list(): Fault[] {
		return this.faults.filter((f) => f.remaining > 0);
	}

	/** Take (and use up) the faults that apply to this request: at most one latency and one other. */
	take(
		method: string,
		path: string,
		routeTemplate: string | null,
		query: Record<string, string | string[]> = {},
	): { latency?: Fault; fault?: Fault } {
		const matching = this.faults.filter((f) => f.remaining > 0 && matches(f.match, method, path, routeTemplate, query));
		// Faults still letting requests through count this one and stay out of the way.
		const armed = matching.filter((f) => {
			if (f.passed >= (f.after ?? 0)) return true;
			f.passed++;
			return false;
		});
		const latency = armed.find((f) => f.kind === 'latency');
		const fault = armed.find((f) => f.kind !== 'latency');
		for (const f of [latency, fault]) {
			if (!f) continue;
			f.remaining--;
			f.hits++;
		}
		this.faults = this.faults.filter((f) => f.remaining > 0);
		return { latency, fault };
	}
}

function matches(
	match: FaultMatch | undefined,
	method: string,
	path: string,
	routeTemplate: string | null,
	query: Record<string, string | string[]>,
): boolean {
	if (!match) return true;
	if (match.method && match.method.toUpperCase() !== method.toUpperCase()) return false;
	for (const [name, wanted] of Object.entries(match.query ?? {})) {
		const value = query[name];
		if ((Array.isArray(value) ? value[value.length - 1] : value) !== wanted) return false;
	}
	if (match.path === undefined) return true;
	if (match.path instanceof RegExp) {
		match.path.lastIndex = 0;
		return match.path.test(path);
	}
	const wanted = match.path.replace(/^\/api(?=\/beta)/, '').replace(/\/+$/, '');
	return wanted === path || wanted === routeTemplate;
}

export function htmlErrorPage(status: number): string {
	return [
		'<!DOCTYPE html>',
		'<html>',
		`<head><title>${status} Error</title></head>`,
		'<body>',
		`<center><h1>${status} ${status === 502 ? 'Bad Gateway' : status === 503 ? 'Service Temporarily Unavailable' : status === 504 ? 'Gateway Time-out' : 'Error'}</h1></center>`,
		'<hr><center>nginx</center>',
		'</body>',
		'</html>',
		'',
	].join('\r\n');
}
