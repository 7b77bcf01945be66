import type { IDataObject } from 'n8n-workflow';

import { isCustomAttributeKey, isWatchedReference } from '../people/listFields';

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
 * The value reported in `changes` (and saved): what the list says, references as `{ id, name }`
 * with string ids, and a number in a text field as its text: the contract's `phone_number` is
 * "string or number", and a change of form is no change of the user.
 */
export function readField(user: IDataObject, key: string): unknown {
	if (key === 'manager') return ref(user.primary_reporter);
	// A record by id (job title, location; employee type is a name in the contract and `{id, name}`
	// in the vendor's): ids come as numbers in some answers and strings in others, so an object is
	// reported (and saved) as `{ id: "<string>", name }`, a name kept as it comes.
	if (isWatchedReference(key)) return asObject(user[key]) ? ref(user[key]) : (user[key] ?? null);
	if (!isCustomAttributeKey(key)) return typeof user[key] === 'number' ? String(user[key]) : (user[key] ?? null);
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
function identity(value: unknown): string {
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
	if (value === '') return 'null';
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
