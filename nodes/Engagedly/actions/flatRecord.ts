import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	optionsCollection,
	readId,
	readLimit,
	resourceLocator,
	returnAllFields,
} from '../descriptions/common';
import { paginate } from '../transport/paginate';
import { engagedlyRequest } from '../transport/request';
import type { EngagedlyOperation } from './types';

/**
 * Locations and job titles: a name plus a few text fields, written whole by PUT. Their operations
 * are built here once; each resource folder lists its own fields (the only place their API names
 * appear) and picks its operations.
 */
export interface FlatField {
	/** Editor name (camelCase). */
	name: string;
	/** API name (snake_case). */
	wire: string;
	displayName: string;
	description: string;
	/** Multi-line text box. */
	long?: boolean;
}

export interface FlatKind {
	resource: string;
	path: string;
	noun: string;
	plural: string;
	locatorName: string;
	searchListMethod: string;
	/** Every field but `name`, which all of them have and which is mandatory. */
	fields: FlatField[];
}

export type FlatOperationName = 'create' | 'get' | 'getAll' | 'update' | 'delete';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function fieldProperty(field: FlatField): INodeProperties {
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

const text = (value: unknown) =>
	value === null || value === undefined ? '' : String(value).trim();

function readName(
	this: IExecuteFunctions,
	raw: unknown,
	kind: FlatKind,
	itemIndex: number,
): string {
	const name = text(raw);
	if (!name) {
		throw new NodeOperationError(this.getNode(), `The ${kind.noun} name is empty`, {
			itemIndex,
			description: `Enter a name for the ${kind.noun}; Engagedly requires one.`,
		});
	}
	return name;
}

function show(
	kind: FlatKind,
	operation: FlatOperationName,
	properties: INodeProperties[],
): INodeProperties[] {
	return updateDisplayOptions(
		{ show: { resource: [kind.resource], operation: [operation] } },
		properties,
	);
}

function locator(kind: FlatKind): INodeProperties {
	return resourceLocator({
		name: kind.locatorName,
		displayName: kind.noun.split(' ').map(capitalise).join(' '),
		noun: kind.noun,
		searchListMethod: kind.searchListMethod,
	});
}

const recordUrl = (kind: FlatKind, id: string) => `${kind.path}/${encodeURIComponent(id)}`;

const readRecordId = (context: IExecuteFunctions, kind: FlatKind, itemIndex: number) =>
	readId.call(context, kind.locatorName, itemIndex, kind.noun);

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
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const body: IDataObject = {
				name: readName.call(this, this.getNodeParameter('name', itemIndex, ''), kind, itemIndex),
			};
			const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
			for (const field of kind.fields) {
				const value = text(extra[field.name]);
				if (value) body[field.wire] = value;
			}
			const response = await engagedlyRequest.call(this, 'POST', kind.path, { itemIndex, body });
			return withStringId((response.data ?? {}) as IDataObject);
		},
	};
}

function get(kind: FlatKind): EngagedlyOperation {
	return {
		description: show(kind, 'get', [locator(kind), optionsCollection()]),
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const id = readRecordId(this, kind, itemIndex);
			const response = await engagedlyRequest.call(this, 'GET', recordUrl(kind, id), { itemIndex });
			return withStringId((response.data ?? {}) as IDataObject);
		},
	};
}

function getAll(kind: FlatKind): EngagedlyOperation {
	return {
		description: show(kind, 'getAll', [...returnAllFields(), optionsCollection()]),
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const records = await paginate.call(this, kind.path, {
				itemIndex,
				limit: readLimit.call(this, itemIndex),
			});
			return records.map(withStringId);
		},
	};
}

function update(kind: FlatKind): EngagedlyOperation {
	return {
		description: show(kind, 'update', [
			locator(kind),
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
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const id = readRecordId(this, kind, itemIndex);
			const set = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
			const all = [{ name: 'name', wire: 'name' }, ...kind.fields];
			if (!all.some((field) => set[field.name] !== undefined)) {
				throw new NodeOperationError(this.getNode(), 'Nothing to update', {
					itemIndex,
					description: `Add at least one field under Update Fields; the ${kind.noun} is left as it is otherwise.`,
				});
			}
			if (set.name !== undefined) readName.call(this, set.name, kind, itemIndex);
			// The API's PUT takes the whole record and clears what it is not sent, so the current
			// record is read first and every field the user did not set is sent back unchanged.
			const current = (await engagedlyRequest.call(this, 'GET', recordUrl(kind, id), { itemIndex }))
				.data as IDataObject | undefined;
			const body: IDataObject = {};
			for (const field of all) {
				if (set[field.name] !== undefined) {
					// Sent even when empty: that is how a field is cleared on purpose.
					body[field.wire] = text(set[field.name]);
				} else {
					const kept = text(current?.[field.wire]);
					if (kept) body[field.wire] = kept;
				}
			}
			const response = await engagedlyRequest.call(this, 'PUT', recordUrl(kind, id), {
				itemIndex,
				body,
			});
			return withStringId((response.data ?? {}) as IDataObject);
		},
	};
}

function remove(kind: FlatKind): EngagedlyOperation {
	return {
		description: show(kind, 'delete', [locator(kind), optionsCollection()]),
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const id = readRecordId(this, kind, itemIndex);
			await engagedlyRequest.call(this, 'DELETE', recordUrl(kind, id), { itemIndex });
			return { deleted: true, id };
		},
	};
}

export function flatOperations(kind: FlatKind): Record<FlatOperationName, EngagedlyOperation> {
	return {
		create: create(kind),
		get: get(kind),
		getAll: getAll(kind),
		update: update(kind),
		delete: remove(kind),
	};
}

export function flatOperationPicker(kind: FlatKind): INodeProperties {
	const noun = kind.noun;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [kind.resource] } },
		options: [
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
			{ name: 'Get', value: 'get', action: `Get a ${noun}`, description: `Get a ${noun} by ID` },
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
				description: `Change some fields of a ${noun}; the others keep their values`,
			},
		],
		default: 'getAll',
	};
}
