import type { INodeProperties } from 'n8n-workflow';

import { resourceDescription } from '../../descriptions/common';
import type { OperationMap } from '../types';
import { unitOperationPicker } from '../orgUnit';
import * as addMembers from './addMembers.operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import { departmentKind } from './kind';
import * as removeMembers from './removeMembers.operation';
import * as update from './update.operation';

export const operations: OperationMap = {
	addMembers,
	create,
	delete: del,
	get,
	getAll,
	removeMembers,
	update,
};

export const description: INodeProperties[] = resourceDescription(
	unitOperationPicker(departmentKind),
	operations,
);
