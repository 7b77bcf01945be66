import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { OperationMap } from '../actions/types';
import { idOf } from '../parameters/values';
import { segmentProblem } from '../transport/paths';
import { DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS } from '../transport/request';

/** The "Return All" / "Limit" pair every list operation shows. */
export function returnAllFields(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** undefined means "all of them". */
export function readLimit(this: IExecuteFunctions, itemIndex: number): number | undefined {
	if (this.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const raw = this.getNodeParameter('limit', itemIndex, 50) as unknown;
	// An expression may give the number as text ("3"); that is still the number 3.
	const limit = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(this.getNode(), `Limit must be a whole number of 1 or more (got ${JSON.stringify(raw)})`, {
			itemIndex,
			description: 'Set Limit to 1 or more, or turn on Return All.',
		});
	}
	return limit;
}

/** Shared by every operation's Options: how long a 429 cooldown may hold the workflow. */
export const maxRateLimitWaitOption: INodeProperties = {
	displayName: 'Max Rate-Limit Wait (Seconds)',
	name: 'maxRateLimitWait',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS,
	description:
		'When Engagedly answers “too many requests”, wait up to this long for its cooldown (1 to 15 minutes, growing on repeated hits) before failing',
};

/** Collections list their entries in name order, as the linter asks of literal ones. */
const byDisplayName = (a: INodeProperties, b: INodeProperties) => a.displayName.localeCompare(b.displayName);

export function optionsCollection(extra: INodeProperties[] = []): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [...extra, maxRateLimitWaitOption].sort(byDisplayName),
	};
}

/** The "Filters" collection of a list operation, its entries in name order like the options'. */
export function filtersCollection(filters: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		options: [...filters].sort(byDisplayName),
	};
}

/**
 * A resource's part of the node description: its Operation picker, then each operation's own
 * fields in the order of its operations map, so adding an operation to the map adds its fields.
 */
export function resourceDescription(picker: INodeProperties, operations: OperationMap): INodeProperties[] {
	return [picker, ...Object.values(operations).flatMap((operation) => operation.description)];
}

export interface LocatorSpec {
	name: string;
	displayName: string;
	/** What the record is called in messages, e.g. "user". */
	noun: string;
	searchListMethod: string;
	/** A web-app URL that carries the id, for the URL mode. */
	url?: { regex: string; placeholder: string };
	required?: boolean;
}

/** A record picker: searchable list, or the id typed in, or (where the web app shows it) a URL. */
export function resourceLocator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: spec.required ?? true,
		description: `The ${spec.noun} to use`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. the ${spec.noun}'s ID`,
				validation: [
					{ type: 'regex', properties: { regex: '\\S+', errorMessage: `Enter the ${spec.noun}'s ID` } },
				],
			},
			...(spec.url
				? [
						{
							displayName: 'By URL',
							name: 'url',
							type: 'string' as const,
							placeholder: spec.url.placeholder,
							extractValue: { type: 'regex' as const, regex: spec.url.regex },
							validation: [
								{
									type: 'regex' as const,
									properties: { regex: spec.url.regex, errorMessage: `Not a ${spec.noun} URL` },
								},
							],
						},
					]
				: []),
		],
	};
}

/** A user picker, searching users by name or email. */
export function userLocator({
	name = 'userId',
	displayName = 'User',
	required = true,
}: Partial<Pick<LocatorSpec, 'name' | 'displayName' | 'required'>> = {}): INodeProperties {
	return resourceLocator({ name, displayName, noun: 'user', searchListMethod: 'searchUsers', required });
}

// ---- reading what the editor hands over -------------------------------------------------------

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An editor value as trimmed text; null and undefined give ''. */
export function trimmed(raw: unknown): string {
	return raw === null || raw === undefined ? '' : String(raw).trim();
}

/**
 * The id behind an optional resource locator (or a plain string, or a record's `id`), trimmed;
 * '' when none is given. An id that cannot be one URL segment (`..`) is refused here, naming
 * the field, before any request.
 */
