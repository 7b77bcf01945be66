import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsCollection, peopleField, resourceDescription, returnAllFields } from '../../descriptions/common';
import { readId, readLimit, readName, readUserIds } from '../../parameters/readers';
import { listOf } from '../../parameters/values';
import { paginate } from '../../transport/paginate';
import type { ItemRequest } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { RecordKind } from './kinds';
import {
	deleteOperation,
	getOperation,
	readRecord,
	recordLocator,
	recordOperationPicker,
	recordUrl,
	show,
} from './records';
import type { EngagedlyOperation, ResourceModule } from '../types';

/**
 * Departments and businesses: named groups of users, written whole (name and members) by PUT.
 * One shape and one behaviour under two URL families, so a resource is built from a kind.
 */
type UnitKind = RecordKind;

function membersField(
	kind: UnitKind,
	overrides: { displayName?: string; buttonText?: string; description?: string; required?: boolean },
): INodeProperties {
	return peopleField({
		displayName: overrides.displayName ?? 'Members',
		name: 'members',
		buttonText: overrides.buttonText ?? 'Add Member',
		description: overrides.description ?? `Users of the ${kind.noun}.`,
		required: overrides.required,
	});
}

/**
 * The current members, which every write must send back. A unit read without a member list is
 * refused rather than taken as empty: writing on that basis would empty the unit.
 */
function memberIdsOf(
	this: IExecuteFunctions,
	unit: IDataObject,
	kind: UnitKind,
	itemIndex: number,
): string[] {
	if (!Array.isArray(unit.members)) {
		throw new NodeOperationError(
			this.getNode(),
			`Engagedly did not list the members of the ${kind.noun}`,
			{
				itemIndex,
				description: `Nothing was changed: writing the ${kind.noun} without its current members would remove them all.`,
			},
		);
	}
	return listOf(unit.members);
}

/** PUT replaces both the name and the whole member list, so callers always send both. */
async function writeUnit(
	this: IExecuteFunctions,
	kind: UnitKind,
	id: string,
	name: string,
	members: string[],
	request: ItemRequest,
): Promise<IDataObject> {
	return await requestRecord.call(this, 'PUT', recordUrl(kind, id), { ...request, body: { name, members } });
}

function create(kind: UnitKind): EngagedlyOperation {
	return {
		description: show(kind, 'create', [
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
		]),
		async execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
			const name = readName.call(this, itemIndex, 'name', { noun: kind.noun });
			const members = await readUserIds.call(this, itemIndex, 'members', { label: 'Members', request });
			return await requestRecord.call(this, 'POST', kind.path, { ...request, body: { name, members } });
		},
	};
}

function getAll(kind: UnitKind): EngagedlyOperation {
	return {
		description: show(kind, 'getAll', [
			...returnAllFields(),
			{
				displayName: `The list gives member counts only; use Get on one ${kind.noun} to see its members`,
				name: 'membersNotice',
				type: 'notice',
				default: '',
			},
			optionsCollection(),
		]),
		async execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
			return await paginate.call(this, kind.path, {
				...request,
				limit: readLimit.call(this, itemIndex),
			});
		},
	};
}

