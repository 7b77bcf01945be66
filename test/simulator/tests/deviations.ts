/**
 * Where each profile of the simulator differs from the vendor's OpenAPI description
 * (schemas and examples), on purpose. This is the one list: openapi.test.ts fails on a
 * difference that no entry explains and on an entry that explains nothing, so a new difference
 * (or one that went away) has to be written down here, with its reason.
 *
 * A difference is a line `<METHOD> <path>: <place>: <what>` from VendorDescription.differences,
 * e.g. `GET /beta/users: data[].employee_type: schema: must be null or must be object`. An
 * entry explains the lines whose place (without the leading `data.` / `data[].`) matches
 * `place` and, when given, whose operation matches `operations` and whose text matches `what`.
 */
export interface Deviation {
	place: RegExp;
	what?: RegExp;
	operations?: RegExp;
	why: string;
}

/** Users embedded in users (`primary_reporter`, `direct_reports[]`, ...) differ as users do. */
const user = (field: string) => new RegExp(`^((primary_reporter|direct_reports\\[\\]|hr_managers\\[\\]|secondary_managers\\[\\])\\.)?${field}$`);

export const CONTRACT_DEVIATIONS: Deviation[] = [
	{ place: user('employee_type'), why: 'the contract types employee_type as a string (the option value); the vendor renders {id, name}' },
	{ place: user('employee_id'), what: /must be string/, why: 'a blank is null (contract convention 4); the vendor schema has a plain string' },
	{ place: user('custom_attributes\\.\\*\\.value'), why: 'a blank custom value is null (contract); the vendor schema has a string or a list' },
	{ place: user('job_title\\.id'), why: 'the contract gives ids of job titles on a user as strings; the vendor example has an integer' },
	{ place: user('joining_date'), why: 'the contract: an ISO 8601 timestamp; the vendor list example: "2024-01-15"' },
	{
		place: /^(nickname|marital_status|linkedin|twitter|differently_abled|veteran_status|ethnicity|employee_level|is_cxo)$/,
		what: /example: missing/,
		why: 'user keys only the vendor lists; the contract does not have them',
	},
	{
		place: /^(joining_date_string|birthdate_as_date|work_anniversary_in)$/,
		what: /example: missing/,
		operations: /^GET \/beta\/users\/\{id\}$/,
		why: 'single-user keys only the vendor lists',
	},
	{
		place: user('(departments|business_unit|employee_type|birthdate)'),
		what: /example: missing/,
		operations: /^GET \/beta\/users$/,
		why: 'the contract gives these in single-user answers only; the vendor list example has them',
	},
	{
		place: user('(title|gender)'),
		what: /example: missing/,
		why: 'written as system attributes, but the contract\'s User never shows them; the vendor\'s User has them',
	},
	{
		place: /^is_admin$/,
		what: /example: missing/,
		operations: /^GET \/beta\/users\/\{id\}$/,
		why: 'the contract\'s User has no is_admin (the Site Administrator is told by permissions); the vendor gives it on the single user',
	},
	{
		place: user('phone_number'),
		what: /must be null or must be string/,
		why: 'the contract: "string or number"; digits only, the simulator renders a number in lists and embedded users',
	},
	{ place: /^secondary_phone_number$/, why: 'a blank is null (contract); the vendor single-user example has ""' },
	{
		place: /^(direct_reports|hr_managers|secondary_managers)$/,
		what: /example: missing/,
		why: 'the contract: present when requested with include; the vendor single-user example lists them empty without one',
	},
	{ place: /^(members|administrators)_count$/, what: /must be integer/, why: 'the contract: strings in lists (and the simulator keeps them so on a single department); the vendor: integers' },
	{ place: /^members\[\]\.display_picture$/, why: 'a member without a picture has display_picture null (contract: "object or null"); the vendor schema has an object' },
	{ place: /^id$/, what: /must be integer/, operations: /^GET \/beta\/(locations|job_titles)$/, why: 'the simulator renders ids of locations and job titles as strings in lists (the contract types them as strings)' },
	{
		place: /^id$/,
		what: /must be integer/,
		operations: /^GET \/beta\/permissions$/,
		why: 'permission ids come as numbers in some answers and strings in others (docs/engagedly-api.md): the list gives strings, a user\'s permissions numbers',
	},
	{ place: /^(address_line1|city|state|country|postal_code)$/, why: 'a blank address field is null (contract); the vendor schema has a plain string (only address_line2 is nullable)' },
	{ place: /^(author|recognized_actors\[\])\.designation$/, why: 'an actor without a job title has designation null (contract); the vendor schema has a plain string' },
	{ place: /^level$/, operations: /^GET \/beta\/learning\/resources$/, why: 'a resource without a level has null; the vendor schema has a plain string' },
	{
		place: /^(published_on|created_at|updated_at|completed_on|assigned_on)$/,
		operations: /^GET \/beta\/learning\//,
		why: 'learning dates are ISO 8601 like every timestamp of the contract; the vendor examples write "Jul 07, 2026"',
	},
	{ place: /^learner\.employee_id$/, why: 'a blank is null (contract); the vendor schema has a plain string' },
];

export const VENDOR_DEVIATIONS: Deviation[] = [
	{
		place: /^work_anniversary_in$/,
		what: /must be integer/,
		why: 'days to the next anniversary of joining_date: null for a user without one. The vendor example shows 245 beside a null joining_date, computed from something the API does not expose',
	},
];

const OPERATION = /^(\S+ \S+): (.*?): ((?:schema|example): .*)$/;

/** Lines no entry explains, and entries that explained no line. */
export function unexplained(lines: string[], deviations: Deviation[]): { lines: string[]; entries: Deviation[] } {
	const used = new Set<Deviation>();
	const left = lines.filter((line) => {
		const match = OPERATION.exec(line);
		if (!match) return true;
		const [, operation, rawPlace, what] = match;
		const place = rawPlace.replace(/^data(\[\])?\./, '');
		const entry = deviations.find(
			(d) => d.place.test(place) && (d.what === undefined || d.what.test(what)) && (d.operations === undefined || d.operations.test(operation)),
		);
		if (entry) used.add(entry);
		return entry === undefined;
	});
	return { lines: left, entries: deviations.filter((d) => !used.has(d)) };
}
