import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** An operation is its fields and what it does with one item; the router does the rest. */
export interface EngagedlyOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

export type OperationMap = Record<string, EngagedlyOperation>;
