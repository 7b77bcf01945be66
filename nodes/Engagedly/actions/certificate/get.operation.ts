import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, readId } from '../../descriptions/common';
import { engagedlyRequest } from '../../transport/request';
import { certificateLocator } from './shared';

const properties: INodeProperties[] = [certificateLocator(), optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['certificate'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const id = readId.call(this, 'certificateId', itemIndex, 'certificate');
	if (!/^\d+$/.test(id)) {
		throw new NodeOperationError(this.getNode(), `Certificate ID must be a whole number (got "${id}")`, {
			itemIndex,
			description: 'Pick the certificate from the list, or enter its numeric ID.',
		});
	}
	const body = await engagedlyRequest.call(this, 'GET', `/certificates/${encodeURIComponent(id)}`, { itemIndex });
	return body.data as never;
}
