/**
 * Personio: `GET https://api.personio.de/v1/company/employees`, as Personio answers it.
 *
 * Where the shape comes from: personio/api-docs personio-personnel-data-api-oa3.yaml (the
 * personnel data API): the answer `{ success, metadata, offset, limit, data: [{ type: "Employee",
 * attributes }] }`, every attribute wrapped as `{ label, value, type, universal_id }`, dates as the
 * company's local midnight with its offset (`2014-11-09T00:00:00+01:00`; the schema's own example
 * writes `2012-02-01T00:00:00+0100`), `null` for no date, `supervisor` a ShortEmployee (`type`,
 * `attributes` with `id`, `first_name`, `last_name` and `email`, each wrapped), `office` and
 * `department` as `{ type, attributes: { id, name } }`, `cost_centers` a list of `{ type:
 * "CostCenter", attributes: { id, name, percentage } }`, status one of `onboarding`, `active`,
 * `leave`, `inactive`. A captured answer of the same endpoint: at-gmbh/personio-py
 * tests/res/get-employees.json (`"termination_type": { "value": "" }`, `"cost_centers": { "value": [] }`,
 * `"supervisor": { "value": null }`). n8n's Split Out node on `data` makes one item per employee.
 *
 * Which listing has the leavers and the future hires: this one lists every profile, inactive and
 * onboarding ones included (it has no status filter; Personio's v2 `GET /v2/persons` added one,
 * developer.personio.de changelog "Status filter in list persons endpoint"). It answers only the
 * attributes allowed for the API credential (`GET /company/employees/attributes` lists them), and pages by
 * `limit` and `offset`.
 *
 * Leavers and rehires (Personio's help, support.personio.de "Terminating the employee vs. ending
 * their contract" and "Rehire a former employee using their old profile"): the termination date is
 * the last day of employment, the status turns `inactive` at 00:00 UTC the day after; `leave` is a
 * leave of absence, not a leaver; a hire date ahead is status `onboarding`, `active` from that day.
 * A rehire is a new profile (new id, new hire date after the old termination date, no termination
 * date); when the old address moves to it, the old profile's address gets an underscore and a
 * random five-character hash (where in the address is not documented: here after the local part).
 * So a rehire is two rows for one person: the old profile (its old id, the renamed address) and the
 * new one (a new id, the old address).
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { dayFrom, type Recipe } from './recipe';

export interface PersonioEmployees {
	success: boolean;
	metadata: { total_elements: number; current_page: number; total_pages: number };
	offset: number;
	limit: number;
	data: Array<{ type: 'Employee'; attributes: IDataObject }>;
}

const attribute = (universal_id: string, label: string, value: unknown, type = 'standard') => ({ label, value, type, universal_id });

/** A day as Personio writes it: midnight in the company's time zone, with its offset. */
const personioDate = (day: string) => DateTime.fromISO(day, { zone: 'Europe/Berlin' }).toISO({ suppressMilliseconds: true })!;

const named = (type: string, id: number, name: string) => ({ type, attributes: { id, name } });
const costCenter = (name: string) => [{ type: 'CostCenter', attributes: { id: 82957, name, percentage: 100 } }];

/** A supervisor as Personio gives one: a ShortEmployee, its attributes wrapped. */
const shortEmployee = (id: number, first: string, last: string, email: string) => ({
	type: 'Employee',
	attributes: {
		id: attribute('id', 'ID', id, 'integer'),
		first_name: attribute('first_name', 'First name', first),
		last_name: attribute('last_name', 'Last name', last),
		email: attribute('email', 'Email', email),
	},
});
const katrin = shortEmployee(2116366, 'Katrin', 'Vogel', 'katrin.vogel@lindenhof.example');
const felix = shortEmployee(2116380, 'Felix', 'Bauer', 'felix.bauer@lindenhof.example');

interface Person {
	id: number;
	first: string;
	last: string;
	email: string;
	status: string;
	position: string;
	hire: string;
	termination?: string;
	lastWorkingDay?: string;
	office?: string | null;
	/** Katrin unless given; null for none. */
	supervisor?: ReturnType<typeof shortEmployee> | null;
	cost?: string;
}

function employee(p: Person): { type: 'Employee'; attributes: IDataObject } {
	return {
		type: 'Employee',
		attributes: {
			id: attribute('id', 'ID', p.id, 'integer'),
			first_name: attribute('first_name', 'First name', p.first),
			last_name: attribute('last_name', 'Last name', p.last),
			email: attribute('email', 'Email', p.email),
			status: attribute('status', 'Status', p.status),
			position: attribute('position', 'Position', p.position),
			supervisor: attribute('supervisor', 'Supervisor', p.supervisor === undefined ? katrin : p.supervisor),
			employment_type: attribute('employment_type', 'Employment type', 'internal'),
			hire_date: attribute('hire_date', 'Hire date', p.hire, 'date'),
			contract_end_date: attribute('contract_end_date', 'Contract ends', null, 'date'),
			termination_date: attribute('termination_date', 'Termination date', p.termination ?? null, 'date'),
			termination_type: attribute('termination_type', 'Termination type', ''),
			termination_reason: attribute('termination_reason', 'Termination reason', ''),
			last_working_day: attribute('last_working_day', 'Last day of work', p.lastWorkingDay ?? null, 'date'),
			office: attribute('office', 'Office', p.office === undefined ? named('Office', 131014, 'Berlin') : p.office ? named('Office', 131020, p.office) : null),
			department: attribute('department', 'Department', named('Department', 281521, 'Engineering')),
			cost_centers: attribute('cost_centers', 'Cost center', p.cost === '' ? [] : costCenter(p.cost ?? 'KST 4100')),
		},
	};
}

