import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { department } from '../records/kinds';
import { getRecord, pickRecord } from '../records/record';

export const description = pickRecord(department, 'get');

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await getRecord.call(this, department, itemIndex, request);
}
