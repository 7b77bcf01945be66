import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { trimmed } from '../../parameters/values';
import { apiPath } from '../../transport/paths';
import type { ItemRequest } from '../../transport/request';
import { requestList, requestRecord } from '../../transport/request';
import { perExecution } from '../../transport/perExecution';

/** The optional block reason: Deactivate shows it, and Sync for the users it deactivates. */
export const blockReasonCodeField: INodeProperties = {
	displayName: 'Block Reason Code Name or ID',
	name: 'blockReasonCode',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getBlockReasonCodes' },
	default: '',
	description:
		'Why the user is deactivated (optional). The codes are your organisation’s own. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

const properties: INodeProperties[] = [userLocator(), blockReasonCodeField, optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['deactivate'] } }, properties);

/**
 * A code typed into an expression is checked against the organisation's codes before the write,
 * so a typo is reported with the list to choose from rather than as the API's bare refusal.
 */
export async function checkCode(this: IExecuteFunctions, itemIndex: number, code: string, request: ItemRequest): Promise<void> {
	const codes = await perExecution(
		this,
		'block-reason-codes',
		async () => await requestList.call(this, 'GET', '/users/block-reason-codes', request),
	);
	const usable = codes.filter((c) => c.archived !== true);
	if (usable.some((c) => String(c.code) === code)) return;
	const list = usable.map((c) => `${String(c.code)} (${String(c.display_text ?? c.code)})`).join(', ');
	throw new NodeOperationError(this.getNode(), `"${code}" is not a block reason code of this Engagedly organisation`, {
		itemIndex,
		description: `Pick Block Reason Code from the list, or use one of: ${list || 'none defined'}. Leave it empty to deactivate without a reason. Nothing was sent.`,
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	const code = trimmed(this.getNodeParameter('blockReasonCode', itemIndex, ''));
	if (code) await checkCode.call(this, itemIndex, code, request);
	return await requestRecord.call(this, 'PUT', apiPath`/users/${id}/deactivate`, {
		...request,
		body: code ? { block_reason_code: code } : {},
	});
}
