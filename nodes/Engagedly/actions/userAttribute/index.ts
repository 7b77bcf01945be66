import type { INodeProperties } from 'n8n-workflow';

import { resourceDescription } from '../../descriptions/common';
import type { OperationMap } from '../types';
import * as getAll from './getAll.operation';

export const operations: OperationMap = { getAll };

export const description: INodeProperties[] = resourceDescription(
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['userAttribute'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many user attributes',
				description: 'List the definitions of system and custom user attributes',
			},
		],
		default: 'getAll',
	},
	operations,
);
