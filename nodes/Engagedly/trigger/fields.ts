import type { IDataObject } from 'n8n-workflow';

import { isCustomAttributeKey } from '../api/userFields';

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

/** The value reported in `changes`: what the list says, people reduced to id and name. */
export function readField(user: IDataObject, key: string): unknown {
	if (key === 'manager') return ref(user.primary_reporter);
	if (!isCustomAttributeKey(key)) return user[key] ?? null;
	const custom = asObject(user.custom_attributes);
	return asObject(custom?.[key])?.value ?? null;
}

/**
 * What must differ for a field to count as changed. Referenced records (job title, location,
 * manager, employee type when it comes as an object, departments, businesses) are compared by
 * id, so renaming one does not fire for every member; the new name is still saved, so the next
 * real change reports it as the previous value.
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
	return JSON.stringify(value ?? null);
}
