/**
 * HiBob (Bob): `POST https://api.hibob.com/v1/people/search` with `{ fields, showInactive: true,
 * humanReadable: "APPEND" }`, as Bob answers it.
 *
 * Where the shape comes from:
 * - apidocs.hibob.com "People read API contract" and "Search for employees": one answer
 *   `{ employees: [...] }` with every match, no paging; `showInactive` defaults to false, active
 *   employees only; fields by their path (`root.email`, `work.startDate`, `internal.lifecycleStatus`).
 * - apidocs.hibob.com "How to work with lists": values are machine-readable by default (a list
 *   field such as `work.title` or `work.department` holds the list item's id, dates ISO);
 *   `humanReadable: "APPEND"` adds a `humanReadable` node with the names and with dates in the
 *   calling user's format (`"creationDate": "08/09/2019"` beside `"2019-09-08"`); its example
 *   answer also carries each field flat, `"/root/fullName": { "value": ... }`, beside the nested one.
 * - speakeasy-sdks/hibob docs/sdk/models/shared (Employee, WorkPart, EmployeeReference): `root`
 *   fields at the top (`id`, `email`, `firstName`, `surname`, `displayName`), `work.startDate`,
 *   `work.title`, `work.reportsTo` as `{ id, email, firstName, surname }`; wilkinson-steve/hibob-dotnet
 *   Model/InternalInfo.cs and WorkDetails.cs: `internal.lifecycleStatus`, `internal.status`,
 *   `internal.terminationDate`, `work.employeeIdInCompany` (a number), `reportsTo.displayName`;
 *   lyft/cartography tests/data/hibob/employees.py: `null` for an empty field, ids as text.
 *
 * Which listing has the leavers and the future hires: only with `showInactive: true`. "Inactive" is
 * Bob's access status (`internal.status`), and future hires are Inactive too until their start date,
 * so without it both leavers and pre-hires are missing. The service user's permission group must be
 * allowed to read the Lifecycle category, or those fields are left out without an error.
 *
 * Lifecycle statuses and rehires (help.hibob.com "Employee lifecycle statuses", "View employees'
 * lifecycle statuses and changes", "Rehiring"): Hired (start date ahead; access Inactive), Employed,
 * Garden leave (termination date ahead, last day of work before it), Terminated, Leave and Parental
 * leave (access Active or Inactive as permissions say). The machine-readable values are written here
 * in lower case, the human-readable ones capitalised; Left Statuses are read in any case. A rehire is
 * the same profile with a new start date after the termination date (Hired until then, Employed
 * from it); the previous start and termination dates move to the lifecycle table, so
 * `internal.terminationDate` is empty here.
 */
import type { IDataObject } from 'n8n-workflow';

import { dayFrom, type Recipe } from './recipe';

export interface BobSearch {
	employees: IDataObject[];
}

/** The fields the search asks for. */
export const BOB_FIELDS = [
	'root.id',
	'root.email',
	'root.firstName',
	'root.surname',
	'root.displayName',
	'work.title',
	'work.startDate',
	'work.reportsTo',
	'work.employeeIdInCompany',
	'internal.lifecycleStatus',
	'internal.status',
	'internal.terminationDate',
];

/** Bob's list of job titles: the item id a machine-readable `work.title` holds, and its name. */
const TITLES: Record<string, string> = {
	'209192163': 'Engineering Manager',
	'209192170': 'Software Engineer',
	'209192171': 'Senior Software Engineer',
	'209192188': 'Marketing Specialist',
	'209192190': 'Operations Analyst',
};
const titleId = (name: string) => Object.keys(TITLES).find((id) => TITLES[id] === name)!;

