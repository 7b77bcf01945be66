import type { INodeProperties } from 'n8n-workflow';

import * as business from './business';
import * as department from './department';
import * as jobTitle from './jobTitle';
import * as location from './location';
import type { OperationMap } from './types';
import * as user from './user';

export interface ResourceModule {
	operations: OperationMap;
	description: INodeProperties[];
}

/** Resource value (saved in workflows, keep stable) → its operations. */
export const resources: Record<string, ResourceModule> = {
	business,
	department,
	jobTitle,
	location,
	user,
};

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Business', value: 'business' },
		{ name: 'Department', value: 'department' },
		{ name: 'Job Title', value: 'jobTitle' },
		{ name: 'Location', value: 'location' },
		{ name: 'User', value: 'user' },
	],
	default: 'user',
};
