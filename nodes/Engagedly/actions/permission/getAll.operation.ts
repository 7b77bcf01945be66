import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, returnAllFields } from '../../descriptions/common';
import { readLimit } from '../../parameters/readers';
import { paginate } from '../../transport/paginate';

const properties: INodeProperties[] = [...returnAllFields(), optionsCollection()];

export const description = updateDisplayOptions(
	{ show: { resource: ['permission'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await paginate.call(this, '/permissions', { itemIndex, limit: readLimit.call(this, itemIndex) });
}
