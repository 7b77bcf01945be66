import type { INodeProperties } from 'n8n-workflow';

import { peopleField, resourceLocator } from '../../descriptions/common';

/**
 * The user write fields: each optional field's editor property, its wire name, what kind of
 * value it takes and which writes show it. Descriptions (descriptions.ts) and readers
 * (readFields.ts) are both built from this one table, so a field is added in one place.
 */

export type UserWrite = 'create' | 'update' | 'replace';

type FieldKind = 'text' | 'date' | 'id' | 'ids' | 'user' | 'users';

export interface UserField {
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
export const USER_FIELDS: UserField[] = [
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

/** The fields Clear Fields offers: Update's, less the identity. */
export const CLEARABLE = USER_FIELDS.filter((field) => field.on.includes('update') && !IDENTITY_WIRES.includes(field.wire));

/** A field's name without the dropdown's "Name or ID" tail, as Clear Fields lists it. */
export const plainName = (field: UserField) => field.property.displayName.replace(/ Names? or IDs?$/, '');
