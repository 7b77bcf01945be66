import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection } from '../../descriptions/common';
import { userFieldNames } from '../../people/editorPlaces';
import type { ItemScope } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import { createProperties, readCreateBody } from './fields/newUser';
import { liveUserAttributes } from './fields/customAttributes';

const properties: INodeProperties[] = [...createProperties, optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['create'] } }, properties);

/** Create meets an address that is someone's already: the operation that handles that is Create or Update. */
const ADDRESS_TAKEN = {
	field: 'email',
	advice:
		'An Engagedly user has this email address already. To update them instead (and create only people who are new), use the Create or Update operation.',
};

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const body = await readCreateBody.call(this, itemIndex, { request });
	return await requestRecord.call(this, 'POST', '/users', { ...request, body, duplicate: ADDRESS_TAKEN, fieldNames: userFieldNames('create', { attributes: await liveUserAttributes.call(this, request) }) });
}
