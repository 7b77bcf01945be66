/**
 * The organisation's state and the rules the service enforces on it.
 *
 * Records are kept close to the service's own model (ids, references by id, membership held by
 * the department/business), and rendered into API shapes by `render.ts` and the route modules,
 * so that a change made in one place (renaming a department, deleting a location) shows up
 * everywhere it is referenced, as it does in the real service.
 *
 * The methods that take request input (`createUserFromInput`, `writeUser`, `createUnit`, ...)
 * validate it and throw `ApiError`s with the service's codes. The test helpers at the end
 * (`addUser`, `updateUser`, `setUserStatus`, `addPraise`, `editPraise`) bypass validation:
 * they stand for changes made in Engagedly's web app.
 */
import type { z } from 'zod';

import { entry, notFound, validationError, type ErrorEntry } from './http';
import { Prng } from './prng';
import * as records from './records';
import { USER_TEXT_FIELDS, USER_TIMESTAMP_FIELDS, withBlanks, writableFields } from './records';
import { generateOrganisation, type OrgData, type SeedOptions } from './seed';

export type UserStatus = z.infer<typeof records.UserStatus>;
export type CustomValue = z.infer<typeof records.CustomValue>;
export type DataType = z.infer<typeof records.DataType>;
export type UnitKind = 'department' | 'business';

export type UserRecord = z.infer<typeof records.UserRecordSchema>;
export type OrgUnitRecord = z.infer<typeof records.OrgUnitRecordSchema>;
export type LocationRecord = z.infer<typeof records.LocationRecordSchema>;
export type JobTitleRecord = z.infer<typeof records.JobTitleRecordSchema>;
export type PermissionRecord = z.infer<typeof records.PermissionRecordSchema>;
/** Locations and job titles: numbered, replaced whole by a PUT, referenced by users. */
export type NumberedKind = 'locations' | 'job_titles';
const NUMBERED = {
	locations: { label: 'Location', schema: records.LocationRecordSchema, userKey: 'location_id' },
	job_titles: { label: 'Job title', schema: records.JobTitleRecordSchema, userKey: 'job_title_id' },
} as const;
export type AttributeOption = z.infer<typeof records.AttributeOptionSchema>;
export type AttributeRecord = z.infer<typeof records.AttributeRecordSchema>;
export type BlockReasonRecord = z.infer<typeof records.BlockReasonRecordSchema>;
export type PraiseRecord = z.infer<typeof records.PraiseRecordSchema>;
export type LearningState = z.infer<typeof records.LearningState>;
export type LearningSectionRecord = z.infer<typeof records.LearningSectionRecordSchema>;
export type LearningResourceRecord = z.infer<typeof records.LearningResourceRecordSchema>;
export type CompletionStatus = z.infer<typeof records.CompletionStatus>;
export type LearnerRow = z.infer<typeof records.LearnerRowSchema>;
export type CertificateRecord = z.infer<typeof records.CertificateRecordSchema>;

// ---- Value rules shared by validation and seeding ------------------------------------------------

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function validDate(y: number, m: number, d: number): string | undefined {
	const date = new Date(Date.UTC(y, m - 1, d));
	if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
	return date.toISOString().slice(0, 10);
}

/** An attribute definition as the store keeps it or GET /user-attributes lists it (which adds 'document'). */
type AttributeLike = Omit<AttributeRecord, 'data_type'> & { data_type: string };

/**
 * The first custom attribute of a data type that can take a value (a select needs options),
 * mandatory or not when `mandatory` is given; throws when the organisation has none.
 */
export function attributeOfType<A extends AttributeLike>(attrs: readonly A[], type: string, mandatory?: boolean): A {
	const found = attrs.find(
		(a) =>
			!a.preset &&
			a.data_type === type &&
			(mandatory === undefined || a.mandatory === mandatory) &&
			(a.attribute_options === null || a.attribute_options.length > 0),
	);
	const which = mandatory === undefined ? type : `${type} (mandatory: ${mandatory})`;
	if (!found) throw new Error(`the organisation has no custom attribute of type ${which}`);
	return found;
}

/** A value the service accepts for the attribute's data type. */
export function validValue(attr: AttributeLike): CustomValue {
	switch (attr.data_type) {
		case 'number':
			return 7;
		case 'date':
			return '2024-01-15';
		case 'boolean':
			return true;
		case 'single-select':
			return attr.attribute_options![0].value;
		case 'multiple-select':
			return [attr.attribute_options![0].value];
		case 'document':
			return 'document.pdf';
		default:
			return 'CC-100';
	}
}

/** Every mandatory custom attribute with a valid value, keyed by attribute_key: what a create must carry. */
export function mandatoryCustomValues(attrs: readonly AttributeLike[]): Record<string, CustomValue> {
	const out: Record<string, CustomValue> = {};
	for (const a of attrs) if (!a.preset && a.mandatory) out[a.attribute_key] = validValue(a);
	return out;
}

