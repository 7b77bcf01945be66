import type { IDataObject, IExecuteFunctions, ResourceMapperValue } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { UserAttribute } from '../../../people/attributeDefinitions';
import type { ManagersGivenBy } from '../../../people/byEmployeeId';
import { emailKey } from '../../../people/byEmail';
import { checkParameters, personRefs } from '../../../parameters/readers';
import { refuse } from '../../../parameters/refuse';
import { isEmailAddress, isEmptyDate, toApiDay, trimmed } from '../../../parameters/values';
import type { ItemScope } from '../../../transport/request';
import { readCustomAttributes } from '../fields/customAttributes';
import { readIdentity, readUserFieldValues } from '../fields/read';
import type { Employment, Lifecycle } from './lifecycle';
import { lifecycleOf } from './lifecycle';
import type { Settings } from './settings';
import { itemFields } from './description';

/**
 * Sync's first stage: every item's parameters, read once (one read of each of the item's fields,
 * so each expression is evaluated once per run, however many stages use it), into a row of plain
 * data. Nothing here reads Engagedly's users: people are kept as given and resolved against the
 * directory later (directory.ts).
 */
export interface Row {
	/** The address, folded: what users are matched by. */
	email: string;
	/** The employee ID the item gives ('' if none): matched by when asked, and always a sign of a lookalike. */
	employeeId: string;
	/** First and last name, folded: a creation and a deactivation of the same name look like one person. */
	fullName: string;
	/** Where they are in their employment (lifecycle.ts): active when the item says nothing of it. */
	lifecycle: Lifecycle;
	/** The code their deactivation sends: their own, else the run's ('' none). */
	blockReasonCode: string;
	/** The employee as the item gives them, for an output with no user to show. */
	person: IDataObject;
	/**
	 * What a write of them sends, every value checked (job titles and the like by name or ID, as
	 * given), or why it cannot be sent: that fails the item only where they are written.
	 */
	body: IDataObject | Error;
	/** The fields that name people, as given (ids or addresses). */
	people: PeopleRefs[];
}

export interface PeopleRefs {
	wire: string;
	label: string;
	/** A multi-user field (a list of ids), or one user's id. */
	many: boolean;
	refs: string[];
}

/** The item's fields as Sync shows them, each with the value a field left out gives. */
const ITEM_PARAMETERS: Record<string, unknown> = { firstName: '', lastName: '', additionalFields: {}, customAttributes: null, employmentFields: {} };

/**
 * A day an item gives: undefined when empty in any form HR systems write (`0000-00-00` too); not a
 * date is refused. A Date an expression returns is read in the workflow's time zone, as the
 * body's dates are (fields/read.ts), so a Joining Date decides the lifecycle and is sent as one day.
 */
function readDate(this: IExecuteFunctions, item: number, raw: unknown, label: string): string | undefined {
	if (isEmptyDate(raw)) return undefined;
	const day = toApiDay(raw, { zone: this.getTimezone() });
	if (!day) refuse(this, item, `${label} "${String(raw)}" is not a date`, 'Give the date as YYYY-MM-DD (e.g. 2024-01-15). Nothing was written for this employee.');
	return day;
}

/** What an item says of the employment (status, joining, leaving and rehire dates), and so their lifecycle state. */
function readEmployment(this: IExecuteFunctions, item: number, values: IDataObject, settings: Settings): Pick<Row, 'lifecycle' | 'blockReasonCode'> {
	const given = values.employmentFields as IDataObject;
	const employment: Employment = {
		status: trimmed(given.employmentStatus).toLowerCase(),
		joiningDate: readDate.call(this, item, (values.additionalFields as IDataObject).joiningDate, 'Joining Date'),
		leavingDate: readDate.call(this, item, given.leavingDate, 'Leaving Date'),
		rehireDate: readDate.call(this, item, given.rehireDate, 'Rehire Date'),
	};
	return {
		lifecycle: lifecycleOf(employment, settings.today, settings.leftStatuses),
		blockReasonCode: trimmed(given.blockReasonCode) || settings.blockReasonCode,
	};
}

const folded = (text: unknown) => trimmed(text).toLowerCase();

export const fullNameOf = (first: unknown, last: unknown) => `${folded(first)} ${folded(last)}`;

/**
 * Why an Email mapping gave nothing, where the expression reads a field the item lacks: the
 * fields it has whose name is close (`Email` mapped, `email` given), so the fix is in the error.
 */
export function missingColumn(expression: unknown, json: IDataObject): string {
	const read = typeof expression === 'string' ? /\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*['"]([^'"]+)['"]\s*\])/.exec(expression) : null;
	const key = read?.[1] ?? read?.[2];
	if (!key || key in json) return '';
	const names = Object.keys(json);
	const sameName = names.filter((name) => name.toLowerCase() === key.toLowerCase());
	const close = sameName.length ? sameName : names.filter((name) => /e-?mail/i.test(name));
	const has = close.length ? ` It has ${close.map((name) => `"${name}"`).join(', ')}: map Email to that field.` : ' Map Email to the field that holds the address.';
	return `: the Email expression reads "${key}", which the input item does not have.${has}`;
}

