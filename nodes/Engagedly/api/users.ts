import type { IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { perExecution } from '../transport/perExecution';
import type { ItemRequest } from '../transport/request';
import { engagedlyRequest } from '../transport/request';

/**
 * People given by email address: the one place that turns an address into the user's id. HR
 * systems hand over addresses, not Engagedly ids, so every user field takes either.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmailAddress = (text: string): boolean => EMAIL.test(text.trim());

/**
 * The id of the user with this address, read with the API's email filter (`GET /users?email=`)
 * once per execution however many items name it. An unknown address fails the item naming it,
 * before anything is written.
 */
export async function userIdForEmail(
	this: IExecuteFunctions | IPollFunctions,
	address: string,
	request: ItemRequest,
	field: string,
): Promise<string> {
	const wanted = address.trim().toLowerCase();
	// The answer (found or not) is what is kept, so every item that names an unknown address
	// fails with its own index; a failed request is forgotten by perExecution and tried again.
	const id = await perExecution(this, `userIdForEmail:${wanted}`, async () => {
		const body = await engagedlyRequest.call(this, 'GET', '/users', 'page', {
			...request,
			qs: { email: address.trim() },
		});
		// Only an exact match counts: a filter that matched loosely must not pick someone else.
		const match = (body.data as IDataObject[]).find((user) => String(user.email ?? '').trim().toLowerCase() === wanted);
		return match?.id === undefined || match.id === null ? null : String(match.id);
	});
	if (id === null) {
		throw new NodeOperationError(this.getNode(), `No Engagedly user has the email address "${address.trim()}" (${field})`, {
			itemIndex: request.itemIndex,
			description: 'Check the address, or pick the user from the list or by ID. Nothing was sent.',
		});
	}
	return id;
}