/** `YYYY-MM-DD` or `MMM DD, YYYY` (the two forms the service documents) → `YYYY-MM-DD`. */
export function parseDocumentedDate(value: string): string | undefined {
	const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
	if (iso) return validDate(+iso[1], +iso[2], +iso[3]);
	const long = /^([A-Za-z]{3}) (\d{1,2}), (\d{4})$/.exec(value.trim());
	if (long) {
		const month = MONTHS.findIndex((m) => m.toLowerCase() === long[1].toLowerCase());
		if (month >= 0) return validDate(+long[3], month + 1, +long[2]);
	}
	return undefined;
}

/** System date fields also take a full ISO timestamp (what the API itself returns). */
function parseSystemDate(value: string): string | undefined {
	const documented = parseDocumentedDate(value);
	if (documented) return documented;
	if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
		const t = Date.parse(value);
		if (!Number.isNaN(t)) return new Date(t).toISOString().slice(0, 10);
	}
	return undefined;
}

export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

const isBlank = (v: unknown): boolean =>
	v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** The request field that carries a system attribute (inputs use `businesses` for business_units). */
const SYSTEM_INPUT_FIELD: Record<string, string> = { business_units: 'businesses' };

type UserPatch = Partial<Omit<UserRecord, 'id' | 'custom'>> & {
	custom?: Record<string, CustomValue | null>;
	departments?: string[];
	businesses?: string[];
};

export type WriteMode = 'create' | 'put' | 'patch';

// ---- The store -----------------------------------------------------------------------------------

export class Store {
	seed: number | string = 1;
	adminId = '';
	/** Set by the server once it listens: picture URLs point back at the simulator. */
	baseUrl = 'http://127.0.0.1';

	users = new Map<string, UserRecord>();
	departments = new Map<string, OrgUnitRecord>();
	businesses = new Map<string, OrgUnitRecord>();
	locations = new Map<number, LocationRecord>();
	jobTitles = new Map<number, JobTitleRecord>();
	permissions: PermissionRecord[] = [];
	/** userId → permission ids. */
	userPermissions = new Map<string, Set<number>>();
	attributes: AttributeRecord[] = [];
	blockReasonCodes: BlockReasonRecord[] = [];
	praises = new Map<number, PraiseRecord>();
	learningResources = new Map<number, LearningResourceRecord>();
	learnerRows: LearnerRow[] = [];
	certificates = new Map<number, CertificateRecord>();
	/** Uploaded profile pictures by user id. */
	pictures = new Map<string, Buffer>();
	/** Engagedly's clock (the host's unless a suite moves it: see RateLimiter's clockOffsetMs). */
	clock: () => number = Date.now;
	/**
	 * The contract's open points, each on its less convenient side by default and kept across
	 * load(): README.md, "The contract's open points", lists each switch and its friendly side.
	 */
	praiseQuirks: { pinnedFirst: boolean; timestampResolutionMs: number; scatteredIds: boolean } = {
		pinnedFirst: true,
		// Whole seconds and ids in no time order by default: the contract fixes neither.
		timestampResolutionMs: 1000,
		scatteredIds: true,
	};
	friendlyUsers: { adminNotDeactivatable: boolean; exactEmailFilter: boolean; phoneNumbersAsText: boolean } = {
		adminNotDeactivatable: false,
		exactEmailFilter: false,
		phoneNumbersAsText: false,
	};

	/** Ids of records created at run time come from here, so a replayed test gets the same ids. */
	private rng = new Prng('runtime');
	/** Bumped on every user or membership change; the caches below are rebuilt lazily. */
	private version = 0;
	private cache: {
		version: number;
		sorted?: UserRecord[];
		reports?: Map<string, UserRecord[]>;
		emails?: Map<string, string>;
	} = { version: -1 };

	constructor(options: SeedOptions = {}) {
		this.load(generateOrganisation(options));
	}

	/** Replace the whole state (reset keeps the same Store object so references stay valid). */
	load(data: OrgData): void {
		this.seed = data.seed;
		this.adminId = data.adminId;
		this.users = new Map(data.users.map((u) => [u.id, u]));
		this.departments = new Map(data.departments.map((d) => [d.id, d]));
		this.businesses = new Map(data.businesses.map((b) => [b.id, b]));
		this.locations = new Map(data.locations.map((l) => [l.id, l]));
		this.jobTitles = new Map(data.jobTitles.map((j) => [j.id, j]));
		this.permissions = data.permissions;
		this.userPermissions = data.userPermissions;
		this.attributes = data.attributes;
		this.blockReasonCodes = data.blockReasonCodes;
		this.praises = new Map(data.praises.map((p) => [p.id, p]));
		this.learningResources = new Map(data.learningResources.map((r) => [r.id, r]));
		this.learnerRows = data.learnerRows;
		this.certificates = new Map(data.certificates.map((c) => [c.id, c]));
		this.pictures = new Map();
		this.rng = new Prng(`${data.seed}:runtime`);
		this.touch();
	}

