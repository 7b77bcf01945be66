import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { trimmed } from '../../parameters/values';
import { apiPath } from '../../transport/paths';
import type { ItemRequest } from '../../transport/request';
import { requestList, requestRecord } from '../../transport/request';
import { perExecution } from '../../transport/perExecution';
import { checkStatus } from './status';

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

const properties: INodeProperties[] = [userLocator(), blockReasonCodeField, optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['deactivate'] } }, properties);

/** A code Engagedly takes on deactivate: an archived one is still listed, but refused. */
export const isUsableCode = (code: IDataObject): boolean => code.archived !== true;

/**
 * A code typed into an expression is checked against the organisation's codes before the write,
 * so a typo or an archived code is reported with the list to choose from rather than as the
 * API's bare refusal.
 */
export async function checkCode(this: IExecuteFunctions, itemIndex: number, code: string, request: ItemRequest): Promise<void> {
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
export async function isSiteAdministrator(this: IExecuteFunctions, id: string, request: ItemRequest): Promise<boolean> {
	const permissions = await requestList.call(this, 'GET', apiPath`/users/${id}/permissions`, request);
	return permissions.some((permission) => permission.is_admin === true);
}

/** Why the Site Administrator is never deactivated by this node (Sync says it of the admin it keeps). */
export const SITE_ADMINISTRATOR_KEPT =
	'The Site Administrator is never deactivated by this node: it would lock the organisation (and, often, this workflow’s own keys) out of Engagedly.';

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	const code = trimmed(this.getNodeParameter('blockReasonCode', itemIndex, ''));
	if (code) await checkCode.call(this, itemIndex, code, request);
	// Engagedly may well deactivate them if asked (the contract names no refusal): never ask.
	if (await isSiteAdministrator.call(this, id, request)) {
		throw new NodeOperationError(this.getNode(), `User ${id} is the Site Administrator: not deactivated`, {
			itemIndex,
			description: `${SITE_ADMINISTRATOR_KEPT} Deactivate them in Engagedly's web app if you really mean to, after giving the organisation another administrator. Nothing was written.`,
		});
	}
	const user = await requestRecord.call(this, 'PUT', apiPath`/users/${id}/deactivate`, {
		...request,
		body: code ? { block_reason_code: code } : {},
	});
	return checkStatus.call(this, itemIndex, user, { status: 'Blocked', blockReasonCode: code || undefined });
}
