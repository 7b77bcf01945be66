import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { business } from '../records/kinds';
import { updateFields, updateGroup } from '../records/memberGroup';

export const description = updateFields(business);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await updateGroup.call(this, business, itemIndex, request);
}
