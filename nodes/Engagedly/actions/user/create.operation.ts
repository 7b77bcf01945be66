import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection } from '../../descriptions/common';
import type { ItemRequest } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import { customAttributesField, readCustomAttributes } from './customAttributes';
import { identityFields, readIdentity, readUserFields, userFieldsCollection } from './shared';

const properties: INodeProperties[] = [
	...identityFields,
	userFieldsCollection('create'),
	customAttributesField(),
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['create'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	const body = { ...readIdentity.call(this, itemIndex), ...(await readUserFields.call(this, itemIndex, 'create', request)) };
	const custom = await readCustomAttributes.call(this, itemIndex, { write: 'create', body }, request);
	return await requestRecord.call(this, 'POST', '/users', { ...request, body: { ...body, ...custom } });
}
