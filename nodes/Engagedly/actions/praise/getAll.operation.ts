import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, returnAllFields, userLocator } from '../../descriptions/common';
import { readInstant, readLimit, readOptionalUserId } from '../../parameters/readers';
import { trimmed } from '../../parameters/values';
import { paginate } from '../../transport/paginate';
import { toMessage } from './shared';
import type { ItemRequest } from '../../transport/request';

const properties: INodeProperties[] = [
	...returnAllFields(),
	filtersCollection([
		{ ...userLocator({ name: 'author', displayName: 'Author', required: false }), description: 'Only praises written by this user' },
		{
			displayName: 'Created After',
			name: 'createdAfter',
			type: 'dateTime',
			default: '',
			description:
				'Only praises posted after this moment. Praises come newest first, so paging stops at the first older one.',
		},
		{
			...userLocator({ name: 'recognizedUser', displayName: 'Recognized User', required: false }),
			description: 'Only praises that recognise this user',
		},
		{
			displayName: 'Tag',
			name: 'tag',
			type: 'string',
			default: '',
			placeholder: 'e.g. teamwork',
			description: 'Only praises carrying this tag, by its code or its label (case does not matter)',
		},
	]),
	optionsCollection([
		{
			displayName: 'Message-Ready Output',
			name: 'messageReady',
			type: 'boolean',
			default: false,
			description:
				'Whether to return each praise flattened for posting to chat: author, recognized names, plain-text content, tag labels and link',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['praise'], operation: ['getAll'] } },
	properties,
);

const idsOf = (people: unknown): string[] =>
	Array.isArray(people) ? people.map((person) => String((person as IDataObject)?.id ?? '')) : [];

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemRequest) {
	const limit = readLimit.call(this, itemIndex);
	const authorId = await readOptionalUserId.call(this, 'filters.author', request, 'Author');
	const recognizedId = await readOptionalUserId.call(this, 'filters.recognizedUser', request, 'Recognized User');
	const tag = trimmed(this.getNodeParameter('filters.tag', itemIndex, '')).toLowerCase();
	const messageReady = this.getNodeParameter('options.messageReady', itemIndex, false) as boolean;

	const createdAfter = readInstant.call(this, 'filters.createdAfter', 'Created After', itemIndex);

	const keep = (praise: IDataObject): boolean => {
		if (authorId && String((praise.author as IDataObject | null)?.id ?? '') !== authorId) return false;
		if (recognizedId && !idsOf(praise.recognized_actors).includes(recognizedId)) return false;
		if (tag) {
			const tags = Array.isArray(praise.tags) ? (praise.tags as IDataObject[]) : [];
			const match = tags.some(
				(t) => String(t?.code ?? '').toLowerCase() === tag || String(t?.label ?? '').toLowerCase() === tag,
			);
			if (!match) return false;
		}
		return true;
	};
	const filtered = Boolean(authorId || recognizedId || tag);
	const threshold = createdAfter;

	const praises = await paginate.call(this, '/activities/praises', {
		...request,
		limit,
		keep: filtered ? keep : undefined,
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
