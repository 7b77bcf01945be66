import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { business } from '../records/kinds';
import { listFields, listGroups } from '../records/memberGroup';

export const description = listFields(business);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await listGroups.call(this, business, itemIndex, request);
}
