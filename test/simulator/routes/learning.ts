/**
 * Learning: resources (courses and playlists), their content hierarchy and the learner report.
 * Read-only, shapes from the vendor's OpenAPI file. Page size defaults to 15 here.
 *
 * The learner report keeps two vendor quirks on purpose: its body has no `success` flag, and
 * leaving out `page` or `size` is a server error (500), not a default.
 */
import { badRequest, notFound, ok, paginate, queryArray, queryBoolean, queryNumber, queryString, serverError, type Query } from '../http';
import { keysOf, LEARNER_ROW_AS_STORED, LearningSectionFieldsSchema, LearningUnitRecordSchema, pick, RESOURCE_AS_STORED } from '../records';
import { fullName, pictureUrls, renderPersonRef } from '../render';
import type { Route } from '../router';
import type { LearnerRow, LearningResourceRecord, Store } from '../store';

const LEARNING_PAGE_SIZE = 15;

function hms(seconds: number): string {
	const two = (n: number) => String(n).padStart(2, '0');
	return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

export function renderLearningResource(store: Store, r: LearningResourceRecord): Record<string, unknown> {
	const author = r.author_id === null ? undefined : store.users.get(r.author_id);
	const manager = author?.manager_id ? store.users.get(author.manager_id) : undefined;
	return {
		...pick(r, RESOURCE_AS_STORED),
		duration: hms(r.duration_seconds),
		tags: [...r.tags],
		competencies: r.competencies.map((c) => ({ ...c })),
		categories: r.categories.map((c) => ({ ...c })),
		author: author
			? {
					id: author.id,
					name: fullName(author),
					email: author.email,
					// The learning service spells user status its own way.
					status: author.status === 'Blocked' ? 'Blocked' : 'Not Blocked',
					manager: manager ? { id: manager.id, name: fullName(manager) } : null,
				}
			: null,
		co_authors: r.co_author_ids.map((id) => renderPersonRef(store, id)).filter((p) => p !== null),
		skills: r.skills.map((s) => ({ ...s })),
		settings: { certificate_enabled: r.certified, self_enroll: r.in_library, show_in_catalog: r.state === 'Published' },
		attributes: { points: Math.max(10, Math.round(r.duration_seconds / 360)), level: r.level },
		content_details:
			r.type === 'Course'
				? { sections_count: r.sections.length, units_count: r.sections.reduce((n, s) => n + s.units.length, 0) }
				: r.type === 'Playlist'
					? { resources_count: r.sections.reduce((n, s) => n + s.resource_ids.length, 0) }
					: null,
	};
}

const SECTION_KEYS = keysOf(LearningSectionFieldsSchema);
const UNIT_KEYS = keysOf(LearningUnitRecordSchema);

/** The learner view: only published sections and active units. */
function renderContents(store: Store, r: LearningResourceRecord): Record<string, unknown>[] {
	return r.sections
		.filter((s) => s.status === 'Published')
		.map((s) => {
			const section = { ...pick(s, SECTION_KEYS), type: 'Section' };
			if (r.type === 'Playlist') {
				// Playlists nest whole resources under `contents` instead of `units`.
				const contents = s.resource_ids
					.map((id) => store.learningResources.get(id))
					.filter((c): c is LearningResourceRecord => c !== undefined)
					.map((c) => renderLearningResource(store, c));
				return { ...section, contents };
			}
			return { ...section, units: s.units.filter((u) => u.status === 'Active').map((u) => pick(u, UNIT_KEYS)) };
		});
}

const normaliseState = (s: string) => s.toLowerCase().replace(/_/g, '');

const SORT_FIELDS = ['title', 'average_rating', 'published_on', 'created_at', 'updated_at', 'assigned_on', 'completed_at'] as const;
type SortField = (typeof SORT_FIELDS)[number];

function sortKey(r: LearningResourceRecord, field: SortField): string | number | null {
	switch (field) {
		case 'title':
			return r.title.toLowerCase();
		case 'average_rating':
			return r.average_rating;
		case 'published_on':
		case 'created_at':
		case 'updated_at':
			return r[field];
		default:
			// Learner-side dates: a resource listing has none, so these keep id order.
			return null;
	}
}

function filterResources(store: Store, query: Query): LearningResourceRecord[] {
	const lower = (values?: string[]) => values?.map((v) => v.toLowerCase());
	const search = queryString(query, 'search_text')?.trim().toLowerCase();
	const competency = queryString(query, 'competency_search_text')?.trim().toLowerCase();
	const types = lower(queryArray(query, 'types'));
	const ids = queryArray(query, 'resource_ids')?.map(Number);
	const states = queryArray(query, 'state')?.map(normaliseState);
	const languages = lower(queryArray(query, 'languages'));
	const providers = lower(queryArray(query, 'providers'));
	const authors = queryArray(query, 'authors');
	const levels = lower(queryArray(query, 'levels'));
	const tags = lower(queryArray(query, 'tags'));
	const minMinutes = queryNumber(query, 'durations[min_limit]');
	const maxMinutes = queryNumber(query, 'durations[max_limit]');
	const certified = queryBoolean(query, 'certified');
	const minRating = queryNumber(query, 'ratings');
	const inLibrary = queryBoolean(query, 'in_library');
	const shortCode = queryString(query, 'short_code')?.trim();
	const archived = queryBoolean(query, 'archived') ?? false;
	const sort = queryString(query, 'sort')?.trim();

	let list = [...store.learningResources.values()].filter((r) => {
		if (r.archived !== archived) return false;
		if (search && !r.title.toLowerCase().includes(search)) return false;
		if (competency && !r.competencies.some((c) => c.name.toLowerCase().includes(competency))) return false;
		if (types && !types.includes(r.type.toLowerCase())) return false;
		if (ids && !ids.includes(r.id)) return false;
		if (states && !states.includes(normaliseState(r.state))) return false;
		if (languages && !languages.includes(r.language.toLowerCase())) return false;
		if (providers && !providers.includes(r.provider.toLowerCase())) return false;
		if (authors && (r.author_id === null || !authors.includes(r.author_id))) return false;
		if (levels && (r.level === null || !levels.includes(r.level.toLowerCase()))) return false;
		if (tags && !r.tags.some((t) => tags.includes(t.toLowerCase()))) return false;
		if (minMinutes !== undefined && r.duration_seconds / 60 < minMinutes) return false;
		if (maxMinutes !== undefined && r.duration_seconds / 60 > maxMinutes) return false;
		if (certified !== undefined && r.certified !== certified) return false;
		if (minRating !== undefined && (r.average_rating === null || r.average_rating < minRating)) return false;
		if (inLibrary !== undefined && r.in_library !== inLibrary) return false;
		if (shortCode && r.short_code !== shortCode) return false;
		return true;
	});
	list.sort((a, b) => a.id - b.id);
	if (sort) {
		const descending = sort.startsWith('-');
		const field = sort.replace(/^[-+]/, '') as SortField;
		if (!SORT_FIELDS.includes(field)) throw badRequest('sort', `sort must be one of ${SORT_FIELDS.join(', ')}, optionally prefixed with -`);
		// Stable sort over id order; blanks always last, whatever the direction.
		list = list.slice().sort((a, b) => {
			const ka = sortKey(a, field);
			const kb = sortKey(b, field);
			if (ka === kb) return 0;
			if (ka === null) return 1;
			if (kb === null) return -1;
			const cmp = ka < kb ? -1 : 1;
			return descending ? -cmp : cmp;
		});
	}
	return list;
}

function age(birthDate: string | null): number | null {
	if (birthDate === null) return null;
	const today = new Date();
	const [y, m, d] = birthDate.split('-').map(Number);
	let years = today.getUTCFullYear() - y;
	if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) years--;
	return years;
}

