/**
 * Locations and job titles: one shape of rules, two URL families. Ids are numbers inside; lists
 * render them as strings and single responses as numbers (the spec types them as strings, the
 * vendor's samples as numbers: clients must cope with both). PUT replaces the whole record.
 */
import { created, noContent, ok, paginate } from '../http';
import { crudRoutes, type Route } from '../router';
import type { JobTitleRecord, LocationRecord, NumberedKind } from '../store';

/** The stored record is the rendered one (records.ts), but for the id's form. */
const render = (record: LocationRecord | JobTitleRecord, idAsString: boolean) => ({ ...record, id: idAsString ? String(record.id) : record.id });

function numberedRoutes(family: NumberedKind): Route[] {
	return crudRoutes(`/beta/${family}`, family, {
		list: ({ store, paging }) => {
			const page = paginate([...store.numbered(family).values()].sort((a, b) => a.id - b.id), paging, 25);
			return ok({ success: true, pagination: page.pagination, data: page.items.map((record) => render(record, true)) });
		},
		create: ({ store, body }) => created({ success: true, data: render(store.writeNumbered(family, body), false) }),
		get: ({ store, params }) => ok({ success: true, data: render(store.getNumbered(family, params.id), false) }),
		replace: ({ store, params, body }) => ok({ success: true, data: render(store.writeNumbered(family, body, params.id), false) }),
		remove: ({ store, params }) => {
			store.deleteNumbered(family, params.id);
			return noContent();
		},
	});
}

export const locationRoutes = numberedRoutes('locations');
export const jobTitleRoutes = numberedRoutes('job_titles');
