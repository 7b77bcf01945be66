import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { location } from '../records/kinds';
import { deleteRecord, pickRecord } from '../records/record';

export const description = pickRecord(location, 'delete');

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await deleteRecord.call(this, location, itemIndex, request);
}
