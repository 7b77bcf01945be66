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
		displayOptions: { show: { resource: ['permission'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many permissions',
				description: 'List the permissions defined in the organisation',
			},
		],
		default: 'getAll',
	},
	operations,
);