	/** Call after any change to users or memberships. */
	touch(): void {
		this.version++;
	}

	private fresh(): typeof this.cache {
		if (this.cache.version !== this.version) this.cache = { version: this.version };
		return this.cache;
	}

	get admin(): UserRecord {
		return this.users.get(this.adminId)!;
	}

	// ---- queries ------------------------------------------------------------------------------

	/** Users in list order: first name, last name, id (so a new user can land on any page). */
	sortedUsers(): UserRecord[] {
		const cache = this.fresh();
		if (!cache.sorted) {
			const key = (u: UserRecord) => [u.first_name.toLowerCase(), u.last_name.toLowerCase(), u.id];
			cache.sorted = [...this.users.values()]
				.map((u) => ({ u, k: key(u) }))
				.sort((a, b) => compareTuples(a.k, b.k))
				.map((x) => x.u);
		}
		return cache.sorted;
	}

	userByEmail(email: string): UserRecord | undefined {
		const cache = this.fresh();
		if (!cache.emails) cache.emails = new Map([...this.users.values()].map((u) => [u.email.toLowerCase(), u.id]));
		const id = cache.emails.get(email.trim().toLowerCase());
		return id === undefined ? undefined : this.users.get(id);
	}

	/**
	 * The users `GET /users?email=` answers with: those whose address contains the text, case
	 * aside, or (friendlyUsers.exactEmailFilter) the one whose address it is.
	 */
	usersMatchingEmail(email: string): UserRecord[] {
		if (this.friendlyUsers.exactEmailFilter) {
			const match = this.userByEmail(email);
			return match ? [match] : [];
		}
		const needle = email.trim().toLowerCase();
		return this.sortedUsers().filter((u) => u.email.toLowerCase().includes(needle));
	}

	directReports(userId: string): UserRecord[] {
		const cache = this.fresh();
		if (!cache.reports) {
			cache.reports = new Map();
			for (const u of this.sortedUsers()) {
				if (u.manager_id === null) continue;
				const list = cache.reports.get(u.manager_id) ?? [];
				list.push(u);
				cache.reports.set(u.manager_id, list);
			}
		}
		return cache.reports.get(userId) ?? [];
	}

	units(kind: UnitKind): Map<string, OrgUnitRecord> {
		return kind === 'department' ? this.departments : this.businesses;
	}

	/** The departments or businesses a user belongs to, in unit order. */
	unitsOf(kind: UnitKind, userId: string): { unit: OrgUnitRecord; isAdmin: boolean }[] {
		const out: { unit: OrgUnitRecord; isAdmin: boolean }[] = [];
		for (const unit of this.units(kind).values()) {
			const isAdmin = unit.members.get(userId);
			if (isAdmin !== undefined) out.push({ unit, isAdmin });
		}
		return out;
	}

	getUser(id: string): UserRecord {
		const user = this.users.get(id);
		if (!user) throw notFound('User', id);
		return user;
	}

	attribute(key: string): AttributeRecord | undefined {
		return this.attributes.find((a) => a.attribute_key === key);
	}

	customAttributes(): AttributeRecord[] {
		return this.attributes.filter((a) => !a.preset);
	}

	adminPermission(): PermissionRecord | undefined {
		return this.permissions.find((p) => p.is_admin === true);
	}

	permissionsOf(userId: string): PermissionRecord[] {
		const ids = this.userPermissions.get(userId) ?? new Set<number>();
		return this.permissions.filter((p) => ids.has(p.id));
	}

	// ---- users: request input -----------------------------------------------------------------

