import type { IExecuteFunctions, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { MANAGER_FIX, PERSON_FIX } from '../descriptions/common';
import { userIdForEmail } from '../people/byEmail';
import type { ManagersGivenBy } from '../people/byEmployeeId';
import { userIdForEmployeeId } from '../people/byEmployeeId';
import { segmentProblem } from '../transport/paths';
import type { ItemScope } from '../transport/request';
import { DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS } from '../transport/rateLimitWait';
import { parameterProblem } from './check';
import { refuse } from './refuse';
import { capitalise, idOf, isBlank, isEmailAddress, isRecordWithId, listOf, toApiDay, toInstant, trimmed } from './values';

/**
 * Reading what the editor hands over, for one item: each reader returns the value the operation
 * sends, or fails naming the field and the fix before any request. (The router has already
 * checked every parameter against its declaration: checkParameters below.)
 *
 * Every reader is called one way: `readX.call(this, itemIndex, name, options)`. It reads the
 * parameter `name` itself, a field inside a collection by its dotted path
 * (`'filters.startDate'`), so no caller hands it a value read some other way; `options` carries
 * what its errors say (label, noun, hint) and, for people, the request an address is looked up
 * with. A reader of fixed parameters (Limit and Max Rate-Limit Wait here; a user's identity,
 * Clear Fields, custom attributes and Simplify in actions/user) has no `name`:
 * `readX.call(this, itemIndex, options)`.
 */

/** Return All / Limit: undefined means "all of them". */
export function readLimit(this: IExecuteFunctions, itemIndex: number): number | undefined {
	if (this.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const raw = this.getNodeParameter('limit', itemIndex, 50) as unknown;
	// An expression may give the number as text ("3"); that is still the number 3 (blank text is 0, refused).
	const limit = typeof raw === 'string' ? Number(raw) : raw;
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

// ---- every parameter against its declaration -------------------------------------------------

const NOT_HELD = Symbol('not held');

/** The parameters this item holds, by name. */
function heldValues(this: IExecuteFunctions, properties: INodeProperties[], itemIndex: number): Record<string, unknown> {
	const values: Record<string, unknown> = {};
	for (const { name } of properties) {
		try {
			const value = this.getNodeParameter(name, itemIndex, NOT_HELD) as unknown;
			if (value !== NOT_HELD) values[name] = value;
		} catch {
			// A parameter the node does not hold (hidden by another one's value) has nothing to check.
		}
	}
	return values;
}

/**
 * Refuses the item, naming the field, when a parameter of this operation holds a value it cannot
 * take (parameters/check.ts says which). `values`: the item's parameters as the operation read
 * them already (Sync reads each once).
 */
export function checkParameters(this: IExecuteFunctions, properties: INodeProperties[], itemIndex: number, values?: Record<string, unknown>): void {
	const problem = parameterProblem(properties, values ?? heldValues.call(this, properties, itemIndex));
	if (problem) refuse(this, itemIndex, problem, 'Fix the value (or the expression that gives it) in the node. Nothing was sent to Engagedly.');
}

// ---- ids -------------------------------------------------------------------------------------

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

/**
 * The id behind an optional resource locator (or a plain string, or a record's `id`), trimmed;
 * '' when none is given. An id that cannot be one URL segment (`..`) is refused here, naming
 * the field, before any request.
 */
function readOptionalId(this: IExecuteFunctions, itemIndex: number, name: string, { noun }: { noun: string }): string {
	return checkedId.call(this, trimmed(idOf(this.getNodeParameter(name, itemIndex, '', { extractValue: true }))), itemIndex, noun);
}

/** The id behind a resource locator (or a plain string), trimmed; empty is refused before any request. */
export function readId(this: IExecuteFunctions, itemIndex: number, name: string, { noun }: { noun: string }): string {
	const id = readOptionalId.call(this, itemIndex, name, { noun });
	if (!id) refuse(this, itemIndex, `No ${noun} selected`, `Pick a ${noun} from the list, or enter its ID.`);
	return id;
}

const WHOLE_NUMBER = /^\d+$/;

/** readId for records whose ids are integers: anything else is refused here rather than met with a 404. */
export function readWholeNumberId(this: IExecuteFunctions, itemIndex: number, name: string, { noun, hint }: { noun: string; hint: string }): string {
	const id = readId.call(this, itemIndex, name, { noun });
	if (!WHOLE_NUMBER.test(id)) refuse(this, itemIndex, `${capitalise(noun)} ID must be a whole number (got "${id}")`, hint);
	return id;
}

/** A list of integer ids (see listOf); `label` names the field in the error, e.g. "Resource IDs". */
export function readWholeNumberIds(this: IExecuteFunctions, itemIndex: number, name: string, { label, hint }: { label: string; hint: string }): string[] {
	const ids = listOf(this.getNodeParameter(name, itemIndex, ''));
	const bad = ids.find((id) => !WHOLE_NUMBER.test(id));
	if (bad !== undefined) refuse(this, itemIndex, `${label} must be whole numbers (got "${bad}")`, hint);
	return ids;
}

// ---- people: an id or an email address ----------------------------------------------------

/** The trigger's filters name people too; a poll has no items, so its context takes no index. */
type PeopleContext = IExecuteFunctions | IPollFunctions;

interface PeopleOptions {
	/** Names the field in errors. */
	label?: string;
	/** What an address is looked up with: the rate-limit wait of the run or poll. */
	request: ItemScope;
	/**
	 * Where the operation has Managers Given By (Create or Update), its choice: with `employeeId`,
	 * a value that is not an address is the Employee ID Engagedly holds for the person, looked up
	 * in the directory (people/byEmployeeId.ts). Undefined where the operation has no such option.
	 */
	givenBy?: ManagersGivenBy;
}

function parameterOf(context: PeopleContext, itemIndex: number, name: string, fallback: unknown): unknown {
	return 'getInputData' in context ? context.getNodeParameter(name, itemIndex, fallback) : context.getNodeParameter(name, fallback);
}

const isLocatorValue = (raw: unknown): raw is { mode?: unknown; value: unknown } =>
	raw !== null && typeof raw === 'object' && !Array.isArray(raw) && '__rl' in raw;

/**
 * The person one user value names: a resource locator (its `email` mode, or an id), an id, a
 * record with an id, or an email address; '' when nothing is given. Its form is checked (an
 * address where the email mode is chosen, an id that can be a URL segment); nothing is looked up.
 * With `givenBy` `employeeId`, a value that is not an address is an Employee ID, in any form.
 */
function personRef(this: PeopleContext, itemIndex: number, raw: unknown, label: string, givenBy?: ManagersGivenBy): string {
	const emailMode = isLocatorValue(raw) && raw.mode === 'email';
	const value = trimmed(idOf(isLocatorValue(raw) ? raw.value : raw));
	if (!value || isEmailAddress(value)) return value;
	if (emailMode) {
		refuse(this, itemIndex, `${label}: "${value}" is not an email address`, 'Enter an address such as name@company.com, or pick the user from the list.');
	}
	// An HR system's employee number (`1042`, `E-17`, `HB 0042`) is only compared with the
	// directory's, never sent or put in a path: whoever holds it is the person.
	if (givenBy === 'employeeId') return value;
	// Engagedly's user ids hold no spaces: "Priya Nguyen" is a name, which cannot be looked up.
	if (/\s/.test(value)) {
		refuse(this, itemIndex, `${label}: "${value}" is neither an email address nor a user ID`, givenBy ? MANAGER_FIX : PERSON_FIX);
	}
	return checkedId.call(this, value, itemIndex, 'user');
}

/**
 * The people a user field's value names (`many`: a multi-user field's list), as ids (Employee IDs
 * where `givenBy` is `employeeId`) or email addresses in the order given, without repeats:
 * checked, not looked up. A run that holds the whole directory (Sync) resolves them against it;
 * the readers below look each one up.
 */
export function personRefs(
	this: IExecuteFunctions,
	itemIndex: number,
	raw: unknown,
	{ label, many, givenBy }: { label: string; many: boolean; givenBy?: ManagersGivenBy },
): string[] {
	const refs = (many ? peopleEntries(raw) : [raw]).map((entry) => personRef.call(this, itemIndex, entry, label, givenBy));
	return [...new Set(refs.filter((ref) => ref !== ''))];
}

/**
 * The user id behind one user value (personRef): an address looked up once per execution
 * (people/byEmail.ts), an Employee ID in the directory read once per execution
 * (people/byEmployeeId.ts); '' when nothing is given.
 */
async function userIdOf(this: PeopleContext, itemIndex: number, raw: unknown, label: string, { request, givenBy }: PeopleOptions): Promise<string> {
	const ref = personRef.call(this, itemIndex, raw, label, givenBy);
	if (isEmailAddress(ref)) return await userIdForEmail.call(this, ref, request, label);
	return ref && givenBy === 'employeeId' ? await userIdForEmployeeId.call(this, ref, request, label) : ref;
}

/** An optional user field (a locator, an id, an address); '' when none is given. */
export async function readOptionalUserId(
	this: PeopleContext,
	itemIndex: number,
	name: string,
	{ label = 'User', ...options }: PeopleOptions,
): Promise<string> {
	return await userIdOf.call(this, itemIndex, parameterOf(this, itemIndex, name, ''), label, options);
}

/** A required user field: empty is refused before any request. */
export async function readUserId(this: IExecuteFunctions, itemIndex: number, name: string, options: PeopleOptions): Promise<string> {
	const id = await readOptionalUserId.call(this, itemIndex, name, options);
	if (!id) refuse(this, itemIndex, 'No user selected', 'Pick a user from the list, or enter their ID or email address.');
	return id;
}

/**
 * A multi-user field (a comma-separated text, or an array, mixing ids, email addresses and
 * records with an id) as ids, in the order given, without repeats. Every address (every Employee
 * ID, where `givenBy` says so) is resolved before the caller writes anything, so an unknown one
 * stops the item with nothing sent.
 */
export async function readUserIds(
	this: IExecuteFunctions,
	itemIndex: number,
	name: string,
	{ label = 'Users', ...options }: PeopleOptions,
): Promise<string[]> {
	const ids: string[] = [];
	for (const entry of peopleEntries(this.getNodeParameter(name, itemIndex, []))) {
		// listOf leaves no blank entry, so each names someone.
		ids.push(await userIdOf.call(this, itemIndex, entry, label, options));
	}
	return [...new Set(ids)];
}

/**
 * The people a field names, one entry each: a list (peopleField: ids, addresses, records), or the
 * pickers of a peoplePicker collection, an entry whose expression gave a list read piece by
 * piece in that entry's mode.
 */
function peopleEntries(raw: unknown): unknown[] {
	// A peopleList: its entries. A peoplePicker: the entry in each of its rows.
	if (Array.isArray(raw)) return raw.flatMap(pickerEntries);
	if (raw === null || typeof raw !== 'object' || isRecordWithId(raw)) return listOf(raw);
	const picked = (raw as { user?: unknown }).user;
	if (!Array.isArray(picked)) return [];
	return picked.flatMap((entry: unknown) => pickerEntries((entry as { user?: unknown } | null | undefined)?.user));
}

/** One picker's people: a list its expression gave is read piece by piece in the picker's mode. */
function pickerEntries(entry: unknown): unknown[] {
	if (!isLocatorValue(entry)) return listOf(entry);
	return listOf(entry.value).map((value) => ({ ...entry, value }));
}

// ---- text, days, numbers, instants ---------------------------------------------------------

/** A record's name, trimmed; Engagedly requires one, so blank is refused. */
export function readName(this: IExecuteFunctions, itemIndex: number, name: string, { noun }: { noun: string }): string {
	const value = trimmed(this.getNodeParameter(name, itemIndex, ''));
	if (!value) refuse(this, itemIndex, `The ${noun} name is empty`, `Enter a name for the ${noun}; Engagedly requires one.`);
	return value;
}

/** A day as YYYY-MM-DD (any date text JavaScript reads); undefined when not set. */
export function readDay(this: IExecuteFunctions, itemIndex: number, name: string, { label }: { label: string }): string | undefined {
	const value = this.getNodeParameter(name, itemIndex, '') as unknown;
	if (isBlank(value)) return undefined;
	const day = toApiDay(value, { anyDateText: true });
	if (day === undefined) {
		refuse(this, itemIndex, `${label} is not a date: "${String(value)}"`, 'Pick a day, or write it as YYYY-MM-DD (e.g. 2026-03-01).');
	}
	return day;
}

/** A filter's number of 0 or more; undefined when not set. */
export function readNonNegativeNumber(this: IExecuteFunctions, itemIndex: number, name: string, { label }: { label: string }): number | undefined {
	const value = this.getNodeParameter(name, itemIndex, '') as unknown;
	if (isBlank(value)) return undefined;
	const number = Number(value);
	if (!Number.isFinite(number) || number < 0) {
		refuse(this, itemIndex, `${label} must be a number of 0 or more (got "${String(value)}")`, `Set ${label} to a number, or remove the filter.`);
	}
	return number;
}

/** An instant (epoch ms) from a date parameter, read in the workflow's time zone; undefined when not set. */
export function readInstant(this: IExecuteFunctions, itemIndex: number, name: string, { label }: { label: string }): number | undefined {
	const raw = this.getNodeParameter(name, itemIndex, '') as unknown;
	if (isBlank(raw)) return undefined;
	const instant = toInstant(raw, this.getTimezone());
	if (instant === undefined) {
		refuse(this, itemIndex, `${label} is not a date: "${String(raw)}"`, 'Pick a date, or use an ISO 8601 date such as 2026-03-01T09:00:00Z.');
	}
	return instant;
}
