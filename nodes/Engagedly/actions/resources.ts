import type { INodeProperties } from 'n8n-workflow';

import * as business from './business';
import * as certificate from './certificate';
import * as department from './department';
import * as jobTitle from './jobTitle';
import * as learnerReport from './learnerReport';
import * as learningResource from './learningResource';
import * as location from './location';
import * as permission from './permission';
import * as praise from './praise';
import type { ResourceModule } from './types';
import * as user from './user';
import * as userAttribute from './userAttribute';

/** Resource value (saved in workflows, keep stable) → its operations. */
export const resources: Record<string, ResourceModule> = {
	business,
	certificate,
	department,
	jobTitle,
	learnerReport,
	learningResource,
	location,
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
		{ name: 'Business', value: 'business' },
		{ name: 'Certificate', value: 'certificate' },
		{ name: 'Department', value: 'department' },
		{ name: 'Job Title', value: 'jobTitle' },
		{ name: 'Learner Report', value: 'learnerReport' },
		{ name: 'Learning Resource', value: 'learningResource' },
		{ name: 'Location', value: 'location' },
		{ name: 'Permission', value: 'permission' },
		{ name: 'Praise', value: 'praise' },
		{ name: 'User', value: 'user' },
		{ name: 'User Attribute', value: 'userAttribute' },
	],
	default: 'user',
};
