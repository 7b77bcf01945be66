/**
 * Workday: the Human_Resources web service's `Get_Workers` (SOAP), as Workday answers it, turned
 * into JSON by n8n's XML node with its default options, then n8n's Split Out node on the workers.
 *
 * Where the shape comes from:
 * - The elements, their order and which are attributes: Workday's Human_Resources WSDL v30.0,
 *   armandino/workdayscanner Human_Resources.wsdl (commit 8a4c366): `Get_Workers_Response`
 *   (`Request_Criteria`, `Response_Filter`, `Response_Group`, `Response_Results`, `Response_Data`),
 *   `Worker` (`Worker_Reference`, `Worker_Descriptor`, `Worker_Data`), `Worker_Data` (`Worker_ID`,
 *   `User_ID`, `Personal_Data`, `Employment_Data`), `Worker_Job_Data` (attribute `Primary_Job`,
 *   `Position_Data`), `Position_Detail_Data` (`Position_ID`, `Position_Title`, `Business_Title`,
 *   `Start_Date`, `Worker_Type_Reference`, `Manager_as_of_last_detected_manager_change_Reference`,
 *   a worker reference that may repeat, attribute `Effective_Date`), `Worker_Status_Detail_Data`
 *   (`Active`, `Active_Status_Date`, `Hire_Date` "the most recent hire date", `Original_Hire_Date`,
 *   `Terminated` "currently Terminated", `Termination_Date` "Most recent Termination Date",
 *   `Termination_Last_Day_of_Work`, `Resignation_Date`, `Rehire`), a reference being `ID` elements
 *   with a `type` attribute and a `Descriptor` attribute; `Response_Filter`'s `As_Of_Effective_Date`
 *   ("If not specified, this date defaults to TODAY"); `Exclude_Inactive_Workers` ("Excludes from
 *   the response terminated employees", so the recipe leaves it out).
 * - A captured answer, scrubbed: treestryder/powershell_module_workdayapi
 *   tests/Invoke-WorkdayRequestHelper.psm1 (`Mock_Invoke-WorkdayRequest_ExampleWorker`, v25.1):
 *   each reference with several `wd:ID` (a WID beside the `Employee_ID`), `Name_Detail_Data` with
 *   `Formatted_Name` and `Reporting_Name` attributes, `Email_Address_Data` with
 *   `Usage_Data wd:Public="1"` / `Type_Data wd:Primary` / `Type_Reference wd:Descriptor="Work"` and
 *   the `Communication_Usage_Type_ID` `WORK`, `Worker_Job_Data wd:Primary_Job="1"`, booleans `1` or
 *   `0` (and `true`), dates as XML Schema dates with an offset (`1960-01-01-07:00` beside
 *   `1900-01-01-08:00`: the offset is not the date's own). The same module's
 *   source/public/ConvertFrom-WorkdayWorkerXml.ps1 reads the manager from
 *   `Position_Data/Manager_as_of_last_detected_manager_change_Reference/ID` (not the WID) and
 *   `Active` as `'1'`.
 * - The envelope: `env:Envelope` / `env:Body` / `wd:Get_Workers_Response` with `wd:version`
 *   (merge.dev, "How to GET employees from the Workday API with Python").
 * - The XPaths Microsoft's Workday provisioning reads for WWS v30 and later
 *   (MicrosoftDocs/entra-docs docs/identity/app-provisioning/workday-attribute-reference.md):
 *   `Worker_Reference/ID[@type='Employee_ID']`, `Worker_Data/Worker_ID`, the legal name, the
 *   e-mail whose usage type ID is `WORK`, `Worker_Job_Data[@Primary_Job=1]/Position_Data/Business_Title`,
 *   `Worker_Status_Data/Active`, `Hire_Date`, `Termination_Date`, `Rehire`.
 *
 * Which listing has the leavers and the future hires: Get_Workers answers as of
 * `As_Of_Effective_Date`, today unless asked: a hire or a termination dated ahead is not in it
 * until that day (Microsoft's "Configure Workday Termination Lookahead": the Workday ISU works in
 * Pacific Time and a termination shows from its effective day; SailPoint's and Oracle's Workday
 * connectors fetch future-dated hires and terminations with an offset). So the recipe asks as of
 * 30 days ahead, without `Exclude_Inactive_Workers`: leavers of every year are listed, someone
 * terminated within the 30 days is already `Active` 0 with their `Termination_Date` ahead, a hire
 * within them `Active` 1 with their `Hire_Date` ahead. This answer is the one of that request
 * (`As_Of_Effective_Date` today + 30). That Workday lists a worker hired ahead as of a date after
 * their hire, and not before, is read from the documentation above, not from a capture.
 *
 * Rehires: the same worker (same `Employee_ID`), `Rehire` 1, `Hire_Date` the new hire,
 * `Original_Hire_Date` the first, `Terminated` 0 and `Termination_Date` still the last termination
 * ("Most recent Termination Date"), so before the new hire date: a former employment.
 *
 * Managers are named by their worker reference (the manager's `Employee_ID` beside a WID), never by
 * address: the recipe maps Manager to that Employee_ID with Managers Given By Employee ID.
 *
 * What n8n's XML node makes of it (n8n-io/n8n packages/nodes-base/nodes/Xml/Xml.node.ts, XML to
 * JSON): xml2js's Parser with `{ mergeAttrs: true, explicitArray: false }`, the options the builder
 * set, and `sanitizeXmlName` as tag and attribute name processor, then n8n-workflow's `deepCopy`.
 * `xmlNode` below does exactly that with the same xml2js (0.6.2). Prefixes stay in the names
 * (`wd:ID`), attributes become properties beside the children (`wd:type`), an element with
 * attributes and text keeps its text under `_`, one child is an object and several an array (two
 * `wd:ID` in every reference; one job or two; one address or two), an empty element is `""` and an
 * absent one is not there at all (Workday leaves a date it has not out: no `Termination_Date` for
 * someone who never left).
 */
