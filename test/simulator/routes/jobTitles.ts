/**
 * Job titles. Same id rendering as locations (strings in lists, numbers in single responses);
 * PUT replaces the whole record.
 */
import { created, noContent, ok, paginate } from '../http';
import type { Route } from '../router';
import type { JobTitleRecord } from '../store';

/** The stored record is the rendered one (records.ts), but for the id's form. */
export const renderJobTitle = (j: JobTitleRecord, idAsString: boolean) => ({ ...j, id: idAsString ? String(j.id) : j.id });

export const jobTitleRoutes: Route[] = [
	{
		method: 'GET',
		path: '/beta/job_titles',
		family: 'job_titles',
		handler: ({ store, paging }) => {
			const page = paginate([...store.jobTitles.values()].sort((a, b) => a.id - b.id), paging, 25);
			return ok({ success: true, pagination: page.pagination, data: page.items.map((j) => renderJobTitle(j, true)) });
		},
	},
	{
		method: 'POST',
		path: '/beta/job_titles',
		family: 'job_titles',
		handler: ({ store, body }) => created({ success: true, data: renderJobTitle(store.writeJobTitle(body), false) }),
	},
	{
		method: 'GET',
		path: '/beta/job_titles/:id',
		family: 'job_titles',
		handler: ({ store, params }) => ok({ success: true, data: renderJobTitle(store.getJobTitle(params.id), false) }),
	},
	{
		method: 'PUT',
		path: '/beta/job_titles/:id',
		family: 'job_titles',
		handler: ({ store, params, body }) => ok({ success: true, data: renderJobTitle(store.writeJobTitle(body, params.id), false) }),
	},
	{
		method: 'DELETE',
		path: '/beta/job_titles/:id',
		family: 'job_titles',
		handler: ({ store, params }) => {
			store.deleteJobTitle(params.id);
			return noContent();
		},
	},
];