function renderLearnerRow(store: Store, row: LearnerRow): Record<string, unknown> | null {
	const resource = store.learningResources.get(row.learning_resource_id);
	const learner = store.users.get(row.learner_id);
	if (!resource || !learner) return null;
	const names = (kind: 'department' | 'business') => store.unitsOf(kind, learner.id).map(({ unit }) => unit.name);
	const picture = pictureUrls(store, learner);
	const custom: Record<string, unknown> = {};
	for (const attr of store.customAttributes()) {
		const value = learner.custom[attr.attribute_key];
		custom[attr.attribute_key] = value === undefined ? null : Array.isArray(value) ? [...value] : String(value);
	}
	const manager = learner.manager_id === null ? undefined : store.users.get(learner.manager_id);
	const people = (ids: string[]) => ids.map((id) => renderPersonRef(store, id)).filter((p) => p !== null);
	return {
		...pick(row, LEARNER_ROW_AS_STORED),
		learning_resource_id: resource.id,
		learning_resource_title: resource.title,
		type: resource.type,
		short_code: resource.short_code,
		certified: resource.certified && row.completion_status === 'Completed',
		provider: resource.provider,
		archive: resource.archived,
		categories: resource.categories.map((c) => ({ ...c })),
		learner: {
			id: learner.id,
			name: fullName(learner),
			email: learner.email,
			status: learner.status,
			employee_id: learner.employee_id,
			job_title: learner.job_title_id === null ? null : (store.jobTitles.get(learner.job_title_id)?.name ?? null),
			business_units: names('business'),
			departments: names('department'),
			location: learner.location_id === null ? null : (store.locations.get(learner.location_id)?.name ?? null),
			employee_type: learner.employee_type,
			joining_date: learner.joining_date,
			birth_date: learner.birth_date,
			gender: learner.gender,
			ethnicity: null,
			differently_abled: null,
			veteran_status: null,
			age: age(learner.birth_date),
			display_picture: picture ? { small: picture.small, medium: picture.medium } : {},
			// "the organisation's custom attributes as additional keys"
			...custom,
		},
		assigner: renderPersonRef(store, row.assigner_id),
		manager: manager ? { id: manager.id, name: fullName(manager) } : null,
		hr_managers: people(learner.hr_manager_ids),
		secondary_managers: people(learner.secondary_manager_ids),
		author: renderPersonRef(store, resource.author_id),
		language: resource.language,
		learning_resource_duration: resource.duration_seconds,
	};
}

