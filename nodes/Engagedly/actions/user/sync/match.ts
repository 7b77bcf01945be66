import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { sharedAddressError } from '../../../people/byEmail';
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
	const held = holdLookalikes(rows, matches, fates, candidates);
	candidates = candidates.filter((user) => !held.users.has(user));
	return { matches, fates, named, candidates, held };
}

const holdingOf = (user: IDataObject | null): Holding => (!user ? 'nobody' : isActive(user) ? 'active' : 'blocked');

/** Who the run creates (now, or once they are in their window): a field naming one of them waits for their id. */
export const isCreation = (match: Match, fate: Fate) => !match.user && (fate.action === 'write' || fate.action === 'pending');

/** The folded addresses of the new hires the run creates (now, or once in their window): fields naming them wait for their ids. */
export function creations(rows: Map<number, Row>, { matches, fates, held }: { matches: Map<number, Match>; fates: Map<number, Fate>; held: Held }): Set<string> {
	return new Set([...matches].filter(([item, match]) => isCreation(match, fates.get(item)!) && !held.items.has(item)).map(([item]) => rows.get(item)!.email));
}

/** The users the run would deactivate: the leavers' (and those between employments) and the missing. */
export const deactivating = ({ matches, fates, candidates }: { matches: Map<number, Match>; fates: Map<number, Fate>; candidates: IDataObject[] }) => [
	...[...matches].flatMap(([item, match]) => (fates.get(item)!.action === 'deactivate' && match.user ? [match.user] : [])),
	...candidates,
];

export interface Match {
	user: IDataObject | null;
	byEmployeeId: boolean;
}

/** The user an item stands for: by employee ID first when asked, else (or when none has it) by address; or why none can be. */
function matchUser(this: IExecuteFunctions, item: number, identity: Pick<Row, 'email' | 'employeeId'>, directory: Directory): Match | NodeOperationError {
	const sharing = directory.byEmail.get(identity.email) ?? [];
	if (sharing.length > 1) return sharedAddressError(this, identity.email, sharing, item);
	const byAddress = sharing[0] ?? null;
	const byId = identity.employeeId ? (directory.byEmployeeId.get(identity.employeeId) ?? []) : [];
	if (byId.length > 1) {
		return new NodeOperationError(this.getNode(), `${byId.length} Engagedly users have the employee ID "${identity.employeeId}"`, {
			itemIndex: item,
			description: `They are ${byId.map((user) => String(user.email)).join(', ')}: give each their own employee ID in Engagedly, then run again. Nothing was written for this employee.`,
		});
	}
	if (byId.length === 0) return { user: byAddress, byEmployeeId: false };
	const [user] = byId;
	if (byAddress && byAddress !== user) {
		return new NodeOperationError(
			this.getNode(),
			`The employee ID "${identity.employeeId}" is ${String(user.email)}'s, the address ${identity.email} is another user's`,
			{
				itemIndex: item,
				description: 'Engagedly holds two users for what this item says is one employee: merge or correct them in Engagedly, then run again. Nothing was written for this employee.',
			},
		);
	}
	return { user, byEmployeeId: true };
}

/** Each item's user (or nobody), and every user an item may stand for: kept from deactivation, failed items' users included. */
function matchItems(this: IExecuteFunctions, rows: Map<number, Row>, directory: Directory, settings: Settings, failed: Map<number, Error>) {
	const named = new Set<unknown>();
	const matches = new Map<number, Match>();
	for (const [item, identity] of rows) {
		for (const user of directory.byEmail.get(identity.email) ?? []) named.add(user.id);
		const byId = settings.matchByEmployeeId ? identity.employeeId : '';
		for (const user of directory.byEmployeeId.get(byId) ?? []) named.add(user.id);
		if (failed.has(item)) continue;
		const match = matchUser.call(this, item, { ...identity, employeeId: byId }, directory);
		if (match instanceof Error) failed.set(item, match);
		else matches.set(item, match);
	}
	return { matches, named };
}

/**
 * A creation and a deactivation in one run that look like one person (the same employee ID, or
 * the same first and last name) are most likely an address change the match did not see: writing
 * both would give that person a second account and block the first. Both are held, neither
 * written, and each names the other.
 */
function holdLookalikes(rows: Map<number, Row>, matches: Map<number, Match>, fates: Map<number, Fate>, candidates: IDataObject[]) {
	const items = new Map<number, IDataObject>();
	const users = new Map<IDataObject, number>();
	for (const [item, match] of matches) {
		const identity = rows.get(item)!;
		if (!isCreation(match, fates.get(item)!)) continue;
		const lookalike = candidates.find(
			(user) =>
				!users.has(user) &&
				((identity.employeeId && trimmed(user.employee_id) === identity.employeeId) ||
					fullNameOf(user.first_name, user.last_name) === identity.fullName),
		);
		if (!lookalike) continue;
		items.set(item, { id: lookalike.id ?? null, email: lookalike.email ?? null, name: lookalike.name ?? null });
		users.set(lookalike, item);
	}
	return { items, users };
}

export type Held = ReturnType<typeof holdLookalikes>;
