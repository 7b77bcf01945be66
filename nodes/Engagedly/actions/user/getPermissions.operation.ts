import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, readId, userLocator } from '../../descriptions/common';
import { engagedlyRequest, recordsOf } from '../../transport/request';

const properties: INodeProperties[] = [userLocator(), optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['user'], operation: ['getPermissions'] } },
	properties,
);

/** One item per permission the user holds. */
export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const id = readId.call(this, 'userId', itemIndex, 'user');
	const response = await engagedlyRequest.call(this, 'GET', `/users/${encodeURIComponent(id)}/permissions`, {
		itemIndex,
	});
	return recordsOf(response);
}
