import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { carriedBy, SYSTEM_FIELDS } from '../people/listFields';
import { listOf } from '../parameters/values';
import { paginate } from '../transport/paginate';
import { includeFor, readField, sameValue } from './fields';
import { userPass } from './pass';
import type { UserEntry, UserState } from './state';
import { digest } from '../digest';
import { validUserState } from './state';
import type { EventFamily, PollRequest } from './types';

const PATH = '/users';
/** "Fetch Test Event" looks this far for a user in the right state before giving up. */
const SAMPLE_RECORDS = 250;

export type UserEvent = 'newUser' | 'userActivated' | 'userDeactivated' | 'userUpdated';

/**
 * A watched field this account's user list does not carry would never fire: the poll fails and
 * names it instead (a workflow saved against another account, or before its list changed).
 */
function checkCarried(context: IPollFunctions, user: IDataObject, fields: string[]): void {
	const missing = fields.filter((field) => !carriedBy(user, field));
	if (missing.length === 0) return;
	const names = missing.map((field) => SYSTEM_FIELDS.find((entry) => entry.value === field)?.name ?? field).join(', ');
	throw new NodeOperationError(context.getNode(), `Engagedly's user list does not carry ${names}: it cannot be watched`, {
		description:
			'Engagedly gives it only when one user is read, which would cost a request per user at every poll. Remove it from Fields to Watch (the list there offers only what this account’s user list carries).',
	});
}

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
	if (user.status === 'Blocked') return `B${digest(String(user.user_blocked_at ?? ''), 6)}`;
	return `X${digest(String(user.status ?? ''), 6)}`;
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

		async poll(context, request, saved, config) {
			return await userPass(context, request, validUserState(saved), config, {
				entryOf,
				differs: (before, entry) => before !== entry,
				itemFor: (user, before, entry) => (fires(before, entry) ? user : undefined),
				carry: (entry) => entry,
			});
		},
	};
}

/** userUpdated: the watched values are kept (de-duplicated), so `changes` can say what they were. */
const userUpdated: EventFamily<UserState> = {
	config: (context) => `userUpdated:${watchedFields(context).join(',')}`,

	async sample(context, request, saved) {
		const fields = watchedFields(context);
		const user = await firstUser(context, request, includeFor(fields));
		if (!user) return [];
		checkCarried(context, user, fields);
		// Nothing has changed, so `changes` shows every watched field: the value saved by the
		// last active poll where there is one, else the current value.
		const users = saved?.users ?? {};
		const entry = Object.prototype.hasOwnProperty.call(users, String(user.id)) ? users[String(user.id)] : undefined;
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

	async poll(context, request, saved, config) {
		const fields = watchedFields(context);
		const valuesOf = (user: IDataObject) => {
			checkCarried(context, user, fields);
			return fields.map((field) => readField(user, field));
		};
		const jsonOf = (values: unknown[]) => values.map((value) => JSON.stringify(value ?? null));
		return await userPass(context, request, validUserState(saved), config, {
			include: includeFor(fields),
			extra: { fields },
			entryOf: (user, table) => jsonOf(valuesOf(user)).map((text) => table.add(text)),
			differs: (before, entry, beforeValues, table) =>
				!Array.isArray(before) ||
				before.length !== fields.length ||
				(entry as number[]).some((index, i) => table.values[index] !== beforeValues[before[i]]),
			itemFor: (user, before, entry, beforeValues, table) => {
				// A user new to the organisation, or first seen with these fields, has no previous values.
				if (!Array.isArray(before) || before.length !== fields.length) return undefined;
				const current = valuesOf(user);
				const changes: IDataObject = {};
				fields.forEach((field, i) => {
					const was = beforeValues[before[i]];
					if (was === table.values[(entry as number[])[i]]) return;
					const previousValue: unknown = was === undefined ? null : JSON.parse(was);
					if (!sameValue(previousValue, current[i])) {
						changes[field] = { previous: previousValue, current: current[i] } as IDataObject;
					}
				});
				return Object.keys(changes).length > 0 ? { ...user, changes } : undefined;
			},
			carry: (entry, beforeValues, table) =>
				Array.isArray(entry) ? entry.map((index) => table.add(beforeValues[index] ?? 'null')) : entry,
		});
	},
};

export const userEvents: Record<UserEvent, EventFamily<UserState>> = {
	newUser: simpleEvent('newUser'),
	userActivated: simpleEvent('userActivated'),
	userDeactivated: simpleEvent('userDeactivated'),
	userUpdated,
};
