import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey, sharedAddressError } from '../../../people/byEmail';
import { trimmed } from '../../../parameters/values';
import type { Directory } from './directory';
import type { Fate, Holding } from './lifecycle';
import { fateOf } from './lifecycle';
import type { Row } from './rows';
import { fullNameOf } from './rows';
import type { Settings } from './settings';

export const isActive = (user: IDataObject) => user.status === 'Active';

/**
 * Each item's user, and the users the run would deactivate as missing: Active, named by no item,
 * and nobody at all when an item names nobody; a lookalike of a creation is held, not counted.
 */
export function matchRun(
	this: IExecuteFunctions,
	rows: Map<number, Row>,
	unnamed: number,
	directory: Directory,
	settings: Settings,
	failed: Map<number, Error>,
) {
	const { matches, named } = matchItems.call(this, rows, directory, settings, failed);
	const fates = new Map<number, Fate>();
	for (const [item, match] of matches) {
		fates.set(item, fateOf(rows.get(item)!.lifecycle, holdingOf(match.user), settings.today, settings.daysBeforeJoining));
	}
	let candidates =
		settings.deactivateMissing && unnamed === 0 ? directory.users.filter((user) => isActive(user) && !named.has(user.id)) : [];
	const held = holdLookalikes(rows, matches, fates, candidates, directory);
	candidates = candidates.filter((user) => !held.users.has(user));
	return { matches, fates, named, candidates, held };
}

const holdingOf = (user: IDataObject | null): Holding => (!user ? 'nobody' : isActive(user) ? 'active' : 'blocked');

/** Who the run creates (now, or once they are in their window): a field naming one of them waits for their id. */
export const isCreation = (match: Match, fate: Fate) => !match.user && (fate.action === 'write' || fate.action === 'pending');

/**
 * Who a people field may name by a key the directory does not show yet: the new hires the run
 * creates (now, or once in their window), whose fields wait for their ids, and the users whose
 * address the run changes (matched by Employee ID), named by their new address.
 */
export interface RunPeople {
	/** The new hires' folded addresses. */
	creating: Set<string>;
	/** A new hire's Employee ID → their folded address. */
	creatingByEmployeeId: Map<string, string>;
	/** A new address the run gives a user, folded → their id. */
	newAddresses: Map<string, string>;
}

export function runPeople(rows: Map<number, Row>, { matches, fates, held }: { matches: Map<number, Match>; fates: Map<number, Fate>; held: Held }): RunPeople {
	const created = [...matches].filter(([item, match]) => isCreation(match, fates.get(item)!) && !held.items.has(item)).map(([item]) => rows.get(item)!);
	const moving = [...matches].filter(([item, match]) => match.byEmployeeId && match.user && emailKey(match.user.email) !== rows.get(item)!.email);
	return {
		creating: new Set(created.map((row) => row.email)),
		creatingByEmployeeId: new Map(created.filter((row) => row.employeeId).map((row) => [row.employeeId, row.email])),
		newAddresses: new Map(moving.map(([item, match]) => [rows.get(item)!.email, String(match.user!.id)])),
	};
}

/** The users the run would deactivate: the leavers' (and those between employments) and the missing. */
export const deactivating = ({ matches, fates, candidates, held }: { matches: Map<number, Match>; fates: Map<number, Fate>; candidates: IDataObject[]; held: Held }) => [
	...[...matches].flatMap(([item, match]) => (fates.get(item)!.action === 'deactivate' && match.user && !held.items.has(item) ? [match.user] : [])),
	...candidates,
];

export interface Match {
	user: IDataObject | null;
	byEmployeeId: boolean;
}

/** A row's keys as the identity decision reads them: the folded address, and the Employee ID ('' none, or not matched by). */
export type Keys = Pick<Row, 'email' | 'employeeId'>;

/** Why a row stands for no one account: each names the accounts (and for a shared account, the rows) involved. */
export type Clash =
	| { clash: 'address'; users: IDataObject[] }
	| { clash: 'employeeId'; users: IDataObject[] }
	| { clash: 'twoAccounts'; byEmployeeId: IDataObject; byAddress: IDataObject }
	| { clash: 'sharedAccount'; user: IDataObject; items: number[] };

/**
 * Who each row is, as plain data: every key a row gives (its address in any case; its Employee ID
 * when matching by it) names at most one account, and each account is named by at most one row;
 * otherwise the row is a clash, never a guess. Rows that failed before still name their accounts
 * (so nobody they may stand for is deactivated, and nobody else takes their account), and are not
 * decided. `named`: the ids of every account a row names.
 */
export function identify(rows: Map<number, Keys>, directory: Directory, failed: ReadonlySet<number>) {
	const keysOf = new Map<number, { byAddress: IDataObject[]; byEmployeeId: IDataObject[] }>();
	const namers = new Map<IDataObject, number[]>();
	for (const [item, keys] of rows) {
		const byAddress = directory.byEmail.get(keys.email) ?? [];
		const byEmployeeId = keys.employeeId ? (directory.byEmployeeId.get(keys.employeeId) ?? []) : [];
		keysOf.set(item, { byAddress, byEmployeeId });
		for (const user of new Set([...byAddress, ...byEmployeeId])) namers.set(user, [...(namers.get(user) ?? []), item]);
	}
	const identities = new Map<number, Match | Clash>();
	for (const [item, { byAddress, byEmployeeId }] of keysOf) {
		if (failed.has(item)) continue;
		identities.set(item, identityOf(byAddress, byEmployeeId, namers));
	}
	return { identities, named: new Set([...namers.keys()].map((user) => user.id)) };
}

