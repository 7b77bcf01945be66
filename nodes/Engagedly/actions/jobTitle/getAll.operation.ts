import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { jobTitle } from '../records/kinds';
import { listFields, listTextRecords } from '../records/textRecord';

export const description = listFields(jobTitle);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await listTextRecords.call(this, jobTitle, itemIndex, request);
}
