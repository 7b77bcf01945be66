import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listOf } from '../parameters/values';
import { paginate } from '../transport/paginate';
import { includeFor, readField, sameValue } from './fields';
import type { UserEntry, UserState } from './state';
import { shortHash, STATE_VERSION, validUserState, ValueTable } from './state';
import type { EventFamily, PollRequest } from './types';

const PATH = '/users';
/** "Fetch Test Event" looks this far for a user in the right state before giving up. */
const SAMPLE_RECORDS = 250;

export type UserEvent = 'newUser' | 'userActivated' | 'userDeactivated' | 'userUpdated';

const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Watched fields, de-duplicated and sorted so that their order in the editor does not matter. */
export function watchedFields(context: IPollFunctions): string[] {
	const fields = listOf(context.getNodeParameter('watchedFields', [])).sort();
	if (fields.length === 0) {
		throw new NodeOperationError(context.getNode(), 'No fields to watch', {
			description: 'Pick at least one field in “Fields to Watch”: the trigger fires when one of them changes.',
		});
	}
	return fields;
}

/**
 * One full pass over the user list at the largest page size. The list is in name order, so a
 * new or renamed user can be on any page; only a full pass finds them all. Records are handed
 * to `visit` page by page and not kept, so memory does not grow with the organisation.
 *
 * The pager proves the pass complete or fails. A complete pass that lists nobody is still not
 * an answer: the key's owner is a user, so an empty directory is a fault, and a baseline taken
 * from it would report everyone as new on the next poll.
 */
async function scan(
	context: IPollFunctions,
	request: PollRequest,
	include: string | undefined,
	visit: (id: string, user: IDataObject) => void,
): Promise<void> {
	let users = 0;
	await paginate.call(context, PATH, {
		...request,
		qs: include ? { include } : undefined,
		keep: (user) => {
			if (user?.id !== undefined && user.id !== null) {
				users++;
				visit(String(user.id), user);
			}
			return false;
		},
	});
	if (users === 0) {
		throw new NodeOperationError(context.getNode(), 'Engagedly listed no users at all', {
			description:
				'That cannot be a real answer (the API key belongs to a user), so nothing was emitted or saved; the next poll tries again. If it persists, check the credential’s Base URL.',
		});
	}
}

async function firstUser(
	context: IPollFunctions,
	request: PollRequest,
	include: string | undefined,
	wanted: (user: IDataObject) => boolean = () => true,
): Promise<IDataObject | undefined> {
	let looked = 0;
	const [user] = await paginate.call(context, PATH, {
		...request,
		qs: include ? { include } : undefined,
		limit: 1,
		keep: wanted,
		stopAt: () => ++looked > SAMPLE_RECORDS,
	});
	return user;
}

/** "A" for active; "B" + a hash of when the user was blocked; "X" + a hash of any other status. */
function statusEntry(user: IDataObject): string {
	if (user.status === 'Active') return 'A';
	if (user.status === 'Blocked') return `B${shortHash(String(user.user_blocked_at ?? ''))}`;
	return `X${shortHash(String(user.status ?? ''))}`;
}

/** newUser, userActivated, userDeactivated: what changed is told by one small entry per user. */
function simpleEvent(event: Exclude<UserEvent, 'userUpdated'>): EventFamily<UserState> {
	const entryOf = (user: IDataObject): UserEntry => (event === 'newUser' ? 1 : statusEntry(user));
	const fires = (previous: UserEntry | undefined, current: UserEntry): boolean => {
		if (event === 'newUser') return previous === undefined;
		if (previous === undefined || previous === current) return false;
		// Blocked again with a new user_blocked_at (reactivated and deactivated in between) counts too.
		if (event === 'userDeactivated') return String(current).startsWith('B');
		return current === 'A';
	};
	const wanted = (user: IDataObject) =>
		event === 'newUser' || (event === 'userActivated' ? user.status === 'Active' : user.status === 'Blocked');

	return {
		config: () => event,

		async sample(context, request) {
			const user = await firstUser(context, request, undefined, wanted);
			return user ? [user] : [];
		},

		async poll(context, request, savedState, config) {
			const saved = validUserState(savedState);
			const previous = saved?.users ?? {};
			const users: Record<string, UserEntry> = {};
			const items: IDataObject[] = [];
			let changed = !saved;
			await scan(context, request, undefined, (id, user) => {
				const entry = entryOf(user);
				users[id] = entry;
				if (!saved) return;
				const before = has(previous, id) ? previous[id] : undefined;
				if (before !== entry) changed = true;
				if (fires(before, entry)) items.push(user);
			});
			carryOver(previous, users, (entry) => entry);
			return { items, state: changed ? { v: STATE_VERSION, config, users } : undefined };
		},
	};
}

