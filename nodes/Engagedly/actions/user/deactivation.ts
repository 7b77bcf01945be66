import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiPath } from '../../transport/paths';
import type { ItemScope } from '../../transport/request';
import { requestList } from '../../transport/request';
import { perExecution } from '../../transport/perExecution';

/**
 * What deactivating someone checks first, wherever it happens (Deactivate, Sync, Apply Plan, the
 * code picker): the block reason code is one the organisation takes, and the user is not the
 * Site Administrator.
 */

/** The optional block reason: Deactivate shows it, and Sync for the users it deactivates. */
export const blockReasonCodeField: INodeProperties = {
	displayName: 'Block Reason Code Name or ID',
	name: 'blockReasonCode',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getBlockReasonCodes' },
	default: '',
	description:
		'Why the user is deactivated (optional). The codes are your organisation’s own; archived ones are not offered, as Engagedly refuses them. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** A code Engagedly takes on deactivate: an archived one is still listed, but refused. */
export const isUsableCode = (code: IDataObject): boolean => code.archived !== true;

/**
 * A code typed into an expression is checked against the organisation's codes before the write,
 * so a typo or an archived code is reported with the list to choose from rather than as the
 * API's bare refusal.
 */
export async function checkCode(this: IExecuteFunctions, itemIndex: number, code: string, request: ItemScope): Promise<void> {
	const codes = await perExecution(
		this,
		'block-reason-codes',
		async () => await requestList.call(this, 'GET', '/users/block-reason-codes', request),
	);
	const listed = codes.find((c) => String(c.code) === code);
	if (listed && isUsableCode(listed)) return;
	const list = codes
		.filter(isUsableCode)
		.map((c) => `${String(c.code)} (${String(c.display_text ?? c.code)})`)
		.join(', ');
	const choose = `Pick Block Reason Code from the list, or use one of: ${list || 'none defined'}. Leave it empty to deactivate without a reason. Nothing was sent.`;
	if (listed) {
		throw new NodeOperationError(this.getNode(), `Block reason code "${code}" is archived in this Engagedly organisation`, {
			itemIndex,
			description: `Engagedly still lists archived codes but refuses them on deactivate. ${choose}`,
		});
	}
	throw new NodeOperationError(this.getNode(), `"${code}" is not a block reason code of this Engagedly organisation`, { itemIndex, description: choose });
}

/**
 * Whether the user is the organisation's Site Administrator. The contract's User has no
 * `is_admin` (the vendor's gives it on the single user only, and may give null): their
 * permissions say it, with the Site Administrator permission (`is_admin: true`).
 */
export async function isSiteAdministrator(this: IExecuteFunctions, id: string, request: ItemScope): Promise<boolean> {
	const permissions = await requestList.call(this, 'GET', apiPath`/users/${id}/permissions`, request);
	return permissions.some((permission) => permission.is_admin === true);
}

/** Why the Site Administrator is never deactivated by this node (Sync says it of the admin it keeps). */
export const SITE_ADMINISTRATOR_KEPT =
	'The Site Administrator is never deactivated by this node: it would lock the organisation (and, often, this workflow’s own keys) out of Engagedly.';

