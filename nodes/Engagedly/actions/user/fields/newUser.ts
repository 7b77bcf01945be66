import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemScope } from '../../../transport/request';
import type { ManagersGivenBy } from '../../../people/byEmployeeId';
import { readCustomAttributes } from './customAttributes';
import { NAMED_FIELDS } from '../upsert/names';
import { customAttributesField, identityFields, userFieldsCollection } from './descriptions';
import { readIdentity, readUserFields } from './read';

/** Create's fields; Create or Update and Sync show the same ones (a user is described once). */
export const createProperties: INodeProperties[] = [...identityFields, userFieldsCollection('create'), customAttributesField()];

/** Sync's: Create's, with the structure lists taken by name too (names.ts resolves them). */
export const syncProperties: INodeProperties[] = [
	...identityFields,
	userFieldsCollection('create', { byName: NAMED_FIELDS }),
	customAttributesField(),
];

/**
 * The POST body of the item's user, every value checked (mandatory attributes included) before any
 * write; `givenBy`: Create or Update's Managers Given By (readUserFields).
 */
export async function readCreateBody(
	this: IExecuteFunctions,
	itemIndex: number,
	{ request, givenBy }: { request: ItemScope; givenBy?: ManagersGivenBy },
): Promise<IDataObject> {
	const body = {
		...readIdentity.call(this, itemIndex),
		...(await readUserFields.call(this, itemIndex, 'additionalFields', { write: 'create', request, givenBy })),
	};
	const custom = await readCustomAttributes.call(this, itemIndex, { write: 'create', body, request });
	return { ...body, ...custom };
}

