import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { scanWithinBudget } from './budget';
import type { PassState, UserEntry, UserState } from './state';
import { USER_STATE_VERSION, ValueTable } from './state';
import type { PollRequest, PollResult } from './types';

const PATH = '/users';

/** What an event keeps per user and when it fires, for a pass that compares every user with what was saved for them. */
export interface UserScanEvent {
	/** `include` for the list request (custom attributes), if the event reads any. */
	include?: string;
	/** The compact entry kept for a user, its values stored in `table` where it has any. */
	entryOf(user: IDataObject, table: ValueTable): UserEntry;
	/** Whether the entry differs from the one saved (then the state must be saved). */
	differs(before: UserEntry | undefined, entry: UserEntry, beforeValues: string[], table: ValueTable): boolean;
	/** The item to emit for this user, or undefined when the change is not the event. */
	itemFor(
		user: IDataObject,
		before: UserEntry | undefined,
		entry: UserEntry,
		beforeValues: string[],
		table: ValueTable,
	): IDataObject | undefined;
	/** An entry rewritten into a fresh value table (the table is compacted when a pass completes). */
	carry(entry: UserEntry, beforeValues: string[], table: ValueTable): UserEntry;
}

const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/**
 * The user events read the whole directory: the list is in name order, so a new or changed user
 * can be on any page. An organisation whose list does not fit in one poll (its time budget, its
 * share of the key) is read over several: each poll goes on from the page the last one stopped
 * at and saves its place. Each user read is compared with what was saved for them and saved
 * anew at once, and a change that is the event is emitted by the poll that reads it: the saved
 * state is one small entry per user and the place, never a record, whatever changed (a bulk
 * change of a tenth of the organisation included). A user the list shows twice (it shifted while
 * read) is compared with the entry of the first sighting, so it is reported once; a change made
 * to a page already read this pass comes out in the next pass. A poll that fails saves nothing
 * and emits nothing, and the next goes on from the last saved page. Until the first pass is
 * complete there is no baseline, and nothing is emitted. After a reactivation that skips
 * (`quiet`), a pass from the first page counts what it finds instead of emitting it.
 *
 * The scan (transport/scan.ts) proves each part of the pass (shifts, totals, envelopes); a pass
 * read in one poll that listed nobody is a fault, not an empty organisation (the key belongs to a
 * user).
 */
export async function scanUsers(
	context: IPollFunctions,
	request: PollRequest,
	saved: UserState | undefined,
	config: string,
	event: UserScanEvent,
): Promise<PollResult> {
	const firstPass = saved?.users === undefined || saved.first === true;
	// After a reactivation that skips: changes are found and counted, not emitted.
	const quiet = saved?.quiet === true;
	let skipped = 0;
	const pass = saved?.pass;
	// Entries point into one table; the values a pass makes unused are dropped when it completes.
	const table = new ValueTable(saved?.values);
	// A copy: the saved state must stay as it was if this poll fails (n8n keeps the object).
	const users: Record<string, UserEntry> = { ...saved?.users };
	const items: IDataObject[] = [];
	let changed = false;
	let listedAny = false;

	const { resume } = await scanWithinBudget(context, request, PATH, {
		qs: event.include ? { include: event.include } : undefined,
		from: pass ? { page: pass.page, total: pass.total } : undefined,
		keep: (user) => {
			// The contract gives every user an id; without one a user cannot be told from the others.
			if (user.id === undefined || user.id === null) {
				throw new NodeOperationError(context.getNode(), 'Engagedly listed a user without an id', {
					description: 'Without an id a user cannot be told apart from the others, so nothing was emitted or saved; the next poll tries again.',
				});
			}
			listedAny = true;
			const id = String(user.id);
			const entry = event.entryOf(user, table);
			const before = has(users, id) ? users[id] : undefined;
			users[id] = entry;
			if (!firstPass && event.differs(before, entry, table.values, table)) {
				changed = true;
				const item = event.itemFor(user, before, entry, table.values, table);
				if (item && quiet) skipped++;
				else if (item) items.push(item);
			}
			// Each user is folded into the state as it is read: the scan keeps no records.
			return false;
		},
	});

	const counted = quiet ? { skipped } : {};
	if (resume) {
		return { items, state: stateOf(config, event, users, table.values, { page: resume.page, total: resume.total }, firstPass, quiet), ...counted };
	}
	if (!pass && !listedAny) {
		throw new NodeOperationError(context.getNode(), 'Engagedly listed no users at all', {
			description:
				'That cannot be a real answer (the API key belongs to a user), so nothing was emitted or saved; the next poll tries again. If it persists, check the credential’s Base URL.',
		});
	}
	// A user missing from a pass keeps their entry: a list that shifts while it is read can hide
	// a user for one pass, and forgetting them would report them as new on the next. The API
	// deletes no users (they are deactivated and stay listed), so the state does not grow.
	// Nothing changed and no pass was in progress: the saved state stays as it is (no write).
	if (!changed && !pass && !firstPass && !quiet) return { items };
	const compact = new ValueTable();
	for (const id of Object.keys(users)) users[id] = event.carry(users[id], table.values, compact);
	return { items, state: stateOf(config, event, users, compact.values), ...counted };
}

function stateOf(
	config: string,
	event: UserScanEvent,
	users: Record<string, UserEntry>,
	values: string[],
	pass?: PassState,
	first = false,
	quiet = false,
): UserState {
	return {
		v: USER_STATE_VERSION,
		config,
		...(values.length > 0 ? { values } : {}),
		users,
		...(pass ? { pass } : {}),
		...(first ? { first: true } : {}),
		...(quiet ? { quiet: true } : {}),
	} as UserState;
}
