import type { IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ownError } from '../transport/errors';
import { scanAll } from '../transport/scan';
import { perContext } from '../transport/perExecution';
import type { EngagedlyContext, ItemScope } from '../transport/request';

/**
 * People given by email address: the one place that turns an address into the user, and so into
 * their id. HR systems hand over addresses, not Engagedly ids, so every user field takes either.
 * An item operation's run keeps what it learns about an address (a lookup, a user Create or
 * Update wrote) for the items after it, so no address is looked up twice. Sync and Apply Plan
 * keep nothing here: they read the whole directory and hand it on as a value (sync/directory.ts).
 */

/**
 * Addresses match whatever their case. The contract does not say how Engagedly's email filter
 * matches (exactly, in any case, or any address containing the text), so what it answers is
 * checked against this.
 */
export const emailKey = (address: unknown): string => String(address ?? '').trim().toLowerCase();

interface People {
	/** Address → the user as last read or written in this run, or null: nobody has it. */
	byEmail: Map<string, IDataObject | null>;
	/** Id → the same users, each as this run last read or wrote them. */
	byId: Map<string, IDataObject>;
}

/** Where people are looked up: a node run, or a trigger's poll (its filters name people too). */
type PeopleContext = IExecuteFunctions | IPollFunctions;

const peopleOf = (context: PeopleContext): People =>
	perContext(context, 'people', () => ({ byEmail: new Map<string, IDataObject | null>(), byId: new Map<string, IDataObject>() }));

function remember(people: People, key: string, user: IDataObject | null): void {
	people.byEmail.set(key, user);
	if (user) people.byId.set(String(user.id), user);
}

/** A user this run read or wrote: later look-ups of their address use it. */
export function rememberUser(context: IExecuteFunctions, user: IDataObject): void {
	remember(peopleOf(context), emailKey(user.email), user);
}

/**
 * The user with this address, read with the API's email filter (`GET /users?email=`, with the
 * manager, which costs nothing extra) once per run however many items name it; null when nobody
 * has it (readUserByEmail).
 */
export async function findUserByEmail(this: PeopleContext, address: string, request: ItemScope): Promise<IDataObject | null> {
	const people = peopleOf(this);
	const key = emailKey(address);
	const known = people.byEmail.get(key);
	if (known !== undefined) return known;
	const match = await readUserByEmail.call(this, address, request);
	// The answer (found or not) is kept, so every item that names an unknown address fails with
	// its own index; a failed request keeps nothing and is tried again by the next item.
	remember(people, key, match);
	return match;
}

/**
 * Every user whose address is this one, case aside: what the API's email filter answers (every
 * page of it), kept only where the address is equal, since the filter may match loosely
 * (`ann@x.com` finding `joann@x.com` too).
 */
export async function usersWithAddress(this: EngagedlyContext, address: string, request?: ItemScope): Promise<IDataObject[]> {
	const key = emailKey(address);
	const users = await scanAll.call(this, '/users', {
		...request,
		qs: { email: address.trim(), include: 'primary_reporter' },
		keep: (user) => emailKey(user.email) === key,
	});
	// The contract gives every user an id; without one, a write naming this person would name nobody.
	if (users.some((user) => user.id === undefined || user.id === null || String(user.id).trim() === '')) {
		throw ownError(
			this.getNode(),
			'api_fault',
			`Engagedly listed the user with the address "${address.trim()}" without an id`,
			request?.itemIndex,
			[],
			'Without an id the user cannot be named in a write, so nothing was sent for this item. Try again; if it persists, check the user in Engagedly.',
		);
	}
	return users;
}

/** More than one user with one address: nobody can tell which one is meant. */
export function sharedAddressError(context: EngagedlyContext, address: string, users: IDataObject[], itemIndex?: number) {
	return new NodeOperationError(context.getNode(), `${users.length} Engagedly users have the email address "${address.trim()}"`, {
		itemIndex,
		description: `They are ${users.map((user) => `${String(user.email)} (ID ${String(user.id)})`).join(' and ')}: addresses that differ only in case are one address, and an address must name one user. Give each their own address in Engagedly (or pick the user by ID), then run again. Nothing was written for this item.`,
	});
}

/**
 * The user with this address as Engagedly has them now, whatever this run has read before: a
 * creation refused because the address is taken was raced by another execution, and only a fresh
 * read says who took it. Two users with the address fail the item: neither is guessed at.
 */
export async function readUserByEmail(this: PeopleContext, address: string, request: ItemScope): Promise<IDataObject | null> {
	const users = await usersWithAddress.call(this, address, request);
	if (users.length > 1) throw sharedAddressError(this, address, users, request.itemIndex);
	return users[0] ?? null;
}

/** A user this run has read or written, by id (Dry Run renders the people a write names). */
export function knownUser(context: PeopleContext, id: string): IDataObject | undefined {
	return peopleOf(context).byId.get(id);
}

/**
 * Every user this run has read by address or written, each as last seen: newer than a directory
 * read before the write (a user Create or Update created or changed is found as written).
 */
export const knownUsers = (context: PeopleContext): IDataObject[] => [...peopleOf(context).byId.values()];

/**
 * The id of the user with this address (findUserByEmail). An unknown address fails the item
 * naming it, before anything is written.
 */
export async function userIdForEmail(
	this: PeopleContext,
	address: string,
	request: ItemScope,
	field: string,
): Promise<string> {
	const user = await findUserByEmail.call(this, address, request);
	if (user === null) {
		throw new NodeOperationError(this.getNode(), `No Engagedly user has the email address "${address.trim()}" (${field})`, {
			itemIndex: request.itemIndex,
			description: 'Check the address, or pick the user from the list or by ID. Nothing was sent.',
		});
	}
	// Every user here was listed or written by the API, with the id the contract requires.
	return String(user.id);
}