	/**
	 * Parse and check a user write body the way the service does; every problem is reported at
	 * once (one error per field). Returns a patch over the stored record.
	 */
	private parseUserInput(input: Record<string, unknown>, mode: WriteMode, self?: UserRecord): UserPatch {
		const errors: ErrorEntry[] = [];
		const patch: UserPatch = {};
		const has = (k: string) => hasOwn(input, k);

		// Custom attribute values, nested under custom_attributes or flat at the top level (the
		// vendor documents both). Nested values may also be `{value}` as the API renders them.
		const customInput = new Map<string, unknown>();
		if (has('custom_attributes') && input.custom_attributes !== null) {
			if (!isPlainObject(input.custom_attributes)) {
				errors.push(entry('custom_attributes', 'custom_attributes must be an object keyed by attribute_key', 'invalid_value'));
			} else {
				for (const [key, raw] of Object.entries(input.custom_attributes)) {
					customInput.set(key, isPlainObject(raw) && hasOwn(raw, 'value') ? raw.value : raw);
				}
			}
		}
		for (const key of Object.keys(input)) {
			if (key.startsWith('custom-attribute-')) customInput.set(key, input[key]);
		}

		// Mandatory attributes: required in the body on create and PUT; never blankable.
		const missing = new Set<string>();
		for (const attr of this.attributes.filter((a) => a.mandatory)) {
			const field = attr.preset ? (SYSTEM_INPUT_FIELD[attr.attribute_key] ?? attr.attribute_key) : attr.attribute_key;
			const present = attr.preset ? has(field) : customInput.has(field);
			const value = attr.preset ? input[field] : customInput.get(field);
			if ((mode !== 'patch' && !present) || (present && isBlank(value))) {
				missing.add(field);
				errors.push(entry(field, `Mandatory attribute missing: ${attr.name}`, 'missing_field'));
			}
		}

		for (const field of USER_TEXT_FIELDS) {
			if (!has(field) || missing.has(field)) continue;
			if (field === 'employee_type' && mode !== 'create') continue; // create only, ignored later
			const raw = input[field];
			// Blank mandatory fields were reported above, so only optional ones can become null here.
			const text = patch as Record<string, string | null>;
			if (raw === null || (typeof raw === 'string' && raw.trim() === '')) {
				text[field] = null;
			} else if (typeof raw === 'string' || (typeof raw === 'number' && field.includes('phone'))) {
				text[field] = String(raw).trim();
			} else {
				errors.push(entry(field, `${field} must be a string`, 'invalid_value'));
			}
		}
		if (typeof patch.email === 'string') {
			const other = this.userByEmail(patch.email);
			if (!EMAIL_PATTERN.test(patch.email)) {
				errors.push(entry('email', `${patch.email} is not a valid email address`, 'invalid_value'));
			} else if (other && other.id !== self?.id) {
				errors.push(entry('email', `${patch.email} belongs to another user of this organisation`, 'duplicate_value'));
			}
		}
		for (const field of ['title', 'gender', 'employee_type'] as const) {
			const value = patch[field];
			const options = this.attribute(field)?.attribute_options;
			if (typeof value === 'string' && options && !options.some((o) => o.value === value)) {
				errors.push(entry(field, `${value} is not an option of ${field} (${options.map((o) => o.value).join(', ')})`, 'invalid_value'));
			}
		}

		for (const field of [...USER_TIMESTAMP_FIELDS, 'birth_date' as const]) {
			if (!has(field)) continue;
			const raw = input[field];
			if (isBlank(raw)) {
				patch[field] = null;
				continue;
			}
			const day = typeof raw === 'string' ? parseSystemDate(raw) : undefined;
			if (!day) errors.push(entry(field, `${field} must be a date (YYYY-MM-DD or MMM DD, YYYY)`, 'invalid_value'));
			else patch[field] = field === 'birth_date' ? day : `${day}T00:00:00.000Z`;
		}

		const numericRef = (field: 'location' | 'job_title', table: Map<number, unknown>, label: string) => {
			if (!has(field)) return;
			const raw = input[field];
			const target = field === 'location' ? 'location_id' : 'job_title_id';
			if (isBlank(raw)) {
				patch[target] = null;
				return;
			}
			const id = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : NaN;
			if (!Number.isInteger(id) || !table.has(id)) errors.push(entry(field, `${label} ${String(raw)} does not exist`, 'invalid_value'));
			else patch[target] = id;
		};
		numericRef('location', this.locations, 'Location');
		numericRef('job_title', this.jobTitles, 'Job title');

		const idList = (field: string, exists: (id: string) => boolean, label: string): string[] | undefined => {
			if (!has(field)) return undefined;
			const raw = input[field];
			if (raw === null) return [];
			if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
				errors.push(entry(field, `${field} must be an array of ids`, 'invalid_value'));
				return undefined;
			}
			const ids = [...new Set(raw.map(String))];
			const unknown = ids.filter((id) => !exists(id));
			if (unknown.length > 0) {
				errors.push(entry(field, `${label} ${unknown.join(', ')} ${unknown.length > 1 ? 'do' : 'does'} not exist`, 'invalid_value'));
				return undefined;
			}
			return ids;
		};
		patch.departments = idList('departments', (id) => this.departments.has(id), 'Department');
		patch.businesses = idList('businesses', (id) => this.businesses.has(id), 'Business');
		const hr = idList('hr_managers', (id) => this.users.has(id), 'User');
		if (hr) patch.hr_manager_ids = hr;
		const secondary = idList('secondary_managers', (id) => this.users.has(id), 'User');
		if (secondary) patch.secondary_manager_ids = secondary;
		if (patch.departments === undefined) delete patch.departments;
		if (patch.businesses === undefined) delete patch.businesses;