/**
 * A user missing from a pass is kept as it was: a list that shifts while it is read (a user
 * renamed past the page being read) can hide a user for one pass, and forgetting them would
 * report them as new on the next one. The API deletes no users (they are deactivated and stay
 * listed), so this does not make the state grow.
 */
function carryOver(
	previous: Record<string, UserEntry>,
	users: Record<string, UserEntry>,
	remap: (entry: UserEntry) => UserEntry,
): void {
	for (const id of Object.keys(previous)) {
		if (!has(users, id)) users[id] = remap(previous[id]);
	}
}

/** userUpdated: the watched values are kept (de-duplicated), so `changes` can say what they were. */
const userUpdated: EventFamily<UserState> = {
	config: (context) => `userUpdated:${watchedFields(context).join(',')}`,

	async sample(context, request, saved) {
		const fields = watchedFields(context);
		const user = await firstUser(context, request, includeFor(fields));
		if (!user) return [];
		// Nothing has changed, so `changes` shows every watched field: the value saved by the
		// last active poll where there is one, else the current value.
		const entry = saved && has(saved.users, String(user.id)) ? saved.users[String(user.id)] : undefined;
		const values = saved?.values ?? [];
		const changes: IDataObject = {};
		fields.forEach((field, i) => {
			const current = readField(user, field);
			const was = Array.isArray(entry) ? values[entry[i]] : undefined;
			const before: unknown = was === undefined ? current : JSON.parse(was);
			changes[field] = { previous: before, current } as IDataObject;
		});
		return [{ ...user, changes }];
	},

	async poll(context, request, savedState, config) {
		const saved = validUserState(savedState);
		const fields = watchedFields(context);
		const previous = saved?.users ?? {};
		const oldValues = saved?.values ?? [];
		const table = new ValueTable();
		const users: Record<string, UserEntry> = {};
		const items: IDataObject[] = [];
		let changed = !saved;

		await scan(context, request, includeFor(fields), (id, user) => {
			const current = fields.map((field) => readField(user, field));
			const json = current.map((value) => JSON.stringify(value ?? null));
			users[id] = json.map((text) => table.add(text));
			if (!saved) return;
			const before = has(previous, id) ? previous[id] : undefined;
			if (!Array.isArray(before) || before.length !== fields.length) {
				changed = true;
				return;
			}
			const changes: IDataObject = {};
			fields.forEach((field, i) => {
				const was = oldValues[before[i]];
				if (was === json[i]) return;
				changed = true;
				const previousValue: unknown = was === undefined ? null : JSON.parse(was);
				if (!sameValue(previousValue, current[i])) {
					changes[field] = { previous: previousValue, current: current[i] } as IDataObject;
				}
			});
			if (Object.keys(changes).length > 0) items.push({ ...user, changes });
		});
		carryOver(previous, users, (entry) =>
			Array.isArray(entry) ? entry.map((index) => table.add(oldValues[index] ?? 'null')) : entry,
		);
		return {
			items,
			state: changed ? { v: STATE_VERSION, config, fields, values: table.values, users } : undefined,
		};
	},
};

export const userEvents: Record<UserEvent, EventFamily<UserState>> = {
	newUser: simpleEvent('newUser'),
	userActivated: simpleEvent('userActivated'),
	userDeactivated: simpleEvent('userDeactivated'),
	userUpdated,
};
