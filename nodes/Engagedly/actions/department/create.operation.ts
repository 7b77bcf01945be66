import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { department } from '../records/kinds';
import { createProperties, createGroup } from '../records/memberGroup';

export const description = createProperties(department);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await createGroup.call(this, department, itemIndex, request);
}
