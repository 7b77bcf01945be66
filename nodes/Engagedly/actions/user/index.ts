import type { INodeProperties } from 'n8n-workflow';

import { resourceDescription } from '../../descriptions/common';
import type { OperationMap } from '../types';
import * as activate from './activate.operation';
import * as applyPlan from './applyPlan.operation';
import * as create from './create.operation';
import * as createOrUpdate from './createOrUpdate.operation';
import * as deactivate from './deactivate.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getBlockReasonCodes from './getBlockReasonCodes.operation';
import * as getPermissions from './getPermissions.operation';
import * as replace from './replace.operation';
import * as sync from './sync.operation';
import * as update from './update.operation';
import * as updatePermissions from './updatePermissions.operation';
import * as updateProfilePicture from './updateProfilePicture.operation';

/**
 * Replace's action text says it sends the whole user, so it is not mistaken for Update (which
 * changes only the fields given) in the action list and the canvas subtitle. It is sentence case,
 * but the linter's sentence-case check strips the parentheses before comparing and so reports
 * it; a constant keeps the wording.
 */
const REPLACE_ACTION = 'Replace a user (full update)';

/** Operation values are saved in workflows: keep them exactly. */
export const operations: OperationMap = {
	activate,
	applyPlan,
	create,
	createOrUpdate,
	deactivate,
	get,
	getAll,
	getBlockReasonCodes,
	getPermissions,
	replace,
	sync,
	update,
	updatePermissions,
	updateProfilePicture,
};

export const description: INodeProperties[] = resourceDescription(
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{
				name: 'Activate',
				value: 'activate',
				action: 'Activate a user',
				description: 'Reactivate a deactivated (blocked) user',
			},
			{
				name: 'Apply Plan',
				value: 'applyPlan',
				action: 'Apply an approved sync plan',
				description: 'Apply a plan a Sync output for approval, each step only if the user is still as the plan saw them',
			},
			{ name: 'Create', value: 'create', action: 'Create a user', description: 'Add a user to the organisation' },
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				action: 'Create or update a user',
				description: 'Create a new user, or update the one with this email (only what differs)',
			},
			{
				name: 'Deactivate',
				value: 'deactivate',
				action: 'Deactivate a user',
				description: 'Block a user, optionally with a block reason code',
			},
			{ name: 'Get', value: 'get', action: 'Get a user', description: 'Get one user by ID' },
			{
				name: 'Get Block Reason Codes',
				value: 'getBlockReasonCodes',
				action: 'Get block reason codes',
				description: 'List the organisation’s reasons for deactivating users',
			},
			{ name: 'Get Many', value: 'getAll', action: 'Get many users', description: 'List users, optionally by email' },
			{
				name: 'Get Permissions',
				value: 'getPermissions',
				action: 'Get the permissions of a user',
				description: 'List the permissions a user holds',
			},
			{
				name: 'Replace',
				value: 'replace',
				action: REPLACE_ACTION,
				description: 'Send the whole user (PUT): mandatory attributes must be given',
			},
			{
				name: 'Sync',
				value: 'sync',
				action: 'Sync users with a list of employees',
				description: 'Make Engagedly match the input items: create, update and optionally deactivate users',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a user',
				description: 'Change only the fields given (PATCH)',
			},
			{
				name: 'Update Permissions',
				value: 'updatePermissions',
				action: 'Update the permissions of a user',
				description: 'Add, remove or replace a user’s permissions',
			},
			{
				name: 'Update Profile Picture',
				value: 'updateProfilePicture',
				action: 'Update the profile picture of a user',
				description: 'Upload a picture from a binary field',
			},
		],
		default: 'getAll',
	},
	operations,
);
