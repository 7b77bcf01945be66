import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { location } from '../records/kinds';
import { createProperties, createTextRecord } from '../records/textRecord';

export const description = createProperties(location);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await createTextRecord.call(this, location, itemIndex, request);
}
