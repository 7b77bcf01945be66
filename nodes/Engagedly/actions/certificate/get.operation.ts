import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection } from '../../descriptions/common';
import { readWholeNumberId } from '../../parameters/readers';
import { apiPath } from '../../transport/paths';
import type { ItemScope } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import { certificateLocator } from './shared';

const properties: INodeProperties[] = [certificateLocator(), optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['certificate'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const id = readWholeNumberId.call(this, itemIndex, 'certificateId', {
		noun: 'certificate',
		hint: 'Pick the certificate from the list, or enter its numeric ID.',
	});
	return await requestRecord.call(this, 'GET', apiPath`/certificates/${id}`, request);
}
