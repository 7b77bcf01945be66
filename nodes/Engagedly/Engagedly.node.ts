import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resources, resourceProperty } from './actions/resources';
import { route } from './actions/router';
import { methods } from './methods';
import { operationSubtitle } from './subtitle';

export class Engagedly implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Engagedly',
		name: 'engagedly',
		icon: { light: 'file:../../icons/engagedly.svg', dark: 'file:../../icons/engagedly.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(Object.values(resources).flatMap((r) => r.description)),
		description:
			'Manage Engagedly users, departments, businesses, locations, job titles, permissions, praises, learning and certificates',
		defaults: { name: 'Engagedly' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'engagedlyApi', required: true }],
		properties: [resourceProperty, ...Object.values(resources).flatMap((r) => r.description)],
	};

	methods = methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
