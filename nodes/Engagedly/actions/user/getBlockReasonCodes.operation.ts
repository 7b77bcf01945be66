import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection } from '../../descriptions/common';
import type { ItemScope } from '../../transport/request';
import { requestList } from '../../transport/request';

const properties: INodeProperties[] = [optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['user'], operation: ['getBlockReasonCodes'] } },
	properties,
);

/** One item per code; the codes are the organisation's own, so they are never hard-coded. */
export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await requestList.call(this, 'GET', '/users/block-reason-codes', request);
}
