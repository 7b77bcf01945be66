import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, returnAllFields } from '../../descriptions/common';
import { readLimit } from '../../parameters/readers';
import type { ItemScope } from '../../transport/request';
import { requestList } from '../../transport/request';

const properties: INodeProperties[] = [
	...returnAllFields(),
	filtersCollection([
		{
			displayName: 'Kind',
			name: 'kind',
			type: 'options',
			default: 'custom',
			description: 'Keep only the attributes the organisation defined, or only the built-in ones',
			options: [
				{
					name: 'Custom Only',
					value: 'custom',
					description: 'Attributes defined by the organisation (keys custom-attribute-…)',
				},
				{ name: 'System Only', value: 'system', description: 'Built-in attributes such as email or title' },
			],
		},
	]),
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['userAttribute'], operation: ['getAll'] } },
	properties,
);

/** The definitions come in one unpaginated list, so kind and limit are applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const limit = readLimit.call(this, itemIndex);
	const kind = this.getNodeParameter('filters.kind', itemIndex, '') as string;
	let attributes = await requestList.call(this, 'GET', '/user-attributes', request);
	// `preset` is true for system attributes, false for the organisation's own.
	if (kind === 'custom') attributes = attributes.filter((a) => a.preset === false);
	if (kind === 'system') attributes = attributes.filter((a) => a.preset === true);
	return attributes.slice(0, limit);
}
