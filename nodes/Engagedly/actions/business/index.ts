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
		displayOptions: { show: { resource: ['business'] } },
		options: [
			{
				name: 'Add Members',
				value: 'addMembers',
				action: 'Add members to a business',
				description: 'Add users to a business, keeping its current members',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a business',
				description: 'Create a business',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a business',
				description: 'Delete a business',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a business',
				description: 'Get a business with its members',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many businesses',
				description: 'List businesses',
			},
			{
				name: 'Remove Members',
				value: 'removeMembers',
				action: 'Remove members from a business',
				description: 'Remove users from a business, keeping the other members',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a business',
				description: 'Rename a business or replace its members; fields left out keep their values',
			},
		],
		default: 'getAll',
	},
	operations,
);
