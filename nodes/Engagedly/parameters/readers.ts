import type { IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import { userIdForEmail } from '../api/users';
import { segmentProblem } from '../transport/paths';
import type { ItemRequest } from '../transport/request';
import { DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS } from '../transport/request';
import { refuse } from './refuse';
import { capitalise, idOf, isBlank, isEmailAddress, listOf, toApiDay, toInstant, trimmed } from './values';

/**
 * Reading what the editor hands over, for one item: each reader returns the value the operation
 * sends, or fails naming the field and the fix before any request. (The router has already
 * checked every parameter against its declaration: parameters/check.ts.)
 */

/** Return All / Limit: undefined means "all of them". */
export function readLimit(this: IExecuteFunctions, itemIndex: number): number | undefined {
	if (this.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const raw = this.getNodeParameter('limit', itemIndex, 50) as unknown;
	// An expression may give the number as text ("3"); that is still the number 3.
	const limit = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
		refuse(
			this,
			itemIndex,
			`Limit must be a whole number of 1 or more (got ${JSON.stringify(raw)})`,
			'Set Limit to 1 or more, or turn on Return All.',
		);
	}
	return limit;
}

/** The item's "Max Rate-Limit Wait (Seconds)" option, which the transport is handed. */
export function readMaxRateLimitWait(this: IExecuteFunctions, itemIndex: number): number {
	const seconds = Number(this.getNodeParameter('options.maxRateLimitWait', itemIndex, DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS));
	return Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS;
}

/**
 * The id behind an optional resource locator (or a plain string, or a record's `id`), trimmed;
 * '' when none is given. An id that cannot be one URL segment (`..`) is refused here, naming
 * the field, before any request.
 */
export function readOptionalId(this: IExecuteFunctions, name: string, itemIndex: number, noun = 'record'): string {
	return checkedId.call(this, trimmed(idOf(this.getNodeParameter(name, itemIndex, '', { extractValue: true }))), itemIndex, noun);
}

function checkedId(this: IExecuteFunctions | IPollFunctions, id: string, itemIndex: number, noun: string): string {
	const problem = id ? segmentProblem(id) : undefined;
	if (problem) {
		refuse(
			this,
			itemIndex,
			`The ${noun} ID is not an ID: ${problem}`,
			`Pick the ${noun} from the list, or enter the ID Engagedly gave it. Nothing was sent.`,
		);
	}
	return id;
}

/** The id behind a resource locator (or a plain string), trimmed; empty is refused before any request. */
export function readId(this: IExecuteFunctions, name: string, itemIndex: number, noun: string): string {
	const id = readOptionalId.call(this, name, itemIndex, noun);
	if (!id) refuse(this, itemIndex, `No ${noun} selected`, `Pick a ${noun} from the list, or enter its ID.`);
	return id;
}

// ---- people: an id or an email address ----------------------------------------------------

const isLocatorValue = (raw: unknown): raw is { mode?: unknown; value: unknown } =>
	raw !== null && typeof raw === 'object' && !Array.isArray(raw) && '__rl' in raw;

/**
 * The user id behind a user field's value: a resource locator (its `email` mode, or an id), an
 * id, a record with an id, or an email address (looked up once per execution: api/users.ts).
 * '' when nothing is given. `label` names the field in errors.
 */
export async function userIdFrom(
	this: IExecuteFunctions | IPollFunctions,
	raw: unknown,
	label: string,
	request: ItemRequest,
): Promise<string> {
	const { itemIndex } = request;
	const emailMode = isLocatorValue(raw) && raw.mode === 'email';
	const value = trimmed(idOf(isLocatorValue(raw) ? raw.value : raw));
	if (!value) return '';
	if (isEmailAddress(value)) return await userIdForEmail.call(this, value, request, label);
	if (emailMode) {
		refuse(this, itemIndex, `${label}: "${value}" is not an email address`, 'Enter an address such as name@company.com, or pick the user from the list.');
	}
	return checkedId.call(this, value, itemIndex, 'user');
}

/** An optional user locator parameter (see userIdFrom); '' when none is given. */
export async function readOptionalUserId(
	this: IExecuteFunctions,
	name: string,
	request: ItemRequest,
	label = 'User',
): Promise<string> {
	return await userIdFrom.call(this, this.getNodeParameter(name, request.itemIndex, ''), label, request);
}

/** A required user locator parameter: empty is refused before any request. */
export async function readUserId(this: IExecuteFunctions, name: string, request: ItemRequest, label = 'User'): Promise<string> {
	const id = await readOptionalUserId.call(this, name, request, label);
	if (!id) refuse(this, request.itemIndex, 'No user selected', 'Pick a user from the list, or enter their ID or email address.');
	return id;
}

/**
 * A multi-user field (a comma-separated text, or an array, mixing ids, email addresses and
 * records with an id) as ids, in the order given, without repeats. Every address is resolved
 * before the caller writes anything, so an unknown one stops the item with nothing sent.
 */
export async function userIdsFrom(
	this: IExecuteFunctions,
	raw: unknown,
	label: string,
	request: ItemRequest,
): Promise<string[]> {
	const ids: string[] = [];
	for (const entry of listOf(raw)) {
		const id = await userIdFrom.call(this, entry, label, request);
		if (id) ids.push(id);
	}
	return [...new Set(ids)];
}

const WHOLE_NUMBER = /^\d+$/;

/** readId for records whose ids are integers: anything else is refused here rather than met with a 404. */
export function readWholeNumberId(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
	noun: string,
	hint: string,
): string {
	const id = readId.call(this, name, itemIndex, noun);
	if (!WHOLE_NUMBER.test(id)) refuse(this, itemIndex, `${capitalise(noun)} ID must be a whole number (got "${id}")`, hint);
	return id;
}

/** listOf for integer ids; `label` names the field in the error, e.g. "Resource IDs". */
export function readWholeNumberList(
	this: IExecuteFunctions,
	raw: unknown,
	label: string,
	itemIndex: number,
	hint: string,
): string[] {
	const ids = listOf(raw);
	const bad = ids.find((id) => !WHOLE_NUMBER.test(id));
	if (bad !== undefined) refuse(this, itemIndex, `${label} must be whole numbers (got "${bad}")`, hint);
	return ids;
}

/** A filter's day as YYYY-MM-DD (any date text JavaScript reads); undefined when not set. */
export function readFilterDay(
	this: IExecuteFunctions,
	filters: IDataObject,
	name: string,
	label: string,
	itemIndex: number,
): string | undefined {
	const value = filters[name];
	if (isBlank(value)) return undefined;
	const day = toApiDay(value, { anyDateText: true });
	if (day === undefined) {
		refuse(this, itemIndex, `${label} is not a date: "${String(value)}"`, 'Pick a day, or write it as YYYY-MM-DD (e.g. 2026-03-01).');
	}
	return day;
}

/** A filter's number of 0 or more; undefined when not set. */
export function readFilterNumber(
	this: IExecuteFunctions,
	filters: IDataObject,
	name: string,
	label: string,
	itemIndex: number,
): number | undefined {
	const value = filters[name];
	if (isBlank(value)) return undefined;
	const number = Number(value);
	if (!Number.isFinite(number) || number < 0) {
		refuse(this, itemIndex, `${label} must be a number of 0 or more (got "${String(value)}")`, `Set ${label} to a number, or remove the filter.`);
	}
	return number;
}

/** An instant (epoch ms) from a date parameter, read in the workflow's time zone; undefined when not set. */
export function readInstant(this: IExecuteFunctions, name: string, label: string, itemIndex: number): number | undefined {
	const raw = this.getNodeParameter(name, itemIndex, '') as unknown;
	if (isBlank(raw)) return undefined;
	const instant = toInstant(raw, this.getTimezone());
	if (instant === undefined) {
		refuse(this, itemIndex, `${label} is not a date: "${String(raw)}"`, 'Pick a date, or use an ISO 8601 date such as 2026-03-01T09:00:00Z.');
	}
	return instant;
}
