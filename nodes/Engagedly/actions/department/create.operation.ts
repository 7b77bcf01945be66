import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemRequest } from '../../transport/request';
import { department } from '../records/kinds';
import { createProperties, createGroup } from '../records/memberGroup';

export const description = createProperties(department);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	return await createGroup.call(this, department, itemIndex, request);
}
