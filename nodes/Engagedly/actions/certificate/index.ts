import type { INodeProperties } from 'n8n-workflow';

import { resourceDescription } from '../../descriptions/common';
import type { OperationMap } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations: OperationMap = { get, getAll };

export const description: INodeProperties[] = resourceDescription(
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['certificate'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a certificate', description: 'Get one certificate by ID' },
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many certificates',
				description: "List a user's certificates",
			},
		],
		default: 'getAll',
	},
	operations,
);
