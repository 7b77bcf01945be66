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
		displayOptions: { show: { resource: ['learnerReport'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many learner report rows',
				description: "List every learner's enrolments in courses and playlists, with progress",
			},
		],
		default: 'getAll',
	},
	operations,
);
