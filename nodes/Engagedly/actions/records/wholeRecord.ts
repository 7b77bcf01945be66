import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listOf, trimmed } from '../../parameters/values';
import type { ItemScope } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { RecordField, RecordKind } from './kinds';
import { readRecord, recordUrl } from './record';

/**
 * Engagedly's PUT replaces a structure record whole and clears whatever it is not sent. Every
 * write of a record (Update, Add Members, Remove Members) sends its body through here, built from
 * the kind's field list, so a field added to a kind is carried by all of them and no operation
 * can clear it by leaving it out.
 */

const NAME: RecordField = { name: 'name', wire: 'name' };

/** Every field of a kind's records, by which Update checks that it has been given something. */
export const recordFields = (kind: RecordKind): RecordField[] => [NAME, ...kind.fields];

/**
 * The current record must carry every field the write keeps, or the write would clear it:
 * Engagedly answers a blank text as null and never leaves it out, and a unit without its member
 * list would be written empty. Such an answer stops the write before anything is sent.
 */
export function checkComplete(
	this: IExecuteFunctions,
	kind: RecordKind,
	id: string,
	kept: RecordField[],
	current: IDataObject,
	itemIndex: number,
): void {
	const missing = kept.filter((field) => !field.users && !(field.wire in current));
	if (missing.length) {
		throw new NodeOperationError(
			this.getNode(),
			`Engagedly's answer for ${kind.noun} ${id} lacks ${missing.map((field) => field.wire).join(', ')}`,
			{
				itemIndex,
				description: `Nothing was changed: a write sends the whole ${kind.noun}, and writing it without those fields would clear them. Run the workflow again; if this persists, use Update with every field set under Update Fields.`,
			},
		);
	}
	const unlisted = kept.find((field) => field.users && !Array.isArray(current[field.wire]));
	if (unlisted) {
		throw new NodeOperationError(
			this.getNode(),
			`Engagedly did not list the ${unlisted.name} of the ${kind.noun}`,
			{
				itemIndex,
				description: `Nothing was changed: writing the ${kind.noun} without its current ${unlisted.name} would remove them all.`,
			},
		);
	}
}

/** A kept field as Engagedly holds it; a blank text is left out rather than sent as null. */
function keptValue(field: RecordField, current: IDataObject): unknown {
	return field.users ? listOf(current[field.wire]) : trimmed(current[field.wire]) || undefined;
}

/**
 * Write a record whole: `changes` holds the new values by API name (an empty text clears that
 * field), every other field is sent back as `current` holds it. `current` is read here when the
 * caller has not read it and some field is kept; when every field changes, nothing is read.
 */
export async function writeWholeRecord(
	this: IExecuteFunctions,
	kind: RecordKind,
	id: string,
	changes: IDataObject,
	request: ItemScope,
	current?: IDataObject,
): Promise<IDataObject> {
	const kept = recordFields(kind).filter((field) => changes[field.wire] === undefined);
	const held = kept.length ? (current ?? (await readRecord.call(this, kind, id, request))) : {};
	checkComplete.call(this, kind, id, kept, held, request.itemIndex);
	const body: IDataObject = {};
	for (const field of recordFields(kind)) {
		const value = changes[field.wire] ?? keptValue(field, held);
		if (value !== undefined) body[field.wire] = value as IDataObject[string];
	}
	return await requestRecord.call(this, 'PUT', recordUrl(kind, id), { ...request, body });
}
