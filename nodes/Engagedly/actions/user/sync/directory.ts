import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey, sharedAddressError } from '../../../people/byEmail';
import { isEmailAddress } from '../../../parameters/values';
import { scanAll } from '../../../transport/scan';
import type { ItemScope } from '../../../transport/request';
import type { EmployeeIdMatch, ManagersGivenBy } from '../../../people/byEmployeeId';
import { employeeIdError, employeeIdKey, userWithEmployeeId } from '../../../people/byEmployeeId';
import type { RunPeople } from './match';
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
		byEmployeeId: grouped(users, (user) => employeeIdKey(user.employee_id)),
		byId: new Map(users.map((user) => [String(user.id), user])),
	};
}

/** The directory in ceil(N/50) pages, each user with their manager (which costs nothing extra). */
export async function readDirectory(this: IExecuteFunctions, request: ItemScope): Promise<Directory> {
	return directoryOf(await scanAll.call(this, '/users', { ...request, qs: { include: 'primary_reporter' } }));
}

/** Who one value of a people field names in the directory: an id the write can send, or why there is none. */
export type Resolved =
	| { id: string }
	| { nobody: 'address' | 'id' }
	| { sharedAddress: IDataObject[] }
	| { employeeId: Exclude<EmployeeIdMatch, { kind: 'one' }> };

/**
 * One value of a people field against the directory, as plain data: an address as the one user
 * who holds it; with Managers Given By Employee ID, any other value as the one user whose
 * employee_id it is; else an Engagedly id the directory holds. A user whose address the run
 * changes is found by the new one too; a new hire this run creates is their stand-in (newUserId). Nothing is taken on trust: an id the run did not read is nobody's.
 */
export function resolvePerson(ref: string, directory: Directory, run: RunPeople, by: ManagersGivenBy): Resolved {
	if (isEmailAddress(ref)) {
		const key = emailKey(ref);
		const users = directory.byEmail.get(key) ?? [];
		if (users.length > 1) return { sharedAddress: users };
		if (users.length === 1) return { id: String(users[0].id) };
		const moved = run.newAddresses.get(key);
		if (moved) return { id: moved };
		return run.creating.has(key) ? { id: newUserId(key) } : { nobody: 'address' };
	}
	if (by === 'employeeId') {
		// The user whose Engagedly id it is, if any, only tells the builder they chose the wrong key.
		const candidates = new Set([...(directory.byEmployeeId.get(employeeIdKey(ref)) ?? []), ...(directory.byId.has(ref) ? [directory.byId.get(ref)!] : [])]);
		const match = userWithEmployeeId(ref, [...candidates]);
		if (match.kind === 'one') return { id: String(match.user.id) };
		const hire = match.kind === 'nobody' ? run.creatingByEmployeeId.get(employeeIdKey(ref)) : undefined;
		return hire ? { id: newUserId(hire) } : { employeeId: match };
	}
	return directory.byId.has(ref) ? { id: ref } : { nobody: 'id' };
}

const NOBODY = {
	address: { what: 'the email address', fix: 'Check the address, or pick the user from the list or by ID.' },
	id: {
		what: 'the ID',
		fix: "If it is your HR system's own id for them, set Managers Given By to Employee ID and map the manager's employee number (the Employee ID Engagedly holds for them), or map their email address.",
	},
};

/**
 * A row's people fields as the ids a write sends (resolvePerson). A value that names nobody, or
 * two users, fails the item, naming the field and how to map it.
 */
export function resolvePeople(this: IExecuteFunctions, item: number, people: PeopleRefs[], directory: Directory, run: RunPeople, by: ManagersGivenBy): IDataObject {
	const resolved: IDataObject = {};
	for (const { wire, label, many, refs } of people) {
		const ids = refs.map((ref) => {
			const found = resolvePerson(ref, directory, run, by);
			if ('id' in found) return found.id;
			if ('sharedAddress' in found) throw sharedAddressError(this, ref, found.sharedAddress, item);
			if ('employeeId' in found) throw employeeIdError(this, ref, found.employeeId, label, item);
			const { what, fix } = NOBODY[found.nobody];
			throw new NodeOperationError(this.getNode(), `No Engagedly user has ${what} "${ref}" (${label})`, { itemIndex: item, description: `${fix} Nothing was sent.` });
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

