import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { knownUser } from '../../people/byEmail';
import {
	optionsCollection,
	PERSON_FIX,
	peopleList,
	peoplePicker,
	returnAllFields,
} from '../../descriptions/common';
import { readId, readLimit, readName, readUserIds } from '../../parameters/readers';
import { listOf } from '../../parameters/values';
import { scanAll } from '../../transport/scan';
import type { ItemScope } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { RecordKind } from './kinds';
import { readRecord, recordLocator, show, updateProperties } from './record';
import { checkComplete, recordFields, writeWholeRecord } from './wholeRecord';

/**
 * Departments and businesses: named groups of users, written whole (name and members) by PUT.
 * One shape and one behaviour under two URL families, so the operation files of both call these
 * with their kind; each file is where its operation's wiring can change on its own.
 */

/** Engagedly's words about `members` name the builder's field ("Members under Update Fields") and how to give a person. */
const membersNamed = (label: string) => ({ members: { label, fix: PERSON_FIX } });

function membersField(
	kind: RecordKind,
	overrides: {
		displayName?: string;
		buttonText?: string;
		description?: string;
		required?: boolean;
	},
	picker: typeof peoplePicker = peoplePicker,
): INodeProperties {
	return picker({
		displayName: overrides.displayName ?? 'Members',
		name: 'members',
		buttonText: overrides.buttonText ?? 'Add Member',
		description: overrides.description ?? `Users of the ${kind.noun}.`,
		required: overrides.required,
	});
}

export function createProperties(kind: RecordKind): INodeProperties[] {
	return show(kind, 'create', [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			description: `Name of the new ${kind.noun}; it must not be taken by another ${kind.noun}`,
		},
		membersField(kind, {}),
		optionsCollection(),
	]);
}

export async function createGroup(
	this: IExecuteFunctions,
	kind: RecordKind,
	itemIndex: number,
	request: ItemScope,
): Promise<IDataObject> {
	const name = readName.call(this, itemIndex, 'name', { noun: kind.noun });
	const members = await readUserIds.call(this, itemIndex, 'members', { label: 'Members', request });
	return await requestRecord.call(this, 'POST', kind.path, {
		...request,
		body: { name, members },
		fieldNames: membersNamed('Members'),
	});
}

export function listFields(kind: RecordKind): INodeProperties[] {
	return show(kind, 'getAll', [
		...returnAllFields(),
		{
			displayName: `The list gives member counts only; use Get on one ${kind.noun} to see its members`,
			name: 'membersNotice',
			type: 'notice',
			default: '',
		},
		optionsCollection(),
	]);
}

export async function listGroups(
	this: IExecuteFunctions,
	kind: RecordKind,
	itemIndex: number,
	request: ItemScope,
): Promise<IDataObject[]> {
	return await scanAll.call(this, kind.path, { ...request, limit: readLimit.call(this, itemIndex) });
}

export function updateFields(kind: RecordKind): INodeProperties[] {
	return updateProperties(kind, [
		membersField(
			kind,
			{
				description: `The complete new member list: it replaces the current members (left empty, the ${kind.noun} is emptied). Leave this field out to keep the members; to add or remove a few, use the Add Members or Remove Members operation.`,
			},
			// Inside Update Fields: a list, which n8n keeps there (descriptions/common.ts).
			peopleList,
		),
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: `New name of the ${kind.noun}`,
		},
	]);
}

/** Rename a unit or replace its members; what is not given is read and sent back unchanged. */
export async function updateGroup(
	this: IExecuteFunctions,
	kind: RecordKind,
	itemIndex: number,
	request: ItemScope,
): Promise<IDataObject> {
	const id = readId.call(this, itemIndex, kind.locatorName, { noun: kind.noun });
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	if (fields.name === undefined && fields.members === undefined) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			itemIndex,
			description: `Add Name or Members under Update Fields; the ${kind.noun} is left as it is otherwise.`,
		});
	}
	const changes: IDataObject = {};
	if (fields.name !== undefined)
		changes.name = readName.call(this, itemIndex, 'updateFields.name', { noun: kind.noun });
	if (fields.members !== undefined)
		changes.members = await readUserIds.call(this, itemIndex, 'updateFields.members', {
			label: 'Members',
			request,
		});
	return await writeWholeRecord.call(this, kind, id, changes, {
		...request,
		fieldNames: membersNamed('Members under Update Fields'),
	});
}

