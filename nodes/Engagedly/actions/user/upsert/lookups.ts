import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { scanAll } from '../../../transport/scan';
import { apiPath } from '../../../transport/paths';
import type { ItemScope } from '../../../transport/request';
import { requestRecord } from '../../../transport/request';
import type { RecordKind } from '../../records/kinds';

/**
 * The organisation's lists a user write is checked against, each read at most once per run by
 * a reader the run makes and hands on as a value (Sync, Apply Plan): job titles, locations,
 * departments and businesses by name, and who belongs to which department and business. Membership is read from the units' own members (one read per unit for
 * the whole organisation) because the contract's user list does not carry it: comparing it per
 * user would cost one single-user read each.
 */

/** Each kind read at most once by one run; a failed read is forgotten, so the next user tries again. */
function onceEach<T>(load: (kind: RecordKind, request: ItemScope) => Promise<T>) {
	const read = new Map<string, Promise<T>>();
	const get = async (kind: RecordKind, request: ItemScope) => {
		let inFlight = read.get(kind.path);
		if (!inFlight) {
			inFlight = load(kind, request);
			inFlight.catch(() => read.delete(kind.path));
			read.set(kind.path, inFlight);
		}
		return await inFlight;
	};
	return { get, kept: (kind: RecordKind) => read.get(kind.path) };
}

/** The organisation's lists a run reads (job titles, locations, departments, businesses): a value the run hands on. */
export interface Lists {
	/** Every record of a kind (ceil(N/50) requests), once per run. */
	read(kind: RecordKind, request: ItemScope): Promise<IDataObject[]>;
	/**
	 * The records of a kind if this run has read them (to match names, to project a dry run), else
	 * none: names shown beside ids are taken from what was read anyway, never from a read of their own.
	 */
	readAlready(kind: RecordKind): Promise<IDataObject[]>;
}

export function listReader(context: IExecuteFunctions): Lists {
	const lists = onceEach(async (kind, request) => await scanAll.call(context, kind.path, request));
	return {
		read: lists.get,
		readAlready: async (kind) => (await lists.kept(kind)?.catch(() => undefined)) ?? [],
	};
}

/** A user's unit as a single-user answer renders it: `{id, name, is_admin}`. */
export type Membership = IDataObject & { id: string; name: string; is_admin: boolean };

/** User id → the units of this kind they belong to: what a run's membershipReader answers. */
export type Memberships = (kind: RecordKind, request: ItemScope) => Promise<Map<string, Membership[]>>;

/**
 * A run's reader of memberships, kept by the run that makes it (Sync, Apply Plan) and handed to
 * whatever compares units: each kind is read once for the whole run.
 */
export function membershipReader(context: IExecuteFunctions, lists: Lists): Memberships {
	return onceEach(async (kind, request) => await readMemberships.call(context, kind, request, lists)).get;
}

/**
 * User id → the units of this kind they belong to, from every unit's members (`GET
 * /departments/<id>`). A unit whose answer has no `members` list is a fault: a membership read
 * that may be incomplete must not decide a write.
 */
async function readMemberships(this: IExecuteFunctions, kind: RecordKind, request: ItemScope, lists: Lists): Promise<Map<string, Membership[]>> {
	const byUser = new Map<string, Membership[]>();
	for (const unit of await lists.read(kind, request)) {
		const id = String(unit.id);
		const full = await requestRecord.call(this, 'GET', `${kind.path}${apiPath`/${id}`}`, request);
		if (!Array.isArray(full.members)) {
			throw new NodeOperationError(this.getNode(), `Engagedly's answer for ${kind.noun} ${id} has no list of members`, {
				itemIndex: request.itemIndex,
				description: `Who belongs to which ${kind.noun} is read from its members; without them no membership can be compared, so nothing was written.`,
			});
		}
		for (const member of full.members as IDataObject[]) {
			const userId = String(member.id);
			byUser.set(userId, [
				...(byUser.get(userId) ?? []),
				{ id, name: String(full.name ?? unit.name ?? ''), is_admin: member.is_admin === true },
			]);
		}
	}
	return byUser;
}
