/**
 * Response profiles. The simulator renders every response as Engagedly's API contract
 * (docs/engagedly-api.md) describes it; the `vendor` profile then reshapes the rendered body into the forms of the
 * vendor's OpenAPI description and its examples (test/schemas/engagedly-openapi.yaml) wherever
 * the two documents differ. Keeping that in
 * this one file, after rendering, leaves the store, the rules and the routes the same for both
 * profiles: only the shape of successful JSON answers changes. Requests are read the same way
 * in both (employee_type is written as the option's value in both documents).
 *
 * The README next to this file lists every difference; openapi.test.ts checks that the vendor
 * profile meets the vendor's schemas and examples and that the contract profile differs from
 * them exactly where the contract says otherwise.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the simulator runs in plain Node, not inside n8n */
import { pick, USER_VENDOR_ONLY } from './records';
import { renderSingleUserOnly } from './render';
import type { Store } from './store';

export type Profile = 'contract' | 'vendor';
export const PROFILES: readonly Profile[] = ['contract', 'vendor'];

export function isProfile(value: unknown): value is Profile {
	return typeof value === 'string' && (PROFILES as readonly string[]).includes(value);
}

/**
 * `ENGAGEDLY_SIMULATOR_PROFILE`: the profile of simulators that do not name one (test suites
 * through useSimulator, the end-to-end demo). Unset means the contract; a value that is no
 * profile is a mistake worth stopping for, not a silent default.
 */