/** Which of the two member operations: they differ only in their words and in the list's change. */
export type MemberChange = 'addMembers' | 'removeMembers';

const labelOf = (change: MemberChange) =>
	change === 'addMembers' ? 'Users to Add' : 'Users to Remove';

export function changeMembersFields(kind: RecordKind, change: MemberChange): INodeProperties[] {
	const adding = change === 'addMembers';
	return show(kind, change, [
		recordLocator(kind),
		peoplePicker({
			displayName: labelOf(change),
			name: 'members',
			buttonText: adding ? 'Add User' : 'Add User to Remove',
			required: true,
			description: adding
				? `Users to add to the ${kind.noun}; current members stay. Users already in it are skipped and listed under alreadyMembers, not an error.`
				: `Users to take out of the ${kind.noun}; everyone else stays. Users not in it are skipped and listed under notMembers, not an error.`,
		}),
		optionsCollection(),
	]);
}

/** Who a member change names, as the output lists them: id, name and address where known. */
function person(this: IExecuteFunctions, id: string, ...records: IDataObject[]): IDataObject {
	const members = records.flatMap((record) =>
		Array.isArray(record.members) ? (record.members as IDataObject[]) : [],
	);
	const known = members.find((member) => String(member?.id) === id) ?? knownUser(this, id);
	if (!known) return { id };
	// Members and users alike carry `name` (contract and vendor).
	return {
		id,
		...(known.name ? { name: known.name } : {}),
		...(known.email ? { email: known.email } : {}),
	};
}

/**
 * Add or remove some members, keeping everyone else: read the unit, change the list, write it
 * back. The output leads with who changed and who was skipped, then the unit as Engagedly holds
 * it now (its member list alone would not say what this step did).
 */
export async function changeMembers(
	this: IExecuteFunctions,
	kind: RecordKind,
	change: MemberChange,
	itemIndex: number,
	request: ItemScope,
): Promise<IDataObject> {
	const adding = change === 'addMembers';
	const id = readId.call(this, itemIndex, kind.locatorName, { noun: kind.noun });
	const label = labelOf(change);
	const requested = await readUserIds.call(this, itemIndex, 'members', { label, request });
	if (requested.length === 0) {
		throw new NodeOperationError(this.getNode(), `No users to ${adding ? 'add' : 'remove'}`, {
			itemIndex,
			description: `Pick at least one user under ${label}.`,
		});
	}
	const current = await readRecord.call(this, kind, id, request);
	// A unit read without its member list is refused, not taken as empty: the unit would be emptied.
	checkComplete.call(this, kind, id, recordFields(kind), current, itemIndex);
	const before = listOf(current.members);
	const changed = requested.filter((userId) => before.includes(userId) !== adding);
	const skipped = requested.filter((userId) => !changed.includes(userId));
	const members = adding
		? [...before, ...changed]
		: before.filter((userId) => !changed.includes(userId));
	// Nothing to change (everyone already in, or nobody to take out): no write, same unit back.
	const after = changed.length
		? await writeWholeRecord.call(
				this,
				kind,
				id,
				{ members },
				{ ...request, fieldNames: membersNamed(label) },
				current,
			)
		: current;
	const people = (ids: string[]) => ids.map((userId) => person.call(this, userId, after, current));
	return adding
		? { added: people(changed), alreadyMembers: people(skipped), ...after }
		: { removed: people(changed), notMembers: people(skipped), ...after };
}
