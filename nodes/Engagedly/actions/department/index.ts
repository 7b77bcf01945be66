import type { INodeProperties } from 'n8n-workflow';

import { resourceDescription } from '../../descriptions/common';
import type { OperationMap } from '../types';
import * as addMembers from './addMembers.operation';
import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as removeMembers from './removeMembers.operation';
import * as update from './update.operation';

/** Operation values are saved in workflows: keep them exactly. */
export const operations: OperationMap = {
	addMembers,
	create,
	delete: deleteOperation,
	get,
	getAll,
	removeMembers,
	update,
};

export const description: INodeProperties[] = resourceDescription(
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['department'] } },
		options: [
			{
				name: 'Add Members',
				value: 'addMembers',
				action: 'Add members to a department',
				description: 'Add users to a department, keeping its current members',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a department',
				description: 'Create a department',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a department',
				description: 'Delete a department',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a department',
				description: 'Get a department with its members',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many departments',
				description: 'List departments',
			},
			{
				name: 'Remove Members',
				value: 'removeMembers',
				action: 'Remove members from a department',
				description: 'Remove users from a department, keeping the other members',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a department',
				description:
					'Rename a department or replace its members; fields left out keep their values',
			},
		],
		default: 'getAll',
	},
	operations,
);
