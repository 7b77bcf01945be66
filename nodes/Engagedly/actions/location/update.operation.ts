import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import { location } from '../records/kinds';
import { updateFields, updateTextRecord } from '../records/textRecord';

export const description = updateFields(location);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await updateTextRecord.call(this, location, itemIndex, request);
}
