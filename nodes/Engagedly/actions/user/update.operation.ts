import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, userLocator } from '../../descriptions/common';
import { readUserId } from '../../parameters/readers';
import { apiPath } from '../../transport/paths';
import { userFieldNames } from '../../people/editorPlaces';
import type { ItemScope } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import { liveUserAttributes, readCustomAttributes } from './fields/customAttributes';
import { clearFieldsProperty, customAttributesField, userFieldsCollection } from './fields/descriptions';
import { readClearFields, readUserFields } from './fields/read';

const properties: INodeProperties[] = [
	userLocator(),
	userFieldsCollection('update'),
	clearFieldsProperty,
	customAttributesField(),
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['update'] } }, properties);

/**
 * PATCH: only what was given (or chosen under Clear Fields) is sent, so every other field keeps
 * its value in Engagedly.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const id = await readUserId.call(this, itemIndex, 'userId', { request });
	const given = await readUserFields.call(this, itemIndex, 'updateFields', { write: 'update', request });
	const body = { ...given, ...readClearFields.call(this, itemIndex, { given }) };
	const custom = await readCustomAttributes.call(this, itemIndex, { write: 'update', body, request });
	if (!Object.keys(body).length && !Object.keys(custom).length) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			itemIndex,
			description:
				'Add at least one field under Update Fields or Custom Attributes and give it a value, or choose fields under Clear Fields.',
		});
	}
	// The definitions were read for the custom values sent (once per execution): their labels cost no request.
	const attributes = Object.keys(custom).length ? await liveUserAttributes.call(this, request) : [];
	return await requestRecord.call(this, 'PATCH', apiPath`/users/${id}`, { ...request, body: { ...body, ...custom }, fieldNames: userFieldNames('update', { attributes }) });
}