		if (has('manager_id')) {
			const raw = input.manager_id;
			if (isBlank(raw)) patch.manager_id = null;
			else if (typeof raw !== 'string' || !this.users.has(raw)) {
				errors.push(entry('manager_id', `User ${String(raw)} does not exist`, 'invalid_value'));
			} else if (self && this.reportsUpTo(raw, self.id)) {
				errors.push(entry('manager_id', 'A user cannot report to themselves or to one of their reports', 'invalid_value'));
			} else patch.manager_id = raw;
		}

		const custom: Record<string, CustomValue | null> = {};
		for (const [key, raw] of customInput) {
			const attr = this.attribute(key);
			if (!attr || attr.preset) {
				errors.push(entry(key, `Unknown custom attribute ${key}`, 'invalid_value'));
				continue;
			}
			if (missing.has(key)) continue;
			if (isBlank(raw)) {
				custom[key] = null;
				continue;
			}
			const checked = checkCustomValue(attr, raw);
			if ('error' in checked) errors.push(entry(key, checked.error, 'invalid_value'));
			else custom[key] = checked.value;
		}
		if (Object.keys(custom).length > 0) patch.custom = custom;

		if (errors.length > 0) throw validationError(errors);
		return patch;
	}

	/** True when following managers up from `fromId` reaches `targetId` (a cycle in the making). */
	private reportsUpTo(fromId: string, targetId: string): boolean {
		const seen = new Set<string>();
		for (let id: string | null = fromId; id !== null && !seen.has(id); id = this.users.get(id)?.manager_id ?? null) {
			if (id === targetId) return true;
			seen.add(id);
		}
		return false;
	}

	createUserFromInput(input: Record<string, unknown>): UserRecord {
		const patch = this.parseUserInput(input, 'create');
		const user = this.newUserRecord();
		this.applyPatch(user, patch);
		this.users.set(user.id, user);
		this.touch();
		return user;
	}

	/** PUT and PATCH: both leave omitted fields alone; PUT also demands every mandatory attribute. */
	writeUser(id: string, input: Record<string, unknown>, mode: 'put' | 'patch'): UserRecord {
		const user = this.getUser(id);
		const patch = this.parseUserInput(input, mode, user);
		this.applyPatch(user, patch);
		this.touch();
		return user;
	}

	private newUserRecord(): UserRecord {
		return withBlanks(records.UserRecordSchema, {
			id: this.rng.uuid(),
			first_name: '',
			last_name: '',
			email: '',
			status: 'Active',
			hr_manager_ids: [],
			secondary_manager_ids: [],
			custom: {},
		});
	}

	private applyPatch(user: UserRecord, patch: UserPatch): void {
		const { custom, departments, businesses, ...fields } = patch;
		Object.assign(user, fields);
		if (custom) {
			for (const [key, value] of Object.entries(custom)) {
				if (value === null) delete user.custom[key];
				else user.custom[key] = value;
			}
		}
		if (departments) this.setMemberships('department', user.id, departments);
		if (businesses) this.setMemberships('business', user.id, businesses);
	}

	/** Make the user a member of exactly `unitIds` (keeping admin flags where membership stays). */
	private setMemberships(kind: UnitKind, userId: string, unitIds: string[]): void {
		const wanted = new Set(unitIds);
		for (const unit of this.units(kind).values()) {
			if (wanted.has(unit.id) && !unit.members.has(userId)) unit.members.set(userId, false);
			if (!wanted.has(unit.id)) unit.members.delete(userId);
		}
	}

	// ---- users: status, permissions, picture --------------------------------------------------

	deactivateUser(id: string, body: Record<string, unknown>): UserRecord {
		const user = this.getUser(id);
		const code = body.block_reason_code;
		const listed = this.blockReasonCodes.find((c) => c.code === code);
		if (!isBlank(code) && (typeof code !== 'string' || !listed || listed.archived)) {
			const known = this.blockReasonCodes.filter((c) => !c.archived).map((c) => c.code).join(', ');
			const problem = listed ? 'is archived' : 'is not a block reason code of this organisation';
			throw validationError([entry('block_reason_code', `${String(code)} ${problem} (${known})`, 'invalid_value')]);
		}
		if (user.id === this.adminId && this.friendlyUsers.adminNotDeactivatable) {
			throw validationError([entry('base', 'The organisation admin cannot be deactivated', 'invalid_value')]);
		}
		// Deactivating a blocked user changes nothing: the original reason and time stay.
		if (user.status === 'Blocked') return user;
		return this.setUserStatus(user.id, 'Blocked', isBlank(code) ? null : (code as string));
	}

	/**
	 * Replace a user's permissions. The Site Administrator permission is outside the API's
	 * reach: it cannot be given to anyone, and the admin keeps it whatever the request says.
	 */
	setUserPermissions(id: string, body: Record<string, unknown>): PermissionRecord[] {
		const user = this.getUser(id);
		const raw = body.permission_ids;
		if (raw === undefined || raw === null) throw validationError([entry('permission_ids', 'permission_ids is required', 'missing_field')]);
		if (!Array.isArray(raw)) throw validationError([entry('permission_ids', 'permission_ids must be an array of permission ids', 'invalid_value')]);
		// Integers only, as documented, though the permission list gives ids as strings.
		const notIntegers = raw.filter((v) => typeof v !== 'number' || !Number.isInteger(v));
		if (notIntegers.length > 0) {
			throw validationError([
				entry('permission_ids', `permission_ids must be integers: ${notIntegers.map((v) => JSON.stringify(v)).join(', ')} ${notIntegers.length === 1 ? 'is' : 'are'} not`, 'invalid_value'),
			]);
		}
		const ids = raw as number[];
		const unknown = ids.filter((id) => !this.permissions.some((p) => p.id === id));
		if (unknown.length > 0) {
			throw validationError([entry('permission_ids', `Permission ${unknown.map(String).join(', ')} does not exist`, 'invalid_value')]);
		}
		const admin = this.adminPermission();
		const isOrgAdmin = user.id === this.adminId;
		if (admin && !isOrgAdmin && ids.includes(admin.id)) {
			throw validationError([
				entry('permission_ids', `The ${admin.name} permission cannot be given to another user through the API; it belongs to the organisation admin`, 'invalid_value'),
			]);
		}
		const next = new Set(ids);
		if (admin && isOrgAdmin) next.add(admin.id);
		this.userPermissions.set(user.id, next);
		return this.permissionsOf(user.id);
	}

	setProfilePicture(id: string, body: Record<string, unknown>): void {
		const user = this.getUser(id);
		const raw = body.profile_picture;
		if (raw === undefined || raw === null) throw validationError([entry('profile_picture', 'profile_picture is required', 'missing_field')]);
		if (!Array.isArray(raw) || raw.length === 0) {
			throw validationError([entry('profile_picture', 'profile_picture must be a non-empty array of bytes', 'invalid_value')]);
		}
		if (raw.some((b) => !Number.isInteger(b) || b < 0 || b > 255)) {
			throw validationError([entry('profile_picture', 'profile_picture must hold integers from 0 to 255', 'invalid_value')]);
		}
		this.pictures.set(user.id, Buffer.from(raw as number[]));
		user.picture = (user.picture ?? 0) + 1;
		this.touch();
	}

	// ---- departments and businesses -----------------------------------------------------------

	private parseUnitInput(kind: UnitKind, input: Record<string, unknown>, self?: OrgUnitRecord): Omit<OrgUnitRecord, 'id' | 'members'> & { members: string[] } {
		const label = kind === 'department' ? 'Department' : 'Business';
		const errors: ErrorEntry[] = [];
		// Unit names are text only; locations and job titles also take numbers (as the service does).
		const fields = parseFields(input, records.OrgUnitFieldsSchema, errors, { numbers: false });
		const clash = typeof fields.name === 'string' && [...this.units(kind).values()].find((u) => u.name.toLowerCase() === fields.name.toLowerCase() && u.id !== self?.id);
		if (clash) errors.push(entry('name', `Another ${label.toLowerCase()} is called ${fields.name}`, 'duplicate_value'));
		let members: string[] = [];
		const raw = input.members;
		if (raw !== undefined && raw !== null) {
			if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string')) {
				errors.push(entry('members', 'members must be an array of user ids', 'invalid_value'));
			} else {
				members = [...new Set(raw as string[])];
				const unknown = members.filter((id) => !this.users.has(id));
				if (unknown.length > 0) errors.push(entry('members', `User ${unknown.join(', ')} does not exist`, 'invalid_value'));
			}
		}
		if (errors.length > 0) throw validationError(errors);
		return { ...fields, members };
	}

	getUnit(kind: UnitKind, id: string): OrgUnitRecord {
		const unit = this.units(kind).get(id);
		if (!unit) throw notFound(kind === 'department' ? 'Department' : 'Business', id);
		return unit;
	}

	createUnit(kind: UnitKind, input: Record<string, unknown>): OrgUnitRecord {
		const { members, ...fields } = this.parseUnitInput(kind, input);
		const unit: OrgUnitRecord = { id: this.rng.uuid(), ...fields, members: new Map(members.map((id) => [id, false])) };
		this.units(kind).set(unit.id, unit);
		this.touch();
		return unit;
	}

	/** PUT replaces the member list: a body without `members` empties the unit. */
	updateUnit(kind: UnitKind, id: string, input: Record<string, unknown>): OrgUnitRecord {
		const unit = this.getUnit(kind, id);
		const { members, ...fields } = this.parseUnitInput(kind, input, unit);
		Object.assign(unit, fields);
		unit.members = new Map(members.map((m) => [m, unit.members.get(m) ?? false]));
		this.touch();
		return unit;
	}

	deleteUnit(kind: UnitKind, id: string): void {
		this.getUnit(kind, id);
		this.units(kind).delete(id);
		this.touch();
	}

	// ---- locations and job titles: numbered records, one set of rules -----------------------

	numbered(kind: NumberedKind): Map<number, LocationRecord | JobTitleRecord> {
		return kind === 'locations' ? this.locations : this.jobTitles;
	}

	getNumbered(kind: NumberedKind, id: string): LocationRecord | JobTitleRecord {
		const record = this.numbered(kind).get(Number(id));
		if (!record || !/^\d+$/.test(id)) throw notFound(NUMBERED[kind].label, id);
		return record;
	}

	/** A PUT (an `id`) replaces the whole record: a field left out is blanked. */
	writeNumbered(kind: NumberedKind, input: Record<string, unknown>, id?: string): LocationRecord | JobTitleRecord {
		const existing = id === undefined ? undefined : this.getNumbered(kind, id);
		const errors: ErrorEntry[] = [];
		const fields = parseFields(input, NUMBERED[kind].schema, errors);
		if (errors.length > 0) throw validationError(errors);
		const record = { id: existing?.id ?? nextId(this.numbered(kind).keys()), ...fields } as LocationRecord | JobTitleRecord;
		this.numbered(kind).set(record.id, record);
		this.touch();
		return record;
	}

	/** Users that referenced it reference nothing. */
	deleteNumbered(kind: NumberedKind, id: string): void {
		const record = this.getNumbered(kind, id);
		this.numbered(kind).delete(record.id);
		const key = NUMBERED[kind].userKey;
		for (const user of this.users.values()) if (user[key] === record.id) user[key] = null;
		this.touch();
	}

	// ---- test helpers: changes made in Engagedly's web app (no validation) ---------------------

	/**
	 * Add a user as if created in the web app. Unspecified fields get plausible values,
	 * including every mandatory custom attribute, so the user also passes a later PUT round trip.
	 */
	addUser(partial: Partial<Omit<UserRecord, 'id'>> & { departments?: string[]; businesses?: string[] } = {}): UserRecord {
		const user = this.newUserRecord();
		const n = this.users.size + 1;
		user.first_name = `Test${n}`;
		user.last_name = 'User';
		user.email = `test.user${n}.${user.id.slice(0, 4)}@acme-demo.example`;
		user.manager_id = this.adminId;
		Object.assign(user.custom, mandatoryCustomValues(this.attributes));
		this.users.set(user.id, user);
		return this.updateUser(user.id, partial);
	}

	updateUser(id: string, patch: Partial<Omit<UserRecord, 'id'>> & { departments?: string[]; businesses?: string[] }): UserRecord {
		const user = this.getUser(id);
		const { departments, businesses, ...fields } = patch;
		Object.assign(user, fields);
		if (departments) this.setMemberships('department', user.id, departments);
		if (businesses) this.setMemberships('business', user.id, businesses);
		this.touch();
		return user;
	}

	/**
	 * Remove a user outright. The API has no such call; it stands for a record disappearing from
	 * the list between two pages of a scan (a clean-up by the vendor, a GDPR erasure).
	 */
	removeUser(id: string): void {
		this.getUser(id);
		for (const kind of ['department', 'business'] as const) {
			for (const unit of this.units(kind).values()) unit.members.delete(id);
		}
		this.users.delete(id);
		this.touch();
	}

	/** Block or unblock as an admin would (blocking sets `user_blocked_at` to now); also the API's activate and deactivate. */
	setUserStatus(id: string, status: UserStatus, code: string | null = null): UserRecord {
		const user = this.getUser(id);
		if (status === 'Blocked') {
			if (user.status !== 'Blocked') user.user_blocked_at = new Date().toISOString();
			user.block_reason_code = code;
		} else {
			user.user_blocked_at = null;
			user.block_reason_code = null;
		}
		user.status = status;
		this.touch();
		return user;
	}

	/** Post a praise now (or at `activity_date`); the author defaults to the admin. */
	addPraise(partial: Partial<PraiseRecord> = {}): PraiseRecord {
		const { timestampResolutionMs, scatteredIds } = this.praiseQuirks;
		const now = this.clock();
		const at = partial.activity_date ?? new Date(timestampResolutionMs > 0 ? now - (now % timestampResolutionMs) : now).toISOString();
		const others = this.sortedUsers().filter((u) => u.id !== this.adminId);
		const praise: PraiseRecord = {
			id: scatteredIds ? this.scatteredId() : nextId(this.praises.keys()),
			activity_date: at,
			last_updated_at: partial.last_updated_at ?? at,
			title: null,
			content: '<p>Thank you for the great work this week!</p>',
			pinned: false,
			author_id: this.adminId,
			tags: [{ code: 'teamwork', label: 'Teamwork' }],
			audience: [],
			recognized_ids: others.length > 0 ? [others[0].id] : [],
			links: [],
			attachments: [],
			comment_count: 0,
			like_count: 0,
			liked_by_admin: false,
			...partial,
		};
		this.praises.set(praise.id, praise);
		return praise;
	}

	/** An unused id anywhere from 1 to well past the largest: not in time order (seeded, so repeatable). */
	private scatteredId(): number {
		const range = 10 * (this.praises.size + 100);
		for (;;) {
			const id = this.rng.int(1, range);
			if (!this.praises.has(id)) return id;
		}
	}

	/** Edit a praise; `last_updated_at` always moves forward (strictly), as an edit does. */
	editPraise(id: number, patch: Partial<Omit<PraiseRecord, 'id'>> = {}): PraiseRecord {
		const praise = this.praises.get(id);
		if (!praise) throw new Error(`Praise ${id} not found`);
		Object.assign(praise, patch);
		if (patch.last_updated_at === undefined) {
			const now = this.clock();
			const previous = Date.parse(praise.last_updated_at);
			praise.last_updated_at = new Date(Math.max(now, previous + 1)).toISOString();
		}
		return praise;
	}
}

