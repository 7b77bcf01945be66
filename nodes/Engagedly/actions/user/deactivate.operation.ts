import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { trimmed } from '../../parameters/values';
import { apiPath } from '../../transport/paths';
import type { ItemScope } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import { blockReasonCodeField, checkCode, isSiteAdministrator, SITE_ADMINISTRATOR_KEPT } from './deactivation';
import { checkStatus } from './status';

const properties: INodeProperties[] = [userLocator(), blockReasonCodeField, optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['deactivate'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	const code = trimmed(this.getNodeParameter('blockReasonCode', itemIndex));
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
