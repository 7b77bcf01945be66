/**
 * User-derived renderings shared by several resource families (users, members of departments
 * and businesses, praise actors, learning people). Rendering happens at response time from the
 * records, so renames and deletions show everywhere at once.
 *
 * Blank values render as `null` and blank arrays as `[]` (spec, general convention 4).
 */
import { pick, USER_DETAIL, USER_LISTED } from './records';
import type { Store, UserRecord } from './store';

export interface PictureUrls {
	small: string;
	medium: string;
	large: string;
}

/**
 * Pictures are served by the simulator itself, under a versioned path so that a new upload
 * gets new URLs (the port is part of them: compare data across simulators with the base URL
 * masked).
 */
export function pictureUrls(store: Store, user: UserRecord): PictureUrls | null {
	if (user.picture === null) return null;
	const base = `${store.baseUrl}/pictures/${user.id}/${user.picture}`;
	return { small: `${base}/small`, medium: `${base}/medium`, large: `${base}/large` };
}

export const fullName = (user: UserRecord): string => `${user.first_name} ${user.last_name}`;

/** `YYYY-MM-DD` → `DD-MM-YYYY` ("day-month-year order with hyphens"). */
const dayMonthYear = (date: string | null): string | null => (date === null ? null : date.split('-').reverse().join('-'));

function renderCustomAttributes(store: Store, user: UserRecord): Record<string, { name: string; value: string | string[] | null }> {
	const out: Record<string, { name: string; value: string | string[] | null }> = {};
	for (const attr of store.customAttributes()) {
		const value = user.custom[attr.attribute_key];
		let rendered: string | string[] | null;
		if (value === undefined) rendered = attr.data_type === 'multiple-select' ? [] : null;
		else if (Array.isArray(value)) rendered = value.map(String);
		else rendered = String(value);
		out[attr.attribute_key] = { name: attr.name, value: rendered };
	}
	return out;
}

function memberships(store: Store, kind: 'department' | 'business', user: UserRecord) {
	return store.unitsOf(kind, user.id).map(({ unit, isAdmin }) => ({ id: unit.id, name: unit.name, is_admin: isAdmin }));
}

/**
 * The fields the contract gives in single-user answers only (its User table: `business_unit`,
 * `employee_type` and `birthdate` "single-user response", `departments` "single-user and write
 * responses"). The list leaves them out, so a client that compares a list element with what it
 * would write must read them where they are carried. The vendor profile adds them back to list
 * elements, as the vendor's list example has them.
 */
export function renderSingleUserOnly(store: Store, user: UserRecord): Record<string, unknown> {
	return {
		departments: memberships(store, 'department', user),
		business_unit: memberships(store, 'business', user),
		employee_type: user.employee_type,
		birthdate: dayMonthYear(user.birth_date),
	};
}

/**
 * `phone_number` is "string or number" in the contract: a phone number of digits only (that a
 * number keeps whole: no leading zero) is a number in list elements and embedded users, text in
 * single-user answers, unless a suite asks for text throughout (friendlyUsers.phoneNumbersAsText).
 */
function listedPhoneNumber(store: Store, phone: string | null): string | number | null {
	if (phone === null || store.friendlyUsers.phoneNumbersAsText || !/^[1-9]\d{0,14}$/.test(phone)) return phone;
	return Number(phone);
}

/**
 * The list-element rendering; also how users appear embedded in other users (`primary_reporter`,
 * `direct_reports`, ...), never with embeds of their own.
 */
export function renderUserSummary(store: Store, user: UserRecord): Record<string, unknown> {
	const jobTitle = user.job_title_id === null ? undefined : store.jobTitles.get(user.job_title_id);
	const location = user.location_id === null ? undefined : store.locations.get(user.location_id);
	return {
		...pick(user, USER_LISTED),
		phone_number: listedPhoneNumber(store, user.phone_number),
		name: fullName(user),
		display_picture: pictureUrls(store, user),
		// The spec gives ids of job titles and locations on a user as strings.
		job_title: jobTitle ? { id: String(jobTitle.id), name: jobTitle.name } : null,
		location: location ? { id: String(location.id), name: location.name } : null,
		custom_attributes: renderCustomAttributes(store, user),
	};
}

export type UserInclude = 'primary_reporter' | 'direct_reports' | 'hr_managers' | 'secondary_managers';

/** Embeds named in `include` on a list element. */
export function renderUserListItem(store: Store, user: UserRecord, include: Set<UserInclude>): Record<string, unknown> {
	const out = renderUserSummary(store, user);
	if (include.has('primary_reporter')) out.primary_reporter = managerOf(store, user);
	if (include.has('direct_reports')) out.direct_reports = store.directReports(user.id).map((u) => renderUserSummary(store, u));
	return out;
}

function managerOf(store: Store, user: UserRecord): Record<string, unknown> | null {
	const manager = user.manager_id === null ? undefined : store.users.get(user.manager_id);
	return manager ? renderUserSummary(store, manager) : null;
}

/**
 * The single-user rendering (GET /users/<id> and every user write). The contract's User has no
 * `is_admin`: who the Site Administrator is, their permissions say (the vendor profile adds it).
 */
export function renderUser(store: Store, user: UserRecord, include: Set<UserInclude> = new Set()): Record<string, unknown> {
	const out: Record<string, unknown> = {
		...renderUserSummary(store, user),
		...renderSingleUserOnly(store, user),
		...pick(user, USER_DETAIL),
		// Text here, whatever the list renders (listedPhoneNumber).
		phone_number: user.phone_number,
		// Always present on the single user (the spec: "or in single-user response").
		primary_reporter: managerOf(store, user),
	};
	const people = (ids: string[]) =>
		ids.map((id) => store.users.get(id)).filter((u): u is UserRecord => u !== undefined).map((u) => renderUserSummary(store, u));
	if (include.has('direct_reports')) out.direct_reports = store.directReports(user.id).map((u) => renderUserSummary(store, u));
	if (include.has('hr_managers')) out.hr_managers = people(user.hr_manager_ids);
	if (include.has('secondary_managers')) out.secondary_managers = people(user.secondary_manager_ids);
	return out;
}

/** A member of a department or business. */
export function renderMember(store: Store, user: UserRecord, isAdmin: boolean): Record<string, unknown> {
	const picture = pictureUrls(store, user);
	return {
		id: user.id,
		name: fullName(user),
		email: user.email,
		first_name: user.first_name,
		middle_name: user.middle_name,
		last_name: user.last_name,
		display_picture: picture ? { small: picture.small, medium: picture.medium } : null,
		is_admin: isAdmin,
	};
}

/** Praise author and recognized actors: `{name, id, display_picture: {large, original, reduced}, designation}`. */
export function renderActor(store: Store, user: UserRecord): Record<string, unknown> {
	const picture = pictureUrls(store, user);
	const jobTitle = user.job_title_id === null ? undefined : store.jobTitles.get(user.job_title_id);
	return {
		name: fullName(user),
		id: user.id,
		display_picture: { large: picture?.large ?? null, original: picture?.large ?? null, reduced: picture?.medium ?? null },
		designation: jobTitle?.name ?? null,
	};
}

/** `{id, name, email}` with optional extras, as learning payloads refer to people. */
export function renderPersonRef(store: Store, userId: string | null): Record<string, unknown> | null {
	const user = userId === null ? undefined : store.users.get(userId);
	if (!user) return null;
	return { id: user.id, name: fullName(user), email: user.email };
}
