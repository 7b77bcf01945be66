/**
 * Merge (unified HRIS API): `GET https://api.merge.dev/api/hris/v1/employees?expand=employments,manager`,
 * as Merge answers it.
 *
 * Where the shape comes from: merge-api/merge-python-client (generated from Merge's API definition)
 * src/merge/resources/hris/types/employee.py, employment.py and paginated_employee_list.py: the page
 * `{ next, previous, results: [Employee] }`; an Employee's `work_email`, `first_name`, `last_name`,
 * `employee_number`, `employment_status` (`ACTIVE`, `PENDING`, `INACTIVE`), `hire_date` ("usually the
 * day that an offer letter is signed ... the most recent hire date"), `start_date` ("If an employee
 * was rehired, the most recent start date"), `termination_date`, all datetimes (`...T00:00:00Z`),
 * `null` where the HR system has nothing; `manager` and `employments` are ids unless expanded, then an
 * Employee and a list of Employments (`job_title`, `effective_date`: "the most recent date
 * corresponding to the latest employment record"; their order is not the dates'). The job title is
 * an Employment's, not the Employee's. n8n's Split Out node on `results` makes one item per
 * employee; follow `next` (HTTP Request's pagination) for more than one page (100 at most).
 *
 * Which listing has the leavers and the future hires: this one, by default ("By default, it returns
 * all employees. To filter for only active employees, set the employment_status query parameter to
 * ACTIVE", employee.py); a record deleted in the HR system is left out unless `include_deleted_data`
 * is set (`remote_was_deleted`); `include_shell_data` adds empty shell records, which a sync must not
 * ask for.
 *
 * Leavers and rehires: `employment_status` INACTIVE with the `termination_date`, PENDING before the
 * start date; a rehire keeps its Merge id with the most recent `hire_date` and `start_date`, and what
 * `termination_date` holds then is the HR system's (the one below keeps the old one). How each HR
 * system's record is rehired is the HR system's (Personio behind Merge: a new profile).
 */
import type { IDataObject } from 'n8n-workflow';

import { dayFrom, type Recipe } from './recipe';

export interface MergeEmployeePage {
	next: string | null;
	previous: string | null;
	results: IDataObject[];
}

const midnight = (day: string) => `${day}T00:00:00Z`;
const COMPANY = 'c2a7c9b6-5a44-4b8e-9d0b-1f3e6a2b7d10';

function employment(id: string, employee: string, jobTitle: string, effective: string): IDataObject {
	return {
		id,
		remote_id: id.slice(0, 8),
		created_at: '2024-02-01T09:12:44Z',
		modified_at: '2024-02-01T09:12:44Z',
		employee,
		job_title: jobTitle,
		pay_rate: null,
		pay_period: null,
		pay_frequency: null,
		pay_currency: null,
		pay_group: null,
		flsa_status: null,
		effective_date: midnight(effective),
		employment_type: 'FULL_TIME',
		remote_was_deleted: false,
		field_mappings: null,
		remote_data: null,
	};
}

interface Person {
	id: string;
	number: string;
	first: string;
	last: string;
	email: string;
	status: 'ACTIVE' | 'PENDING' | 'INACTIVE';
	hire: string;
	start: string;
	termination?: string;
	titles: Array<[string, string]>;
	manager?: IDataObject | null;
}

function employee(p: Person): IDataObject {
	return {
		employee_url: null,
		id: p.id,
		remote_id: p.number,
		created_at: '2024-02-01T09:12:44Z',
		modified_at: '2024-02-01T09:12:44Z',
		employee_number: p.number,
		company: COMPANY,
		first_name: p.first,
		last_name: p.last,
		preferred_name: null,
		display_full_name: `${p.first} ${p.last}`,
		username: null,
		groups: [],
		work_email: p.email,
		personal_email: null,
		mobile_phone_number: null,
		employments: p.titles.map(([title, effective], index) => employment(`${p.id.slice(0, 24)}${String(index).padStart(12, '0')}`, p.id, title, effective)),
		home_location: null,
		work_location: null,
		manager: p.manager ?? null,
		team: null,
		pay_group: null,
		ssn: '',
		gender: null,
		ethnicity: null,
		marital_status: null,
		date_of_birth: null,
		hire_date: midnight(p.hire),
		start_date: midnight(p.start),
		remote_created_at: midnight(p.hire),
		employment_status: p.status,
		termination_date: p.termination === undefined ? null : midnight(p.termination),
		avatar: null,
		custom_fields: null,
		remote_was_deleted: false,
		field_mappings: null,
		remote_data: null,
	};
}

const ruthId = '9f1d3b7e-2c4a-4e8b-a1d6-0b5c7e3f9a21';
const ruthFields: Person = { id: ruthId, number: '100', first: 'Ruth', last: 'Okafor', email: 'ruth.okafor@meridian.example', status: 'ACTIVE', hire: '2018-01-10', start: '2018-02-05', titles: [['Engineering Manager', '2018-02-05']] };
/** A manager's expansion: an Employee whose own manager and employments stay ids. */
const asManager = (fields: Person, managerId: string | null) => {
	const expanded = employee(fields);
	return { ...expanded, manager: managerId, employments: (expanded.employments as IDataObject[]).map((employment) => employment.id) };
};
const ruth = asManager(ruthFields, null);
const danielFields = (today: string): Person => ({ id: '4b2e8c1a-7d3f-4a9e-b6c2-5e1f0a8d3c47', number: '114', first: 'Daniel', last: 'Kim', email: 'daniel.kim@meridian.example', status: 'ACTIVE', hire: '2020-04-20', start: '2020-05-04', manager: ruth, titles: [['Senior Software Engineer', dayFrom(today, -40)], ['Software Engineer', '2020-05-04']] });

