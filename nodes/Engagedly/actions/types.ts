import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemRequest } from '../transport/request';

/**
 * An operation is its fields and what it does with one item; the router does the rest. It reads
 * its parameters with `itemIndex` and hands `request` to every call of the transport.
 */
export interface ItemOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest): Promise<IDataObject | IDataObject[]>;
}

/**
 * One output item of an operation that takes every input item at once: its JSON and the input
 * item it comes from (`item`; undefined for a result no input item stands for, such as a user a
 * sync deactivated because no item named them), or an error of one input item (or of a record
 * no item stands for: `user` says which), which becomes a `continueOnFail`-style error item
 * while the rest of the run goes on.
 */
export type BatchResult =
	| { json: IDataObject; item?: number }
	| { error: Error; item: number }
	| { error: Error; user: IDataObject };

/**
 * An operation that needs every item before it can act (Sync reads the directory once for all
 * of them and deactivates whoever no item names). Run-wide settings are read from item 0; each
 * item's own fields with its index. `request` is item 0's; per-item calls pass their own index.
 */
export interface BatchOperation {
	description: INodeProperties[];
	executeAll(this: IExecuteFunctions, itemCount: number, request: ItemRequest): Promise<BatchResult[]>;
}

export type EngagedlyOperation = ItemOperation | BatchOperation;

export type OperationMap = Record<string, EngagedlyOperation>;

/** A resource: its Operation picker and each operation's fields, and the operations by value. */
export interface ResourceModule {
	operations: OperationMap;
	description: INodeProperties[];
}
