import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { business } from '../records/kinds';
import { getRecord, pickRecord } from '../records/record';

export const description = pickRecord(business, 'get');

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await getRecord.call(this, business, itemIndex, request);
}