/** The address an item gives, or why it names nobody. */
function readAddress(this: IExecuteFunctions, item: number): string | { problem: string } {
	let raw: unknown;
	try {
		raw = this.getNodeParameter('email', item, '');
	} catch (error) {
		return { problem: `its Email expression failed (${(error as Error).message})` };
	}
	// An expression reading a field the item lacks gives undefined; null is an object too.
	const address = raw === undefined || typeof raw === 'object' ? '' : String(raw).trim();
	if (!address) return { problem: `its Email is empty${missingColumn(this.getNode().parameters.email, this.getInputData()[item].json)}` };
	if (!isEmailAddress(address)) return { problem: `its Email "${address}" is not an email address` };
	return address;
}

/** What a write of the employee sends (Create's body), with the fields naming people apart. */
async function readBody(this: IExecuteFunctions, item: number, values: IDataObject, identity: IDataObject, { attributes, request, givenBy }: { attributes: UserAttribute[]; request: ItemScope; givenBy: ManagersGivenBy }) {
	const fields = readUserFieldValues.call(this, item, values.additionalFields as IDataObject, 'create');
	const people = fields.people.map(({ field, raw }): PeopleRefs => {
		const label = field.property.displayName;
		const many = field.kind === 'users';
		return { wire: field.wire, label, many, refs: personRefs.call(this, item, raw, { label, many, givenBy }) };
	});
	const body = { ...identity, ...fields.body };
	// People count as given for the mandatory system attributes: they are resolved later.
	const given = { ...body, ...Object.fromEntries(people.map(({ wire, refs }) => [wire, refs])) };
	const mapper = values.customAttributes as ResourceMapperValue | null;
	const custom = await readCustomAttributes.call(this, item, { write: 'create', body: given, request, mapper, attributes });
	return { body: { ...body, ...custom }, people };
}

/**
 * Every item's row, before anything is read of the users: its address first. An item whose
 * address cannot be read names nobody: it fails, and so that nobody it may have stood for is
 * deactivated, the run deactivates nobody. An item that names someone but fails its other checks,
 * or gives an address or employee ID another item gives too, fails on its own and still names its
 * user.
 */
export async function readRows(
	this: IExecuteFunctions,
	itemCount: number,
	settings: Settings,
	{ attributes, request, failed }: { attributes: UserAttribute[]; request: (item: number) => ItemScope; failed: Map<number, Error> },
) {
	const rows = new Map<number, Row>();
	const unnamed = new Map<number, string>();
	for (let item = 0; item < itemCount; item++) {
		const address = readAddress.call(this, item);
		if (typeof address !== 'string') {
			unnamed.set(item, address.problem);
			continue;
		}
		const row: Row = {
			email: emailKey(address),
			employeeId: '',
			fullName: '',
			lifecycle: { state: 'active' },
			blockReasonCode: settings.blockReasonCode,
			person: { email: address },
			body: {},
			people: [],
		};
		rows.set(item, row);
		try {
			const values: IDataObject = { email: address };
			for (const [name, fallback] of Object.entries(ITEM_PARAMETERS)) values[name] = this.getNodeParameter(name, item, fallback as never) as IDataObject[string];
			row.employeeId = trimmed((values.additionalFields as IDataObject).employeeId);
			checkParameters.call(this, itemFields, item, values);
			Object.assign(row, readEmployment.call(this, item, values, settings));
			const identity = readIdentity.call(this, item, values);
			row.fullName = fullNameOf(identity.first_name, identity.last_name);
			row.person = { ...identity, employee_id: row.employeeId || null };
			try {
				Object.assign(row, await readBody.call(this, item, values, identity, { attributes, request: request(item), givenBy: settings.managersGivenBy }));
			} catch (error) {
				row.body = error as Error;
			}
		} catch (error) {
			failed.set(item, error as Error);
		}
	}
	refuseShared.call(this, rows, 'email', 'email address', failed);
	if (settings.matchByEmployeeId) refuseShared.call(this, rows, 'employeeId', 'employee ID', failed);
	for (const [item, problem] of unnamed) {
		const list = [...unnamed.keys()].join(', ');
		failed.set(
			item,
			new NodeOperationError(this.getNode(), `Names nobody: ${problem}`, {
				itemIndex: item,
				description: `${unnamed.size} input item${unnamed.size === 1 ? '' : 's'} named nobody (item${unnamed.size === 1 ? '' : 's'} ${list}).${settings.deactivateMissing ? ' So that nobody is deactivated for a row that lost its address, this run deactivated nobody.' : ''} Give every employee their email address and run again.`,
			}),
		);
	}
	return { rows, unnamed: unnamed.size };
}

/** Items that give the same address (or employee ID) as another: none of them is applied. */
function refuseShared(
	this: IExecuteFunctions,
	rows: Map<number, Row>,
	key: 'email' | 'employeeId',
	label: string,
	failed: Map<number, Error>,
) {
	const itemsOf = new Map<string, number[]>();
	for (const [item, row] of rows) {
		if (row[key]) itemsOf.set(row[key], [...(itemsOf.get(row[key]) ?? []), item]);
	}
	for (const [value, items] of itemsOf) {
		if (items.length < 2) continue;
		for (const item of items) {
			failed.set(
				item,
				new NodeOperationError(this.getNode(), `The ${label} "${value}" is in ${items.length} input items (${items.join(', ')})`, {
					itemIndex: item,
					description: 'Each employee must be one item: none of these items was applied. Remove the duplicates in the source and run again.',
				}),
			);
		}
	}
}
