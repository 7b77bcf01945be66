/**
 * Finch (unified HRIS and payroll API): three answers joined by `individual_id`:
 * `GET /employer/directory`, then `POST /employer/employment` and `POST /employer/individual` with
 * `{ requests: [{ individual_id }, ...] }` for the ids the directory gave.
 *
 * Where the shape comes from: Finch-API/finch-docs reference/employer/openapi.yaml (the three
 * endpoints and their examples) and Finch-API/finch-api-python src/finch/types/hris/
 * (individual_in_directory.py, employment_data.py, employment_data_response.py, individual.py,
 * individual_response.py): the directory `{ paging: { count, offset }, individuals: [{ id,
 * first_name, middle_name, last_name, manager: { id } | null, department: { name } | null,
 * is_active }] }`; the batch answers `{ responses: [{ individual_id, code, body }] }`, a body being
 * the record or a BatchError `{ code, message, name, finch_code }`; an employment's `title`,
 * `employment: { type, subtype }`, `employment_status` (`active`, `deceased`, `leave`, `onboarding`,
 * `prehire`, `retired`, `terminated`), `start_date`, `end_date`, `latest_rehire_date` (plain days or
 * null), `is_active` (nullable), `source_id`; an individual's `emails: [{ data, type: "work" |
 * "personal" }]`; a manager (in the directory and the employment alike) is `manager: { id }`, "a
 * stable Finch `id` (UUID v4) for an individual in the company", and nothing else: the recipe's
 * Code node looks that id up among the individuals it fetched and gives their work address.
 *
 * Which listing has the leavers and the future hires: the directory lists "all the employees at the
 * company, both active and inactive" (developer.tryfinch.com, Implementation guide "Read Data"),
 * `is_active` telling them apart; what a provider sets in `is_active` for someone not started yet is
 * not documented (`employment_status` says `prehire` or `onboarding`), so the recipe reads
 * `employment_status` and falls back on `is_active` only where a provider leaves the status out.
 *
 * Rehires (developer.tryfinch.com "How the Finch API is organized"): `individual_id` is the stable
 * key, the same person can have several employments over time; the employment answer carries
 * `start_date`, `end_date` and `latest_rehire_date` (the fixture keeps the first start and the last
 * end beside the rehire date).
 */
import type { IDataObject } from 'n8n-workflow';

import { dayFrom, type Recipe } from './recipe';

export interface FinchAnswers {
	directory: { paging: { count: number; offset: number }; individuals: IDataObject[] };
	employment: { responses: Array<{ individual_id: string; code: number; body: IDataObject }> };
	individual: { responses: Array<{ individual_id: string; code: number; body: IDataObject }> };
}

const ethanId = '5d0b10a1-a09a-430f-81f1-20be735dc5e9';

interface Person {
	id: string;
	first: string;
	last: string;
	email: string;
	title: string;
	status: string;
	isActive: boolean | null;
	start: string;
	end?: string;
	rehire?: string;
	sourceId: string;
	/** Ethan's id unless given; null for none. */
	manager?: string | null;
}

const office = { line1: '12 Bird Drive', line2: null, city: 'Palo Alto', state: 'CA', postal_code: '94301', country: 'US', name: null, source_id: null };

function answersFor(people: Person[]): FinchAnswers {
	const manager = (p: Person) => (p.manager === null ? null : { id: p.manager ?? ethanId });
	return {
		directory: {
			paging: { count: people.length, offset: 0 },
			individuals: people.map((p) => ({ id: p.id, first_name: p.first, middle_name: null, last_name: p.last, manager: manager(p), department: { name: 'Operations' }, is_active: p.isActive })),
		},
		employment: {
			responses: people.map((p) => ({
				individual_id: p.id,
				code: 200,
				body: {
					id: p.id,
					first_name: p.first,
					middle_name: null,
					last_name: p.last,
					title: p.title,
					manager: manager(p),
					department: { name: 'Operations' },
					employment: { type: 'employee', subtype: 'full_time' },
					employment_status: p.status,
					start_date: p.start,
					end_date: p.end ?? null,
					latest_rehire_date: p.rehire ?? null,
					is_active: p.isActive,
					class_code: '8810',
					location: office,
					income: { unit: 'yearly', amount: 9000000, currency: 'usd', effective_date: p.rehire ?? p.start },
					income_history: [],
					custom_fields: [],
					source_id: p.sourceId,
				},
			})),
		},
		individual: {
			responses: people.map((p) => ({
				individual_id: p.id,
				code: 200,
				body: {
					id: p.id,
					first_name: p.first,
					middle_name: null,
					last_name: p.last,
					preferred_name: null,
					emails: [
						{ data: p.email, type: 'work' },
						{ data: `${p.first.toLowerCase()}.${p.last.toLowerCase()}@personal.example`, type: 'personal' },
					],
					phone_numbers: [],
					gender: null,
					ethnicity: null,
					dob: null,
					residence: null,
				},
			})),
		},
	};
}

/**
 * The recipe's Code node ("Run Once for All Items"), in TypeScript: one item per directory entry,
 * with that individual's employment and individual records as Finch answered them (`null` where a
 * batch answer is missing or an error: Sync then fails that item for want of an address), and
 * `managerEmail`, the work address of the individual their employment names as manager (`null`
 * when it names none, or their individual record is missing: Manager is then left as it is).
 * recipes.test.ts runs the docs' JavaScript and compares it with this.
 */
