import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** An operation is its fields and what it does with one item; the router does the rest. */
export interface EngagedlyOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

export type OperationMap = Record<string, EngagedlyOperation>;

/** A resource: its Operation picker and each operation's fields, and the operations by value. */
export interface ResourceModule {
	operations: OperationMap;
	description: INodeProperties[];
}