export function readOptionalId(this: IExecuteFunctions, name: string, itemIndex: number, noun = 'record'): string {
	const id = trimmed(idOf(this.getNodeParameter(name, itemIndex, '', { extractValue: true })));
	const problem = id ? segmentProblem(id) : undefined;
	if (problem) {
		throw new NodeOperationError(this.getNode(), `The ${noun} ID is not an ID: ${problem}`, {
			itemIndex,
			description: `Pick the ${noun} from the list, or enter the ID Engagedly gave it. Nothing was sent.`,
		});
	}
	return id;
}

/** The id behind a resource locator (or a plain string), trimmed; empty is refused before any request. */
export function readId(this: IExecuteFunctions, name: string, itemIndex: number, noun: string): string {
	const id = readOptionalId.call(this, name, itemIndex, noun);
	if (!id) {
		throw new NodeOperationError(this.getNode(), `No ${noun} selected`, {
			itemIndex,
			description: `Pick a ${noun} from the list, or enter its ID.`,
		});
	}
	return id;
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
	if (!WHOLE_NUMBER.test(id)) {
		throw new NodeOperationError(this.getNode(), `${capitalise(noun)} ID must be a whole number (got "${id}")`, {
			itemIndex,
			description: hint,
		});
	}
	return id;
}

/**
 * A multi-value field as a clean list: a multi-select's array, a comma-separated string, or an
 * expression's array of values or of records (their `id`, else their `value`). Each entry is
 * trimmed; blanks and repeats are dropped. Ids stay strings.
 */
export function listOf(raw: unknown): string[] {
	const values = Array.isArray(raw) ? raw : [raw];
	const entries = values
		.flatMap((value: unknown) => {
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
	if (bad !== undefined) {
		throw new NodeOperationError(this.getNode(), `${label} must be whole numbers (got "${bad}")`, {
			itemIndex,
			description: hint,
		});
	}
	return ids;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function calendarDay(year: number, month: number, day: number): string | undefined {
	const date = new Date(Date.UTC(year, month - 1, day));
	if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
		return undefined;
	}
	return date.toISOString().slice(0, 10);
}

/**
 * A day in the form Engagedly accepts (YYYY-MM-DD), from what n8n hands over: the date picker's
 * `2024-01-15T00:00:00`, an ISO timestamp, a Luxon DateTime or Date from an expression, or the
 * API's other documented form `Jan 15, 2024`. A timestamp keeps the calendar day it was written
 * with, so a picker value never shifts a day through time zones. undefined = not a date.
 *
 * `anyDateText` also takes any other text JavaScript reads as a date (`March 1, 2026`,
 * `2026/03/01`), as the day it falls on in the server's time zone: the certificate filters have
 * always been that lenient, the user fields never were.
 */
export function toApiDay(value: unknown, { anyDateText = false } = {}): string | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
	if (value && typeof value === 'object' && typeof (value as { toISODate?: unknown }).toISODate === 'function') {
		const day = (value as { toISODate: () => string | null }).toISODate();
		return day ?? undefined;
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(text);
	if (iso) return calendarDay(+iso[1], +iso[2], +iso[3]);
	if (anyDateText) {
		const parsed = new Date(text);
		if (Number.isNaN(parsed.getTime())) return undefined;
		const pad = (n: number) => String(n).padStart(2, '0');
		return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
	}
	const long = /^([A-Za-z]{3}) (\d{1,2}), (\d{4})$/.exec(text);
	if (long) {
		const month = MONTHS.indexOf(long[1].toLowerCase());
		if (month >= 0) return calendarDay(+long[3], month + 1, +long[2]);
	}
	return undefined;
}

/** Removes keys whose value the user left empty, so only what was set is sent. */
export function compact(fields: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(fields)) {
		if (value === undefined || value === null || value === '') continue;
		if (Array.isArray(value) && value.length === 0) continue;
		result[key] = value;
	}
	return result;
}
