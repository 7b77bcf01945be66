import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { carriedBy, SYSTEM_FIELDS } from '../people/listFields';
import { listOf } from '../parameters/values';
import { scanAll } from '../transport/scan';
import { includeFor, readField } from './fields';
import { scanUsers } from './userScan';
import type { UserState } from './state';
import { validUserState } from './state';
import { reactivatedUsers } from './reactivation';
import type { StatusEvent, UserEvent } from './userEntries';
import { carried, changesOf, fires, sampleChanges, showsEvent, statusEventEntry, valuesDiffer, valuesEntry } from './userEntries';
import type { EventFamily, PollRequest } from './types';

const PATH = '/users';
/** "Fetch Test Event" looks this far for a user in the right state before giving up. */
const SAMPLE_RECORDS = 250;

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
	const [user] = await scanAll.call(context, PATH, {
		...request,
		qs: include ? { include } : undefined,
		limit: 1,
		keep: wanted,
		stopAt: () => ++looked > SAMPLE_RECORDS,
	});
	return user;
}

/** newUser, userActivated, userDeactivated: what changed is told by one small entry per user. */
function simpleEvent(event: StatusEvent): EventFamily<UserState> {
	return {
		config: () => event,

		reactivated: (saved, choice) => (validUserState(saved) ? reactivatedUsers(saved, choice) : saved),

		async sample(context, request) {
			const user = await firstUser(context, request, undefined, (candidate) => showsEvent(event, candidate));
			return user ? [user] : [];
		},

		async poll(context, request, saved, config) {
			return await scanUsers(context, request, validUserState(saved), config, {
				entryOf: (user) => statusEventEntry(event, user),
				differs: (before, entry) => before !== entry,
				itemFor: (user, before, entry) => (fires(event, before, entry) ? user : undefined),
				carry: (entry) => entry,
			});
		},
	};
}

/** userUpdated: the watched values are kept (de-duplicated), so `changes` can say what they were. */
const userUpdated: EventFamily<UserState> = {
	config: (context) => `userUpdated:${watchedFields(context).join(',')}`,

	reactivated: (saved, choice) => (validUserState(saved) ? reactivatedUsers(saved, choice) : saved),

	async sample(context, request, saved) {
		const fields = watchedFields(context);
		const user = await firstUser(context, request, includeFor(fields));
		if (!user) return [];
		checkCarried(context, user, fields);
		const users = saved?.users ?? {};
		const entry = Object.prototype.hasOwnProperty.call(users, String(user.id)) ? users[String(user.id)] : undefined;
		const changes = sampleChanges(fields, fields.map((field) => readField(user, field)), entry, saved?.values ?? []);
		return [{ ...user, changes }];
	},

	async poll(context, request, saved, config) {
		const fields = watchedFields(context);
		const valuesOf = (user: IDataObject) => {
			checkCarried(context, user, fields);
			return fields.map((field) => readField(user, field));
		};
		return await scanUsers(context, request, validUserState(saved), config, {
			include: includeFor(fields),
			entryOf: (user, table) => valuesEntry(valuesOf(user), table),
			differs: (before, entry, beforeValues, table) => valuesDiffer(fields, before, entry as number[], beforeValues, table),
			itemFor: (user, before, _entry, beforeValues) => {
				const changes = changesOf(fields, before, beforeValues, valuesOf(user));
				return changes ? { ...user, changes } : undefined;
			},
			carry: carried,
		});
	},
};

export const userEvents: Record<UserEvent, EventFamily<UserState>> = {
	newUser: simpleEvent('newUser'),
	userActivated: simpleEvent('userActivated'),
	userDeactivated: simpleEvent('userDeactivated'),
	userUpdated,
};
