import type { FieldType, ILoadOptionsFunctions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import type { UserAttribute } from '../api/userAttributes';
import { fetchUserAttributes, optionValues } from '../api/userAttributes';

const FIELD_TYPES: Record<string, FieldType> = {
	text: 'string',
	number: 'number',
	date: 'dateTime',
	boolean: 'boolean',
	'single-select': 'options',
	'multiple-select': 'array',
};

/**
 * One resource-mapper field per custom attribute. Multiple-select has no widget of its own in
 * the mapper (an "array" is typed as JSON), so the allowed values are listed in its label.
 */
function attributeField(attribute: UserAttribute, requireMandatory: boolean): ResourceMapperField {
	const type = FIELD_TYPES[attribute.data_type] ?? 'string';
	const values = optionValues(attribute);
	let displayName = attribute.name;
	if (attribute.data_type === 'multiple-select') {
		displayName = values.length
			? `${attribute.name} (any of: ${values.join(', ')})`
			: `${attribute.name} (no options defined in Engagedly yet)`;
	} else if (attribute.data_type === 'single-select' && !values.length) {
		displayName = `${attribute.name} (no options defined in Engagedly yet)`;
	}
	return {
		id: attribute.attribute_key,
		displayName,
		required: requireMandatory && attribute.mandatory,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type,
		...(type === 'options' ? { options: values.map((value) => ({ name: value, value })) } : {}),
	};
}


/**
 * The Custom Attributes mapper of the user writes: one field per custom attribute the
 * organisation has now. Mandatory ones are marked required where a user may be created or is
 * sent whole (Create, Create or Update, Sync, Replace); Update sends just what is given, so
 * nothing is required there.
 */
export async function getCustomAttributes(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const operation = this.getNodeParameter('operation', 'create') as string;
	const requireMandatory = ['create', 'createOrUpdate', 'sync', 'replace'].includes(operation);
	const attributes = await fetchUserAttributes.call(this);
	return {
		fields: attributes.filter((attribute) => !attribute.preset).map((a) => attributeField(a, requireMandatory)),
		emptyFieldsNotice: 'This Engagedly organisation has no custom attributes',
	};
}
