import type {
	FieldType,
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
	ResourceMapperValue,
} from 'n8n-workflow';

import type { UserAttribute } from '../people/attributeDefinitions';
import { fetchUserAttributes, optionValues } from '../people/attributeDefinitions';

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
	// A mandatory attribute is shown at once and says so in its label, but is not n8n's `required`:
	// n8n would stop the whole run before it starts (an HR export's dry run included), name the
	// attribute by its key ("custom-attribute-d1db9" is required) and grey out Remove All. Each
	// item is checked instead, by the attribute's label, saying what to map (fields/customAttributes.ts).
	const mandatory = requireMandatory && attribute.mandatory;
	return {
		id: attribute.attribute_key,
		displayName: mandatory ? `${displayName} (mandatory)` : displayName,
		required: false,
		removed: !mandatory,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type,
		...(type === 'options' ? { options: values.map((value) => ({ name: value, value })) } : {}),
	};
}

/**
 * The mapper's fields for the attribute definitions read: one per custom attribute (preset ones
 * are the user's own fields), mandatory ones required where `operation` may create a user or
 * sends it whole.
 */
export function mapperFields(attributes: UserAttribute[], operation: string): ResourceMapperField[] {
	const requireMandatory = ['create', 'createOrUpdate', 'sync', 'replace'].includes(operation);
	return attributes.filter((attribute) => !attribute.preset).map((attribute) => attributeField(attribute, requireMandatory));
}

/** Text for the notice, which n8n renders as HTML. */
const escapeHtml = (text: string) =>
	text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * What the section says in place of the attributes when they cannot be read. n8n's editor hides a
 * mapper whose method throws and shows nothing in its place (its own error and Retry belong to the
 * mapping-mode select, which this mapper does not have), and it loads the fields again only when
 * the node is opened: so the notice says why and how to bring them back.
 */
export function unavailableNotice(error: unknown): string {
	const { message, description } = error as { message?: unknown; description?: unknown };
	const why = [message, description]
		.filter((part): part is string => typeof part === 'string' && part.trim() !== '')
		.map((part) => (/[.!?)]$/.test(part.trim()) ? part.trim() : `${part.trim()}.`))
		.join(' ');
	return escapeHtml(
		`Custom attributes could not be loaded: ${why || String(error)} Fix the credential (or pick a working one), then close this node and open it again: the attributes load when the node opens.`,
	);
}

/** In place of the attributes when the node had no credential as it opened. */
export const NO_CREDENTIAL_YET =
	"Custom attributes load from the node's credential when the node opens. To see them with the credential chosen above, close this node and open it again.";

/**
 * The Custom Attributes mapper of the user writes: one field per custom attribute the
 * organisation has now. Mandatory ones are shown and marked where a user may be created or is
 * sent whole (Create, Create or Update, Sync, Replace); Update sends just what is given, so
 * nothing is marked there.
 *
 * A failed read does not throw: the editor would hide the section without a word. The fields the
 * node already holds are given back as they are (a Refresh that fails must not drop the values
 * mapped to them), with a notice that shows where the section would be when it holds none.
 */
export async function getCustomAttributes(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const held = () => (this.getNodeParameter('customAttributes', null) as ResourceMapperValue | null)?.schema ?? [];
	// n8n may ask before it has given a node just added its credential, and asks again only when the
	// node opens: that is no failure to report, and no request can be sent without a key.
	if (!this.getNode().credentials?.engagedlyApi) return { fields: held(), emptyFieldsNotice: NO_CREDENTIAL_YET };
	let attributes;
	try {
		attributes = await fetchUserAttributes.call(this);
	} catch (error) {
		return { fields: held(), emptyFieldsNotice: unavailableNotice(error) };
	}
	return {
		fields: mapperFields(attributes, this.getNodeParameter('operation', 'create') as string),
		emptyFieldsNotice: 'This Engagedly organisation has no custom attributes',
	};
}
