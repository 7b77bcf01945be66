import type { INodeProperties } from 'n8n-workflow';

import { peopleList, resourceLocator } from '../descriptions/common';

/**
 * The user's fields, one row each: its editor property, its name on the wire and in the answer,
 * what kind of value it takes, which writes show it, which list its values name, and whether the
 * trigger can watch it. Everything else is built from this table (the write fields and their
 * readers in actions/user/, what differs and Dry Run's projection, names for ids, the trigger's
 * watchable fields), so a field of any kind is added as one row. Below actions/ and trigger/: both
 * read it.
 */

export type UserWrite = 'create' | 'update' | 'replace';

type FieldKind = 'text' | 'date' | 'id' | 'ids' | 'user' | 'users';

/** The lists a reference field's values name (records/kinds.ts holds each list's paths and words). */
export type ListName = 'jobTitle' | 'location' | 'department' | 'business';

export interface UserField {
	/** The name on the wire. */
	wire: string;
	/** Where answers show it, where that differs from `wire`. */
	answer?: string;
	/** text, a day, an option or a record by id (`id`), records by id (`ids`), a person, people. */
	kind: FieldKind;
	/** For a field whose ids are records of a list: that list (Sync also takes names from it). */
	list?: ListName;
	/**
	 * Watchable by the trigger's User Updated (only what the user list carries can be): the key it
	 * is watched by where that differs from the answer's (saved workflows hold it), and help.
	 */
	watch?: { key?: string; name?: string; description?: string };
	/** The operations whose collection shows it. */
	on: UserWrite[];
	/** False for a field the contract's User table does not list: a write's answer does not show it. */
	inUserTable?: false;
	property: INodeProperties;
}

const ALL: UserWrite[] = ['create', 'update', 'replace'];
const dropdownHelp =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';
const multiHelp =
	'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

type Extra = Pick<UserField, 'answer' | 'list' | 'watch' | 'inUserTable'>;
const WATCH = { watch: {} };

const people = (displayName: string, name: string, wire: string, buttonText: string, description: string): UserField => ({
	wire,
	kind: 'users',
	on: ALL,
	// Shown only by a single-user read that asks for it with `include`.
	inUserTable: false,
	property: peopleList({ displayName, name, buttonText, description }),
});

const text = (displayName: string, name: string, wire: string, on = ALL, extra: Extra = {}, property: Partial<INodeProperties> = {}): UserField => ({
	wire,
	kind: 'text',
	on,
	...extra,
	property: { displayName, name, type: 'string', default: '', ...property } as INodeProperties,
});

const date = (displayName: string, name: string, wire: string, extra: Extra = {}): UserField => ({
	wire,
	kind: 'date',
	on: ALL,
	...extra,
	property: { displayName, name, type: 'dateTime', default: '', description: 'Sent as a day (YYYY-MM-DD)' },
});

const dropdown = (displayName: string, name: string, wire: string, method: string, on = ALL, extra: Extra = {}): UserField => ({
	wire,
	kind: 'id',
	on,
	...extra,
	property: {
		displayName,
		name,
		type: 'options',
		typeOptions: { loadOptionsMethod: method },
		default: '',
		description: dropdownHelp,
	},
});

const multi = (displayName: string, name: string, wire: string, method: string, extra: Extra): UserField => ({
	wire,
	kind: 'ids',
	on: ALL,
	...extra,
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
	date('Birth Date', 'birthDate', 'birth_date', { answer: 'birthdate', ...WATCH }),
	multi('Business Names or IDs', 'businesses', 'businesses', 'getBusinesses', {
		answer: 'business_unit',
		list: 'business',
		watch: { name: 'Business Units', description: 'Which businesses, and whether as administrator' },
	}),
	multi('Department Names or IDs', 'departments', 'departments', 'getDepartments', {
		list: 'department',
		watch: { name: 'Departments', description: 'Which departments, and whether as administrator' },
	}),
	text('Education', 'education', 'education', ['update']),
	text('Email', 'email', 'email', ['update'], WATCH, { placeholder: 'name@email.com' }),
	text('Employee ID', 'employeeId', 'employee_id', ALL, WATCH),
	// The spec lists employee_type as "create only".
	dropdown('Employee Type Name or ID', 'employeeType', 'employee_type', 'getEmployeeTypes', ['create'], WATCH),
	text('First Name', 'firstName', 'first_name', ['update'], WATCH),
	// System attributes with fixed keys that some organisations make mandatory: their options
	// are the organisation's own, read from the attribute definition.
	dropdown('Gender Name or ID', 'gender', 'gender', 'getGenders', ALL, { ...WATCH, inUserTable: false }),
	people('HR Managers', 'hrManagers', 'hr_managers', 'Add HR Manager', 'The HR managers of this user.'),
	dropdown('Job Title Name or ID', 'jobTitle', 'job_title', 'getJobTitles', ALL, { list: 'jobTitle', ...WATCH }),
	date('Joining Date', 'joiningDate', 'joining_date', WATCH),
	text('Last Name', 'lastName', 'last_name', ['update'], WATCH),
	text('Level', 'level', 'level', ALL, WATCH),
	dropdown('Location Name or ID', 'location', 'location', 'getLocations', ALL, { list: 'location', ...WATCH }),
	{
		wire: 'manager_id',
		answer: 'primary_reporter',
		kind: 'user',
		on: ALL,
		watch: { key: 'manager', description: 'The primary reporter' },
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
	text('Middle Name', 'middleName', 'middle_name', ALL, WATCH),
	text('Phone Number', 'phoneNumber', 'phone_number', ALL, WATCH),
	date('Promotion Date', 'promotionDate', 'promotion_date'),
	date('Review Date', 'reviewDate', 'review_date'),
	people('Secondary Managers', 'secondaryManagers', 'secondary_managers', 'Add Secondary Manager', 'The secondary managers of this user.'),
	text('Secondary Phone Number', 'secondaryPhoneNumber', 'secondary_phone_number'),
	dropdown('Title Name or ID', 'title', 'title', 'getTitles', ALL, { ...WATCH, inUserTable: false }),
];

/** The contract's User table beyond the write fields: what Engagedly sets, as a new user has it. */
export const ANSWER_ONLY_FIELDS: Readonly<Record<string, unknown>> = {
	id: null,
	name: null,
	status: 'Active',
	block_reason_code: null,
	user_blocked_at: null,
	display_picture: null,
	about_me: null,
	custom_attributes: {},
};

/** Where answers show a field. */
export const answerKey = (field: UserField): string => field.answer ?? field.wire;
