import type { INodeProperties } from 'n8n-workflow';

import { resourceDescription } from '../../descriptions/common';
import { flatOperationPicker } from '../flatRecord';
import type { OperationMap } from '../types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import { locationKind } from './kind';
import * as update from './update.operation';

export const operations: OperationMap = { create, delete: del, get, getAll, update };

export const description: INodeProperties[] = resourceDescription(
	flatOperationPicker(locationKind),
	operations,
);
