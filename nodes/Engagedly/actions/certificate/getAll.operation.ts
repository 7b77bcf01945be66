import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	compact,
	filtersCollection,
	optionsCollection,
	readLimit,
	readOptionalId,
	returnAllFields,
	toApiDay,
	userLocator,
} from '../../descriptions/common';
import { paginate } from '../../transport/paginate';

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

function readDay(this: IExecuteFunctions, filters: IDataObject, name: string, label: string, itemIndex: number) {
	const value = filters[name];
	if (value === undefined || value === null || value === '') return undefined;
	const day = toApiDay(value, { anyDateText: true });
	if (day === undefined) {
		throw new NodeOperationError(this.getNode(), `${label} is not a date: "${String(value)}"`, {
			itemIndex,
			description: `Pick a day, or write it as YYYY-MM-DD (e.g. 2026-03-01).`,
		});
	}
	return day;
}

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const limit = readLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const userId = readOptionalId.call(this, 'filters.user', itemIndex, 'user');
	const startDate = readDay.call(this, filters, 'startDate', 'Start Date', itemIndex);
	const endDate = readDay.call(this, filters, 'endDate', 'End Date', itemIndex);
	return await paginate.call(this, '/certificates', {
		itemIndex,
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
