import type { INodeProperties } from 'n8n-workflow';

import type { OperationMap } from './types';
import * as user from './user';

export interface ResourceModule {
	operations: OperationMap;
	description: INodeProperties[];
}

/** Resource value (saved in workflows, keep stable) → its operations. */
export const resources: Record<string, ResourceModule> = {
	user,
};

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [{ name: 'User', value: 'user' }],
	default: 'user',
};