export const merge: Recipe<MergeEmployeePage> = {
	system: 'Merge',
	answer: (today) => ({
		next: null,
		previous: null,
		results: [
			// Active, as Engagedly has her.
			employee(ruthFields),
			// Promoted: the newer Employment listed first.
			employee(danielFields(today)),
			// Now in Daniel's team, moved from Hannah's before she leaves: the expanded manager is Daniel.
			employee({ id: 'a8d3f1c6-5b2e-4e9a-8c7d-3f6b1a9e2d54', number: '131', first: 'Noor', last: 'Aziz', email: 'noor.aziz@meridian.example', status: 'ACTIVE', hire: '2022-01-10', start: '2022-02-01', manager: asManager(danielFields(today), ruthId), titles: [['Software Engineer', '2022-02-01']] }),
			// Her division moved to the group's domain: a new work address.
			employee({ id: 'c6e1b9d4-2f8a-4c5e-9b3d-7a4f2e8c1b69', number: '126', first: 'Leah', last: 'Cohen', email: 'leah.cohen@meridian-group.example', status: 'ACTIVE', hire: '2021-11-01', start: '2021-11-15', manager: ruth, titles: [['Account Manager', '2021-11-15']] }),
			// Signed last week, starts in a month: PENDING, the hire date already past.
			employee({ id: 'e7c4a2d9-1b6f-4c3e-8a5d-2f9b0e6c1a73', number: '151', first: 'Chloe', last: 'Martin', email: 'chloe.martin@meridian.example', status: 'PENDING', hire: dayFrom(today, -10), start: dayFrom(today, 30), manager: ruth, titles: [['Software Engineer', dayFrom(today, 30)]] }),
			// Started yesterday.
			employee({ id: '2d8f6b3c-9e1a-4f7d-b5c8-7a3e1d9f2b64', number: '150', first: 'Mateo', last: 'Garcia', email: 'mateo.garcia@meridian.example', status: 'ACTIVE', hire: dayFrom(today, -30), start: dayFrom(today, -1), manager: ruth, titles: [['Product Manager', dayFrom(today, -1)]] }),
			// Resigned: still ACTIVE, the termination date in two weeks.
			employee({ id: '6a9c1e4f-3b7d-4d2a-9f8e-1c5b7a3d6e82', number: '121', first: 'Hannah', last: 'Young', email: 'hannah.young@meridian.example', status: 'ACTIVE', hire: '2021-08-16', start: '2021-09-01', termination: dayFrom(today, 14), manager: ruth, titles: [['Account Manager', '2021-09-01']] }),
			// Left ten days ago.
			employee({ id: 'b3f7d2a8-6c1e-4b9d-a4f2-8e6c0b1d7a95', number: '109', first: 'Samuel', last: 'Reddy', email: 'samuel.reddy@meridian.example', status: 'INACTIVE', hire: '2019-03-04', start: '2019-03-18', termination: dayFrom(today, -10), manager: ruth, titles: [['Sales Executive', '2019-03-18']] }),
			// Rehired, starting again in 45 days; the HR system keeps the old termination date.
			employee({ id: 'd1a6f9c3-8e2b-4a7f-b3d9-6c4e2a8f1b36', number: '103', first: 'Zoe', last: 'Walker', email: 'zoe.walker@meridian.example', status: 'PENDING', hire: dayFrom(today, -5), start: dayFrom(today, 45), termination: '2023-06-30', manager: ruth, titles: [['Support Specialist', dayFrom(today, 45)], ['Support Specialist', '2019-01-07']] }),
			// Left a month ago, rehired to start in two months: between employments.
			employee({ id: 'f5b2c8e1-4d9a-4c6b-8e3f-9a1d7c5b2e48', number: '117', first: 'Grace', last: 'Mensah', email: 'grace.mensah@meridian.example', status: 'INACTIVE', hire: dayFrom(today, -2), start: dayFrom(today, 60), termination: dayFrom(today, -30), manager: ruth, titles: [['Accountant', dayFrom(today, 60)], ['Accountant', '2020-10-05']] }),
		],
	}),
	// n8n's Split Out node on `results`.
	items: (answer) => answer.results,
	parameters: {
		email: '={{ $json.work_email }}',
		firstName: '={{ $json.first_name }}',
		lastName: '={{ $json.last_name }}',
		additionalFields: {
			employeeId: '={{ $json.employee_number }}',
			jobTitle: '={{ $json.employments.toSorted((a, b) => (a.effective_date ?? "").localeCompare(b.effective_date ?? "")).at(-1)?.job_title }}',
			manager: '={{ $json.manager?.work_email }}',
			joiningDate: '={{ $json.start_date }}',
		},
		employmentFields: {
			employmentStatus: '={{ $json.employment_status }}',
			leavingDate: '={{ $json.termination_date }}',
		},
		leftStatuses: 'INACTIVE',
		createNewHires: 'beforeJoining',
		daysBeforeJoining: 14,
		reactivateReturning: true,
	},
	costCenter: 'CC-140',
};