export function profileFromEnvironment(environment: Record<string, string | undefined> = process.env): Profile {
	const value = environment.ENGAGEDLY_SIMULATOR_PROFILE;
	if (value === undefined || value === '') return 'contract';
	if (!isProfile(value)) throw new Error(`ENGAGEDLY_SIMULATOR_PROFILE=${value}: use ${PROFILES.join(' or ')}`);
	return value;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** ISO timestamp or `YYYY-MM-DD` → `YYYY-MM-DD` (the vendor's `joining_date: "2024-01-15"`). */
const day = (value: unknown): unknown => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value);

/** ISO timestamp → `Jul 07, 2026`, the form of the vendor's learning examples. */
function longDate(value: unknown): unknown {
	const iso = day(value);
	if (typeof iso !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return value;
	const [y, m, d] = iso.split('-');
	return `${MONTHS[Number(m) - 1]} ${d}, ${y}`;
}

/** `null` → `""` where the vendor's schema has a string that is not nullable. */
const text = (value: unknown): unknown => (value === null ? '' : value);

/** Days from today (UTC) to the next anniversary of `joining` (`YYYY-MM-DD`); 0 on the day itself. */
function daysToAnniversary(joining: string, today = new Date()): number {
	const [, m, d] = joining.split('-').map(Number);
	const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
	let next = Date.UTC(today.getUTCFullYear(), m - 1, d);
	if (next < start) next = Date.UTC(today.getUTCFullYear() + 1, m - 1, d);
	return Math.round((next - start) / 86_400_000);
}

/**
 * A user as the vendor renders one. `single` is the single-user rendering (GET /users/<id> and
 * every user write); embedded users (`primary_reporter`, `direct_reports`, ...) are list
 * elements. Keys the contract does not have are added with the blanks the vendor's examples
 * show (`""` for nickname and marital status, `null` for the rest).
 */
function vendorUser(store: Store, rendered: Json, single: boolean): Json {
	const record = store.users.get(String(rendered.id));
	// The vendor's list example carries what the contract gives only in single-user answers.
	const user: Json = record && !single ? { ...rendered, ...renderSingleUserOnly(store, record) } : rendered;
	const employeeType = user.employee_type;
	const option =
		typeof employeeType === 'string'
			? store.attributes.find((a) => a.attribute_key === 'employee_type')?.attribute_options?.find((o) => o.value === employeeType)
			: undefined;
	const jobTitle = user.job_title;
	const joining = day(user.joining_date);
	const custom = isObject(user.custom_attributes) ? user.custom_attributes : {};
	const out: Json = {
		...user,
		// The vendor's User shows what the contract's never does, and types the phone as text.
		...(record ? pick(record, USER_VENDOR_ONLY) : {}),
		phone_number: typeof user.phone_number === 'number' ? String(user.phone_number) : user.phone_number,
		employee_id: text(user.employee_id),
		nickname: '',
		marital_status: '',
		job_title: isObject(jobTitle) ? { ...jobTitle, id: Number(jobTitle.id) } : jobTitle,
		employee_type: typeof employeeType === 'string' ? { id: option?.id ?? null, name: employeeType } : employeeType,
		joining_date: joining,
		// The vendor's list example has null here, its single-user example "".
		linkedin: single ? '' : null,
		twitter: single ? '' : null,
		differently_abled: null,
		veteran_status: null,
		ethnicity: null,
		employee_level: null,
		is_cxo: false,
		custom_attributes: Object.fromEntries(
			Object.entries(custom).map(([key, entry]) => [key, isObject(entry) ? { ...entry, value: text(entry.value) } : entry]),
		),
	};
	if (isObject(user.primary_reporter)) out.primary_reporter = vendorUser(store, user.primary_reporter, false);
	for (const key of ['direct_reports', 'hr_managers', 'secondary_managers']) {
		const people = user[key];
		if (Array.isArray(people)) out[key] = people.map((person) => (isObject(person) ? vendorUser(store, person, false) : person));
		// The vendor's single-user example lists them, empty, without an include.
		else if (single) out[key] = [];
	}
	if (single) {
		const birthdate = typeof user.birthdate === 'string' ? user.birthdate.split('-').reverse().join('-') : null;
		out.secondary_phone_number = text(user.secondary_phone_number);
		out.joining_date_string = joining === null ? null : longDate(joining);
		out.birthdate_as_date = birthdate;
		out.work_anniversary_in = typeof joining === 'string' ? daysToAnniversary(joining) : null;
		// "Single-user endpoint only", nullable.
		out.is_admin = user.id === store.adminId ? true : null;
	}
	return out;
}

const vendorMember = (member: Json): Json => ({
	...member,
	display_picture: member.display_picture ?? { small: null, medium: null },
});

/** Departments and businesses: integer counts everywhere, members with a picture object. */
function vendorUnit(unit: Json): Json {
	const out: Json = { ...unit, members_count: Number(unit.members_count), administrators_count: Number(unit.administrators_count) };
	if (Array.isArray(unit.members)) out.members = unit.members.map((m) => (isObject(m) ? vendorMember(m) : m));
	return out;
}

/** Locations: integer ids in lists too; address fields other than line 2 are never null. */
const vendorLocation = (location: Json): Json => ({
	...location,
	id: Number(location.id),
	address_line1: text(location.address_line1),
	city: text(location.city),
	state: text(location.state),
	country: text(location.country),
	postal_code: text(location.postal_code),
});

const vendorJobTitle = (jobTitle: Json): Json => ({ ...jobTitle, id: Number(jobTitle.id) });

/** Permissions: integer ids in the list too (the vendor's schema). */
const vendorPermission = (permission: Json): Json => ({ ...permission, id: Number(permission.id) });

const vendorActor = (actor: unknown): unknown => (isObject(actor) ? { ...actor, designation: text(actor.designation) } : actor);

const vendorPraise = (praise: Json): Json => ({
	...praise,
	author: vendorActor(praise.author),
	recognized_actors: Array.isArray(praise.recognized_actors) ? praise.recognized_actors.map(vendorActor) : praise.recognized_actors,
});

const vendorResource = (resource: Json): Json => ({
	...resource,
	level: text(resource.level),
	published_on: longDate(resource.published_on),
	created_at: longDate(resource.created_at),
	updated_at: longDate(resource.updated_at),
});

/** Sections of a course keep ISO timestamps on units (as the vendor's example); playlists nest resources. */
const vendorSection = (section: Json): Json =>
	Array.isArray(section.contents) ? { ...section, contents: section.contents.map((r) => (isObject(r) ? vendorResource(r) : r)) } : section;

const vendorLearnerRow = (row: Json): Json => ({
	...row,
	completed_on: longDate(row.completed_on),
	assigned_on: longDate(row.assigned_on),
	due_date: longDate(row.due_date),
	valid_till: longDate(row.valid_till),
	learner: isObject(row.learner) ? { ...row.learner, employee_id: text(row.learner.employee_id) } : row.learner,
});

type Reshape = (record: Json, store: Store) => Json;

const single: Reshape = (user, store) => vendorUser(store, user, true);

/** A family's list, create, read and replace answers (crudRoutes), each record reshaped alike. */
const crudAnswers = (base: string, reshape: Reshape): Record<string, Reshape> => ({
	[`GET ${base}`]: reshape,
	[`POST ${base}`]: reshape,
	[`GET ${base}/:id`]: reshape,
	[`PUT ${base}/:id`]: reshape,
});

/**
 * Route (method and template) → how each record of its `data` is reshaped. Routes that are not
 * listed answer the same in both profiles.
 */
const VENDOR_RECORDS: Record<string, Reshape> = {
	...crudAnswers('/beta/users', single),
	'GET /beta/users': (user, store) => vendorUser(store, user, false),
	'PATCH /beta/users/:id': single,
	'PUT /beta/users/:id/deactivate': single,
	'PUT /beta/users/:id/activate': single,
	...crudAnswers('/beta/departments', vendorUnit),
	...crudAnswers('/beta/businesses', vendorUnit),
	...crudAnswers('/beta/locations', vendorLocation),
	...crudAnswers('/beta/job_titles', vendorJobTitle),
	'GET /beta/permissions': vendorPermission,
	'GET /beta/activities/praises': vendorPraise,
	'GET /beta/learning/resources': vendorResource,
	'GET /beta/learning/resources/:id/contents': vendorSection,
	'GET /beta/learning/learner_reports': vendorLearnerRow,
};

/** The body of a successful answer of `route` (`GET /beta/users/:id`) in `profile`. */
export function shapeBody(profile: Profile, route: string, body: unknown, store: Store): unknown {
	const reshape = profile === 'vendor' ? VENDOR_RECORDS[route] : undefined;
	if (!reshape || !isObject(body)) return body;
	const data = body.data;
	if (Array.isArray(data)) return { ...body, data: data.map((record) => (isObject(record) ? reshape(record, store) : record)) };
	if (isObject(data)) return { ...body, data: reshape(data, store) };
	return body;
}