export function joinFinch(answers: FinchAnswers): IDataObject[] {
	const people = answers.directory.individuals;
	const [employment, individual] = [answers.employment.responses, answers.individual.responses];
	const record = (responses: FinchAnswers['employment']['responses'], id: string) => {
		const answer = responses.find((entry) => entry.individual_id === id);
		return answer && answer.code === 200 ? answer.body : null;
	};
	const workEmail = (id: string) => ((record(individual, id)?.emails as IDataObject[] | undefined)?.find((e) => e.type === 'work')?.data as string | undefined) ?? null;
	return people.map((person) => {
		const job = record(employment, String(person.id));
		const managerId = (job?.manager as IDataObject | null | undefined)?.id as string | undefined;
		return {
			individual_id: person.id,
			directory: person,
			employment: job,
			individual: record(individual, String(person.id)),
			managerEmail: managerId ? workEmail(managerId) : null,
		};
	});
}

export const finch: Recipe<FinchAnswers> = {
	system: 'Finch',
	answer: (today) =>
		answersFor([
			// Active, as Engagedly has him.
			{ id: ethanId, first: 'Ethan', last: 'Brooks', email: 'ethan.brooks@harbor.example', title: 'Operations Analyst', status: 'active', isActive: true, start: '2016-08-15', sourceId: '000001', manager: null },
			// Her legal name changed in payroll, and her work address with it.
			{ id: 'c205b3fa-b626-4346-bf0f-ca065ab88d31', first: 'Yara', last: 'Haddad', email: 'yara.haddad@harbor.example', title: 'Accountant', status: 'active', isActive: true, start: '2019-05-06', sourceId: '000014' },
			// Starts in ten days.
			{ id: '0e4b9f62-3a7c-4d1e-8b5f-6c2a9d7e1f38', first: 'Leon', last: 'Fischer', email: 'leon.fischer@harbor.example', title: 'Support Specialist', status: 'prehire', isActive: null, start: dayFrom(today, 10), sourceId: '000051' },
			// Starts today.
			{ id: '7a1c5e93-8d2f-4b6a-9e4c-3f8b1d6a2c57', first: 'Maya', last: 'Patel', email: 'maya.patel@harbor.example', title: 'Support Specialist', status: 'active', isActive: true, start: today, sourceId: '000052' },
			// On leave: not a leaver.
			{ id: '3f6d2b8e-1c9a-4e7b-a5d3-8b2f6c1e9a40', first: 'Rosa', last: 'Silva', email: 'rosa.silva@harbor.example', title: 'Operations Analyst', status: 'leave', isActive: true, start: '2020-09-14', sourceId: '000021' },
			// Resigned: active, the end date in five days.
			{ id: '9b4e7a1d-6c3f-4d8b-b2e9-5a7c3f1d8e62', first: 'Liam', last: 'Murphy', email: 'liam.murphy@harbor.example', title: 'Accountant', status: 'active', isActive: true, start: '2018-02-12', end: dayFrom(today, 5), sourceId: '000009' },
			// Liam's report, handed over to Ethan before Liam leaves.
			{ id: '6f3a9d2c-7e1b-4c8a-a5d4-9b2e6f1c3a87', first: 'Owen', last: 'Price', email: 'owen.price@harbor.example', title: 'Accountant', status: 'active', isActive: true, start: '2022-06-06', sourceId: '000027' },
			// Terminated three days ago.
			{ id: '1d8c3a6f-9e2b-4f5d-8c7a-2b9e4d6f1a83', first: 'Kenji', last: 'Ito', email: 'kenji.ito@harbor.example', title: 'Support Specialist', status: 'terminated', isActive: false, start: '2021-01-11', end: dayFrom(today, -3), sourceId: '000031' },
			// Retired, no end date given.
			{ id: '8e2a5d9c-4b7f-4a1e-9d6c-7f3b8a2e5c19', first: 'Thomas', last: 'Meyer', email: 'thomas.meyer@harbor.example', title: 'Operations Analyst', status: 'retired', isActive: false, start: '2001-04-02', sourceId: '000002' },
			// Rehired three days ago: the first start and the last end kept beside the rehire date.
			{ id: '4c9f1b7e-2d5a-4e8c-b6f3-1a8d5c9e2b74', first: 'Fatima', last: 'Ahmed', email: 'fatima.ahmed@harbor.example', title: 'Accountant', status: 'active', isActive: true, start: '2015-03-02', end: '2022-12-16', rehire: dayFrom(today, -3), sourceId: '000005' },
		]),
	// The recipe's Code node.
	items: joinFinch,
	parameters: {
		email: '={{ $json.individual?.emails?.find((e) => e.type === "work")?.data }}',
		firstName: '={{ $json.individual?.first_name }}',
		lastName: '={{ $json.individual?.last_name }}',
		additionalFields: {
			employeeId: '={{ $json.employment?.source_id }}',
			jobTitle: '={{ $json.employment?.title }}',
			manager: '={{ $json.managerEmail }}',
			joiningDate: '={{ $json.employment?.start_date }}',
		},
		employmentFields: {
			employmentStatus: '={{ $json.employment?.employment_status ?? $json.employment?.is_active }}',
			leavingDate: '={{ $json.employment?.end_date }}',
			rehireDate: '={{ $json.employment?.latest_rehire_date }}',
		},
		leftStatuses: 'terminated, retired, deceased, false',
		createNewHires: 'atOnce',
		reactivateReturning: false,
	},
	costCenter: 'CC-150',
};
