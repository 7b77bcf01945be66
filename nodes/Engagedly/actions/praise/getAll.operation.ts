import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, returnAllFields } from '../../descriptions/common';
import { readInstant, readLimit, readOptionalUserId } from '../../parameters/readers';
import { trimmed } from '../../parameters/values';
import { paginate } from '../../transport/paginate';
import { messageReadyOption, praiseFilterFields } from './fields';
import { praiseFilter, toMessage } from './shared';
import type { ItemRequest } from '../../transport/request';

const properties: INodeProperties[] = [
	...returnAllFields(),
	filtersCollection([
		{
			displayName: 'Created After',
			name: 'createdAfter',
			type: 'dateTime',
			default: '',
			description:
				'Only praises posted after this moment. Praises come newest first, so paging stops at the first older one.',
		},
		...praiseFilterFields,
	]),
	optionsCollection([messageReadyOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['praise'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	const limit = readLimit.call(this, itemIndex);
	const authorId = await readOptionalUserId.call(this, itemIndex, 'filters.author', { label: 'Author', request });
	const recognizedId = await readOptionalUserId.call(this, itemIndex, 'filters.recognizedUser', { label: 'Recognized User', request });
	const tag = trimmed(this.getNodeParameter('filters.tag', itemIndex, ''));
	const messageReady = this.getNodeParameter('options.messageReady', itemIndex, false) as boolean;

	const createdAfter = readInstant.call(this, itemIndex, 'filters.createdAfter', { label: 'Created After' });

	const keep = praiseFilter({ authorId, recognizedId, tag });
	const threshold = createdAfter;

	const praises = await paginate.call(this, '/activities/praises', {
		...request,
		limit,
		keep,
		// Newest first: the first praise not after the threshold ends the list.
		stopAt:
			threshold === undefined
				? undefined
				: (praise) => {
						const at = Date.parse(String(praise.activity_date ?? ''));
						return !Number.isNaN(at) && at <= threshold;
					},
	});
	return messageReady ? praises.map(toMessage) : praises;
}
