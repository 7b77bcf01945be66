import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, resourceLocator } from '../../descriptions/common';
import { readId } from '../../parameters/readers';
import { capitalise } from '../../parameters/values';
import { segment } from '../../transport/paths';
import type { ItemRequest } from '../../transport/request';
import { engagedlyRequest, requestRecord } from '../../transport/request';
import type { EngagedlyOperation } from '../types';
import type { RecordKind } from './kinds';

/**
 * What every structure record shares, whatever its shape: the record picker, Get, Delete,
 * reading the current record, and the Operation picker. (The mandatory name is read by
 * readName in parameters/readers.ts, like every other parameter.)
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
	request: ItemRequest,
): Promise<IDataObject> {
	return await requestRecord.call(this, 'GET', recordUrl(kind, id), request);
}

/** Get one record; `shape` is for kinds whose answers need adjusting. */
export function getOperation(
	kind: RecordKind,
	shape: (record: IDataObject) => IDataObject = (record) => record,
): EngagedlyOperation {
	return {
		description: show(kind, 'get', [recordLocator(kind), optionsCollection()]),
		async execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
			const id = readId.call(this, itemIndex, kind.locatorName, { noun: kind.noun });
			return shape(await readRecord.call(this, kind, id, request));
		},
	};
}

export function deleteOperation(kind: RecordKind): EngagedlyOperation {
	return {
		description: show(kind, 'delete', [recordLocator(kind), optionsCollection()]),
		async execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
			const id = readId.call(this, itemIndex, kind.locatorName, { noun: kind.noun });
			await engagedlyRequest.call(this, 'DELETE', recordUrl(kind, id), 'nothing', request);
			return { deleted: true, id };
		},
	};
}

/**
 * The Operation picker: Create, Delete, Get, Get Many and Update, which every kind has (only
 * what Get and Update say differs), plus the kind's own operations, in name order.
 */
export function recordOperationPicker(
	kind: RecordKind,
	descriptions: { get: string; update: string },
	extra: INodePropertyOptions[] = [],
): INodeProperties {
	const noun = kind.noun;
	const options: INodePropertyOptions[] = [
		{
			name: 'Create',
			value: 'create',
			action: `Create a ${noun}`,
			description: `Create a ${noun}`,
		},
		{
			name: 'Delete',
			value: 'delete',
			action: `Delete a ${noun}`,
			description: `Delete a ${noun}`,
		},
		{ name: 'Get', value: 'get', action: `Get a ${noun}`, description: descriptions.get },
		{
			name: 'Get Many',
			value: 'getAll',
			action: `Get many ${kind.plural}`,
			description: `List ${kind.plural}`,
		},
		{
			name: 'Update',
			value: 'update',
			action: `Update a ${noun}`,
			description: descriptions.update,
		},
		...extra,
	];
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [kind.resource] } },
		options: options.sort((a, b) => a.name.localeCompare(b.name)),
		default: 'getAll',
	};
}
