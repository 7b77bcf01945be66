import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemScope } from '../transport/request';

/**
 * An operation is its fields and what it does with one item; the router does the rest. It reads
 * its parameters with `itemIndex` and hands `request` to every call of the transport.
 */
export interface ItemOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope): Promise<IDataObject | IDataObject[]>;
}

/**
 * One output item of an operation that takes every input item at once: its JSON and the input
 * items it comes from (`item`: one, several for a summary of them all, or undefined for a result
 * no input item stands for, such as a user a sync deactivated because no item named them), or an
 * error of one input item (or of a record no item stands for: `user` says which).
 */
export type BatchFailure = { error: Error; item: number } | { error: Error; user: IDataObject };

export type BatchResult = { json: IDataObject; item?: number | number[] } | BatchFailure;

/**
 * What such a run did: its output, and a one-line tally of it (what was written, what failed)
 * for the error that ends a run in which anything failed without "Continue On Fail".
 */
export interface BatchRun {
	results: BatchResult[];
	tally: string;
	/** What became of everything that did not fail (the error says it): written, or not (a dry run). */
	rest: string;
}

/**
 * An operation that needs every item before it can act (Sync reads the directory once for all
 * of them and deactivates whoever no item names). Run-wide settings are read from item 0; each
 * item's own fields with its index. `request` is item 0's; per-item calls pass their own index.
 */
export interface BatchOperation {
	description: INodeProperties[];
	executeAll(this: IExecuteFunctions, itemCount: number, request: ItemScope): Promise<BatchRun>;
}

export type EngagedlyOperation = ItemOperation | BatchOperation;

export type OperationMap = Record<string, EngagedlyOperation>;

/** A resource: its Operation picker and each operation's fields, and the operations by value. */
export interface ResourceModule {
	operations: OperationMap;
	description: INodeProperties[];
}
