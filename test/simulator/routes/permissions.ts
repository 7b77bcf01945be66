/**
 * The organisation's permissions (a user's own permissions live under /users/<id>/permissions).
 * Ids are listed here as strings, though a user's permissions give them as numbers and a write
 * takes only numbers: the spec notes permission ids come both ways, so a client must compare
 * them as text and send the integers the write documents.
 */
import { ok, paginate } from '../http';
import type { Route } from '../router';
import type { PermissionRecord } from '../store';
import { renderPermission } from './users';

const renderListed = (p: PermissionRecord) => ({ ...renderPermission(p), id: String(p.id) });

export const permissionRoutes: Route[] = [
	{
		method: 'GET',
		path: '/beta/permissions',
		family: 'permissions',
		handler: ({ store, paging }) => {
			const page = paginate([...store.permissions].sort((a, b) => a.id - b.id), paging, 25);
			return ok({ success: true, pagination: page.pagination, data: page.items.map(renderListed) });
		},
	},
];
