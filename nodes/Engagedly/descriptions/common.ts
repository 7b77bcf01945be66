import type { INodeProperties } from 'n8n-workflow';

import type { OperationMap } from '../actions/types';
import { DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS } from '../transport/rateLimitWait';

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
	required?: boolean;
}

/**
 * A record picker: searchable list, or the id typed in; a user picker also by email address.
 */
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
				// No editor regex: n8n runs those in a VM with a 250 ms limit, which a busy machine can
				// exceed and fail the run; the node refuses an empty or malformed ID itself.
			},
			// Every user picker takes an address too (saved workflows depend on the mode's name):
			// HR systems know people by email, and the node looks the id up (people/byEmail.ts).
			...(spec.searchListMethod === 'searchUsers'
				? [
						{
							displayName: 'By Email',
							name: 'email',
							type: 'string' as const,
							placeholder: 'e.g. name@company.com',
							// No editor regex: n8n runs those in a VM with a 250 ms limit, which a busy
							// machine can exceed and fail the run; the node checks the address itself.
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

/** How to give a person, for every error about a field that names people. */
export const PERSON_FIX = 'Pick each person from the list, or give their email address or Engagedly user ID (a name alone cannot be looked up).';

/**
 * PERSON_FIX where an operation has Managers Given By (Create or Update): the value a builder most
 * often maps there by mistake is the HR system's own id for the manager, which that option takes.
 */
export const MANAGER_FIX = `${PERSON_FIX} An HR system's own id for the person (their employee number) is taken with Options > Managers Given By set to Employee ID.`;

/** What a field of several people is called and says; its add button's text. */
type PeopleFieldSpec = Pick<INodeProperties, 'displayName' | 'name' | 'description'> & { buttonText: string; required?: boolean };

const peopleDescription = (spec: PeopleFieldSpec) => `${spec.description} Each from the list, by email or by ID; an expression in an entry may give several`;

/**
 * People picked one by one, each the way every single-user field takes a person: from the
 * searchable list, by email or by ID (userLocator), never a dropdown of every user (200 requests
 * at 10,000 users, each time it opens). An entry given by expression may hold a list (of
 * addresses, IDs or records with an id): each is read in the entry's mode, and every address is
 * looked up before anything is written (parameters/readers.ts, readUserIds).
 */
export function peoplePicker(spec: PeopleFieldSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: spec.buttonText,
		default: {},
		required: spec.required ?? false,
		description: peopleDescription(spec),
		// Not required: a blank entry is ignored like an empty field, where n8n would refuse the run naming only "User".
		options: [{ displayName: 'User', name: 'user', values: [userLocator({ name: 'user', displayName: 'User', required: false })] }],
	};
}

/**
 * peoplePicker for a field inside a collection (Additional Fields, Update Fields, Filters): the
 * same picker, one per person, as a list. n8n's editor drops an empty fixedCollection from a
 * collection as soon as any other field of it changes, so a builder who added HR Managers and then
 * another field lost it; a list starts with its first, blank, entry and stays. Blank entries are
 * ignored (parameters/readers.ts).
 */
export function peopleList(spec: PeopleFieldSpec): INodeProperties {
	return {
		...userLocator({ name: spec.name, displayName: spec.displayName, required: false }),
		typeOptions: { multipleValues: true, multipleValueButtonText: spec.buttonText },
		description: peopleDescription(spec),
	};
}
