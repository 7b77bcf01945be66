/**
 * Users, their attributes, status, permissions and profile picture.
 */
import { badRequest, created, ok, paginate, queryString, type Query } from '../http';
import { renderUser, renderUserListItem, type UserInclude } from '../render';
import type { Route } from '../router';
import type { PermissionRecord } from '../store';

const LIST_INCLUDES: UserInclude[] = ['primary_reporter', 'direct_reports'];
const SINGLE_INCLUDES: UserInclude[] = ['primary_reporter', 'direct_reports', 'hr_managers', 'secondary_managers'];

/** `include=a,b`: an unknown value is a 400 rather than a silently missing embed. */
function parseInclude(query: Query, allowed: UserInclude[]): Set<UserInclude> {
	const raw = queryString(query, 'include');
	const values = (raw ?? '')
		.split(',')
		.map((v) => v.trim())
		.filter(Boolean);
	const unknown = values.filter((v) => !allowed.includes(v as UserInclude));
	if (unknown.length > 0) throw badRequest('include', `Unknown include ${unknown.join(', ')}; allowed: ${allowed.join(', ')}`);
	return new Set(values as UserInclude[]);
}

export const renderPermission = (p: PermissionRecord) => ({ ...p });

export const userRoutes: Route[] = [
	{
		method: 'GET',
		path: '/beta/users',
		family: 'users',
		handler: ({ store, query, paging }) => {
			const include = parseInclude(query, LIST_INCLUDES);
			const email = queryString(query, 'email');
			const users = email !== undefined && email.trim() !== '' ? store.usersMatchingEmail(email) : store.sortedUsers();
			const page = paginate(users, paging, 25);
			return ok({ success: true, pagination: page.pagination, data: page.items.map((u) => renderUserListItem(store, u, include)) });
		},
	},
	{
		method: 'POST',
		path: '/beta/users',
		family: 'users',
		handler: ({ store, body }) => created({ success: true, data: renderUser(store, store.createUserFromInput(body)) }),
	},
	{
		method: 'GET',
		path: '/beta/users/block-reason-codes',
		family: 'users',
		// This endpoint alone answers `{status: 200, data}` without a success flag.
		handler: ({ store }) =>
			ok({
				status: 200,
				data: store.blockReasonCodes.map((c) => ({
					...c,
					blocked_users_count: [...store.users.values()].filter((u) => u.status === 'Blocked' && u.block_reason_code === c.code).length,
				})),
			}),
	},
	{
		method: 'GET',
		path: '/beta/users/:id',
		family: 'users',
		handler: ({ store, params, query }) => {
			const include = parseInclude(query, SINGLE_INCLUDES);
			return ok({ success: true, data: renderUser(store, store.getUser(params.id), include) });
		},
	},
	{
		method: 'PUT',
		path: '/beta/users/:id',
		family: 'users',
		handler: ({ store, params, body }) => ok({ success: true, data: renderUser(store, store.writeUser(params.id, body, 'put')) }),
	},
	{
		method: 'PATCH',
		path: '/beta/users/:id',
		family: 'users',
		handler: ({ store, params, body }) => ok({ success: true, data: renderUser(store, store.writeUser(params.id, body, 'patch')) }),
	},
	{
		method: 'PUT',
		path: '/beta/users/:id/profile/picture',
		family: 'users',
		handler: ({ store, params, body }) => {
			store.setProfilePicture(params.id, body);
			return ok({ success: true });
		},
	},
	{
		method: 'PUT',
		path: '/beta/users/:id/deactivate',
		family: 'users',
		handler: ({ store, params, body }) => ok({ success: true, data: renderUser(store, store.deactivateUser(params.id, body)) }),
	},
	{
		method: 'PUT',
		path: '/beta/users/:id/activate',
		family: 'users',
		handler: ({ store, params }) => ok({ success: true, data: renderUser(store, store.setUserStatus(params.id, 'Active')) }),
	},
	{
		method: 'GET',
		path: '/beta/users/:id/permissions',
		family: 'users',
		handler: ({ store, params }) => {
			const user = store.getUser(params.id);
			return ok({ success: true, data: store.permissionsOf(user.id).map(renderPermission) });
		},
	},
	{
		method: 'PUT',
		path: '/beta/users/:id/permissions',
		family: 'users',
		handler: ({ store, params, body }) => ok({ success: true, data: store.setUserPermissions(params.id, body).map(renderPermission) }),
	},
];

export const userAttributeRoutes: Route[] = [
	{
		method: 'GET',
		path: '/beta/user-attributes',
		family: 'user-attributes',
		handler: ({ store }) =>
			ok({
				success: true,
				data: store.attributes.map((a) => ({ ...a, attribute_options: a.attribute_options?.map((o) => ({ ...o })) ?? null })),
			}),
	},
];
