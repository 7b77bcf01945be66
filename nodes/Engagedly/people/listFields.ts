/**
 * The user fields the "User Updated" event can watch. Only fields that the user *list* carries
 * can be watched: reading each user on its own would cost one request per user per poll. The
 * contract's list leaves out departments, business units, employee type and birth date (the
 * vendor's carries them), so which of these can be watched depends on the account: see
 * `carriedBy`.
 * Custom attributes (keys `custom-attribute-…`) are read from the list element's
 * `custom_attributes` map.
 */
export interface SystemField {
	value: string;
	name: string;
	description?: string;
}

/** Label → key of the list element; `manager` is the one field that needs an `include`. */
export const SYSTEM_FIELDS: SystemField[] = [
	{ value: 'block_reason_code', name: 'Block Reason Code' },
	{ value: 'birthdate', name: 'Birth Date' },
	{ value: 'business_unit', name: 'Business Units', description: 'Which businesses, and whether as administrator' },
	{ value: 'departments', name: 'Departments', description: 'Which departments, and whether as administrator' },
	{ value: 'email', name: 'Email' },
	{ value: 'employee_id', name: 'Employee ID' },
	{ value: 'employee_type', name: 'Employee Type' },
	{ value: 'first_name', name: 'First Name' },
	{ value: 'gender', name: 'Gender' },
	{ value: 'job_title', name: 'Job Title' },
	{ value: 'joining_date', name: 'Joining Date' },
	{ value: 'last_name', name: 'Last Name' },
	{ value: 'level', name: 'Level' },
	{ value: 'location', name: 'Location' },
	{ value: 'manager', name: 'Manager', description: 'The primary reporter' },
	{ value: 'middle_name', name: 'Middle Name' },
	{ value: 'phone_number', name: 'Phone Number' },
	{ value: 'status', name: 'Status', description: 'Active or Blocked (deactivated)' },
	{ value: 'title', name: 'Title' },
];

const SYSTEM_KEYS = new Set(SYSTEM_FIELDS.map((field) => field.value));

export function isCustomAttributeKey(key: string): boolean {
	return !SYSTEM_KEYS.has(key);
}

/** Whether a list element carries a watchable field (custom attributes and the manager always are). */
export const carriedBy = (user: object, key: string): boolean => key === 'manager' || isCustomAttributeKey(key) || key in user;
