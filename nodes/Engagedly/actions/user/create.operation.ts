import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection } from '../../descriptions/common';
import type { ItemRequest } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import { customAttributesField, readCustomAttributes } from './customAttributes';
import { NAMED_FIELDS } from './names';
import { identityFields, userFieldsCollection } from './descriptions';
import { readIdentity, readUserFields } from './readFields';

/** Create's fields; Create or Update and Sync show the same ones (a user is described once). */
export const createFields: INodeProperties[] = [...identityFields, userFieldsCollection('create'), customAttributesField()];

/** Sync's: Create's, with the structure lists taken by name too (names.ts resolves them). */
export const syncFields: INodeProperties[] = [
	...identityFields,
	userFieldsCollection('create', { byName: NAMED_FIELDS }),
	customAttributesField(),
];

const properties: INodeProperties[] = [...createFields, optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['create'] } }, properties);

/** The POST body of the item's user, every value checked (mandatory attributes included) before any write. */
export async function readCreateBody(this: IExecuteFunctions, itemIndex: number, { request }: { request: ItemRequest }): Promise<IDataObject> {
	const body = {
		...readIdentity.call(this, itemIndex),
		...(await readUserFields.call(this, itemIndex, 'additionalFields', { write: 'create', request })),
	};
	const custom = await readCustomAttributes.call(this, itemIndex, { write: 'create', body, request });
	return { ...body, ...custom };
}

/** Create meets an address that is someone's already: the operation that handles that is Create or Update. */
const ADDRESS_TAKEN = {
	field: 'email',
	advice:
		'An Engagedly user has this email address already. To update them instead (and create only people who are new), use the Create or Update operation.',
};

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	const body = await readCreateBody.call(this, itemIndex, { request });
	return await requestRecord.call(this, 'POST', '/users', { ...request, body, duplicate: ADDRESS_TAKEN });
}
