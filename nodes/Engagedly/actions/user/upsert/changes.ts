import type { IDataObject } from 'n8n-workflow';

import type { UserAttribute } from '../../../people/attributeDefinitions';
import { answerKey, USER_FIELDS } from '../../../people/userFields';
import { isBlank, toApiDay } from '../../../parameters/values';

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

/** The `include` of the single-user read, for the two people lists. */
export const FULL_USER_INCLUDE = 'primary_reporter,hr_managers,secondary_managers';

const DATES = new Set(USER_FIELDS.filter((field) => field.kind === 'date').map((field) => field.wire));
/** Lists of ids (units, people): wire name → where answers show them. */
const ID_LISTS: Record<string, string> = Object.fromEntries(
	USER_FIELDS.filter((field) => field.kind === 'ids' || field.kind === 'users').map((field) => [field.wire, answerKey(field)]),
);
/** One record or person by id (job title, location, manager): wire name → where answers show it. */
const REFERENCES: Record<string, string> = Object.fromEntries(
	USER_FIELDS.filter((field) => field.kind === 'user' || (field.kind === 'id' && field.list)).map((field) => [field.wire, answerKey(field)]),
);

const asRecord = (value: unknown): IDataObject | undefined =>
	value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

/** A reference as its id: `{id, name}`, a bare id, or nothing (null). */
function idOfReference(value: unknown): string | null {
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

/**
 * The user's current value of a write field, in the compared form; undefined when the record
 * does not carry the field (the contract's list leaves out departments, businesses and the birth
 * date, and every list leaves out what only the single-user answer has).
 */
function currentValue(user: IDataObject, wire: string, attributes: UserAttribute[]): unknown {
	if (wire.startsWith('custom-attribute-')) {
		const custom = asRecord(user.custom_attributes);
		if (!custom) return undefined;
		// The list renders `{name, value}`; a bare value is read as well.
		const entry = asRecord(custom[wire]);
		const value = entry && 'value' in entry ? entry.value : custom[wire];
		return attributeValue(value, attributes.find((a) => a.attribute_key === wire));
	}
	if (wire in ID_LISTS) {
		const key = ID_LISTS[wire];
		return key in user ? sortedIds(user[key]) : undefined;
	}
	if (wire in REFERENCES) {
		const key = REFERENCES[wire];
		return key in user ? idOfReference(user[key]) : undefined;
	}
	switch (wire) {
		// The one field answers show twice: day first in `birthdate`, and the vendor's as a day too.
		case 'birth_date':
			return 'birthdate_as_date' in user || 'birthdate' in user ? day(user.birthdate_as_date ?? user.birthdate) : undefined;
		default:
			if (!(wire in user)) return undefined;
			return DATES.has(wire) ? day(user[wire]) : text(user[wire]);
	}
}

/** The user's current values of these fields, in the compared form (null where not carried): what a plan's fingerprint holds. */
export function comparedValues(user: IDataObject, wires: string[], attributes: UserAttribute[]): unknown[] {
	return wires.map((wire) => [wire, currentValue(user, wire, attributes) ?? null]);
}

/** A value of the write body in the compared form. */
export function wantedValue(wire: string, value: unknown, attributes: UserAttribute[]): unknown {
	if (wire.startsWith('custom-attribute-')) {
		return attributeValue(value, attributes.find((a) => a.attribute_key === wire));
	}
	if (wire in ID_LISTS) return sortedIds(value);
	if (wire in REFERENCES) return idOfReference(value);
	return DATES.has(wire) ? day(value) : text(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const comparedFields = (body: IDataObject, email: boolean) =>
	Object.keys(body).filter((wire) => !NOT_UPDATED.has(wire) || (email && wire === 'email'));

/**
 * The fields of `body` that `user` does not carry: comparing them takes a read of the record
 * where they are carried (the single user), never an assumption that they changed.
 */
export function fieldsNotCarried(user: IDataObject, body: IDataObject, attributes: UserAttribute[]): string[] {
	return comparedFields(body, false).filter((wire) => currentValue(user, wire, attributes) === undefined);
}

/**
 * The fields of `body` whose value differs from `user`'s, each with the value before and the
 * value to write (in the compared form: ids for references, days for dates). A field `user` does
 * not carry is not among them: when even the single-user answer does not carry it (the contract's
 * User never shows `title` nor `gender`), it cannot be compared, and the caller writes it anyway
 * and says so (fieldsNotCarried). `email` compares the address too: a user matched by employee ID
 * takes the address the HR system gives now.
 */
export function changesFor(user: IDataObject, body: IDataObject, attributes: UserAttribute[], email = false): Changes {
	const changes: Changes = {};
	for (const wire of comparedFields(body, email)) {
		const to = wire === 'email' ? String(body.email).trim().toLowerCase() : wantedValue(wire, body[wire], attributes);
		const current = currentValue(user, wire, attributes);
		if (current === undefined) continue;
		const from = wire === 'email' && typeof current === 'string' ? current.toLowerCase() : current;
		if (!same(from, to)) {
			changes[wire] = wire === 'email' ? { from: user.email ?? null, to: body.email } : { from, to };
		}
	}
	return changes;
}

/** The fields whose values name people: shown in `changes` with their address too, as HR systems know people by it. */
const PEOPLE = new Set(USER_FIELDS.filter((field) => field.kind === 'user' || field.kind === 'users').map((field) => field.wire));

/** Where a user record shows what a reference field names (`{id, name}`, or an embedded user). */
const SHOWN_AT: Record<string, string> = { ...REFERENCES, ...ID_LISTS };

/** A person some other read of this run holds (a look-up by address, Sync's directory), by field and id. */
export type ReadElsewhere = (wire: string, id: string) => IDataObject | undefined;

/**
 * `changes` with each reference (job title, location, manager, units, HR and secondary managers)
 * as what it names: `{id, name}`, for people `{id, name, email}`, so a builder reads "Engineer
 * → Senior Engineer" and an expression still takes `.to.id`. Names come only from what the run
 * has read: the users before and after the write (`users`: their embedded records), then
 * `elsewhere`. An id none of them holds keeps `name: null` rather than cost a request per item.
 */
export function namedChanges(changes: Changes, users: IDataObject[], elsewhere: ReadElsewhere): Changes {
	const describe = (wire: string, id: unknown): IDataObject | null => {
		if (id === null) return null;
		const key = String(id);
		const shown = users.map((user) => {
			const value = user[SHOWN_AT[wire]];
			return (Array.isArray(value) ? value : [value]).map(asRecord).find((entry) => entry !== undefined && String(entry.id) === key);
		});
		const known = [...shown, elsewhere(wire, key)].find((entry) => entry !== undefined && !isBlank(entry.name));
		const name = known ? String(known.name) : null;
		return PEOPLE.has(wire) ? { id: key, name, email: known?.email ?? null } : { id: key, name };
	};
	const named: Changes = {};
	for (const [wire, change] of Object.entries(changes)) {
		const side = (value: unknown) => (Array.isArray(value) ? value.map((id) => describe(wire, id)) : describe(wire, value));
		named[wire] = wire in SHOWN_AT ? { from: side(change.from), to: side(change.to) } : change;
	}
	return named;
}

/** The PATCH body of these fields (the changed ones, and those that cannot be compared): their values exactly as the write body had them. */
export function patchBody(body: IDataObject, fields: string[]): IDataObject {
	const patch: IDataObject = {};
	for (const wire of fields) patch[wire] = body[wire];
	return patch;
}

/** `body` without these fields. */
export function withoutFields(body: IDataObject, fields: string[]): IDataObject {
	const rest = { ...body };
	for (const wire of fields) delete rest[wire];
	return rest;
}
