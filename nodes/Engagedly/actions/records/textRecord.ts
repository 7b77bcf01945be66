import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsCollection, returnAllFields } from '../../descriptions/common';
import { readId, readLimit, readName } from '../../parameters/readers';
import { trimmed } from '../../parameters/values';
import { scanAll } from '../../transport/scan';
import type { ItemScope } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { TextField, TextRecordKind } from './kinds';
import { show, updateProperties } from './record';
import { recordFields, writeWholeRecord } from './wholeRecord';

/**
 * Locations and job titles: a name plus a few text fields, written whole by PUT. The operation
 * files of both call these with their kind; the kind lists its fields (the only place their API
 * names appear).
 */

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

function nameProperty(kind: TextRecordKind, required: boolean): INodeProperties {
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
export function withStringId(record: IDataObject): IDataObject {
	return record.id === undefined || record.id === null ? record : { ...record, id: String(record.id) };
}

export function createProperties(kind: TextRecordKind): INodeProperties[] {
	return show(kind, 'create', [
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
	]);
}

export async function createTextRecord(
	this: IExecuteFunctions,
	kind: TextRecordKind,
	itemIndex: number,
	request: ItemScope,
): Promise<IDataObject> {
	const body: IDataObject = {
		name: readName.call(this, itemIndex, 'name', { noun: kind.noun }),
	};
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	for (const field of kind.fields) {
		const value = trimmed(extra[field.name]);
		if (value) body[field.wire] = value;
	}
	return withStringId(await requestRecord.call(this, 'POST', kind.path, { ...request, body }));
}

export function listFields(kind: TextRecordKind): INodeProperties[] {
	return show(kind, 'getAll', [...returnAllFields(), optionsCollection()]);
}

export async function listTextRecords(
	this: IExecuteFunctions,
	kind: TextRecordKind,
	itemIndex: number,
	request: ItemScope,
): Promise<IDataObject[]> {
	const records = await scanAll.call(this, kind.path, { ...request, limit: readLimit.call(this, itemIndex) });
	return records.map(withStringId);
}

export function updateFields(kind: TextRecordKind): INodeProperties[] {
	return updateProperties(
		kind,
		[nameProperty(kind, false), ...kind.fields.map(fieldProperty)],
		'Only the fields added here change; the others keep their values. A field added and left empty is cleared (except Name, which is mandatory).',
	);
}

/** Change the fields given; the whole-record write sends every other field back as it is held. */
export async function updateTextRecord(
	this: IExecuteFunctions,
	kind: TextRecordKind,
	itemIndex: number,
	request: ItemScope,
): Promise<IDataObject> {
	const id = readId.call(this, itemIndex, kind.locatorName, { noun: kind.noun });
	const set = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const given = recordFields(kind).filter((field) => set[field.name] !== undefined);
	if (!given.length) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			itemIndex,
			description: `Add at least one field under Update Fields; the ${kind.noun} is left as it is otherwise.`,
		});
	}
	if (set.name !== undefined) readName.call(this, itemIndex, 'updateFields.name', { noun: kind.noun });
	// Sent even when empty: that is how a field is cleared on purpose.
	const changes = Object.fromEntries(given.map((field) => [field.wire, trimmed(set[field.name])]));
	return withStringId(await writeWholeRecord.call(this, kind, id, changes, request));
}
