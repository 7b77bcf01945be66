import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey, sharedAddressError } from '../../../people/byEmail';
import { isEmailAddress, trimmed } from '../../../parameters/values';
import { paginate } from '../../../transport/paginate';
import type { ItemRequest } from '../../../transport/request';
import type { PeopleRefs } from './rows';

/**
 * Every user of the organisation, read once for the whole run and handed to each stage as a value:
 * the run matches items against it, and a field that names a person by address resolves through
 * it, at no request. Nothing changes it once read.
 */
export interface Directory {
	users: IDataObject[];
	/** Every user an address names, whatever its case: two of them are refused, never guessed between. */
	byEmail: Map<string, IDataObject[]>;
	byEmployeeId: Map<string, IDataObject[]>;
	byId: Map<string, IDataObject>;
}

const grouped = (users: IDataObject[], key: (user: IDataObject) => string) => {
	const groups = new Map<string, IDataObject[]>();
	for (const user of users) {
		const value = key(user);
		if (value) groups.set(value, [...(groups.get(value) ?? []), user]);
	}
	return groups;
};

export function directoryOf(users: IDataObject[]): Directory {
	return {
		users,
		byEmail: grouped(users, (user) => emailKey(user.email)),
		byEmployeeId: grouped(users, (user) => trimmed(user.employee_id)),
		byId: new Map(users.map((user) => [String(user.id), user])),
	};
}

/** The directory in ceil(N/50) pages, each user with their manager (which costs nothing extra). */
export async function readDirectory(this: IExecuteFunctions, request: ItemRequest): Promise<Directory> {
	return directoryOf(await paginate.call(this, '/users', { ...request, qs: { include: 'primary_reporter' } }));
}

/**
 * A row's people fields as the ids a write sends: an id as given, an address as the one user the
 * directory holds with it, or, for a new hire this run creates (`creating`, folded addresses),
 * their stand-in (newUserId), replaced by their id once they exist. An address nobody has, or that
 * two users share, fails the item, naming the field.
 */
export function resolvePeople(this: IExecuteFunctions, item: number, people: PeopleRefs[], directory: Directory, creating: Set<string>): IDataObject {
	const resolved: IDataObject = {};
	for (const { wire, label, many, refs } of people) {
		const ids = refs.map((ref) => {
			if (!isEmailAddress(ref)) return ref;
			const key = emailKey(ref);
			const users = directory.byEmail.get(key) ?? [];
			if (users.length > 1) throw sharedAddressError(this, ref, users, item);
			if (users.length === 1) return String(users[0].id);
			if (creating.has(key)) return newUserId(key);
			throw new NodeOperationError(this.getNode(), `No Engagedly user has the email address "${ref}" (${label})`, {
				itemIndex: item,
				description: 'Check the address, or pick the user from the list or by ID. Nothing was sent.',
			});
		});
		// A field that names nobody is not sent (a list would clear what Engagedly holds).
		const unique = [...new Set(ids)];
		if (unique.length) resolved[wire] = many ? unique : unique[0];
	}
	return resolved;
}

/**
 * The stand-in for the id of a user the run has yet to create: a plan is data, written before
 * anyone exists, so a new hire's manager who is new too is named by address, and the apply stage
 * puts their id in once they are created (a sync creates a new manager before their reports).
 */
const NEW_USER = 'new-user:';
export const newUserId = (address: string): string => `${NEW_USER}${emailKey(address)}`;

/** The address a stand-in names, or undefined for a real id. */
export const newUserAddress = (value: unknown): string | undefined =>
	typeof value === 'string' && value.startsWith(NEW_USER) ? value.slice(NEW_USER.length) : undefined;

/** The new users a body names by stand-in (newUserId), each once. */
export function standIns(body: IDataObject): string[] {
	const found = Object.values(body).flatMap((value) => (Array.isArray(value) ? value : [value])).map(newUserAddress);
	return [...new Set(found.filter((address): address is string => address !== undefined))];
}