function identityOf(byAddress: IDataObject[], byEmployeeId: IDataObject[], namers: Map<IDataObject, number[]>): Match | Clash {
	if (byAddress.length > 1) return { clash: 'address', users: byAddress };
	if (byEmployeeId.length > 1) return { clash: 'employeeId', users: byEmployeeId };
	const [user = null] = byEmployeeId.length ? byEmployeeId : byAddress;
	if (byEmployeeId.length && byAddress.length && byAddress[0] !== user) return { clash: 'twoAccounts', byEmployeeId: user!, byAddress: byAddress[0] };
	const sharing = user ? namers.get(user)! : [];
	if (sharing.length > 1) return { clash: 'sharedAccount', user: user!, items: sharing };
	return { user, byEmployeeId: byEmployeeId.length > 0 };
}

const account = (user: IDataObject) => `${String(user.email)} (ID ${String(user.id)})`;

/** A clash as the item's error: the person, the keys and the accounts, and what to correct. Nothing is written for them. */
function clashError(this: IExecuteFunctions, item: number, clash: Clash, rows: Map<number, Row>): NodeOperationError {
	const keys = ({ email, employeeId }: Keys) => `${email}${employeeId ? `, employee ID ${employeeId}` : ''}`;
	const row = rows.get(item)!;
	switch (clash.clash) {
		case 'address':
			return sharedAddressError(this, row.email, clash.users, item);
		case 'employeeId':
			return new NodeOperationError(this.getNode(), `${clash.users.length} Engagedly users have the employee ID "${row.employeeId}"`, {
				itemIndex: item,
				description: `They are ${clash.users.map(account).join(' and ')}: give each their own employee ID in Engagedly, then run again. Nothing was written for this employee.`,
			});
		case 'twoAccounts':
			return new NodeOperationError(
				this.getNode(),
				`The employee ID "${row.employeeId}" is ${String(clash.byEmployeeId.email)}'s, the address ${row.email} is another user's`,
				{
					itemIndex: item,
					description: `Engagedly holds two users for what this item (${keys(row)}) says is one employee: ${account(clash.byEmployeeId)} and ${account(clash.byAddress)}. Merge or correct them in Engagedly, then run again. Nothing was written for this employee.`,
				},
			);
		case 'sharedAccount': {
			const others = clash.items.map((other) => `item ${other} (${keys(rows.get(other)!)})`).join(' and ');
			return new NodeOperationError(this.getNode(), `${clash.items.length} input items name one Engagedly user, ${account(clash.user)}`, {
				itemIndex: item,
				description: `They are ${others}: one account is one employee's. If one is a former profile of the same person (a rehire's new profile, a transfer between systems), give the user in Engagedly the Employee ID of the row that is them now, or leave the old row out; otherwise correct the addresses or employee IDs in the HR system. Nothing was written, created or deactivated for these items.`,
			});
		}
	}
}

/** Each item's user (or nobody), and every user an item may stand for: kept from deactivation, failed items' users included. */
function matchItems(this: IExecuteFunctions, rows: Map<number, Row>, directory: Directory, settings: Settings, failed: Map<number, Error>) {
	const keys = new Map([...rows].map(([item, row]): [number, Keys] => [item, { email: row.email, employeeId: settings.matchByEmployeeId ? row.employeeId : '' }]));
	const { identities, named } = identify(keys, directory, new Set(failed.keys()));
	const matches = new Map<number, Match>();
	for (const [item, identity] of identities) {
		if ('clash' in identity) failed.set(item, clashError.call(this, item, identity, rows));
		else matches.set(item, identity);
	}
	return { matches, named };
}

/**
 * A creation and a deactivation in one run that look like one person (the same employee ID, or
 * the same first and last name) are most likely an address change the match did not see: writing
 * both would give that person a second account and block the first. Both are held, neither
 * written, and each names the other, whether the deactivation is of a user no item names or of a
 * leaver the export names. A creation whose employee ID an account already holds is held too,
 * naming that account: Sync never makes a second account of one employee ID.
 */
function holdLookalikes(rows: Map<number, Row>, matches: Map<number, Match>, fates: Map<number, Fate>, candidates: IDataObject[], directory: Directory) {
	const items = new Map<number, IDataObject>();
	const users = new Map<IDataObject, number>();
	const leavers = [...matches].filter(([item, match]) => match.user && fates.get(item)!.action === 'deactivate').map(([item, match]) => ({ item, user: match.user! }));
	const deactivations = [...leavers, ...candidates.map((user) => ({ item: undefined, user }))];
	const taken = new Set<IDataObject>();
	for (const [item, match] of matches) {
		const identity = rows.get(item)!;
		if (!isCreation(match, fates.get(item)!)) continue;
		const lookalike = deactivations.find(
			({ user }) =>
				!taken.has(user) &&
				((identity.employeeId && trimmed(user.employee_id) === identity.employeeId) || fullNameOf(user.first_name, user.last_name) === identity.fullName),
		);
		const holder = lookalike?.user ?? (identity.employeeId ? directory.byEmployeeId.get(identity.employeeId)?.[0] : undefined);
		if (!holder) continue;
		items.set(item, { id: holder.id ?? null, email: holder.email ?? null, name: holder.name ?? null });
		if (!lookalike) continue;
		taken.add(holder);
		if (lookalike.item === undefined) users.set(holder, item);
		else items.set(lookalike.item, { item, email: identity.email });
	}
	return { items, users };
}

export type Held = ReturnType<typeof holdLookalikes>;