export const personio: Recipe<PersonioEmployees> = {
	system: 'Personio',
	answer: (today) => {
		const data = [
			// Active, as Engagedly has her; her hire date in the schema example's offset form.
			employee({ id: 2116366, first: 'Katrin', last: 'Vogel', email: 'katrin.vogel@lindenhof.example', status: 'active', position: 'Engineering Manager', hire: '2015-04-01T00:00:00+0200', supervisor: null }),
			// Promoted since Engagedly last heard.
			employee({ id: 2116380, first: 'Felix', last: 'Bauer', email: 'felix.bauer@lindenhof.example', status: 'active', position: 'Senior Software Engineer', hire: personioDate('2019-01-07') }),
			// Starts in 25 days: onboarding.
			employee({ id: 2220003, first: 'Lena', last: 'Hoffmann', email: 'lena.hoffmann@lindenhof.example', status: 'onboarding', position: 'Software Engineer', hire: personioDate(dayFrom(today, 25)) }),
			// Starts today: active from today.
			employee({ id: 2220004, first: 'Tim', last: 'Krause', email: 'tim.krause@lindenhof.example', status: 'active', position: 'Support Specialist', hire: personioDate(today) }),
			// On parental leave: not a leaver. Married meanwhile: a new last name, and her address with it.
			employee({ id: 2116391, first: 'Anna', last: 'Keller', email: 'anna.keller@lindenhof.example', status: 'leave', position: 'Product Manager', hire: personioDate('2018-10-01') }),
			// Now in Felix's team: her supervisor is Felix.
			employee({ id: 2116395, first: 'Sophie', last: 'Lang', email: 'sophie.lang@lindenhof.example', status: 'active', position: 'Software Engineer', hire: personioDate('2021-03-01'), supervisor: felix }),
			// Resigned: active until the termination date, his last day of work earlier.
			employee({ id: 2116402, first: 'Paul', last: 'Richter', email: 'paul.richter@lindenhof.example', status: 'active', position: 'Software Engineer', hire: personioDate('2020-02-03'), termination: personioDate(dayFrom(today, 30)), lastWorkingDay: personioDate(dayFrom(today, 16)) }),
			// Left ten days ago: inactive since the day after.
			employee({ id: 2116377, first: 'Jana', last: 'Wolf', email: 'jana.wolf@lindenhof.example', status: 'inactive', position: 'Account Manager', hire: personioDate('2017-06-01'), termination: personioDate(dayFrom(today, -10)) }),
			// Rehired: a new profile, his old address moved to it, starting in 20 days.
			employee({ id: 2220005, first: 'Max', last: 'Braun', email: 'max.braun@lindenhof.example', status: 'onboarding', position: 'Sales Executive', hire: personioDate(dayFrom(today, 20)), office: 'Remote' }),
			// ...and his old profile, its address made unique, inactive since his old termination.
			employee({ id: 1900123, first: 'Max', last: 'Braun', email: 'max.braun_k3x9q@lindenhof.example', status: 'inactive', position: 'Sales Executive', hire: personioDate('2018-05-02'), termination: personioDate('2024-03-31'), office: null, cost: '' }),
		];
		return { success: true, metadata: { total_elements: data.length, current_page: 0, total_pages: 1 }, offset: 0, limit: 50, data };
	},
	// n8n's Split Out node on `data`.
	items: (answer) => answer.data,
	parameters: {
		email: '={{ $json.attributes.email.value }}',
		firstName: '={{ $json.attributes.first_name.value }}',
		lastName: '={{ $json.attributes.last_name.value }}',
		additionalFields: {
			employeeId: '={{ $json.attributes.id.value }}',
			jobTitle: '={{ $json.attributes.position.value }}',
			location: '={{ $json.attributes.office.value?.attributes.name }}',
			manager: '={{ $json.attributes.supervisor.value?.attributes.email.value }}',
			joiningDate: '={{ $json.attributes.hire_date.value }}',
		},
		employmentFields: {
			employmentStatus: '={{ $json.attributes.status.value }}',
			leavingDate: '={{ $json.attributes.termination_date.value }}',
		},
		leftStatuses: 'inactive',
		createNewHires: 'beforeJoining',
		daysBeforeJoining: 14,
		reactivateReturning: true,
	},
	costCenter: '={{ $json.attributes.cost_centers.value[0]?.attributes.name }}',
};
