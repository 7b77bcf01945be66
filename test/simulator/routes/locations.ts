/**
 * Locations. Ids are numbers inside; lists render them as strings and single responses as
 * numbers (the spec types them as strings, the vendor's samples as numbers: clients must cope
 * with both). PUT replaces the whole record.
 */
import { created, noContent, ok, paginate } from '../http';
import type { Route } from '../router';
import type { LocationRecord } from '../store';

/** The stored record is the rendered one (records.ts), but for the id's form. */
export const renderLocation = (l: LocationRecord, idAsString: boolean) => ({ ...l, id: idAsString ? String(l.id) : l.id });

export const locationRoutes: Route[] = [
	{
		method: 'GET',
		path: '/beta/locations',
		family: 'locations',
		handler: ({ store, paging }) => {
			const page = paginate([...store.locations.values()].sort((a, b) => a.id - b.id), paging, 25);
			return ok({ success: true, pagination: page.pagination, data: page.items.map((l) => renderLocation(l, true)) });
		},
	},
	{
		method: 'POST',
		path: '/beta/locations',
		family: 'locations',
		handler: ({ store, body }) => created({ success: true, data: renderLocation(store.writeLocation(body), false) }),
	},
	{
		method: 'GET',
		path: '/beta/locations/:id',
		family: 'locations',
		handler: ({ store, params }) => ok({ success: true, data: renderLocation(store.getLocation(params.id), false) }),
	},
	{
		method: 'PUT',
		path: '/beta/locations/:id',
		family: 'locations',
		handler: ({ store, params, body }) => ok({ success: true, data: renderLocation(store.writeLocation(body, params.id), false) }),
	},
	{
		method: 'DELETE',
		path: '/beta/locations/:id',
		family: 'locations',
		handler: ({ store, params }) => {
			store.deleteLocation(params.id);
			return noContent();
		},
	},
];
