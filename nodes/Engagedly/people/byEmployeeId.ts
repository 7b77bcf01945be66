import type { IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ownError } from '../transport/errors';
import { scanAll } from '../transport/scan';
import { perContext, perExecution } from '../transport/perExecution';
import type { ItemScope } from '../transport/request';
import { knownUsers } from './byEmail';

/**
 * People given by Employee ID: the key an HR system knows an employee by (BambooHR's
 * `supervisorId`, a HiBob manager's employee number), which Engagedly holds as the user's
 * `employee_id`. The API has no filter on it, so the directory (`GET /users`, pages of 50) is read
 * once per execution, and only when an item names someone this way; the users the run wrote
 * since (people/byEmail.ts remembers them) are found as written. Only a user's Engagedly id ever
 * leaves the node: an Employee ID is compared, never sent.
 */

/** How Manager, HR Managers and Secondary Managers name people in Create or Update and Sync. */
export type ManagersGivenBy = 'idOrEmail' | 'employeeId';

/** Employee IDs are compared as text, trimmed, in their case: `E-17` is not `e-17`. A user without one holds ''. */
export const employeeIdKey = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

/** The one user holding an Employee ID, or why there is none to take. */
export type EmployeeIdMatch =
	| { kind: 'one'; user: IDataObject }
	/** Nobody holds it; `engagedlyIdOf`: the user whose Engagedly id it is, a sign of the wrong choice of Managers Given By. */
	| { kind: 'nobody'; engagedlyIdOf?: IDataObject }
	/** Several users hold it: none is guessed at. */
	| { kind: 'several'; users: IDataObject[] };

/** The user among `users` whose Employee ID is `employeeId` (both trimmed), or why not. Blank names nobody. */
export function userWithEmployeeId(employeeId: string, users: IDataObject[]): EmployeeIdMatch {
	const key = employeeIdKey(employeeId);
	const holders = key ? users.filter((user) => employeeIdKey(user.employee_id) === key) : [];
	if (holders.length === 1) return { kind: 'one', user: holders[0] };
	if (holders.length > 1) return { kind: 'several', users: holders };
	const engagedlyIdOf = key ? users.find((user) => String(user.id) === key) : undefined;
	return engagedlyIdOf ? { kind: 'nobody', engagedlyIdOf } : { kind: 'nobody' };
}

/** The users as they are now: those `read` (the directory), each replaced by its version in `since` (same id), and those `since` adds. */
export function latestUsers(read: IDataObject[], since: IDataObject[]): IDataObject[] {
	const byId = new Map(read.map((user) => [String(user.id), user]));
	for (const user of since) byId.set(String(user.id), user);
	return [...byId.values()];
}

const nameOf = (user: IDataObject) => [user.first_name, user.last_name].filter((part) => typeof part === 'string' && part.trim()).join(' ') || 'a user';

const HOW_TO_MAP =
	"Managers Given By is Employee ID, so each manager is the Employee ID Engagedly holds for them (the Employee ID of their Engagedly profile): map the manager's Employee ID as Engagedly holds it, or their email address.";

/** Why `match` names no one user, as the item's error naming the field (`label`) and how to map it. */
export function employeeIdError(
	context: Pick<IExecuteFunctions, 'getNode'>,
	employeeId: string,
	match: Exclude<EmployeeIdMatch, { kind: 'one' }>,
	label: string,
	itemIndex?: number,
): NodeOperationError {
	const value = employeeIdKey(employeeId);
	if (match.kind === 'several') {
		const who = match.users.map((user) => `${String(user.email)} (ID ${String(user.id)})`).join(' and ');
		return new NodeOperationError(context.getNode(), `${match.users.length} Engagedly users have the Employee ID "${value}" (${label})`, {
			itemIndex,
			description: `They are ${who}: an Employee ID must name one user, so none of them is taken. Give each their own Employee ID in Engagedly, or map this manager's email address instead. Nothing was written for this item.`,
		});
	}
	const other = match.engagedlyIdOf;
	const wrongKind = other
		? ` "${value}" is the Engagedly user ID of ${nameOf(other)} (${String(other.email)}): to give Engagedly IDs, set Managers Given By to Engagedly ID or Email.`
		: '';
	return new NodeOperationError(context.getNode(), `No Engagedly user has the Employee ID "${value}" (${label})`, {
		itemIndex,
		description: `${HOW_TO_MAP}${wrongKind} Nothing was written for this item.`,
	});
}

// ---- the directory, once per execution ---------------------------------------------------

/** A node run, or a trigger's poll. */
type PeopleContext = IExecuteFunctions | IPollFunctions;

const DIRECTORY = 'people-by-employee-id';

/** The directory this execution read, by id, once read (names for the ids a write sends, at no request). */
const readById = (context: PeopleContext) => perContext(context, `${DIRECTORY}-by-id`, () => new Map<string, IDataObject>());

/** Every user, in ceil(N/50) pages with their manager, read once per execution; a failed read is tried again by the next item. */
async function directory(context: PeopleContext, request: ItemScope): Promise<IDataObject[]> {
	return await perExecution(context, DIRECTORY, async () => {
		const users = await scanAll.call(context, '/users', { ...request, qs: { include: 'primary_reporter' } });
		for (const user of users) readById(context).set(String(user.id), user);
		return users;
	});
}

/** A user of the directory this execution read, by id; undefined when it read none (no request is made). */
export const directoryUser = (context: PeopleContext, id: string): IDataObject | undefined => readById(context).get(id);

/**
 * The Engagedly id of the one user holding this Employee ID (userWithEmployeeId) among the
 * directory and the users the run wrote since. Nobody, or several, fails the item naming the field
 * (`label`), before anything is written.
 */
export async function userIdForEmployeeId(this: PeopleContext, employeeId: string, request: ItemScope, label: string): Promise<string> {
	const users = latestUsers(await directory(this, request), knownUsers(this));
	const match = userWithEmployeeId(employeeId, users);
	if (match.kind !== 'one') throw employeeIdError(this, employeeId, match, label, request.itemIndex);
	// The contract gives every user an id; without one, a write naming this person would name nobody.
	if (employeeIdKey(match.user.id) === '') {
		throw ownError(
			this.getNode(),
			'api_fault',
			`Engagedly listed the user with the Employee ID "${employeeIdKey(employeeId)}" without an id`,
			request.itemIndex,
			[],
			'Without an id the user cannot be named in a write, so nothing was sent for this item. Try again; if it persists, check the user in Engagedly.',
		);
	}
	return String(match.user.id);
}
