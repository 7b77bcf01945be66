import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, returnAllFields, userLocator } from '../../descriptions/common';
import { readDay, readLimit, readOptionalUserId } from '../../parameters/readers';
import { compact } from '../../parameters/values';
import { scanAll } from '../../transport/scan';
import type { ItemScope } from '../../transport/request';

const properties: INodeProperties[] = [
	...returnAllFields(),
	filtersCollection([
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			description: 'Only certificates that end on or before this day (ones that never expire are left out)',
		},
		{
			displayName: 'Search Term',
			name: 'term',
			type: 'string',
			default: '',
			description: 'Only certificates whose name or issuing authority contains this text',
		},
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			description: 'Only certificates issued on or after this day',
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			default: 'active',
			options: [
				{ name: 'Active', value: 'active', description: 'Still valid, or never expires' },
				{ name: 'Expired', value: 'expired' },
			],
		},
		{
			...userLocator({ name: 'user', required: false }),
			description: "Whose certificates to list. Without it, Engagedly lists those of the API key's owner.",
		},
	]),
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['certificate'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const limit = readLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const userId = await readOptionalUserId.call(this, itemIndex, 'filters.user', { request });
	const startDate = readDay.call(this, itemIndex, 'filters.startDate', { label: 'Start Date' });
	const endDate = readDay.call(this, itemIndex, 'filters.endDate', { label: 'End Date' });
	return await scanAll.call(this, '/certificates', {
		...request,
		limit,
		qs: compact({
			user_id: userId,
			term: typeof filters.term === 'string' ? filters.term.trim() : undefined,
			start_date: startDate,
			end_date: endDate,
			status: filters.status,
		}),
	});
}