import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';
import { deepCopy, sanitizeXmlName } from 'n8n-workflow';
import { Parser } from 'xml2js';

import { dayFrom, type Recipe } from './recipe';

/** The HTTP Request node's item: the SOAP answer as text in `data` (Response Format Text). */
export interface WorkdayAnswer {
	data: string;
}

/** n8n's XML node, XML to JSON, with its default options. */
export function xmlNode(text: string): IDataObject {
	const parser = new Parser({ mergeAttrs: true, explicitArray: false, tagNameProcessors: [sanitizeXmlName], attrNameProcessors: [sanitizeXmlName] });
	let parsed: { error: Error | null; json: unknown } | undefined;
	parser.parseString(text, (error, json) => (parsed = { error, json }));
	if (!parsed) throw new Error('xml2js called back later than it returned');
	if (parsed.error) throw parsed.error;
	return deepCopy(parsed.json as IDataObject);
}

/** n8n's Split Out node on one field: a list gives its elements, an object its values. */
const splitOut = (value: unknown): IDataObject[] =>
	(Array.isArray(value) ? value : value !== null && typeof value === 'object' ? Object.values(value) : [value]) as IDataObject[];

/** The workers' path, as Split Out's field (dot notation). */
export const WORKERS = 'env:Envelope.env:Body.wd:Get_Workers_Response.wd:Response_Data.wd:Worker';

/** A Workday ID (WID): 32 hexadecimal digits. */
const wid = (seed: string) => createHash('md5').update(seed).digest('hex');

/** A day as Workday writes an xsd:date: with the offset of Pacific Time. */
const date = (day: string, offset = '-08:00') => `${day}${offset}`;

const reference = (element: string, descriptor: string, type: string, id: string) =>
	`<wd:${element} wd:Descriptor="${descriptor}"><wd:ID wd:type="WID">${wid(`${element}${id}`)}</wd:ID><wd:ID wd:type="${type}">${id}</wd:ID></wd:${element}>`;

interface Job {
	primary: boolean;
	position: string;
	title: string;
	start: string;
	manager?: Person;
}

interface Person {
	id: string;
	first: string;
	last: string;
	email: string;
	home?: string;
	jobs: Job[];
	hire: string;
	originalHire?: string;
	termination?: string;
	resignation?: string;
	rehire?: boolean;
	/** The offset Workday wrote the hire date with, when not -08:00. */
	offset?: string;
	/** An empty `Email_Comment`, as an element with nothing in it. */
	emptyComment?: boolean;
}

function email(address: string, usage: 'WORK' | 'HOME', comment: boolean): string {
	const descriptor = usage === 'WORK' ? 'Work' : 'Home';
	return `
					<wd:Email_Address_Data>
						<wd:Email_Address>${address}</wd:Email_Address>${comment ? '\n\t\t\t\t\t\t<wd:Email_Comment/>' : ''}
						<wd:Usage_Data wd:Public="${usage === 'WORK' ? 1 : 0}">
							<wd:Type_Data wd:Primary="1">
								${reference('Type_Reference', descriptor, 'Communication_Usage_Type_ID', usage)}
							</wd:Type_Data>
						</wd:Usage_Data>
					</wd:Email_Address_Data>`;
}

