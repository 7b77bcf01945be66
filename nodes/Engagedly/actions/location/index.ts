import type { INodeProperties } from 'n8n-workflow';

import { resourceDescription } from '../../descriptions/common';
import type { OperationMap } from '../types';
import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

/** Operation values are saved in workflows: keep them exactly. */
export const operations: OperationMap = { create, delete: deleteOperation, get, getAll, update };

export const description: INodeProperties[] = resourceDescription(
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['location'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a location',
				description: 'Create a location',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a location',
				description: 'Delete a location',
			},
			{ name: 'Get', value: 'get', action: 'Get a location', description: 'Get a location by ID' },
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many locations',
				description: 'List locations',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a location',
				description: 'Change some fields of a location; the others keep their values',
			},
		],
		default: 'getAll',
	},
	operations,
);
