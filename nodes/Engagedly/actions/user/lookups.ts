import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { keptFor, perExecution } from '../../transport/perExecution';
import { paginate } from '../../transport/paginate';
import { apiPath } from '../../transport/paths';
import type { ItemRequest } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { RecordKind } from '../records/kinds';

/**
 * The organisation's lists a user write is checked against, each read at most once per run:
 * job titles, locations, departments and businesses by name (Sync), and who belongs to which
 * department and business. Membership is read from the units' own members (one read per unit for
 * the whole organisation) because the contract's user list does not carry it: comparing it per
 * user would cost one single-user read each.
 */

/** Every record of a kind (ceil(N/50) requests), once per run. */
export async function recordsOf(this: IExecuteFunctions, kind: RecordKind, request: ItemRequest): Promise<IDataObject[]> {
	return await perExecution(this, `records:${kind.path}`, async () => await paginate.call(this, kind.path, request));
}

/**
 * The records of a kind if this run has read them (to match names, to project a dry run), else
 * none: names shown beside ids are taken from what was read anyway, never from a read of their own.
 */
export async function recordsReadAlready(context: IExecuteFunctions, kind: RecordKind): Promise<IDataObject[]> {
	const read = keptFor<Promise<IDataObject[]>>(context, `records:${kind.path}`);
	return read ? await read.catch(() => []) : [];
}

/** A user's unit as a single-user answer renders it: `{id, name, is_admin}`. */
export type Membership = IDataObject & { id: string; name: string; is_admin: boolean };

/** User id → the units of this kind they belong to: what a run's membershipReader answers. */
export type Memberships = (kind: RecordKind, request: ItemRequest) => Promise<Map<string, Membership[]>>;

/**
 * A run's reader of memberships, kept by the run that makes it (Sync, Apply Plan) and handed to
 * whatever compares units: each kind is read once for the whole run, and a failed read is tried
 * again by the next user.
 */
export function membershipReader(context: IExecuteFunctions): Memberships {
	const read = new Map<string, Promise<Map<string, Membership[]>>>();
	return async (kind, request) => {
		let pending = read.get(kind.path);
		if (!pending) {
			pending = readMemberships.call(context, kind, request);
			pending.catch(() => read.delete(kind.path));
			read.set(kind.path, pending);
		}
		return await pending;
	};
}

/**
 * User id → the units of this kind they belong to, from every unit's members (`GET
 * /departments/<id>`). A unit whose answer has no `members` list is a fault: a membership read
 * that may be incomplete must not decide a write.
 */
async function readMemberships(this: IExecuteFunctions, kind: RecordKind, request: ItemRequest): Promise<Map<string, Membership[]>> {
	const byUser = new Map<string, Membership[]>();
	for (const unit of await recordsOf.call(this, kind, request)) {
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
