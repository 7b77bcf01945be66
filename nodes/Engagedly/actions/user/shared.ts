import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { peopleField, resourceLocator } from '../../descriptions/common';
import { readOptionalUserId, readUserIds } from '../../parameters/readers';
import { refuse } from '../../parameters/refuse';
import { idOf, isBlank, isEmailAddress, listOf, toApiDay, trimmed } from '../../parameters/values';
import type { ItemRequest } from '../../transport/request';

// ---- the user write fields ------------------------------------------------------------------

export type UserWrite = 'create' | 'update' | 'replace';

type FieldKind = 'text' | 'date' | 'id' | 'ids' | 'user' | 'users';

interface UserField {
	/** The name on the wire. */
	wire: string;
	kind: FieldKind;
	/** The operations whose collection shows it. */
	on: UserWrite[];
	property: INodeProperties;
}

const ALL: UserWrite[] = ['create', 'update', 'replace'];
const dropdownHelp =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';
const multiHelp =
	'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

const people = (displayName: string, name: string, wire: string, buttonText: string, description: string): UserField => ({
	wire,
	kind: 'users',
	on: ALL,
	property: peopleField({ displayName, name, buttonText, description }),
});

const text = (displayName: string, name: string, wire: string, on = ALL, extra: Partial<INodeProperties> = {}): UserField => ({
	wire,
	kind: 'text',
	on,
	property: { displayName, name, type: 'string', default: '', ...extra } as INodeProperties,
});

const date = (displayName: string, name: string, wire: string): UserField => ({
	wire,
	kind: 'date',
	on: ALL,
	property: { displayName, name, type: 'dateTime', default: '', description: 'Sent as a day (YYYY-MM-DD)' },
});

const dropdown = (displayName: string, name: string, wire: string, method: string, on = ALL): UserField => ({
	wire,
	kind: 'id',
	on,
	property: {
		displayName,
		name,
		type: 'options',
		typeOptions: { loadOptionsMethod: method },
		default: '',
		description: dropdownHelp,
	},
});

const multi = (displayName: string, name: string, wire: string, method: string): UserField => ({
	wire,
	kind: 'ids',
	on: ALL,
	property: {
		displayName,
		name,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: method },
		default: [],
		description: multiHelp,
	},
});

/**
 * Every optional write field of a user, editor name → wire name, in one place. Create and
 * Replace show them as "Additional Fields", Update as "Update Fields" (with the name and email
 * too, since there nothing is required). Output names differ from these input names
 * (`birthdate`, `business_unit`): the API's answer is passed through as it is.
 */
const USER_FIELDS: UserField[] = [
	date('Birth Date', 'birthDate', 'birth_date'),
	multi('Business Names or IDs', 'businesses', 'businesses', 'getBusinesses'),
	multi('Department Names or IDs', 'departments', 'departments', 'getDepartments'),
	text('Education', 'education', 'education', ['update']),
	text('Email', 'email', 'email', ['update'], { placeholder: 'name@email.com' }),
	text('Employee ID', 'employeeId', 'employee_id'),
	// The spec lists employee_type as "create only".
	dropdown('Employee Type Name or ID', 'employeeType', 'employee_type', 'getEmployeeTypes', ['create']),
	text('First Name', 'firstName', 'first_name', ['update']),
	// System attributes with fixed keys that some organisations make mandatory: their options
	// are the organisation's own, read from the attribute definition.
	dropdown('Gender Name or ID', 'gender', 'gender', 'getGenders'),
	people('HR Managers', 'hrManagers', 'hr_managers', 'Add HR Manager', 'The HR managers of this user.'),
	dropdown('Job Title Name or ID', 'jobTitle', 'job_title', 'getJobTitles'),
	date('Joining Date', 'joiningDate', 'joining_date'),
	text('Last Name', 'lastName', 'last_name', ['update']),
	text('Level', 'level', 'level'),
	dropdown('Location Name or ID', 'location', 'location', 'getLocations'),
	{
		wire: 'manager_id',
		kind: 'user',
		on: ALL,
		property: {
			...resourceLocator({
				name: 'manager',
				displayName: 'Manager',
				noun: 'manager',
				searchListMethod: 'searchUsers',
				required: false,
			}),
			description: 'The user this user reports to',
		},
	},
	text('Middle Name', 'middleName', 'middle_name'),
	text('Phone Number', 'phoneNumber', 'phone_number'),
	date('Promotion Date', 'promotionDate', 'promotion_date'),
	date('Review Date', 'reviewDate', 'review_date'),
	people('Secondary Managers', 'secondaryManagers', 'secondary_managers', 'Add Secondary Manager', 'The secondary managers of this user.'),
	text('Secondary Phone Number', 'secondaryPhoneNumber', 'secondary_phone_number'),
	dropdown('Title Name or ID', 'title', 'title', 'getTitles'),
];

/**
 * Where the editor takes a wire field in this operation (for messages about mandatory system
 * attributes); undefined when the operation has no field for it.
 */
export function editorPlace(wire: string, write: UserWrite): string | undefined {
	if (write !== 'update' && ['email', 'first_name', 'last_name'].includes(wire)) {
		return wire === 'email' ? 'Email' : wire === 'first_name' ? 'First Name' : 'Last Name';
	}
	const field = USER_FIELDS.find((f) => f.wire === wire && f.on.includes(write));
	if (!field) return undefined;
	return `${field.property.displayName} under ${write === 'update' ? 'Update Fields' : 'Additional Fields'}`;
}

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

