import type { INodeProperties } from 'n8n-workflow';

import * as certificate from './certificate';
import * as learnerReport from './learnerReport';
import * as learningResource from './learningResource';
import * as permission from './permission';
import * as praise from './praise';
import type { OperationMap } from './types';
import * as user from './user';
import * as userAttribute from './userAttribute';

export interface ResourceModule {
	operations: OperationMap;
	description: INodeProperties[];
}

/** Resource value (saved in workflows, keep stable) → its operations. */
export const resources: Record<string, ResourceModule> = {
	certificate,
	learnerReport,
	learningResource,
	permission,
	praise,
	user,
	userAttribute,
};

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Certificate', value: 'certificate' },
		{ name: 'Learner Report', value: 'learnerReport' },
		{ name: 'Learning Resource', value: 'learningResource' },
		{ name: 'Permission', value: 'permission' },
		{ name: 'Praise', value: 'praise' },
		{ name: 'User', value: 'user' },
		{ name: 'User Attribute', value: 'userAttribute' },
	],
	default: 'user',
};
