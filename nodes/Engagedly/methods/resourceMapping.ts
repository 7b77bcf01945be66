import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { attributeField, fetchUserAttributes } from '../actions/user/customAttributes';

/**
 * The Custom Attributes mapper of the user writes: one field per custom attribute the
 * organisation has now. Mandatory ones are marked required on Create and Replace only; Update
 * sends just what is given, so nothing is required there.
 */
export async function getCustomAttributes(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const operation = this.getNodeParameter('operation', 'create') as string;
	const requireMandatory = operation === 'create' || operation === 'replace';
	const attributes = await fetchUserAttributes.call(this);
	return {
		fields: attributes.filter((attribute) => !attribute.preset).map((a) => attributeField(a, requireMandatory)),
		emptyFieldsNotice: 'This Engagedly organisation has no custom attributes',
	};
}
