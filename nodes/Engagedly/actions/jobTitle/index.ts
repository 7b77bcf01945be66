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
		displayOptions: { show: { resource: ['jobTitle'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a job title',
				description: 'Create a job title',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a job title',
				description: 'Delete a job title',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a job title',
				description: 'Get a job title by ID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many job titles',
				description: 'List job titles',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a job title',
				description: 'Change some fields of a job title; the others keep their values',
			},
		],
		default: 'getAll',
	},
	operations,
);
