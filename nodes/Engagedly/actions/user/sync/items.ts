import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { isBlank } from '../../../parameters/values';
import { simplifyUser } from '../simplify';

/**
 * What a Sync or Apply Plan item says of its user. A run has an item per employee, and n8n's
 * Table view shows one row each: the person (name, address, id) leads, then what happened
 * (outcome, changes), so a run reads down a few columns. The user's other fields come only when
 * the builder asks (User Details), after those: a whole record is a column per field.
 */
export type UserDetail = 'person' | 'simplified' | 'full';

export function userDetailProperty(show: Record<string, string[]>): INodeProperties {
	return {
		displayName: 'User Details',
		name: 'userDetail',
		type: 'options',
		options: [
			{ name: 'Name, Email and ID', value: 'person', description: 'Who, then what happened to them: the fewest columns' },
			{ name: 'Simplified', value: 'simplified', description: 'Also the ten fields of Simplify, such as status, job title, location, manager and departments' },
			{ name: 'Full Record', value: 'full', description: 'Also every field of the user as Engagedly answered (or, in a dry run, would answer)' },
		],
		default: 'person',
		description: 'What each item carries of its user, after who they are and what happened',
		displayOptions: { show },
	};
}

export function readUserDetail(this: IExecuteFunctions): UserDetail {
	const detail = this.getNodeParameter('userDetail', 0, 'person');
	return detail === 'simplified' || detail === 'full' ? detail : 'person';
}

/** Who a user is, as every item leads with them: their name (or first and last), address and id, null where unknown. */
export function personOf(user: IDataObject): IDataObject {
	const fullName = [user.first_name, user.last_name].filter((part) => !isBlank(part)).join(' ');
	return {
		name: isBlank(user.name) ? fullName || null : user.name,
		email: isBlank(user.email) ? null : user.email,
		id: user.id === undefined || user.id === null ? null : String(user.id),
	};
}

/**
 * A user's item: the person, then `outcome` (what happened, in its order), then the detail asked
 * for. What happened wins over a user field of the same name, as it is the point of the item.
 */
export function userItem(user: IDataObject, detail: UserDetail, outcome: IDataObject): IDataObject {
	const person = personOf(user);
	const more = detail === 'full' ? user : detail === 'simplified' ? simplifyUser(user) : {};
	// The first spread fixes the keys' order; the last two win over a user field of the same name.
	return Object.assign({ ...person, ...outcome }, more, person, outcome);
}
