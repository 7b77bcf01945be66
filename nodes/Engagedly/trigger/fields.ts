import type { IDataObject } from 'n8n-workflow';

/**
 * The user fields the "User Updated" event can watch. Only fields that the user *list* carries
 * can be watched: reading each user on its own would cost one request per user per poll.
 * Custom attributes (keys `custom-attribute-…`) are read from the list element's
 * `custom_attributes` map.
 */
export interface SystemField {
	value: string;
	name: string;
	description?: string;
}

/** Label → key of the list element; `manager` is the one field that needs an `include`. */
export const SYSTEM_FIELDS: SystemField[] = [
	{ value: 'block_reason_code', name: 'Block Reason Code' },
	{ value: 'birthdate', name: 'Birth Date' },
	{ value: 'business_unit', name: 'Business Units', description: 'Which businesses, and whether as administrator' },
	{ value: 'departments', name: 'Departments', description: 'Which departments, and whether as administrator' },
	{ value: 'email', name: 'Email' },
	{ value: 'employee_id', name: 'Employee ID' },
	{ value: 'employee_type', name: 'Employee Type' },
	{ value: 'first_name', name: 'First Name' },
	{ value: 'gender', name: 'Gender' },
	{ value: 'job_title', name: 'Job Title' },
	{ value: 'joining_date', name: 'Joining Date' },
	{ value: 'last_name', name: 'Last Name' },
	{ value: 'level', name: 'Level' },
	{ value: 'location', name: 'Location' },
	{ value: 'manager', name: 'Manager', description: 'The primary reporter' },
	{ value: 'middle_name', name: 'Middle Name' },
	{ value: 'phone_number', name: 'Phone Number' },
	{ value: 'status', name: 'Status', description: 'Active or Blocked (deactivated)' },
	{ value: 'title', name: 'Title' },
];

const SYSTEM_KEYS = new Set(SYSTEM_FIELDS.map((field) => field.value));

export function isCustomAttributeKey(key: string): boolean {
	return !SYSTEM_KEYS.has(key);
}

/** The `include` the user list needs for these fields, if any. */
export function includeFor(fields: string[]): string | undefined {
	return fields.includes('manager') ? 'primary_reporter' : undefined;
}

const asObject = (value: unknown): IDataObject | undefined =>
	value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

const ref = (value: unknown): IDataObject | null => {
	const object = asObject(value);
	return object ? { id: String(object.id), name: (object.name as string | undefined) ?? null } : null;
};

/**
 * Fields that reference another record. Engagedly gives their ids as numbers in some answers
 * and strings in others, so they are reported (and saved) as `{ id: "<string>", name }`.
 * `employee_type` is a name in the contract and `{ id, name }` in the vendor's description:
 * either form is kept as it comes, ids made strings.
 */
const REFERENCES = new Set(['job_title', 'location', 'employee_type']);

/** The value reported in `changes`: what the list says, references as `{ id, name }` with string ids. */
export function readField(user: IDataObject, key: string): unknown {
	if (key === 'manager') return ref(user.primary_reporter);
	if (REFERENCES.has(key)) return asObject(user[key]) ? ref(user[key]) : (user[key] ?? null);
	if (SYSTEM_KEYS.has(key)) return user[key] ?? null;
	const custom = asObject(user.custom_attributes);
	return asObject(custom?.[key])?.value ?? null;
}

/** `2024-01-15` and `2024-01-15T00:00:00.000Z` are one day: the two documents write joining dates differently. */
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})(T00:00(:00(\.0+)?)?(Z|[+-]00:?00)?)?$/;

/**
 * What must differ for a field to count as changed. Referenced records (job title, location,
 * manager, employee type when it comes as an object, departments, businesses) are compared by
 * id, so renaming one does not fire for every member; the new name is still saved, so the next
 * real change reports it as the previous value. A blank is a blank whether it comes as `null`
 * or `""`, and a date is its day.
 */
export function identity(value: unknown): string {
	const object = asObject(value);
	if (object && object.id !== undefined) return `#${String(object.id)}`;
	if (Array.isArray(value) && value.every((entry) => asObject(entry)?.id !== undefined)) {
		return value
			.map((entry) => {
				const unit = entry as IDataObject;
				return `#${String(unit.id)}${unit.is_admin ? '*' : ''}`;
			})
			.sort()
			.join(',');
	}
	if (value === '' || value === undefined) return 'null';
	if (typeof value === 'string') {
		const day = MIDNIGHT.exec(value);
		if (day) return JSON.stringify(day[1]);
	}
	return JSON.stringify(value ?? null);
}

/**
 * Whether two polls saw the same value. A record given by its name in one (`"Intern"`) and as
 * `{ id, name: "Intern" }` in the other is the same record: Engagedly's two descriptions
 * disagree on the form of `employee_type`, and a change of form is no change of the user.
 */
export function sameValue(previous: unknown, current: unknown): boolean {
	if (identity(previous) === identity(current)) return true;
	const named = (a: unknown, b: unknown) => typeof a === 'string' && asObject(b)?.name === a;
	return named(previous, current) || named(current, previous);
}
