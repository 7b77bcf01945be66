/**
 * The organisation's structure records: departments and businesses (named groups of users),
 * locations and job titles (a name plus a few text fields). Each kind is one entry of data here:
 * its operation files (actions/department/ and the others) call the helpers of its shape
 * (memberGroup.ts, textRecord.ts) with it, every write takes its field list from it
 * (wholeRecord.ts), and the editor's search for it (methods/) reads its path and method name
 * from it, so each is written once.
 */

/** A field of a record besides its name (which every kind has): its editor and API names. */
export interface RecordField {
	/** Editor name (camelCase). */
	name: string;
	/** API name (snake_case). */
	wire: string;
	/** A list of user ids (a unit's members) rather than a text. */
	users?: boolean;
}

export interface RecordKind {
	/** The resource value saved in workflows. */
	resource: string;
	/** API path of the collection, e.g. `/departments`. */
	path: string;
	/** Lower-case singular and plural for labels and messages. */
	noun: string;
	plural: string;
	/** Resource locator parameter name saved in workflows, e.g. `departmentId`. */
	locatorName: string;
	/** The list search behind its resource locator (methods/ serves it from `path`). */
	searchListMethod: string;
	/**
	 * Every field but `name`, which all of them have and which is mandatory. Engagedly's PUT
	 * clears what it is not sent, so every write sends each of these (wholeRecord.ts).
	 */
	fields: RecordField[];
}

/** A text field of a text record: its names and its label. */
export interface TextField extends RecordField {
	displayName: string;
	description: string;
	/** Multi-line text box. */
	long?: boolean;
}

export interface TextRecordKind extends RecordKind {
	fields: TextField[];
}

/** What makes a unit a unit: its members, which every write sends back whole. */
const members: RecordField = { name: 'members', wire: 'members', users: true };

export const department: RecordKind = {
	resource: 'department',
	path: '/departments',
	noun: 'department',
	plural: 'departments',
	locatorName: 'departmentId',
	searchListMethod: 'searchDepartments',
	fields: [members],
};

export const business: RecordKind = {
	resource: 'business',
	path: '/businesses',
	noun: 'business',
	plural: 'businesses',
	locatorName: 'businessId',
	searchListMethod: 'searchBusinesses',
	fields: [members],
};

export const location: TextRecordKind = {
	resource: 'location',
	path: '/locations',
	noun: 'location',
	plural: 'locations',
	locatorName: 'locationId',
	searchListMethod: 'searchLocations',
	fields: [
		{
			name: 'addressLine1',
			wire: 'address_line1',
			displayName: 'Address Line 1',
			description: 'Street and number',
		},
		{
			name: 'addressLine2',
			wire: 'address_line2',
			displayName: 'Address Line 2',
			description: 'Building, floor or suite',
		},
		{ name: 'city', wire: 'city', displayName: 'City', description: 'City of the location' },
		{
			name: 'state',
			wire: 'state',
			displayName: 'State',
			description: 'State, province or region',
		},
		{
			name: 'country',
			wire: 'country',
			displayName: 'Country',
			description: 'Country of the location',
		},
		{
			name: 'postalCode',
			wire: 'postal_code',
			displayName: 'Postal Code',
			description: 'Postal or ZIP code',
		},
	],
};

export const jobTitle: TextRecordKind = {
	resource: 'jobTitle',
	path: '/job_titles',
	noun: 'job title',
	plural: 'job titles',
	locatorName: 'jobTitleId',
	searchListMethod: 'searchJobTitles',
	fields: [
		{
			name: 'description',
			wire: 'description',
			displayName: 'Description',
			description: 'What the role is',
			long: true,
		},
		{
			name: 'responsibilities',
			wire: 'responsibilities',
			displayName: 'Responsibilities',
			description: 'What the holder of the role is responsible for',
			long: true,
		},
	],
};

export const structureKinds: RecordKind[] = [business, department, jobTitle, location];
