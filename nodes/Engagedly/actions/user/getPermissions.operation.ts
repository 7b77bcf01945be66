import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { apiPath } from '../../transport/paths';
import type { ItemScope } from '../../transport/request';
import { requestList } from '../../transport/request';

const properties: INodeProperties[] = [userLocator(), optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['user'], operation: ['getPermissions'] } },
	properties,
);

/** One item per permission the user holds. */
export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	return await requestList.call(this, 'GET', apiPath`/users/${id}/permissions`, request);
}
