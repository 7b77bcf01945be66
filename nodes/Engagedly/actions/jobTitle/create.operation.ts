import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { jobTitle } from '../records/kinds';
import { createProperties, createTextRecord } from '../records/textRecord';

export const description = createProperties(jobTitle);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await createTextRecord.call(this, jobTitle, itemIndex, request);
}
