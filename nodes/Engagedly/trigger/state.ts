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
/** Each family's own version: a state another version wrote is none (a new baseline is taken). */
export const PRAISE_STATE_VERSION = 2;
/** 3: a blocked user's entry digests the time with SHA-256 (2 used FNV-1a). */
export const USER_STATE_VERSION = 3;

export interface SavedState extends IDataObject {
	v: number;
	config: string;
	/** Bumped on every write: a poll that finds it moved since it started lost a race and discards its result. */
	gen: number;
}

/**
 * A place in the praise feed: a time (`activity_date`, epoch ms) and the ids of the praises at
 * exactly that time that it includes (several may share one; ids say nothing of time).
 */
export interface PraiseMark extends IDataObject {
	at: number;
	ids: Array<number | string>;
}

/**
 * newPraise: every praise up to the mark has been seen (emitted, or there at the baseline). A
 * backlog larger than a poll's budget is read over several polls: `pass` is where the next goes
 * on, the newest praise of the pass (`top`: newer ones belong to the next pass), how far down the
 * feed's dated order it has emitted (`down`), and the pinned praises it emitted out of that order.
 * `ahead`: praises dated ahead of Engagedly's clock when read, seen already, until the mark
 * passes them (the mark never moves to them). `skipBefore`: the workflow was activated again then
 * (this host's clock) and skips what came while it was inactive, until the mark reaches it.
 */
export interface PraiseState extends SavedState, PraiseMark {
	pass?: PraisePass;
	ahead?: AheadPraise[];
	skipBefore?: number;
}

/** A praise dated ahead of Engagedly's clock when it was read: its id and its date (epoch ms). */
export interface AheadPraise extends IDataObject {
	id: number | string;
	at: number;
}

export interface PraisePass extends IDataObject {
	page: number;
	total?: number;
	top: PraiseMark;
	down?: PraiseMark;
	pins: Array<number | string>;
}

/**
 * User events: one compact entry per user id.
 * - newUser: `1`
 * - userActivated / userDeactivated: `"A"` (active), or `"B"` plus a short hash of
 *   `user_blocked_at` (so a user reactivated and deactivated again between polls still counts)
 * - userUpdated: for each watched field (in the order of the fields its `config` names), an index into `values`, the
 *   de-duplicated JSON of every watched value: repeated values (a department, a job title, a
 *   select option) cost a small number per user, and the previous value can be reported.
 */
export type UserEntry = number | string | number[];

export interface UserState extends SavedState {
	/** Every user seen, updated as each pass reads them; absent until the first poll. */
	users?: Record<string, UserEntry>;
	/** The values `users` entries point to (userUpdated). */
	values?: string[];
	/** Where a pass over the directory that did not fit in one poll goes on. */
	pass?: PassState;
	/** The first pass is still in progress: there is no baseline yet, and nothing is emitted. */
	first?: boolean;
	/** The pass after a reactivation that skips is in progress: what it finds is counted, not emitted. */
	quiet?: boolean;
}

/**
 * A pass in progress: the page to go on from, and the list's total when it stopped (so that
 * deletions in between do not make it skip anyone). Nothing else: what it has read is already
 * in `users`, and what it found is already emitted.
 */
export interface PassState extends IDataObject {
	page: number;
	total?: number;
}

export function readState<T extends SavedState>(staticData: IDataObject, config: string): T | undefined {
	if (staticData.config !== config) return undefined;
	return staticData as T;
}

const isMap = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A user state another version wrote, without its users, or malformed (hand-edited, half-migrated), is treated as none:
 * the next pass sets a new baseline.
 */
export function validUserState(state: UserState | undefined): UserState | undefined {
	if (!state || state.v !== USER_STATE_VERSION || !isMap(state.users)) return undefined;
	const pass = state.pass as unknown as Record<string, unknown> | undefined;
	if (pass !== undefined) {
		const valid = isMap(pass) && Number.isInteger(pass.page) && (pass.page as number) >= 1;
		if (!valid) return undefined;
	}
	return state;
}

/** A state this version of the node wrote, else none (a new baseline is taken). */
export function validPraiseState(saved: PraiseState | undefined): PraiseState | undefined {
	const mark = (value: unknown): value is PraiseMark =>
		typeof value === 'object' && value !== null && Number.isFinite((value as PraiseMark).at) && Array.isArray((value as PraiseMark).ids);
	if (!saved || saved.v !== PRAISE_STATE_VERSION || !mark(saved)) return undefined;
	const ahead = saved.ahead as unknown;
	const praise = (value: unknown) =>
		typeof value === 'object' && value !== null && ['number', 'string'].includes(typeof (value as AheadPraise).id) && Number.isFinite((value as AheadPraise).at);
	if (ahead !== undefined && !(Array.isArray(ahead) && ahead.every(praise))) return undefined;
	if (saved.skipBefore !== undefined && !Number.isFinite(saved.skipBefore)) return undefined;
	const pass = saved.pass;
	if (pass === undefined) return saved;
	const ok = Number.isInteger(pass.page) && pass.page >= 1 && mark(pass.top) && (pass.down === undefined || mark(pass.down)) && Array.isArray(pass.pins);
	return ok ? saved : undefined;
}

/** Values shared by many users are stored once. */
export class ValueTable {
	readonly values: string[];

	private readonly index = new Map<string, number>();

	/** Goes on with the table of a pass in progress. */
	constructor(values: string[] = []) {
		this.values = [...values];
		this.values.forEach((json, position) => this.index.set(json, position));
	}

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