function name(element: string, p: Person): string {
	return `
					<wd:${element}>
						<wd:Name_Detail_Data wd:Formatted_Name="${p.first} ${p.last}" wd:Reporting_Name="${p.last}, ${p.first}">
							<wd:Country_Reference wd:Descriptor="United States of America"><wd:ID wd:type="WID">bc33aa3152ec42d4995f4791a106ed09</wd:ID><wd:ID wd:type="ISO_3166-1_Alpha-2_Code">US</wd:ID><wd:ID wd:type="ISO_3166-1_Alpha-3_Code">USA</wd:ID></wd:Country_Reference>
							<wd:First_Name>${p.first}</wd:First_Name>
							<wd:Last_Name>${p.last}</wd:Last_Name>
						</wd:Name_Detail_Data>
					</wd:${element}>`;
}

function job(j: Job): string {
	const manager = j.manager ? `\n\t\t\t\t\t\t${reference('Manager_as_of_last_detected_manager_change_Reference', `${j.manager.first} ${j.manager.last}`, 'Employee_ID', j.manager.id)}` : '';
	return `
					<wd:Worker_Job_Data wd:Primary_Job="${j.primary ? 1 : 0}">
						<wd:Position_Data wd:Effective_Date="${date(j.start)}">
							${reference('Position_Reference', `${j.position} ${j.title}`, 'Position_ID', j.position)}
							<wd:Position_ID>${j.position}</wd:Position_ID>
							<wd:Position_Title>${j.title}</wd:Position_Title>
							<wd:Business_Title>${j.title}</wd:Business_Title>
							<wd:Start_Date>${date(j.start)}</wd:Start_Date>
							${reference('Worker_Type_Reference', 'Regular', 'Employee_Type_ID', 'Regular')}${manager}
						</wd:Position_Data>
					</wd:Worker_Job_Data>`;
}

function status(p: Person): string {
	const terminated = p.termination !== undefined && !p.rehire;
	const lines = [
		`<wd:Active>${terminated ? 0 : 1}</wd:Active>`,
		`<wd:Active_Status_Date>${date(terminated ? dayFrom(p.termination!, 1) : p.hire, p.offset)}</wd:Active_Status_Date>`,
		`<wd:Hire_Date>${date(p.hire, p.offset)}</wd:Hire_Date>`,
		`<wd:Original_Hire_Date>${date(p.originalHire ?? p.hire, p.offset)}</wd:Original_Hire_Date>`,
		reference('Hire_Reason_Reference', 'Hire Employee > New Hire > Fill Vacancy', 'General_Event_Subcategory_ID', 'Hire_Employee_New_Hire_Fill_Vacancy'),
		`<wd:Continuous_Service_Date>${date(p.hire, p.offset)}</wd:Continuous_Service_Date>`,
		`<wd:First_Day_of_Work>${date(p.hire, p.offset)}</wd:First_Day_of_Work>`,
		'<wd:Retired>0</wd:Retired>',
		`<wd:Seniority_Date>${date(p.originalHire ?? p.hire, p.offset)}</wd:Seniority_Date>`,
		`<wd:Terminated>${terminated ? 1 : 0}</wd:Terminated>`,
	];
	if (p.termination !== undefined) {
		lines.push(
			`<wd:Termination_Date>${date(p.termination)}</wd:Termination_Date>`,
			reference('Primary_Termination_Reason_Reference', 'Terminate Employee > Voluntary > Resignation', 'Termination_Subcategory_ID', 'Terminate_Employee_Voluntary_Resignation'),
			'<wd:Termination_Involuntary>0</wd:Termination_Involuntary>',
			'<wd:Hire_Rescinded>0</wd:Hire_Rescinded>',
			`<wd:Termination_Last_Day_of_Work>${date(p.termination)}</wd:Termination_Last_Day_of_Work>`,
		);
		if (p.resignation !== undefined) lines.push(`<wd:Resignation_Date>${date(p.resignation)}</wd:Resignation_Date>`);
	} else lines.push('<wd:Hire_Rescinded>0</wd:Hire_Rescinded>');
	lines.push('<wd:Not_Returning>0</wd:Not_Returning>', '<wd:Return_Unknown>0</wd:Return_Unknown>', `<wd:Rehire>${p.rehire ? 1 : 0}</wd:Rehire>`);
	return lines.map((line) => `\n\t\t\t\t\t\t${line}`).join('');
}

