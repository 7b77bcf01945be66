import type { IDataObject } from 'n8n-workflow';

import type { UserAttribute } from '../../api/userAttributes';
import { isBlank, toApiDay } from '../../parameters/values';

/**
 * What a write body would change on a user Engagedly already has: Create or Update and Sync send
 * only these fields, and nothing at all when the list is empty. Both sides are brought to one
 * form before comparing, since Engagedly answers in other shapes than it is written in (a
 * location as `{id, name}`, a joining date as a timestamp, `birthdate` as DD-MM-YYYY, numbers of
 * custom attributes as text, blanks as null or "", ids as numbers or strings).
 */

export interface FieldChange {
	from: unknown;
	to: unknown;
}

export type Changes = Record<string, FieldChange>;

/** Never part of an update: the address is what the user was matched by; the type is create-only. */
const NOT_UPDATED = new Set(['email', 'employee_type']);

/** Write fields the user list does not carry: comparing them takes the single-user read. */
const SINGLE_USER_ONLY = new Set(['hr_managers', 'secondary_managers', 'secondary_phone_number', 'promotion_date', 'review_date', 'education']);

/** The `include` of that read, for the two people lists. */
export const FULL_USER_INCLUDE = 'primary_reporter,hr_managers,secondary_managers';

/** Whether comparing this body needs the user's single-user record (see SINGLE_USER_ONLY). */
export const needsFullUser = (body: IDataObject): boolean => Object.keys(body).some((wire) => SINGLE_USER_ONLY.has(wire));

const DATES = new Set(['joining_date', 'promotion_date', 'review_date', 'birth_date']);
const ID_LISTS: Record<string, string> = {
	departments: 'departments',
	businesses: 'business_unit',
	hr_managers: 'hr_managers',
	secondary_managers: 'secondary_managers',
};

const asRecord = (value: unknown): IDataObject | undefined =>
	value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

/** A reference as its id: `{id, name}`, a bare id, or nothing (null). */
function idOfReference(value: unknown): string | null {
	if (isBlank(value)) return null;
	const record = asRecord(value);
	const id = record ? record.id : value;
	return isBlank(id) ? null : String(id);
}

const sortedIds = (value: unknown): string[] =>
	[...new Set((Array.isArray(value) ? value : []).map(idOfReference).filter((id): id is string => id !== null))].sort();

/** A day from the API's forms: ISO timestamps, YYYY-MM-DD, `Jan 15, 2024`, and DD-MM-YYYY (`birthdate`). */
function day(value: unknown): string | null {
	if (isBlank(value)) return null;
	const text = String(value).trim();
	const dayFirst = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
	return (dayFirst ? `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}` : toApiDay(text)) ?? text;
}

const text = (value: unknown): string | null => (isBlank(value) ? null : String(value).trim());

/** A custom attribute's value in one form for its data type (the list renders every value as text). */
function attributeValue(value: unknown, attribute: UserAttribute | undefined): unknown {
	if (Array.isArray(value)) return value.length ? [...new Set(value.map((entry) => String(entry).trim()))].sort() : null;
	if (isBlank(value)) return null;
	switch (attribute?.data_type) {
		case 'number':
			return Number.isFinite(Number(value)) ? Number(value) : text(value);
		case 'boolean':
			return String(value).trim().toLowerCase() === 'true';
		case 'date':
			return day(value);
		case 'multiple-select':
			return [String(value).trim()];
		default:
			return text(value);
	}
}

/** The user's current value of a write field, in the compared form; undefined when the record does not say. */
function currentValue(user: IDataObject, wire: string, attributes: UserAttribute[]): unknown {
	if (wire.startsWith('custom-attribute-')) {
		const custom = asRecord(user.custom_attributes);
		if (!custom || !(wire in custom)) return null;
		// The list renders `{name, value}`; a bare value is read as well.
		const entry = asRecord(custom[wire]);
		const value = entry && 'value' in entry ? entry.value : custom[wire];
		return attributeValue(value, attributes.find((a) => a.attribute_key === wire));
	}
	if (wire in ID_LISTS) {
		const key = ID_LISTS[wire];
		return key in user ? sortedIds(user[key]) : undefined;
	}
	switch (wire) {
		case 'manager_id':
			return 'primary_reporter' in user ? idOfReference(user.primary_reporter) : undefined;
		case 'location':
		case 'job_title':
			return idOfReference(user[wire]);
		case 'birth_date':
			return day(user.birthdate_as_date ?? user.birthdate);
		default:
			return DATES.has(wire) ? day(user[wire]) : text(user[wire]);
	}
}

/** A value of the write body in the compared form. */
function wantedValue(wire: string, value: unknown, attributes: UserAttribute[]): unknown {
	if (wire.startsWith('custom-attribute-')) {
		return attributeValue(value, attributes.find((a) => a.attribute_key === wire));
	}
	if (wire in ID_LISTS) return sortedIds(value);
	if (wire === 'manager_id' || wire === 'location' || wire === 'job_title') return idOfReference(value);
	return DATES.has(wire) ? day(value) : text(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `body` whose value differs from `user`'s, each with the value before and the
 * value to write (in the compared form: ids for references, days for dates). A field the record
 * does not carry counts as changed, so it is written rather than silently skipped.
 */
export function changesFor(user: IDataObject, body: IDataObject, attributes: UserAttribute[]): Changes {
	const changes: Changes = {};
	for (const [wire, value] of Object.entries(body)) {
		if (NOT_UPDATED.has(wire)) continue;
		const to = wantedValue(wire, value, attributes);
		const from = currentValue(user, wire, attributes);
		if (from === undefined || !same(from, to)) changes[wire] = { from: from ?? null, to };
	}
	return changes;
}

/** The PATCH body of the changed fields: their values exactly as the write body had them. */
export function patchBody(body: IDataObject, changes: Changes): IDataObject {
	const patch: IDataObject = {};
	for (const wire of Object.keys(changes)) patch[wire] = body[wire];
	return patch;
}
