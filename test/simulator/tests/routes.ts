/**
 * Every documented route (docs/engagedly-api.md, "Endpoints", certificates included), with a way
 * to fill in the ids from the seeded organisation.
 */
import { Api } from './client';

export interface RouteDef {
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** Path template with `:user`, `:department`, `:business`, `:location`, `:job_title`, `:resource`, `:certificate`. */
	path: string;
}

export const ROUTES: RouteDef[] = [
	{ method: 'GET', path: '/user-attributes' },
	{ method: 'GET', path: '/users' },
	{ method: 'POST', path: '/users' },
	{ method: 'GET', path: '/users/block-reason-codes' },
	{ method: 'GET', path: '/users/:user' },
	{ method: 'PUT', path: '/users/:user' },
	{ method: 'PATCH', path: '/users/:user' },
	{ method: 'PUT', path: '/users/:user/profile/picture' },
	{ method: 'PUT', path: '/users/:user/deactivate' },
	{ method: 'PUT', path: '/users/:user/activate' },
	{ method: 'GET', path: '/users/:user/permissions' },
	{ method: 'PUT', path: '/users/:user/permissions' },
	{ method: 'GET', path: '/departments' },
	{ method: 'POST', path: '/departments' },
	{ method: 'GET', path: '/departments/:department' },
	{ method: 'PUT', path: '/departments/:department' },
	{ method: 'DELETE', path: '/departments/:department' },
	{ method: 'GET', path: '/businesses' },
	{ method: 'POST', path: '/businesses' },
	{ method: 'GET', path: '/businesses/:business' },
	{ method: 'PUT', path: '/businesses/:business' },
	{ method: 'DELETE', path: '/businesses/:business' },
	{ method: 'GET', path: '/locations' },
	{ method: 'POST', path: '/locations' },
	{ method: 'GET', path: '/locations/:location' },
	{ method: 'PUT', path: '/locations/:location' },
	{ method: 'DELETE', path: '/locations/:location' },
	{ method: 'GET', path: '/job_titles' },
	{ method: 'POST', path: '/job_titles' },
	{ method: 'GET', path: '/job_titles/:job_title' },
	{ method: 'PUT', path: '/job_titles/:job_title' },
	{ method: 'DELETE', path: '/job_titles/:job_title' },
	{ method: 'GET', path: '/permissions' },
	{ method: 'GET', path: '/activities/praises' },
	{ method: 'GET', path: '/learning/resources' },
	{ method: 'GET', path: '/learning/resources/:resource/contents' },
	{ method: 'GET', path: '/learning/learner_reports' },
	{ method: 'GET', path: '/certificates' },
	{ method: 'GET', path: '/certificates/:certificate' },
];

export const WRITE_ROUTES = ROUTES.filter((r) => r.method !== 'GET');
export const READ_ROUTES = ROUTES.filter((r) => r.method === 'GET');

export type Ids = Record<'user' | 'department' | 'business' | 'location' | 'job_title' | 'resource' | 'certificate', string>;

/** Reads one existing id of each kind from the API. */
export async function seededIds(api: Api): Promise<Ids> {
	const first = async (path: string): Promise<string> => {
		const res = await api.get(path, { page: 1, size: 1 });
		if (res.status !== 200 || !res.body?.data?.length) throw new Error(`cannot read an id from ${path}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
		return String(res.body.data[0].id);
	};
	return {
		user: await first('/users'),
		department: await first('/departments'),
		business: await first('/businesses'),
		location: await first('/locations'),
		job_title: await first('/job_titles'),
		resource: await first('/learning/resources'),
		certificate: await first('/certificates'),
	};
}

export function fillPath(path: string, ids: Ids): string {
	return path.replace(/:(user|department|business|location|job_title|resource|certificate)/g, (_m, k: keyof Ids) => ids[k]);
}

/** The template as the request log names it: `GET /beta/users/:id`. */
export function logRoute(route: RouteDef): string {
	return `${route.method} /beta${route.path.replace(/:(user|department|business|location|job_title|certificate)/g, ':id').replace(':resource', ':id')}`;
}
