import type { IDataObject } from 'n8n-workflow';

import { digest } from '../digest';
import { sameValue } from './fields';
import type { UserEntry, ValueTable } from './state';

/**
 * What the user events keep per user and when they fire, as plain data: the entry saved for a
 * user, whether a user read now is the event, and what `changes` says (trigger/users.ts reads
 * the users, trigger/userScan.ts compares each with what was saved).
 */

export type UserEvent = 'newUser' | 'userActivated' | 'userDeactivated' | 'userUpdated';
export type StatusEvent = Exclude<UserEvent, 'userUpdated'>;

/** "A" for active; "B" + a digest of when the user was blocked; "X" + a digest of any other status. */
export function statusEntry(user: IDataObject): string {
	if (user.status === 'Active') return 'A';
	if (user.status === 'Blocked') return `B${digest(String(user.user_blocked_at ?? ''), 6)}`;
	return `X${digest(String(user.status ?? ''), 6)}`;
}

/** newUser keeps that a user was seen; the status events, the user's status. */
export const statusEventEntry = (event: StatusEvent, user: IDataObject): UserEntry => (event === 'newUser' ? 1 : statusEntry(user));

/** Whether a user whose entry was `previous` (undefined: not seen before) and is now `current` is the event. */
export function fires(event: StatusEvent, previous: UserEntry | undefined, current: UserEntry): boolean {
	if (event === 'newUser') return previous === undefined;
	if (previous === undefined || previous === current) return false;
	// Blocked again with a new user_blocked_at (reactivated and deactivated in between) counts too.
	if (event === 'userDeactivated') return String(current).startsWith('B');
	return current === 'A';
}

/** A user "Fetch Test Event" may show for the event: any user, an active one, a blocked one. */
export const showsEvent = (event: StatusEvent, user: IDataObject): boolean =>
	event === 'newUser' || (event === 'userActivated' ? user.status === 'Active' : user.status === 'Blocked');

/** userUpdated's entry: each watched value's JSON, an index into the value table. */
export const valuesEntry = (values: unknown[], table: ValueTable): number[] => values.map((value) => table.add(JSON.stringify(value ?? null)));

/** An entry of userUpdated for these fields (a user first seen with other fields has none). */
const entryFor = (before: UserEntry | undefined, fields: string[]): before is number[] => Array.isArray(before) && before.length === fields.length;

/** Whether a userUpdated entry must be saved anew: new, for other fields, or a value's JSON differs. */
export const valuesDiffer = (fields: string[], before: UserEntry | undefined, entry: number[], beforeValues: string[], table: ValueTable): boolean =>
	!entryFor(before, fields) || entry.some((index, i) => table.values[index] !== beforeValues[before[i]]);

/**
 * What `changes` says of a user whose entry was `before`: each watched field whose value changed,
 * its previous and current value; undefined when none did (a change of form only, such as a
 * reference's name or a date's time of day) or the user has no previous values. Only a user whose
 * entry differs is asked (valuesDiffer), so each field is compared by value, not by its JSON.
 */
export function changesOf(
	fields: string[],
	before: UserEntry | undefined,
	beforeValues: string[],
	current: unknown[],
): IDataObject | undefined {
	if (!entryFor(before, fields)) return undefined;
	const changes: IDataObject = {};
	fields.forEach((field, i) => {
		const was = beforeValues[before[i]];
		const previous: unknown = was === undefined ? null : JSON.parse(was);
		if (!sameValue(previous, current[i])) changes[field] = { previous, current: current[i] } as IDataObject;
	});
	return Object.keys(changes).length > 0 ? changes : undefined;
}

/** An entry rewritten into a fresh value table (a value missing from the old one is null). */
export const carried = (entry: UserEntry, beforeValues: string[], table: ValueTable): UserEntry =>
	Array.isArray(entry) ? entry.map((index) => table.add(beforeValues[index] ?? 'null')) : entry;

/**
 * The sample's `changes`: nothing has changed, so every watched field, the value saved for the
 * user by the last active poll where there is one, else the current value.
 */
export function sampleChanges(fields: string[], current: unknown[], entry: UserEntry | undefined, values: string[]): IDataObject {
	const changes: IDataObject = {};
	fields.forEach((field, i) => {
		const was = Array.isArray(entry) ? values[entry[i]] : undefined;
		changes[field] = { previous: was === undefined ? current[i] : JSON.parse(was), current: current[i] } as IDataObject;
	});
	return changes;
}
