import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { apiPath } from '../../transport/paths';
import type { ItemScope } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import { checkStatus } from './status';

const properties: INodeProperties[] = [userLocator(), optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['activate'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	const user = await requestRecord.call(this, 'PUT', apiPath`/users/${id}/activate`, request);
	return checkStatus.call(this, itemIndex, user, { status: 'Active' });
}
