import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey } from '../../../api/users';
import { checkParameters } from '../../../parameters/check';
import { refuse } from '../../../parameters/refuse';
import { isEmailAddress, isEmptyDate, toApiDay, trimmed } from '../../../parameters/values';
import type { ItemRequest } from '../../../transport/request';
import { checkCode } from '../deactivate.operation';
import { readIdentity } from '../readFields';
import type { Employment, Lifecycle } from './lifecycle';
import { lifecycleOf } from './lifecycle';
import type { Settings } from './settings';
import { itemFields } from './settings';

/** Who an item says the employee is: read before anything else, so nobody is acted on for a bad row. */
export interface Identity {
	email: string;
	/** The employee ID the item gives ('' if none): matched by when asked, and always a sign of a lookalike. */
	employeeId: string;
	/** First and last name, folded: a creation and a deactivation of the same name look like one person. */
	fullName: string;
	/** Where they are in their employment (lifecycle.ts): active when the item says nothing of it. */
	lifecycle: Lifecycle;
	/** The code their deactivation sends: their own, else the run's ('' none). */
	blockReasonCode: string;
}

/** A day an item gives: undefined when empty in any form HR systems write (`0000-00-00` too); not a date is refused. */
function readDate(this: IExecuteFunctions, item: number, raw: unknown, label: string): string | undefined {
	if (isEmptyDate(raw)) return undefined;
	const day = toApiDay(raw);
	if (!day) refuse(this, item, `${label} "${String(raw)}" is not a date`, 'Give the date as YYYY-MM-DD (e.g. 2024-01-15). Nothing was written for this employee.');
	return day;
}

/** What an item says of the employment (status, joining, leaving and rehire dates), and so their lifecycle state. */
function readEmployment(this: IExecuteFunctions, item: number, settings: Settings): Pick<Identity, 'lifecycle' | 'blockReasonCode'> {
	const given = this.getNodeParameter('leaverFields', item, {}) as IDataObject;
	const employment: Employment = {
		status: trimmed(given.employmentStatus).toLowerCase(),
		joiningDate: readDate.call(this, item, this.getNodeParameter('additionalFields.joiningDate', item, ''), 'Joining Date'),
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

/** The address an item gives, or why it names nobody. */
function readAddress(this: IExecuteFunctions, item: number): string | { problem: string } {
	let raw: unknown;
	try {
		raw = this.getNodeParameter('email', item, '');
	} catch (error) {
		return { problem: `its Email expression failed (${(error as Error).message})` };
	}
	const address = raw === null || raw === undefined || typeof raw === 'object' ? '' : String(raw).trim();
	if (!address) return { problem: 'its Email is empty' };
	if (!isEmailAddress(address)) return { problem: `its Email "${address}" is not an email address` };
	return address;
}

/**
 * Every item's identity, before anything is read: its address (and employee ID, when matching by
 * it). An item whose address cannot be read names nobody: it fails, and so that nobody it may have
 * stood for is deactivated, the run deactivates nobody. An item that names someone but fails its
 * other checks, or gives an address or employee ID another item gives too, fails on its own and
 * still names its user.
 */
export function readIdentities(this: IExecuteFunctions, itemCount: number, settings: Settings, failed: Map<number, Error>) {
	const identities = new Map<number, Identity>();
	const unnamed = new Map<number, string>();
	for (let item = 0; item < itemCount; item++) {
		const address = readAddress.call(this, item);
		if (typeof address !== 'string') {
			unnamed.set(item, address.problem);
			continue;
		}
		const identity: Identity = { email: emailKey(address), employeeId: '', fullName: '', lifecycle: { state: 'active' }, blockReasonCode: settings.blockReasonCode };
		identities.set(item, identity);
		try {
			identity.employeeId = trimmed(this.getNodeParameter('additionalFields.employeeId', item, ''));
			checkParameters.call(this, itemFields, item);
			Object.assign(identity, readEmployment.call(this, item, settings));
			const { first_name, last_name } = readIdentity.call(this, item);
			identity.fullName = fullNameOf(first_name, last_name);
		} catch (error) {
			failed.set(item, error as Error);
		}
	}
	refuseShared.call(this, identities, 'email', 'email address', failed);
	if (settings.matchByEmployeeId) refuseShared.call(this, identities, 'employeeId', 'employee ID', failed);
	for (const [item, problem] of unnamed) {
		const list = [...unnamed.keys()].join(', ');
		failed.set(
			item,
			new NodeOperationError(this.getNode(), `Item ${item} names nobody: ${problem}`, {
				itemIndex: item,
				description: `${unnamed.size} input item${unnamed.size === 1 ? '' : 's'} named nobody (item${unnamed.size === 1 ? '' : 's'} ${list}).${settings.deactivateMissing ? ' So that nobody is deactivated for a row that lost its address, this run deactivated nobody.' : ''} Give every employee their email address and run again.`,
			}),
		);
	}
	return { identities, unnamed: unnamed.size };
}

/** Items that give the same address (or employee ID) as another: none of them is applied. */
function refuseShared(
	this: IExecuteFunctions,
	identities: Map<number, Identity>,
	key: 'email' | 'employeeId',
	label: string,
	failed: Map<number, Error>,
) {
	const itemsOf = new Map<string, number[]>();
	for (const [item, identity] of identities) {
		if (identity[key]) itemsOf.set(identity[key], [...(itemsOf.get(identity[key]) ?? []), item]);
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

/** The run's Block Reason Code, checked before anything is written; then each leaver's own. */
export async function checkBlockReasonCodes(
	this: IExecuteFunctions,
	identities: Map<number, Identity>,
	settings: Settings,
	itemRequest: (item: number | undefined) => ItemRequest,
	failed: Map<number, Error>,
) {
	if (settings.blockReasonCode) await checkCode.call(this, 0, settings.blockReasonCode, itemRequest(undefined));
	// A leaver's own code is checked against the same list (read once): a wrong one fails that item only.
	for (const [item, identity] of identities) {
		const code = identity.blockReasonCode;
		if (!code || code === settings.blockReasonCode || failed.has(item)) continue;
		try {
			await checkCode.call(this, item, code, itemRequest(item));
		} catch (error) {
			failed.set(item, error as Error);
		}
	}
}
