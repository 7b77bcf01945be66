import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, returnAllFields } from '../../descriptions/common';
import { readLimit } from '../../parameters/readers';
import { scanAll } from '../../transport/scan';
import type { ItemScope } from '../../transport/request';

const properties: INodeProperties[] = [...returnAllFields(), optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['permission'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	return await scanAll.call(this, '/permissions', { ...request, limit: readLimit.call(this, itemIndex) });
}