/**
 * The writable fields of a shape from a request body, every problem reported at once: a blank
 * field is null (or, if the shape does not allow null, missing) and text is trimmed. A field left
 * out is blank: writes replace the whole record.
 */
function parseFields<T extends z.AnyZodObject>(
	input: Record<string, unknown>,
	schema: T,
	errors: ErrorEntry[],
	{ numbers = true } = {},
): Omit<z.infer<T>, 'id' | 'members'> {
	const { fields, required } = writableFields(schema);
	const out: Record<string, string | null> = {};
	for (const field of fields) {
		const raw = typeof input[field] === 'string' ? (input[field] as string).trim() : input[field];
		if (isBlank(raw)) {
			if (required.includes(field)) errors.push(entry(field, `Mandatory attribute missing: ${field}`, 'missing_field'));
			out[field] = null;
		} else if (typeof raw === 'string' || (numbers && typeof raw === 'number')) out[field] = String(raw);
		else errors.push(entry(field, `${field} must be a string`, 'invalid_value'));
	}
	return out as Omit<z.infer<T>, 'id' | 'members'>;
}

function compareTuples(a: string[], b: string[]): number {
	for (let i = 0; i < a.length; i++) {
		if (a[i] < b[i]) return -1;
		if (a[i] > b[i]) return 1;
	}
	return 0;
}