function update(kind: UnitKind): EngagedlyOperation {
	return {
		description: show(kind, 'update', [
			recordLocator(kind),
			{
				displayName: 'Update Fields',
				name: 'updateFields',
				type: 'collection',
				placeholder: 'Add field',
				default: {},
				options: [
					membersField(kind, {
						description: `The complete new member list: it replaces the current members (left empty, the ${kind.noun} is emptied). Leave this field out to keep the members; to add or remove a few, use the Add Members or Remove Members operation.`,
					}),
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						description: `New name of the ${kind.noun}`,
					},
				],
			},
			optionsCollection(),
		]),
		async execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
			const id = readId.call(this, itemIndex, kind.locatorName, { noun: kind.noun });
			const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
			const hasName = fields.name !== undefined;
			const hasMembers = fields.members !== undefined;
			if (!hasName && !hasMembers) {
				throw new NodeOperationError(this.getNode(), 'Nothing to update', {
					itemIndex,
					description: `Add Name or Members under Update Fields; the ${kind.noun} is left as it is otherwise.`,
				});
			}
			const name = hasName ? readName.call(this, itemIndex, 'updateFields.name', { noun: kind.noun }) : undefined;
			const members = hasMembers ? await readUserIds.call(this, itemIndex, 'updateFields.members', { label: 'Members', request }) : undefined;
			// The API's PUT replaces name and members together: whatever the user did not set is
			// read first and sent back unchanged, so renaming never empties the unit.
			const current =
				name === undefined || members === undefined
					? await readRecord.call(this, kind, id, request)
					: undefined;
			return await writeUnit.call(
				this,
				kind,
				id,
				name ?? String(current?.name ?? ''),
				members ?? memberIdsOf.call(this, current ?? {}, kind, itemIndex),
				request,
			);
		},
	};
}

/** Add or remove some members, keeping everyone else: read the unit, change the list, write it back. */
function changeMembers(
	kind: UnitKind,
	operation: 'addMembers' | 'removeMembers',
): EngagedlyOperation {
	const adding = operation === 'addMembers';
	return {
		description: show(kind, operation, [
			recordLocator(kind),
			membersField(kind, {
				displayName: adding ? 'Users to Add' : 'Users to Remove',
				buttonText: adding ? 'Add User' : 'Add User to Remove',
				required: true,
				description: adding
					? `Users to add to the ${kind.noun}; current members stay. Users already in it are skipped, not an error.`
					: `Users to take out of the ${kind.noun}; everyone else stays. Users not in it are skipped, not an error.`,
			}),
			optionsCollection(),
		]),
		async execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
			const id = readId.call(this, itemIndex, kind.locatorName, { noun: kind.noun });
			const label = adding ? 'Users to Add' : 'Users to Remove';
			const requested = await readUserIds.call(this, itemIndex, 'members', { label, request });
			if (requested.length === 0) {
				throw new NodeOperationError(this.getNode(), `No users to ${adding ? 'add' : 'remove'}`, {
					itemIndex,
					description: `Pick at least one user under ${adding ? 'Users to Add' : 'Users to Remove'}.`,
				});
			}
			const current = await readRecord.call(this, kind, id, request);
			const before = memberIdsOf.call(this, current, kind, itemIndex);
			const members = adding
				? [...before, ...requested.filter((userId) => !before.includes(userId))]
				: before.filter((userId) => !requested.includes(userId));
			// Nothing to change (everyone already in, or nobody to take out): no write, same unit back.
			if (members.length === before.length && members.every((userId, i) => userId === before[i]))
				return current;
			return await writeUnit.call(this, kind, id, String(current.name ?? ''), members, request);
		},
	};
}

/** A member-group resource (departments, businesses): its Operation picker and operations. */
export function memberGroupResource(kind: UnitKind): ResourceModule {
	const noun = kind.noun;
	const operations = {
		addMembers: changeMembers(kind, 'addMembers'),
		create: create(kind),
		delete: deleteOperation(kind),
		get: getOperation(kind),
		getAll: getAll(kind),
		removeMembers: changeMembers(kind, 'removeMembers'),
		update: update(kind),
	};
	const picker = recordOperationPicker(
		kind,
		{
			get: `Get a ${noun} with its members`,
			update: `Rename a ${noun} or replace its members; fields left out keep their values`,
		},
		[
			{
				name: 'Add Members',
				value: 'addMembers',
				action: `Add members to a ${noun}`,
				description: `Add users to a ${noun}, keeping its current members`,
			},
			{
				name: 'Remove Members',
				value: 'removeMembers',
				action: `Remove members from a ${noun}`,
				description: `Remove users from a ${noun}, keeping the other members`,
			},
		],
	);
	return { operations, description: resourceDescription(picker, operations) };
}
