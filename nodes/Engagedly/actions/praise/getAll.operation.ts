import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, returnAllFields } from '../../descriptions/common';
import { readInstant, readLimit, readOptionalUserId } from '../../parameters/readers';
import { trimmed } from '../../parameters/values';
import { scanAll } from '../../transport/scan';
import { messageReadyOption, praiseFilterProperties } from '../../praises/filterProperties';
import { dateOf, isPinned, newestFirst, praiseFilter, toMessage } from '../../praises/feed';
import type { ItemScope } from '../../transport/request';

const properties: INodeProperties[] = [
	...returnAllFields(),
	filtersCollection([
		{
			displayName: 'Created After',
			name: 'createdAfter',
			type: 'dateTime',
			default: '',
			description:
				'Only praises posted after this moment. Praises come newest first, so paging stops at the first older one that is not pinned (pinned praises may come first whatever their age).',
		},
		...praiseFilterProperties,
	]),
	optionsCollection([messageReadyOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['praise'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const limit = readLimit.call(this, itemIndex);
	const authorId = await readOptionalUserId.call(this, itemIndex, 'filters.author', { label: 'Author', request });
	const recognizedId = await readOptionalUserId.call(this, itemIndex, 'filters.recognizedUser', { label: 'Recognized User', request });
	const tag = trimmed(this.getNodeParameter('filters.tag', itemIndex, ''));
	const messageReady = this.getNodeParameter('options.messageReady', itemIndex, false) as boolean;

	const threshold = readInstant.call(this, itemIndex, 'filters.createdAfter', { label: 'Created After' });
	const matches = praiseFilter({ authorId, recognizedId, tag });
	const notAfter = (praise: IDataObject) => threshold !== undefined && dateOf(praise) <= threshold;

	const praises = await scanAll.call(this, '/activities/praises', {
		...request,
		limit,
		// A pinned praise may stand on top whatever its age: it neither takes a place of the limit
		// nor ends the list, and is put in its place by date below.
		counts: (praise) => !isPinned(praise),
		keep: (praise) => (!matches || matches(praise)) && !(isPinned(praise) && notAfter(praise)),
		// Newest first under the pins: the first other praise not after the threshold ends the list.
		stopAt: threshold === undefined ? undefined : (praise) => !isPinned(praise) && notAfter(praise),
	});
	const newest = newestFirst(praises).slice(0, limit);
	return messageReady ? newest.map(toMessage) : newest;
}
