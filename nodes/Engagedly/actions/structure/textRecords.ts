import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsCollection, resourceDescription, returnAllFields } from '../../descriptions/common';
import { readId, readLimit, readName } from '../../parameters/readers';
import { trimmed } from '../../parameters/values';
import { paginate } from '../../transport/paginate';
import type { ItemRequest } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { TextField, TextRecordKind } from './kinds';
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
 * Locations and job titles: a name plus a few text fields, written whole by PUT. A resource is
 * built from a kind; the kind lists its fields (the only place their API names appear).
 */
type FlatKind = TextRecordKind;

function fieldProperty(field: TextField): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'string',
		default: '',
		description: field.description,
		...(field.long ? { typeOptions: { rows: 3 } } : {}),
	};
}

function nameProperty(kind: FlatKind, required: boolean): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		...(required ? { required: true } : {}),
		description: `Name of the ${kind.noun}`,
	};
}

/** Ids are numbers in single responses and strings in lists: always hand on strings. */
function withStringId(record: IDataObject): IDataObject {
	return record.id === undefined || record.id === null
		? record
		: { ...record, id: String(record.id) };
}

function create(kind: FlatKind): EngagedlyOperation {
	return {
		description: show(kind, 'create', [
			nameProperty(kind, true),
			{
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add field',
				default: {},
				options: kind.fields.map(fieldProperty),
			},
			optionsCollection(),
		]),
		async execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
			const body: IDataObject = {
				name: readName.call(this, itemIndex, 'name', { noun: kind.noun }),
			};
			const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
			for (const field of kind.fields) {
				const value = trimmed(extra[field.name]);
				if (value) body[field.wire] = value;
			}
			return withStringId(await requestRecord.call(this, 'POST', kind.path, { ...request, body }));
		},
	};
}

function getAll(kind: FlatKind): EngagedlyOperation {
	return {
		description: show(kind, 'getAll', [...returnAllFields(), optionsCollection()]),
		async execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
			const records = await paginate.call(this, kind.path, {
				...request,
				limit: readLimit.call(this, itemIndex),
			});
			return records.map(withStringId);
		},
	};
}

function update(kind: FlatKind): EngagedlyOperation {
	return {
		description: show(kind, 'update', [
			recordLocator(kind),
			{
				displayName: 'Update Fields',
				name: 'updateFields',
				type: 'collection',
				placeholder: 'Add field',
				default: {},
				description:
					'Only the fields added here change; the others keep their values. A field added and left empty is cleared (except Name, which is mandatory).',
				options: [nameProperty(kind, false), ...kind.fields.map(fieldProperty)],
			},
			optionsCollection(),
		]),
		async execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
			const id = readId.call(this, itemIndex, kind.locatorName, { noun: kind.noun });
			const set = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
			const all = [{ name: 'name', wire: 'name' }, ...kind.fields];
			if (!all.some((field) => set[field.name] !== undefined)) {
				throw new NodeOperationError(this.getNode(), 'Nothing to update', {
					itemIndex,
					description: `Add at least one field under Update Fields; the ${kind.noun} is left as it is otherwise.`,
				});
			}
			if (set.name !== undefined) readName.call(this, itemIndex, 'updateFields.name', { noun: kind.noun });
			// The API's PUT takes the whole record and clears what it is not sent, so the current
			// record is read first and every field the user did not set is sent back unchanged.
			const current = await readRecord.call(this, kind, id, request);
			// Engagedly returns blank fields as null, never leaves them out: a field missing from
			// the read would be cleared by the PUT, so an incomplete read stops the write.
			const missing = all.filter((field) => set[field.name] === undefined && !(field.wire in current));
			if (missing.length) {
				throw new NodeOperationError(
					this.getNode(),
					`Engagedly's answer for ${kind.noun} ${id} lacks ${missing.map((field) => field.wire).join(', ')}`,
					{
						itemIndex,
						description: `Nothing was changed: the update sends the whole ${kind.noun}, and writing it without those fields would clear them. Run the workflow again; if this persists, set every field under Update Fields.`,
					},
				);
			}
			const body: IDataObject = {};
			for (const field of all) {
				if (set[field.name] !== undefined) {
					// Sent even when empty: that is how a field is cleared on purpose.
					body[field.wire] = trimmed(set[field.name]);
				} else {
					const kept = trimmed(current[field.wire]);
					if (kept) body[field.wire] = kept;
				}
			}
			return withStringId(await requestRecord.call(this, 'PUT', recordUrl(kind, id), { ...request, body }));
		},
	};
}

/** A text-record resource (locations, job titles): its Operation picker and operations. */
export function textRecordResource(kind: FlatKind): ResourceModule {
	const operations = {
		create: create(kind),
		delete: deleteOperation(kind),
		get: getOperation(kind, withStringId),
		getAll: getAll(kind),
		update: update(kind),
	};
	const picker = recordOperationPicker(kind, {
		get: `Get a ${kind.noun} by ID`,
		update: `Change some fields of a ${kind.noun}; the others keep their values`,
	});
	return { operations, description: resourceDescription(picker, operations) };
}
