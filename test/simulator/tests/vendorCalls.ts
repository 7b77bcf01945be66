/**
 * One or more real requests per endpoint of the vendor's OpenAPI description, each named by
 * the description's method and path, for comparing the simulator's answers with the vendor's
 * schemas and examples (openapi.test.ts). Reads pick records that exercise blanks and
 * embeds: users with and without an employee type, a picture, a manager; a course's contents.
 */
import type { Simulator } from '../index';
import { client, type Api, type ApiResponse } from './client';
import { newUserPayload, uniqueEmail } from './fixtures';

export interface VendorCall {
	/** `GET /beta/users/{id}`, as the OpenAPI file writes it. */
	operation: string;
	/** What this call shows, when an operation has several. */
	label: string;
	status: number;
	/** false: compare with the schema only (the example shows another kind of record). */
	example?: boolean;
	send(api: Api): Promise<ApiResponse>;
}

const call = (
	operation: string,
	label: string,
	status: number,
	send: (api: Api) => Promise<ApiResponse>,
	example = true,
): VendorCall => ({ operation, label, status, send, example });

/** The calls for a freshly reset simulator; ids are looked up in its store as the calls are built. */
export function vendorCalls(sim: Simulator): VendorCall[] {
	const store = sim.store;
	const users = store.sortedUsers();
	const typed = users.find((u) => u.employee_type !== null && u.picture !== null && u.manager_id !== null)!;
	const blank = users.find((u) => u.employee_type === null && u.picture === null && u.employee_id === null) ??
		users.find((u) => u.employee_type === null && u.picture === null)!;
	const other = users.find((u) => u.id !== store.adminId && u.id !== typed.id && u.id !== blank.id)!;
	const department = [...store.departments.values()][0];
	const business = [...store.businesses.values()][0];
	const location = [...store.locations.values()][0];
	const jobTitle = [...store.jobTitles.values()][0];
	const course = [...store.learningResources.values()].find((r) => r.type === 'Course' && r.sections.length > 0)!;
	const playlist = [...store.learningResources.values()].find((r) => r.type === 'Playlist')!;
	const employeeType = store.attributes.find((a) => a.attribute_key === 'employee_type')!.attribute_options![0].value;

	const user = '/beta/users/{id}';
	return [
		call('GET /beta/user-attributes', 'definitions', 200, (api) => api.get('/user-attributes')),
		call('GET /beta/users', 'a full page', 200, (api) => api.get('/users', { size: 50 })),
		call('GET /beta/users', 'with manager and direct reports', 200, (api) => api.get('/users', { size: 50, include: 'primary_reporter,direct_reports' })),
		call('GET /beta/users', 'by email', 200, (api) => api.get('/users', { email: typed.email })),
		call('POST /beta/users', 'create', 201, async (api) =>
			api.post('/users', await newUserPayload(api, { employee_type: employeeType, middle_name: 'Q', employee_id: 'Z-1' })),
		),
		call('GET /beta/users/block-reason-codes', 'codes', 200, (api) => api.get('/users/block-reason-codes')),
		call(`GET ${user}`, 'the admin with every include', 200, (api) =>
			api.get(`/users/${store.adminId}`, { include: 'primary_reporter,direct_reports,hr_managers,secondary_managers' }),
		),
		call(`GET ${user}`, 'a user with an employee type and a picture', 200, (api) => api.get(`/users/${typed.id}`)),
		call(`GET ${user}`, 'a user with blanks', 200, (api) => api.get(`/users/${blank.id}`)),
		call(`PUT ${user}`, 'replace', 200, async (api) =>
			api.put(`/users/${other.id}`, await newUserPayload(api, { first_name: other.first_name, last_name: other.last_name, email: other.email })),
		),
		call(`PATCH ${user}`, 'partial update', 200, (api) => api.patch(`/users/${other.id}`, { level: 'L3', joining_date: '2024-01-15' })),
		call('PUT /beta/users/{id}/profile/picture', 'upload', 200, (api) =>
			api.put(`/users/${blank.id}/profile/picture`, { profile_picture: [...PNG] }),
		),
		call('PUT /beta/users/{id}/deactivate', 'deactivate', 200, (api) => api.put(`/users/${other.id}/deactivate`, { block_reason_code: 'involuntary' })),
		call('PUT /beta/users/{id}/activate', 'activate', 200, (api) => api.put(`/users/${other.id}/activate`)),
		call('GET /beta/users/{id}/permissions', 'the admin', 200, (api) => api.get(`/users/${store.adminId}/permissions`)),
		call('PUT /beta/users/{id}/permissions', 'replace', 200, (api) => api.put(`/users/${other.id}/permissions`, { permission_ids: [2, 3] })),
		...unitCalls('departments', department.id),
		...unitCalls('businesses', business.id),
		...flatCalls('locations', location.id, { name: 'Annex', city: 'Pune' }),
		...flatCalls('job_titles', jobTitle.id, { name: 'Zookeeper' }),
		call('GET /beta/permissions', 'list', 200, (api) => api.get('/permissions')),
		call('GET /beta/activities/praises', 'a full page', 200, (api) => api.get('/activities/praises', { size: 50 })),
		call('GET /beta/learning/resources', 'a full page', 200, (api) => api.get('/learning/resources', { size: 50 })),
		call('GET /beta/learning/resources/{id}/contents', 'a course', 200, (api) => api.get(`/learning/resources/${course.id}/contents`)),
		// The example is a course's: a playlist's sections nest resources under `contents`, not `units`.
		call('GET /beta/learning/resources/{id}/contents', 'a playlist', 200, (api) => api.get(`/learning/resources/${playlist.id}/contents`), false),
		call('GET /beta/learning/learner_reports', 'a full page', 200, (api) => api.get('/learning/learner_reports', { page: 1, size: 50 })),
	];

	function unitCalls(family: 'departments' | 'businesses', id: string): VendorCall[] {
		const base = `/beta/${family}`;
		return [
			call(`GET ${base}`, 'list', 200, (api) => api.get(`/${family}`)),
			call(`POST ${base}`, 'create', 201, (api) => api.post(`/${family}`, { name: `New ${family} ${uniqueEmail()}`, members: [typed.id, blank.id] })),
			call(`GET ${base}/{id}`, 'one', 200, (api) => api.get(`/${family}/${id}`)),
			call(`PUT ${base}/{id}`, 'replace', 200, (api) => api.put(`/${family}/${id}`, { name: `Renamed ${family}`, members: [store.adminId, blank.id] })),
			call(`DELETE ${base}/{id}`, 'delete', 204, (api) => api.delete(`/${family}/${id}`)),
		];
	}

	function flatCalls(family: 'locations' | 'job_titles', id: number, body: Record<string, string>): VendorCall[] {
		const base = `/beta/${family}`;
		return [
			call(`GET ${base}`, 'list', 200, (api) => api.get(`/${family}`)),
			call(`POST ${base}`, 'create, most fields blank', 201, (api) => api.post(`/${family}`, body)),
			call(`GET ${base}/{id}`, 'one', 200, (api) => api.get(`/${family}/${id}`)),
			call(`PUT ${base}/{id}`, 'replace, most fields blank', 200, (api) => api.put(`/${family}/${id}`, body)),
			call(`DELETE ${base}/{id}`, 'delete', 204, (api) => api.delete(`/${family}/${id}`)),
		];
	}
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export { client };