function worker(p: Person): string {
	const emails = [...(p.home ? [email(p.home, 'HOME', false)] : []), email(p.email, 'WORK', p.emptyComment === true)];
	return `
		<wd:Worker>
			${reference('Worker_Reference', `${p.first} ${p.last}`, 'Employee_ID', p.id)}
			<wd:Worker_Descriptor>${p.first} ${p.last}</wd:Worker_Descriptor>
			<wd:Worker_Data>
				<wd:Worker_ID>${p.id}</wd:Worker_ID>
				<wd:User_ID>${p.email.split('@')[0]}</wd:User_ID>
				<wd:Personal_Data>
					<wd:Name_Data>${name('Legal_Name_Data', p)}${name('Preferred_Name_Data', p)}
					</wd:Name_Data>
					<wd:Contact_Data>${emails.join('')}
					</wd:Contact_Data>
				</wd:Personal_Data>
				<wd:Employment_Data>${p.jobs.map(job).join('')}
					<wd:Worker_Status_Data>${status(p)}
					</wd:Worker_Status_Data>
				</wd:Employment_Data>
			</wd:Worker_Data>
		</wd:Worker>`;
}

/** The SOAP answer to the recipe's Get_Workers request: one page, as of `asOf`. */
function getWorkersResponse(today: string, asOf: string, people: Person[]): string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/">
<env:Body>
<wd:Get_Workers_Response xmlns:wd="urn:com.workday/bsvc" wd:version="v30.0">
	<wd:Response_Filter>
		<wd:As_Of_Effective_Date>${date(asOf)}</wd:As_Of_Effective_Date>
		<wd:As_Of_Entry_DateTime>${today}T05:30:12.418-08:00</wd:As_Of_Entry_DateTime>
		<wd:Page>1</wd:Page>
		<wd:Count>100</wd:Count>
	</wd:Response_Filter>
	<wd:Response_Group>
		<wd:Include_Reference>1</wd:Include_Reference>
		<wd:Include_Personal_Information>1</wd:Include_Personal_Information>
		<wd:Include_Employment_Information>1</wd:Include_Employment_Information>
	</wd:Response_Group>
	<wd:Response_Results>
		<wd:Total_Results>${people.length}</wd:Total_Results>
		<wd:Total_Pages>1</wd:Total_Pages>
		<wd:Page_Results>${people.length}</wd:Page_Results>
		<wd:Page>1</wd:Page>
	</wd:Response_Results>
	<wd:Response_Data>${people.map(worker).join('')}
	</wd:Response_Data>
