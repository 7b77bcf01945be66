import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, resourceLocator } from '../../descriptions/common';
import { readId } from '../../parameters/readers';
import { capitalise } from '../../parameters/values';
import { segment } from '../../transport/paths';
import type { ItemScope } from '../../transport/request';
import { engagedlyRequest, requestRecord } from '../../transport/request';
import type { RecordKind } from './kinds';

/**
 * What every structure record shares, whatever its shape: where its fields show, the record
 * picker, Get, Delete and reading the current record. (The mandatory name is read by readName in
 * parameters/readers.ts, like every other parameter.)
 */

export function show(
	kind: RecordKind,
	operation: string,
	properties: INodeProperties[],
): INodeProperties[] {
	return updateDisplayOptions(
		{ show: { resource: [kind.resource], operation: [operation] } },
		properties,
	);
}

export function recordLocator(kind: RecordKind): INodeProperties {
	return resourceLocator({
		name: kind.locatorName,
		displayName: kind.noun.split(' ').map(capitalise).join(' '),
		noun: kind.noun,
		searchListMethod: kind.searchListMethod,
	});
}

export const recordUrl = (kind: RecordKind, id: string) => `${kind.path}/${segment(id)}`;

export async function readRecord(
	this: IExecuteFunctions,
	kind: RecordKind,
	id: string,
	request: ItemScope,
): Promise<IDataObject> {
	return await requestRecord.call(this, 'GET', recordUrl(kind, id), request);
}

/** Update shows the record picker and the fields to change; a field left out keeps its value. */
export function updateProperties(
	kind: RecordKind,
	fields: INodeProperties[],
	description?: string,
): INodeProperties[] {
	return show(kind, 'update', [
		recordLocator(kind),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add field',
			default: {},
			...(description ? { description } : {}),
			options: fields,
		},
		optionsCollection(),
	]);
}

/** Get and Delete show the record picker only. */
export function pickRecord(kind: RecordKind, operation: 'get' | 'delete'): INodeProperties[] {
	return show(kind, operation, [recordLocator(kind), optionsCollection()]);
}

export async function getRecord(
	this: IExecuteFunctions,
	kind: RecordKind,
	itemIndex: number,
	request: ItemScope,
): Promise<IDataObject> {
	return await readRecord.call(this, kind, readId.call(this, itemIndex, kind.locatorName, { noun: kind.noun }), request);
}

export async function deleteRecord(
	this: IExecuteFunctions,
	kind: RecordKind,
	itemIndex: number,
	request: ItemScope,
): Promise<IDataObject> {
	const id = readId.call(this, itemIndex, kind.locatorName, { noun: kind.noun });
	await engagedlyRequest.call(this, 'DELETE', recordUrl(kind, id), 'nothing', request);
	return { deleted: true, id };
}
