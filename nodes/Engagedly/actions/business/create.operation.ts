import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemRequest } from '../../transport/request';
import { business } from '../records/kinds';
import { createProperties, createGroup } from '../records/memberGroup';

export const description = createProperties(business);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	return await createGroup.call(this, business, itemIndex, request);
}
