import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { business } from '../records/kinds';
import { createProperties, createGroup } from '../records/memberGroup';

export const description = createProperties(business);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await createGroup.call(this, business, itemIndex, request);
}
