import type { INodeProperties } from 'n8n-workflow';

import type { UserWrite } from '../../../people/userFields';
import { USER_FIELDS } from '../../../people/userFields';
import { clearable, plainName } from '../../../people/editorPlaces';

/**
 * The user write operations' editor fields: the optional fields' collection, Clear Fields, the
 * required identity fields and the Custom Attributes mapper. What they show comes from the field table (fields.ts).
 */

export function userFieldsCollection(write: UserWrite, { byName = [] }: { byName?: readonly string[] } = {}): INodeProperties {
	const update = write === 'update';
	return {
		displayName: update ? 'Update Fields' : 'Additional Fields',
		name: update ? 'updateFields' : 'additionalFields',
		type: 'collection',
		placeholder: update ? 'Add field to update' : 'Add field',
		default: {},
		options: USER_FIELDS.filter((field) => field.on.includes(write)).map((field) =>
			byName.includes(field.wire) ? acceptingNames(field.property) : field.property,
		),
	};
}

/**
 * A dropdown whose value the operation also takes by name (Sync's job title, location,
 * departments and business units: an HR system knows them by name). Without
 * `allowArbitraryValues` the editor marks such a value, once an expression gives it, as "not
 * supported", on a workflow that runs.
 */
function acceptingNames(property: INodeProperties): INodeProperties {
	const many = property.type === 'multiOptions';
	return {
		...property,
		allowArbitraryValues: true,
		description: `Choose from the list, or give ${many ? 'names or IDs' : 'a name or an ID'} using an <a href="https://docs.n8n.io/code/expressions/">expression</a>`,
	};
}

/**
 * Update's explicit way to empty a field: a blank value under Update Fields is dropped (an
 * expression that found nothing must not wipe a phone number), so clearing is its own choice.
 */
export const clearFieldsProperty: INodeProperties = {
	displayName: 'Clear Fields',
	name: 'clearFields',
	type: 'multiOptions',
	options: clearable().map((field) => ({ name: plainName(field), value: field.property.name })).sort((a, b) =>
		a.name.localeCompare(b.name),
	),
	default: [],
	description:
		'Fields to empty in Engagedly (sent as null; lists such as departments as an empty list). A field given a value under Update Fields cannot be cleared in the same update.',
};

/** The three mandatory system attributes, as required top-level fields (Create, Replace). */
export const identityFields: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		default: '',
	},
	{ displayName: 'First Name', name: 'firstName', type: 'string', required: true, default: '' },
	{ displayName: 'Last Name', name: 'lastName', type: 'string', required: true, default: '' },
];

/** The "Custom Attributes" mapper; the fields come from GET /user-attributes. */
export function customAttributesField(): INodeProperties {
	return {
		displayName: 'Custom Attributes',
		name: 'customAttributes',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		typeOptions: {
			loadOptionsDependsOn: ['operation'],
			resourceMapper: {
				resourceMapperMethod: 'getCustomAttributes',
				mode: 'add',
				valuesLabel: 'Custom Attributes',
				fieldWords: { singular: 'custom attribute', plural: 'custom attributes' },
				// The fields come shown or not as getCustomAttributes marks them: the mandatory ones shown.
				addAllFields: true,
				supportAutoMap: false,
				noFieldsError: 'This Engagedly organisation has no custom attributes',
			},
		},
		description:
			'The attributes your organisation defined in Engagedly, loaded live. Give a multiple-select value as a list, e.g. ["English", "French"]. Values are checked against the current definitions before anything is sent; an attribute left empty is not sent.',
	};
}

/** How Manager, HR Managers and Secondary Managers name people (people/byEmployeeId.ts, where the readers below actions/ use it too). */
export type { ManagersGivenBy } from '../../../people/byEmployeeId';

/**
 * HR systems name a manager by their own key, most often the manager's employee number: with
 * Employee ID, each such value is the Employee ID Engagedly holds for the manager (read from the
 * directory), so an HR system's id is never sent as an Engagedly id.
 */
export const managersGivenByProperty: INodeProperties = {
	displayName: 'Managers Given By',
	name: 'managersGivenBy',
	type: 'options',
	options: [
		{ name: 'Engagedly ID or Email', value: 'idOrEmail', description: 'Each manager is an Engagedly user ID or an email address' },
		{
			name: 'Employee ID',
			value: 'employeeId',
			description: "Each manager is the Employee ID Engagedly holds for them (the HR system's employee number), or an email address",
		},
	],
	default: 'idOrEmail',
	description: 'How Manager, HR Managers and Secondary Managers name people: a value that names no user in Engagedly fails the item',
};
