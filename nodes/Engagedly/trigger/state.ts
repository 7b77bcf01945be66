import type { IDataObject } from 'n8n-workflow';

/**
 * The trigger's memory between polls, kept in the workflow's static data (node scope) and
 * nowhere else, so it survives restarts and is the same whichever n8n instance runs the poll.
 * Everything in it is plain JSON. A poll reads it at the start and replaces it whole at the end,
 * only when the poll succeeded and only when something changed.
 *
 * `config` names the event and its settings; a saved state for another configuration is ignored
 * (the next poll sets a new baseline), so editing the node never replays or misreads history.
 */
export const STATE_VERSION = 1;

export interface SavedState extends IDataObject {
	v: number;
	config: string;
	/** Bumped on every write: a poll that finds it moved since it started lost a race and discards its result. */
	gen: number;
}

/** newPraise: the highest praise id seen (ids are integers that grow). */
export interface PraiseState extends SavedState {
	last: number;
}

/**
 * User events: one compact entry per user id.
 * - newUser: `1`
 * - userActivated / userDeactivated: `"A"` (active), or `"B"` plus a short hash of
 *   `user_blocked_at` (so a user reactivated and deactivated again between polls still counts)
 * - userUpdated: for each watched field (in `fields` order), an index into `values`, the
 *   de-duplicated JSON of every watched value: repeated values (a department, a job title, a
 *   select option) cost a small number per user, and the previous value can be reported.
 */
export type UserEntry = number | string | number[];

export interface UserState extends SavedState {
	users: Record<string, UserEntry>;
	fields?: string[];
	values?: string[];
}

export function readState<T extends SavedState>(staticData: IDataObject, config: string): T | undefined {
	if (staticData.v !== STATE_VERSION || staticData.config !== config) return undefined;
	return staticData as T;
}

/** A user state that is not a map of entries (hand-edited, half-migrated) is treated as none. */
export function validUserState(state: UserState | undefined): UserState | undefined {
	const users = state?.users as unknown;
	return users !== null && typeof users === 'object' && !Array.isArray(users) ? state : undefined;
}

/** Replaces the saved state in place (n8n saves the object it handed out, not a new one). */
export function writeState(staticData: IDataObject, state: IDataObject): void {
	for (const key of Object.keys(staticData)) delete staticData[key];
	Object.assign(staticData, state);
}

/** FNV-1a, 32 bits, base 36: at most 7 characters. Enough to tell two timestamps of one user apart. */
export function shortHash(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return (hash >>> 0).toString(36);
}

/** Values shared by many users are stored once. */
export class ValueTable {
	readonly values: string[] = [];

	private readonly index = new Map<string, number>();

	add(json: string): number {
		let position = this.index.get(json);
		if (position === undefined) {
			position = this.values.length;
			this.values.push(json);
			this.index.set(json, position);
		}
		return position;
	}
}
