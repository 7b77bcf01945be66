import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { apiPath } from '../../transport/paths';
import { userFieldNames } from '../../people/editorPlaces';
import type { ItemScope } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import { liveUserAttributes, readCustomAttributes } from './fields/customAttributes';
import { customAttributesField, identityFields, userFieldsCollection } from './fields/descriptions';
import { readIdentity, readUserFields } from './fields/read';

const properties: INodeProperties[] = [
	userLocator(),
	{
		displayName:
			'Replace sends the whole user through PUT: every attribute Engagedly marks as mandatory must be given, custom ones included',
		name: 'replaceNotice',
		type: 'notice',
		default: '',
	},
	...identityFields,
	userFieldsCollection('replace'),
	customAttributesField(),
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['replace'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	const body = {
		...readIdentity.call(this, itemIndex),
		...(await readUserFields.call(this, itemIndex, 'additionalFields', { write: 'replace', request })),
	};
	const custom = await readCustomAttributes.call(this, itemIndex, { write: 'replace', body, request });
	return await requestRecord.call(this, 'PUT', apiPath`/users/${id}`, { ...request, body: { ...body, ...custom }, fieldNames: userFieldNames('replace', { attributes: await liveUserAttributes.call(this, request) }) });
}
