import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { jobTitle } from '../records/kinds';
import { getRecord, pickRecord } from '../records/record';
import { withStringId } from '../records/textRecord';

export const description = pickRecord(jobTitle, 'get');

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return withStringId(await getRecord.call(this, jobTitle, itemIndex, request));
}
