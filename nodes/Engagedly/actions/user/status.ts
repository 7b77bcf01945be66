import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * What Engagedly does with a user already in the state asked for is not documented (the
 * simulator answers 200 and changes nothing): an answer is believed only when it shows the state,
 * and the reason, that were asked for, so a user who was already deactivated for another reason
 * is never reported as deactivated for this one.
 */
export function checkStatus(
	this: IExecuteFunctions,
	itemIndex: number,
	user: IDataObject,
	wanted: { status: 'Active' | 'Blocked'; blockReasonCode?: string },
): IDataObject {
	const id = String(user.id);
	if (user.status !== wanted.status) {
		throw new NodeOperationError(this.getNode(), `Engagedly answered with user ${id} ${String(user.status)}, not ${wanted.status}`, {
			itemIndex,
			description: `The request was accepted but the user it returned is not ${wanted.status}. Check the user in Engagedly before running the workflow again.`,
		});
	}
	const kept = user.block_reason_code ?? null;
	if (wanted.blockReasonCode && kept !== wanted.blockReasonCode) {
		throw new NodeOperationError(
			this.getNode(),
			`User ${id} was already deactivated${kept ? ` with the reason "${String(kept)}"` : ' without a reason'}, which Engagedly kept`,
			{
				itemIndex,
				description: `Engagedly does not change the reason of a user who is already deactivated. To give the reason "${wanted.blockReasonCode}", activate the user, then deactivate them again.`,
			},
		);
	}
	return user;
}