function nextId(ids: Iterable<number>): number {
	let max = 0;
	for (const id of ids) if (id > max) max = id;
	return max + 1;
}

/** Check one custom attribute value against its data type; select values are option `value`s. */
export function checkCustomValue(attr: AttributeRecord, raw: unknown): { value: CustomValue } | { error: string } {
	const options = attr.attribute_options ?? [];
	const optionList = options.map((o) => o.value).join(', ');
	switch (attr.data_type) {
		case 'text':
			return typeof raw === 'string' || typeof raw === 'number' ? { value: String(raw) } : { error: `${attr.name} must be text` };
		case 'number': {
			if (typeof raw === 'number' && Number.isFinite(raw)) return { value: raw };
			if (typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim())) return { value: Number(raw) };
			return { error: `${attr.name} must be a number` };
		}
		case 'date': {
			const day = typeof raw === 'string' ? parseDocumentedDate(raw) : undefined;
			return day ? { value: day } : { error: `${attr.name} must be a date in MMM DD, YYYY or YYYY-MM-DD form` };
		}
		case 'boolean':
			return typeof raw === 'boolean' ? { value: raw } : { error: `${attr.name} accepts only true or false` };
		case 'single-select':
			return typeof raw === 'string' && options.some((o) => o.value === raw)
				? { value: raw }
				: { error: `${attr.name} must be one of: ${optionList}` };
		case 'multiple-select': {
			if (!Array.isArray(raw)) return { error: `${attr.name} must be an array of: ${optionList}` };
			const bad = raw.filter((v) => typeof v !== 'string' || !options.some((o) => o.value === v));
			if (bad.length > 0) return { error: `${attr.name}: ${bad.map(String).join(', ')} not among the options (${optionList})` };
			return { value: [...new Set(raw as string[])] };
		}
	}
}

