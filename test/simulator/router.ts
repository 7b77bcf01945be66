/**
 * Path templates → handlers. Literal segments beat `:params`, so
 * `/beta/users/block-reason-codes` is never taken for a user id.
 */
import type { Handler } from './http';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a key can be limited to (see `ApiKeyConfig.resources`). */
export type ResourceFamily =
	| 'user-attributes'
	| 'users'
	| 'departments'
	| 'businesses'
	| 'locations'
	| 'job_titles'
	| 'permissions'
	| 'praises'
	| 'learning'
	| 'certificates';

export interface Route {
	method: Method;
	/** e.g. `/beta/users/:id`; also what the request log shows as `route`. */
	path: string;
	family: ResourceFamily;
	handler: Handler;
}

/** A resource listed, created, read, replaced (PUT) and deleted by id: units, locations, job titles. */
export function crudRoutes(
	path: string,
	family: ResourceFamily,
	handlers: { list: Handler; create: Handler; get: Handler; replace: Handler; remove: Handler },
): Route[] {
	const one = `${path}/:id`;
	return [
		{ method: 'GET', path, family, handler: handlers.list },
		{ method: 'POST', path, family, handler: handlers.create },
		{ method: 'GET', path: one, family, handler: handlers.get },
		{ method: 'PUT', path: one, family, handler: handlers.replace },
		{ method: 'DELETE', path: one, family, handler: handlers.remove },
	];
}

export type RouteMatch =
	| { kind: 'found'; route: Route; params: Record<string, string> }
	| { kind: 'method-not-allowed'; allowed: Method[] }
	| { kind: 'not-found' };

export class Router {
	private readonly compiled: { route: Route; segments: string[]; literals: number }[];

	constructor(routes: Route[]) {
		this.compiled = routes.map((route) => {
			const segments = route.path.split('/').filter(Boolean);
			return { route, segments, literals: segments.filter((s) => !s.startsWith(':')).length };
		});
	}

	/** `path` is already normalised: no `/api` prefix, no query, no trailing slash. */
	match(method: string, path: string): RouteMatch {
		const parts = path.split('/').filter(Boolean);
		const candidates: { route: Route; params: Record<string, string>; literals: number }[] = [];
		for (const { route, segments, literals } of this.compiled) {
			if (segments.length !== parts.length) continue;
			const params: Record<string, string> = {};
			const fits = segments.every((segment, i) => {
				if (segment.startsWith(':')) {
					params[segment.slice(1)] = safeDecode(parts[i]);
					return true;
				}
				return segment === parts[i];
			});
			if (fits) candidates.push({ route, params, literals });
		}
		if (candidates.length === 0) return { kind: 'not-found' };
		// Only the most specific template counts: `/users/block-reason-codes` with PUT is a 405,
		// not a PUT on a user called "block-reason-codes".
		const best = Math.max(...candidates.map((c) => c.literals));
		const specific = candidates.filter((c) => c.literals === best);
		const hit = specific.find((c) => c.route.method === method);
		if (hit) return { kind: 'found', route: hit.route, params: hit.params };
		return { kind: 'method-not-allowed', allowed: [...new Set(specific.map((c) => c.route.method))] };
	}
}

function safeDecode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}
