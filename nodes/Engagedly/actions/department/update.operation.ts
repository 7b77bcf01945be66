import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { department } from '../records/kinds';
import { updateFields, updateGroup } from '../records/memberGroup';

export const description = updateFields(department);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await updateGroup.call(this, department, itemIndex, request);
}