/** The system attributes Engagedly requires of every user: never cleared. */
const IDENTITY_WIRES = ['email', 'first_name', 'last_name'];
const CLEARABLE = USER_FIELDS.filter((field) => field.on.includes('update') && !IDENTITY_WIRES.includes(field.wire));
const plainName = (field: UserField) => field.property.displayName.replace(/ Names? or IDs?$/, '');

/**
 * Update's explicit way to empty a field: a blank value under Update Fields is dropped (an
 * expression that found nothing must not wipe a phone number), so clearing is its own choice.
 */
export const clearFieldsProperty: INodeProperties = {
	displayName: 'Clear Fields',
	name: 'clearFields',
	type: 'multiOptions',
	options: CLEARABLE.map((field) => ({ name: plainName(field), value: field.property.name })).sort((a, b) =>
		a.name.localeCompare(b.name),
	),
	default: [],
	description:
		'Fields to empty in Engagedly (sent as null; lists such as departments as an empty list). A field given a value under Update Fields cannot be cleared in the same update.',
};

/**
 * The empty value of each field chosen under Clear Fields, on the wire; a clash with a value
 * `given` under Update Fields is refused.
 */
export function readClearFields(this: IExecuteFunctions, itemIndex: number, { given }: { given: IDataObject }): IDataObject {
	const chosen = listOf(this.getNodeParameter(clearFieldsProperty.name, itemIndex, []));
	const cleared: IDataObject = {};
	for (const name of chosen) {
		const field = CLEARABLE.find((f) => f.property.name === name);
		// The router has checked every choice against the options, so this is only a guard.
		if (!field) continue;
		if (field.wire in given) {
			refuse(
				this,
				itemIndex,
				`${plainName(field)} is both given a value and chosen under Clear Fields`,
				`Remove it from Update Fields or from Clear Fields. Nothing was sent.`,
			);
		}
		cleared[field.wire] = field.kind === 'ids' || field.kind === 'users' ? [] : null;
	}
	return cleared;
}

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

function checkEmail(context: IExecuteFunctions, itemIndex: number, email: string): void {
	if (!isEmailAddress(email)) {
		refuse(context, itemIndex, `Email "${email}" is not an email address`, 'Enter an address such as name@company.com.');
	}
}

/** Email, first and last name from their required top-level fields, trimmed; blank is refused. */
export function readIdentity(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {};
	for (const [name, wire, label] of [
		['email', 'email', 'Email'],
		['firstName', 'first_name', 'First Name'],
		['lastName', 'last_name', 'Last Name'],
	]) {
		const value = trimmed(this.getNodeParameter(name, itemIndex, ''));
		if (!value) {
			refuse(this, itemIndex, `${label} is empty`, `${label} is mandatory in Engagedly: give it a value.`);
		}
		body[wire] = value;
	}
	checkEmail(this, itemIndex, body.email as string);
	return body;
}

/**
 * The collection's values on the wire: only the fields that were given (a field added but left
 * empty is not sent), dates as days, ids as strings. Bad values are refused before any request.
 */
export async function readUserFields(
	this: IExecuteFunctions,
	itemIndex: number,
	name: string,
	{ write, request }: { write: UserWrite; request: ItemRequest },
): Promise<IDataObject> {
	const given = this.getNodeParameter(name, itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	const persons: UserField[] = [];
	for (const field of USER_FIELDS) {
		if (!field.on.includes(write)) continue;
		const raw = given[field.property.name];
		const label = field.property.displayName;
		if (field.kind === 'user' || field.kind === 'users') {
			if (!isBlank(raw)) persons.push(field);
			continue;
		}
		if (isBlank(raw)) continue;
		switch (field.kind) {
			case 'text':
				if (typeof raw === 'object') {
					refuse(this, itemIndex, `${label} must be text`, `Enter ${label} as plain text, not a list or an object.`);
				}
				body[field.wire] = String(raw).trim();
				break;
			case 'date': {
				const day = toApiDay(raw);
				if (!day) {
					refuse(
						this,
						itemIndex,
						`${label} "${String(raw)}" is not a date`,
						`Pick ${label} in the date picker, or give a date as YYYY-MM-DD (e.g. 2024-01-15).`,
					);
				}
				body[field.wire] = day;
				break;
			}
			case 'id':
				body[field.wire] = trimmed(idOf(raw));
				break;
			case 'ids': {
				const ids = listOf(raw);
				if (ids.length) body[field.wire] = ids;
				break;
			}
		}
	}
	if (typeof body.email === 'string') checkEmail(this, itemIndex, body.email);
	// People given by email are looked up last, once every other value has passed its checks.
	for (const field of persons) {
		const options = { label: field.property.displayName, request };
		const path = `${name}.${field.property.name}`;
		if (field.kind === 'user') {
			const id = await readOptionalUserId.call(this, itemIndex, path, options);
			if (id) body[field.wire] = id;
		} else {
			const ids = await readUserIds.call(this, itemIndex, path, options);
			if (ids.length) body[field.wire] = ids;
		}
	}
	return body;
}
