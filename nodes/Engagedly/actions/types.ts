import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemRequest } from '../transport/request';

/**
 * An operation is its fields and what it does with one item; the router does the rest. It reads
 * its parameters with `itemIndex` and hands `request` to every call of the transport.
 */
export interface EngagedlyOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest): Promise<IDataObject | IDataObject[]>;
}

export type OperationMap = Record<string, EngagedlyOperation>;

/** A resource: its Operation picker and each operation's fields, and the operations by value. */
export interface ResourceModule {
	operations: OperationMap;
	description: INodeProperties[];
}
