/**
 * BambooHR: a custom report of every employee, as BambooHR answers it in JSON.
 *
 * Where the shape comes from:
 * - The answer's wrapper `{ title, fields: [{ id, type, name }], employees: [...] }`: n8n's own
 *   BambooHR node, n8n-io/n8n packages/nodes-base/nodes/BambooHr/__schema__/v1.0.0/companyReport/get.json
 *   (Company Report → Get hands this object on as one item; n8n's Split Out node on `employees`
 *   makes one item per employee).
 * - Each row's field ids and value forms: a captured BambooHR employee answer,
 *   faros-ai/airbyte-connectors sources/bamboohr-source/test_files/user_details_input.json: every
 *   value text (`"id": "109"`), dates `YYYY-MM-DD`, an empty date `"0000-00-00"` (`terminationDate`,
 *   `originalHireDate`), empty text as `null` or `""`, `status` "Active", `employmentHistoryStatus`,
 *   the manager as `supervisor` (a name), `supervisorId` and `supervisorEId` (two different
 *   numbers: "72" and "74" there) and `supervisorEmail`.
 * - What the supervisor's fields hold: BambooHR's field list (documentation.bamboohr.com "List of
 *   Field Names"; its descriptions as ffflorian/api-clients packages/bamboohr.com/src/interfaces/
 *   Fields.ts carries them): `supervisorId` is "the 'employeeNumber' of the employee's current
 *   supervisor", `supervisorEId` "the ID of the employee's current supervisor" (BambooHR's own `id`
 *   of them), `supervisorEmail` their email; all read only. (Workato's BambooHR connector pages
 *   describe the two ids the other way round.) So the recipe maps Manager to `supervisorId` with
 *   Managers Given By Employee ID: Engagedly holds each employee number as the Employee ID.
 *
 * Which listing has the leavers and the future hires: not the employee directory (n8n's Employee →
 * Get Many reads `GET employees/directory`: current employees, no dates nor status,
 * n8n-io/n8n .../v1/actions/employee/getAll/execute.ts). A report does, when it is asked for
 * non-current values: `POST /v1/reports/custom?format=JSON&onlyCurrent=false` with the field ids
 * (fylein/fyle-integrations-settings-api bamboosdk/api/employee.py sends exactly this), or a saved
 * report through Company Report → Get with Only Current off (n8n 1.20 and later: n8n-io/n8n pull
 * request #7878, for issue #7876). Without `onlyCurrent=false` BambooHR hides future-dated values,
 * a hire date or a termination still ahead among them (BambooHR's API change log 2016.09, "Future
 * dating", quoted in aubrey-wodonga/Bamboozled issue #5). With it, history-table fields show their
 * future row: `employmentHistoryStatus` already says "Terminated" for someone on notice, while
 * `status` stays "Active" until the termination date (so the recipe reads `status`).
 *
 * Leavers and rehires (BambooHR's help, bamboohr.screenstepslive.com "End Employment" and "Rehire
 * an Employee"): the termination's effective date is the last day, employment ends at 11:59 p.m.
 * on it; a rehire is the same profile (a new profile with the same address is refused), made Active
 * again, `hireDate` the new start and `originalHireDate` the first. Whether `terminationDate` keeps
 * the last termination is not documented: this fixture keeps it, dated before the new hire date.
 */
import type { IDataObject } from 'n8n-workflow';

import { dayFrom, type Recipe } from './recipe';

export interface BambooHrReport {
	title: string;
	fields: Array<{ id: string; type: string; name: string }>;
	employees: IDataObject[];
}

const FIELDS: Array<[string, string, string]> = [
	['employeeNumber', 'text', 'Employee #'],
	['firstName', 'text', 'First Name'],
	['lastName', 'text', 'Last Name'],
	['workEmail', 'email', 'Work Email'],
	['jobTitle', 'list', 'Job Title'],
	['location', 'list', 'Location'],
	['division', 'list', 'Division'],
	['supervisor', 'text', 'Supervisor'],
	['supervisorId', 'text', 'Supervisor ID'],
	['supervisorEId', 'text', 'Supervisor EID'],
	['supervisorEmail', 'email', 'Supervisor email'],
	['hireDate', 'date', 'Hire Date'],
	['originalHireDate', 'date', 'Original Hire Date'],
	['terminationDate', 'date', 'Termination Date'],
	['status', 'status', 'Status'],
	['employmentHistoryStatus', 'list', 'Employment Status'],
];

const row = (values: IDataObject): IDataObject => ({
	id: '',
	employeeNumber: null,
	firstName: '',
	lastName: '',
	workEmail: null,
	jobTitle: null,
	location: null,
	division: null,
	supervisor: null,
	supervisorId: null,
	supervisorEId: null,
	supervisorEmail: null,
	hireDate: '0000-00-00',
	originalHireDate: '0000-00-00',
	terminationDate: '0000-00-00',
	status: 'Active',
	employmentHistoryStatus: 'Full-Time',
	...values,
});

