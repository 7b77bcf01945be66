import type { INodeProperties } from 'n8n-workflow';

import { resourceDescription } from '../../descriptions/common';
import type { OperationMap } from '../types';
import * as getAll from './getAll.operation';
import * as getContents from './getContents.operation';

export const operations: OperationMap = { getAll, getContents };

export const description: INodeProperties[] = resourceDescription(
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['learningResource'] } },
		options: [
			{
				name: 'Get Contents',
				value: 'getContents',
				action: 'Get the contents of a learning resource',
				description: 'Get the sections and units of a course, or the resources of a playlist',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many learning resources',
				description: 'List courses and playlists',
			},
		],
		default: 'getAll',
	},
	operations,
);