</wd:Get_Workers_Response>
</env:Body>
</env:Envelope>
`;
}

const logan: Person = {
	id: '21001',
	first: 'Logan',
	last: 'McNeil',
	email: 'logan.mcneil@cascade.example',
	// An additional job (interim product lead) listed before his primary one: the recipe reads the primary.
	jobs: [
		{ primary: false, position: 'P-00187', title: 'Product Manager', start: '2025-01-06' },
		{ primary: true, position: 'P-00012', title: 'Engineering Manager', start: '2016-02-01' },
	],
	hire: '2016-02-01',
};

/** Reports to Logan in their one job. */
const underLogan = (position: string, title: string, start: string): Job[] => [{ primary: true, position, title, start, manager: logan }];

export const workday: Recipe<WorkdayAnswer> = {
	system: 'Workday',
	answer: (today) => {
		const d = (offset: number) => dayFrom(today, offset);
		return {
			data: getWorkersResponse(today, d(30), [
				// Active, as Engagedly has him; no manager above him.
				logan,
				// Promoted since Engagedly last heard; a home address listed before her work one; her
				// hire date written with the summer offset.
				{ id: '21002', first: 'Teresa', last: 'Serrano', email: 'teresa.serrano@cascade.example', home: 'teresa.serrano@mail.example', jobs: underLogan('P-00031', 'Senior Software Engineer', d(-40)), hire: '2019-07-15', offset: '-07:00' },
				// Moved to the group's other company: the same Employee_ID, a new work address.
				{ id: '21014', first: 'Rahul', last: 'Mehta', email: 'rahul.mehta@cascadegroup.example', jobs: underLogan('P-00058', 'Account Manager', '2020-03-02'), hire: '2020-03-02' },
				// Hired to start in 30 days: as of the request's date, Active with the hire date ahead.
				{ id: '21031', first: 'Jamal', last: 'Wright', email: 'jamal.wright@cascade.example', jobs: underLogan('P-00112', 'Software Engineer', d(30)), hire: d(30) },
				// Starts today; an empty Email_Comment beside her address.
				{ id: '21032', first: 'Sofia', last: 'Rossi', email: 'sofia.rossi@cascade.example', jobs: underLogan('P-00113', 'Support Specialist', today), hire: today, emptyComment: true },
				// Resigned, last day in 12 days: as of the request's date already terminated.
				{ id: '21009', first: 'Ben', last: 'Carter', email: 'ben.carter@cascade.example', jobs: underLogan('P-00044', 'Sales Executive', '2018-10-01'), hire: '2018-10-01', termination: d(12), resignation: d(-9) },
				// Left ten days ago.
				{ id: '21005', first: 'Chen', last: 'Wei', email: 'chen.wei@cascade.example', jobs: underLogan('P-00071', 'Operations Analyst', '2021-05-17'), hire: '2021-05-17', termination: d(-10), resignation: d(-40) },
				// Rehired to start again in ten days: the first hire date and the last termination kept.
				{ id: '21003', first: 'Aisha', last: 'Bello', email: 'aisha.bello@cascade.example', jobs: underLogan('P-00119', 'Product Designer', d(10)), hire: d(10), originalHire: '2018-04-02', termination: '2024-06-28', rehire: true },
				// Left years before Engagedly was bought: listed, never in it.
				{ id: '20877', first: 'Grace', last: 'Kim', email: 'grace.kim@cascade.example', jobs: underLogan('P-00009', 'Accountant', '2014-09-02'), hire: '2014-09-02', termination: '2019-05-31', resignation: '2019-05-01' },
			]),
		};
	},
	// n8n's XML node on `data`, then Split Out on the workers.
	items: (answer) => {
		const json = xmlNode(answer.data);
		return splitOut(WORKERS.split('.').reduce<unknown>((at, key) => (at as IDataObject)[key], json));
	},
	parameters: {
		email: '={{ [].concat($json["wd:Worker_Data"]["wd:Personal_Data"]["wd:Contact_Data"]["wd:Email_Address_Data"]).find((address) => [].concat(address?.["wd:Usage_Data"]?.["wd:Type_Data"]?.["wd:Type_Reference"]?.["wd:ID"]).some((id) => id?._ === "WORK"))?.["wd:Email_Address"] }}',
		firstName: '={{ $json["wd:Worker_Data"]["wd:Personal_Data"]["wd:Name_Data"]["wd:Legal_Name_Data"]["wd:Name_Detail_Data"]["wd:First_Name"] }}',
		lastName: '={{ $json["wd:Worker_Data"]["wd:Personal_Data"]["wd:Name_Data"]["wd:Legal_Name_Data"]["wd:Name_Detail_Data"]["wd:Last_Name"] }}',
		additionalFields: {
			employeeId: '={{ $json["wd:Worker_Data"]["wd:Worker_ID"] }}',
			jobTitle: '={{ [].concat($json["wd:Worker_Data"]["wd:Employment_Data"]["wd:Worker_Job_Data"]).find((job) => job?.["wd:Primary_Job"] === "1")?.["wd:Position_Data"]?.["wd:Business_Title"] }}',
			manager:
				'={{ [].concat([].concat($json["wd:Worker_Data"]["wd:Employment_Data"]["wd:Worker_Job_Data"]).find((job) => job?.["wd:Primary_Job"] === "1")?.["wd:Position_Data"]?.["wd:Manager_as_of_last_detected_manager_change_Reference"] ?? []).flatMap((manager) => manager["wd:ID"]).find((id) => id?.["wd:type"] === "Employee_ID")?._ }}',
			joiningDate: '={{ $json["wd:Worker_Data"]["wd:Employment_Data"]["wd:Worker_Status_Data"]["wd:Hire_Date"] }}',
		},
		employmentFields: {
			employmentStatus: '={{ $json["wd:Worker_Data"]["wd:Employment_Data"]["wd:Worker_Status_Data"]["wd:Active"] }}',
			leavingDate: '={{ $json["wd:Worker_Data"]["wd:Employment_Data"]["wd:Worker_Status_Data"]["wd:Termination_Date"] }}',
		},
		leftStatuses: '0, false',
		createNewHires: 'beforeJoining',
		daysBeforeJoining: 14,
		reactivateReturning: true,
		matchByEmployeeId: true,
		managersGivenBy: 'employeeId',
	},
	costCenter: 'CC-160',
};