/** Olivia manages everyone but Noah: BambooHR names her by name, by her employee number, by her id and by her address. */
const reportsToOlivia = { supervisor: 'Hansen, Olivia', supervisorId: '1001', supervisorEId: '40', supervisorEmail: 'olivia.hansen@northwind.example' };
/** Mei, as her report's row names her since her marriage. */
const reportsToMei = { supervisor: 'Tanaka-Berg, Mei', supervisorId: '1013', supervisorEId: '52', supervisorEmail: 'mei.tanaka-berg@northwind.example' };

export const bamboohr: Recipe<BambooHrReport> = {
	system: 'BambooHR',
	answer: (today) => ({
		title: 'Engagedly sync',
		fields: FIELDS.map(([id, type, name]) => ({ id, type, name })),
		employees: [
			// Active, and Engagedly has her as she is.
			row({ id: '40', employeeNumber: '1001', firstName: 'Olivia', lastName: 'Hansen', workEmail: 'olivia.hansen@northwind.example', jobTitle: 'Engineering Manager', location: 'Berlin', division: 'Europe', hireDate: '2016-03-01' }),
			// Married since Engagedly last heard: a new last name, and a new work address with it.
			row({ id: '52', employeeNumber: '1013', firstName: 'Mei', lastName: 'Tanaka-Berg', workEmail: 'mei.tanaka-berg@northwind.example', jobTitle: 'Software Engineer', location: 'Berlin', division: 'Europe', ...reportsToOlivia, hireDate: '2021-06-14' }),
			// Moved to Mei's team: his supervisor is Mei, by her employee number (her address changed in this very export).
			row({ id: '55', employeeNumber: '1016', firstName: 'Noah', lastName: 'Schulz', workEmail: 'noah.schulz@northwind.example', jobTitle: 'Software Engineer', location: 'Berlin', division: 'Europe', ...reportsToMei, hireDate: '2022-09-05' }),
			// Starts in a month (a pre-hire).
			row({ id: '71', employeeNumber: '1032', firstName: 'Jonas', lastName: 'Weber', workEmail: 'jonas.weber@northwind.example', jobTitle: 'Software Engineer', location: 'Berlin', division: 'Europe', ...reportsToOlivia, hireDate: dayFrom(today, 30) }),
			// Started two days ago.
			row({ id: '70', employeeNumber: '1031', firstName: 'Priya', lastName: 'Nair', workEmail: 'priya.nair@northwind.example', jobTitle: 'Product Designer', location: 'London', division: 'Europe', ...reportsToOlivia, hireDate: dayFrom(today, -2) }),
			// Resigned: still Active, the termination ahead, the history row already "Terminated".
			row({ id: '58', employeeNumber: '1019', firstName: 'Lucas', lastName: 'Costa', workEmail: 'lucas.costa@northwind.example', jobTitle: 'Support Specialist', location: 'London', division: 'Europe', ...reportsToOlivia, hireDate: '2020-01-06', terminationDate: dayFrom(today, 12), employmentHistoryStatus: 'Terminated' }),
			// Left twenty days ago.
			row({ id: '49', employeeNumber: '1010', firstName: 'Sara', lastName: 'Evans', workEmail: 'sara.evans@northwind.example', jobTitle: 'Account Manager', location: 'London', division: 'Europe', ...reportsToOlivia, hireDate: '2019-09-02', terminationDate: dayFrom(today, -20), status: 'Inactive', employmentHistoryStatus: 'Terminated' }),
			// Rehired five days ago on the same profile: the first hire date kept, the old termination too.
			row({ id: '44', employeeNumber: '1005', firstName: 'Omar', lastName: 'Haddad', workEmail: 'omar.haddad@northwind.example', jobTitle: 'Sales Executive', location: 'Berlin', division: 'Europe', ...reportsToOlivia, hireDate: dayFrom(today, -5), originalHireDate: '2019-04-01', terminationDate: '2023-08-31' }),
			// Left before Engagedly was bought: never in it.
			row({ id: '12', employeeNumber: '0987', firstName: 'Ivan', lastName: 'Novak', workEmail: 'ivan.novak@northwind.example', jobTitle: 'Accountant', location: '', division: 'Europe', ...reportsToOlivia, hireDate: '2012-02-01', terminationDate: '2018-11-30', status: 'Inactive', employmentHistoryStatus: 'Terminated' }),
		],
	}),
	// n8n's Split Out node on `employees`.
	items: (answer) => answer.employees,
	parameters: {
		email: '={{ $json.workEmail }}',
		firstName: '={{ $json.firstName }}',
		lastName: '={{ $json.lastName }}',
		additionalFields: {
			employeeId: '={{ $json.employeeNumber }}',
			jobTitle: '={{ $json.jobTitle }}',
			location: '={{ $json.location }}',
			manager: '={{ $json.supervisorId }}',
			joiningDate: '={{ $json.hireDate }}',
		},
		employmentFields: {
			employmentStatus: '={{ $json.status }}',
			leavingDate: '={{ $json.terminationDate }}',
		},
		leftStatuses: 'Inactive',
		createNewHires: 'beforeJoining',
		daysBeforeJoining: 14,
		reactivateReturning: true,
		managersGivenBy: 'employeeId',
	},
	costCenter: '={{ $json.division }}',
};
