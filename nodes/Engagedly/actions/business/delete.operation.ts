import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { business } from '../records/kinds';
import { deleteRecord, pickRecord } from '../records/record';

export const description = pickRecord(business, 'delete');

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await deleteRecord.call(this, business, itemIndex, request);
}