export const learningRoutes: Route[] = [
	{
		method: 'GET',
		path: '/beta/learning/resources',
		family: 'learning',
		handler: ({ store, query, paging }) => {
			const page = paginate(filterResources(store, query), paging, LEARNING_PAGE_SIZE);
			return ok({ success: true, pagination: page.pagination, data: page.items.map((r) => renderLearningResource(store, r)) });
		},
	},
	{
		method: 'GET',
		path: '/beta/learning/resources/:id/contents',
		family: 'learning',
		handler: ({ store, params }) => {
			const resource = /^\d+$/.test(params.id) ? store.learningResources.get(Number(params.id)) : undefined;
			if (!resource) throw notFound('Learning resource', params.id);
			return ok({ success: true, data: renderContents(store, resource) });
		},
	},
	{
		method: 'GET',
		path: '/beta/learning/learner_reports',
		family: 'learning',
		handler: ({ store, query, paging }) => {
			if (paging.page === undefined || paging.size === undefined) {
				throw serverError(500, 'Internal Server Error');
			}
			const types = queryArray(query, 'resource_types')?.map((t) => t.toLowerCase());
			const ids = new Set<number>();
			const single = queryNumber(query, 'learning_resource_id');
			if (single !== undefined) ids.add(single);
			for (const id of queryArray(query, 'learning_resource_ids') ?? []) ids.add(Number(id));
			const rows = store.learnerRows.filter((row) => {
				const resource = store.learningResources.get(row.learning_resource_id);
				if (!resource) return false;
				if (types && !types.includes(resource.type.toLowerCase())) return false;
				if (ids.size > 0 && !ids.has(resource.id)) return false;
				return true;
			});
			rows.sort((a, b) => a.id - b.id);
			const page = paginate(rows, paging, LEARNING_PAGE_SIZE);
			// No `success` flag on this endpoint.
			return ok({ pagination: page.pagination, data: page.items.map((row) => renderLearnerRow(store, row)).filter((r) => r !== null) });
		},
	},
];
