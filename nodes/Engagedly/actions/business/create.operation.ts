import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemRequest } from '../../transport/request';
import { business } from '../records/kinds';
import { createFields, createGroup } from '../records/memberGroup';

export const description = createFields(business);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	return await createGroup.call(this, business, itemIndex, request);
}