/** A date as the calling user reads it (day/month/year). */
const readable = (day: string | null) => (day === null ? null : `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A manager as `work.reportsTo` gives them. */
const ingrid = { id: '3332883884017713238', email: 'ingrid.berg@fjord.example', firstName: 'Ingrid', surname: 'Berg', displayName: 'Ingrid Berg' };

interface Person {
	id: string;
	firstName: string;
	surname: string;
	email: string;
	title: string;
	startDate: string;
	employeeIdInCompany: number;
	lifecycleStatus: string;
	status: 'Active' | 'Inactive';
	terminationDate?: string;
	/** Ingrid unless given; null for none. */
	reportsTo?: typeof ingrid | null;
}

function person(p: Person): IDataObject {
	const reportsTo = p.reportsTo === undefined ? ingrid : p.reportsTo;
	const nested = {
		id: p.id,
		email: p.email,
		firstName: p.firstName,
		surname: p.surname,
		displayName: `${p.firstName} ${p.surname}`,
		work: { title: titleId(p.title), startDate: p.startDate, reportsTo, employeeIdInCompany: p.employeeIdInCompany },
		internal: { lifecycleStatus: p.lifecycleStatus, status: p.status, terminationDate: p.terminationDate ?? null },
	};
	// Each field also flat, as the list example answers it.
	const flat: IDataObject = {};
	for (const field of BOB_FIELDS) {
		const [category, name] = field.split('.');
		const value = category === 'root' ? (nested as IDataObject)[name] : ((nested as IDataObject)[category] as IDataObject)[name];
		flat[`/${category}/${name}`] = { value };
	}
	return {
		...flat,
		...nested,
		humanReadable: {
			id: p.id,
			email: p.email,
			firstName: p.firstName,
			surname: p.surname,
			displayName: nested.displayName,
			work: { title: p.title, startDate: readable(p.startDate), reportsTo, employeeIdInCompany: p.employeeIdInCompany },
			internal: { lifecycleStatus: capitalised(p.lifecycleStatus), status: p.status, terminationDate: readable(p.terminationDate ?? null) },
		},
	};
}

export const hibob: Recipe<BobSearch> = {
	system: 'HiBob',
	answer: (today) => ({
		employees: [
			// Employed, as Engagedly has her.
			person({ id: ingrid.id, firstName: 'Ingrid', surname: 'Berg', email: ingrid.email, title: 'Engineering Manager', startDate: '2017-09-04', employeeIdInCompany: 1, lifecycleStatus: 'employed', status: 'Active', reportsTo: null }),
			// Married since Engagedly last heard: a new surname, and a new address with it.
			person({ id: '3332883884017713301', firstName: 'Astrid', surname: 'Dahl-Moe', email: 'astrid.dahl-moe@fjord.example', title: 'Software Engineer', startDate: '2020-03-02', employeeIdInCompany: 14, lifecycleStatus: 'employed', status: 'Active' }),
			// Hired, starting in three weeks: access Inactive until then.
			person({ id: '3332883884017713420', firstName: 'Henrik', surname: 'Strand', email: 'henrik.strand@fjord.example', title: 'Software Engineer', startDate: dayFrom(today, 21), employeeIdInCompany: 41, lifecycleStatus: 'hired', status: 'Inactive' }),
			// Starts today.
			person({ id: '3332883884017713421', firstName: 'Sofie', surname: 'Lunde', email: 'sofie.lunde@fjord.example', title: 'Marketing Specialist', startDate: today, employeeIdInCompany: 42, lifecycleStatus: 'employed', status: 'Active' }),
			// On parental leave, access Inactive: not a leaver.
			person({ id: '3332883884017713355', firstName: 'Nora', surname: 'Eide', email: 'nora.eide@fjord.example', title: 'Operations Analyst', startDate: '2019-11-18', employeeIdInCompany: 27, lifecycleStatus: 'parental leave', status: 'Inactive' }),
			// Garden leave: the termination date ahead.
			person({ id: '3332883884017713362', firstName: 'Emil', surname: 'Solberg', email: 'emil.solberg@fjord.example', title: 'Senior Software Engineer', startDate: '2018-05-14', employeeIdInCompany: 30, lifecycleStatus: 'garden leave', status: 'Active', terminationDate: dayFrom(today, 20) }),
			// Emil's report, handed over to Ingrid before he leaves.
			person({ id: '3332883884017713377', firstName: 'Jakob', surname: 'Lie', email: 'jakob.lie@fjord.example', title: 'Software Engineer', startDate: '2021-08-16', employeeIdInCompany: 35, lifecycleStatus: 'employed', status: 'Active' }),
			// Terminated a week ago.
			person({ id: '3332883884017713340', firstName: 'Tor', surname: 'Aas', email: 'tor.aas@fjord.example', title: 'Operations Analyst', startDate: '2019-02-04', employeeIdInCompany: 22, lifecycleStatus: 'terminated', status: 'Inactive', terminationDate: dayFrom(today, -7) }),
			// Rehired on the same profile, starting again in a week: Hired until then.
			person({ id: '3332883884017713312', firstName: 'Kari', surname: 'Holm', email: 'kari.holm@fjord.example', title: 'Software Engineer', startDate: dayFrom(today, 7), employeeIdInCompany: 17, lifecycleStatus: 'hired', status: 'Inactive' }),
		],
	}),
	// n8n's Split Out node on `employees`.
	items: (answer) => answer.employees,
	parameters: {
		email: '={{ $json.email }}',
		firstName: '={{ $json.firstName }}',
		lastName: '={{ $json.surname }}',
		additionalFields: {
			employeeId: '={{ $json.work.employeeIdInCompany }}',
			jobTitle: '={{ $json.humanReadable.work.title }}',
			manager: '={{ $json.work.reportsTo?.email }}',
			joiningDate: '={{ $json.work.startDate }}',
		},
		employmentFields: {
			employmentStatus: '={{ $json.internal.lifecycleStatus }}',
			leavingDate: '={{ $json.internal.terminationDate }}',
		},
		leftStatuses: 'terminated',
		createNewHires: 'beforeJoining',
		daysBeforeJoining: 14,
		reactivateReturning: true,
	},
	costCenter: 'CC-130',
};
