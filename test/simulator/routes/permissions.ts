/**
 * The organisation's permissions (a user's own permissions live under /users/<id>/permissions).
 */
import { ok, paginate } from '../http';
import type { Route } from '../router';
import { renderPermission } from './users';

export const permissionRoutes: Route[] = [
	{
		method: 'GET',
		path: '/beta/permissions',
		family: 'permissions',
		handler: ({ store, paging }) => {
			const page = paginate([...store.permissions].sort((a, b) => a.id - b.id), paging, 25);
			return ok({ success: true, pagination: page.pagination, data: page.items.map(renderPermission) });
		},
	},
];
