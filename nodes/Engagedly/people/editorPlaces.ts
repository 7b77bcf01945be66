import { PERSON_FIX } from '../descriptions/common';
import type { FieldNames } from '../transport/errors';
import type { UserField, UserWrite } from './userFields';
import { USER_FIELDS } from './userFields';
import type { UserAttribute } from './attributeDefinitions';

/**
 * Where the editor takes each user field, built from the table (userFields.ts): what messages
 * about a field call it, and which fields Clear Fields offers.
 */

/** The system attributes Engagedly requires of every user: never cleared, always top-level on Create and Replace. */
const IDENTITY_WIRES = ['email', 'first_name', 'last_name'];

/**
 * Where the editor takes a wire field in this operation (for messages about mandatory system
 * attributes); undefined when the operation has no field for it.
 */
export function editorPlace(wire: string, write: UserWrite): string | undefined {
	if (write !== 'update' && IDENTITY_WIRES.includes(wire)) {
		return wire === 'email' ? 'Email' : wire === 'first_name' ? 'First Name' : 'Last Name';
	}
	const field = USER_FIELDS.find((f) => f.wire === wire && f.on.includes(write));
	if (!field) return undefined;
	return `${field.property.displayName} under ${write === 'update' ? 'Update Fields' : 'Additional Fields'}`;
}

/**
 * What the editor calls each field a write sends (its place, as editorPlace says it), with how to
 * give a person for the fields that name people (`peopleFix`; MANAGER_FIX where the operation has
 * Managers Given By): Engagedly's words about `hr_managers` then name "HR Managers under
 * Additional Fields" and say how to pick someone; with the attribute definitions the run read,
 * a custom attribute's key is named by its label.
 */
export function userFieldNames(
	write: UserWrite,
	{ peopleFix = PERSON_FIX, attributes = [] }: { peopleFix?: string; attributes?: UserAttribute[] } = {},
): FieldNames {
	// Custom attributes by the organisation's label: Engagedly names them by their keys.
	const names: FieldNames = Object.fromEntries(
		attributes.filter((attribute) => !attribute.preset).map((attribute) => [attribute.attribute_key, { label: `Custom attribute "${attribute.name}"` }]),
	);
	for (const wire of [...IDENTITY_WIRES, ...USER_FIELDS.map((field) => field.wire)]) {
		const place = editorPlace(wire, write);
		if (!place) continue;
		const kind = USER_FIELDS.find((field) => field.wire === wire)?.kind;
		names[wire] = kind === 'user' || kind === 'users' ? { label: place, fix: peopleFix } : { label: place };
	}
	return names;
}

/** The fields Clear Fields offers: Update's, less the identity. */
export const clearable = (): UserField[] => USER_FIELDS.filter((field) => field.on.includes('update') && !IDENTITY_WIRES.includes(field.wire));

/** A field's editor name without the dropdown's "Name or ID" tail, as Clear Fields and the trigger's fields list it. */
export const plainName = (field: UserField) => field.property.displayName.replace(/ Names? or IDs?$/, '');
