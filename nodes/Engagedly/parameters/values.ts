import type { IDataObject } from 'n8n-workflow';
import { DateTime } from 'luxon';

/**
 * Pure functions on the values n8n hands over (typed in, picked, or computed by an expression),
 * shared by every reader. No context, no errors: the readers in readers.ts decide what a bad value
 * means for their field.
 */

/** Not given: undefined, null, blank text or an empty list. */
export const isBlank = (value: unknown): boolean =>
	value === undefined ||
	value === null ||
	(typeof value === 'string' && value.trim() === '') ||
	(Array.isArray(value) && value.length === 0);

/**
 * A date not given, in the forms HR systems write it: blank (isBlank), or a zero date such as
 * BambooHR's `0000-00-00` (MySQL's, also with a time: `0000-00-00 00:00:00`).
 */
export const isEmptyDate = (value: unknown): boolean => isBlank(value) || (typeof value === 'string' && /^0000-00-00(?:$|[T ])/.test(value.trim()));

/** An editor value as trimmed text; null and undefined give ''. */
export function trimmed(raw: unknown): string {
	return raw === null || raw === undefined ? '' : String(raw).trim();
}

/** An email address: something, an @, a domain with a dot; no spaces. The one pattern the node uses. */
export const isEmailAddress = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A record handed over where an id is expected: an expression mapping a whole user or department. */
export function isRecordWithId(value: unknown): value is IDataObject & { id: string | number } {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
	const id = (value as IDataObject).id;
	return typeof id === 'string' || typeof id === 'number';
}

/** The id a value stands for: the value itself, or the `id` of a record. */
export function idOf(value: unknown): unknown {
	return isRecordWithId(value) ? value.id : value;
}

/**
 * A multi-value field as a clean list: a multi-select's array, a comma-separated string, or an
 * expression's array of values or of records (their `id`, else their `value`). Each entry is
 * trimmed; blanks and repeats are dropped. Ids stay strings.
 */
export function listOf(raw: unknown): string[] {
	const values = Array.isArray(raw) ? raw : [raw];
	const entries = values
		.flatMap((value: unknown): unknown[] => {
			// An entry left empty in the editor is saved as `[]`; one an expression filled may be a list.
			if (Array.isArray(value)) return listOf(value);
			if (typeof value === 'string') return value.split(',');
			if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
				const record = value as IDataObject;
				return [record.id ?? record.value ?? value];
			}
			return [value];
		})
		.map(trimmed)
		.filter((entry) => entry !== '');
	return [...new Set(entries)];
}

/** Removes keys whose value the user left empty, so only what was set is sent. */
export function compact(fields: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(fields)) if (!isBlank(value)) result[key] = value;
	return result;
}

/** XML Schema's zone on a date (`Z`, `-08:00`, `+05:30`): Workday's web services write dates so. */
const XSD_ZONE = /^(?:Z|[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00))$/;

/** A JavaScript Date's day in `zone`; a zone Luxon does not know (a typo in the workflow settings) falls back to UTC, as toInstant does. */
function dayOfDate(date: Date, zone: string): DateTime {
	const inZone = DateTime.fromJSDate(date, { zone });
	return !inZone.isValid && inZone.invalidReason === 'unsupported zone' ? DateTime.fromJSDate(date, { zone: 'utc' }) : inZone;
}

/**
 * A day in the form Engagedly accepts (YYYY-MM-DD), from what n8n hands over: the date picker's
 * `2024-01-15T00:00:00`, an ISO date or timestamp (`Z`, `+01:00`, `+0100`), an XML Schema date
 * with its zone (`2024-01-15-08:00`, `2024-01-15Z`), a Luxon DateTime or Date from an
 * expression, or the API's other documented form `Jan 15, 2024`. Text keeps the calendar day it
 * was written with: an HR system's local midnight is its day wherever the workflow runs. A Date
 * has no written day: it is read in `zone`, the workflow's time zone (n8n shows a Date so), else
 * UTC. A DateTime keeps its own zone's day, as n8n does when it hands one inside a collection
 * over as its ISO text. undefined = not a date.
 *
 * `anyDateText` also takes any other text JavaScript reads as a date (`March 1, 2026`,
 * `2026/03/01`), as the day it falls on in the server's time zone: the certificate filters have
 * always been that lenient, the user fields never were.
 */
export function toApiDay(value: unknown, { anyDateText = false, zone = 'utc' }: { anyDateText?: boolean; zone?: string } = {}): string | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : (dayOfDate(value, zone).toISODate() ?? undefined);
	if (DateTime.isDateTime(value)) return value.isValid ? (value.toISODate() ?? undefined) : undefined;
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const iso = /^(\d{4}-\d{2}-\d{2})(.*)$/s.exec(text);
	if (iso) {
		// After the day: nothing, a time (with or without its offset), or XML Schema's zone.
		const [, written, rest] = iso;
		if (rest !== '' && !/^[T ]/.test(rest) && !XSD_ZONE.test(rest)) return undefined;
		return DateTime.fromISO(written, { zone: 'utc' }).toISODate() ?? undefined;
	}
	const day = anyDateText ? DateTime.fromJSDate(new Date(text)) : DateTime.fromFormat(text, 'MMM d, yyyy', { locale: 'en-US', zone: 'utc' });
	return day.isValid ? (day.toISODate() ?? undefined) : undefined;
}

/**
 * An instant (epoch ms) from a date field or an expression. The date picker saves wall-clock time
 * with no zone (`2026-03-01T09:00:00`): that is read in the workflow's time zone, as n8n shows it.
 * Returns undefined when the value is not a date.
 */
export function toInstant(value: unknown, timeZone: string): number | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
	if (DateTime.isDateTime(value)) return value.isValid ? value.toMillis() : undefined;
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string' || !value.trim()) return undefined;
	const text = value.trim();
	if (/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)?$/.test(text)) {
		const wallClock = text.replace(' ', 'T');
		let instant = DateTime.fromISO(wallClock, { zone: timeZone });
		// A time zone n8n does not know (a typo in the workflow settings) falls back to UTC.
		if (!instant.isValid && instant.invalidReason === 'unsupported zone') instant = DateTime.fromISO(wallClock, { zone: 'utc' });
		return instant.isValid ? instant.toMillis() : undefined;
	}
	const parsed = Date.parse(text);
	return Number.isNaN(parsed) ? undefined : parsed;
}
