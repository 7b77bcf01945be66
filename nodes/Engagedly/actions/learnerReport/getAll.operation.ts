import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, returnAllFields } from '../../descriptions/common';
import { readLimit, readWholeNumberIds } from '../../parameters/readers';
import { compact, listOf } from '../../parameters/values';
import { scanAll } from '../../transport/scan';
import type { ItemScope } from '../../transport/request';

const properties: INodeProperties[] = [
	...returnAllFields(),
	filtersCollection([
		{
			displayName: 'Completed Only',
			name: 'completedOnly',
			type: 'boolean',
			default: true,
			description: 'Whether to keep only enrolments whose completion status is Completed',
		},
		{
			displayName: 'Learning Resource Names or IDs',
			name: 'learningResourceIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getLearningResources' },
			default: [],
			description:
				'Only enrolments in these courses or playlists. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Resource Types',
			name: 'resourceTypes',
			type: 'multiOptions',
			default: [],
			options: [
				{ name: 'Course', value: 'Course' },
				{ name: 'Playlist', value: 'Playlist' },
			],
			description: 'Only enrolments in resources of these types (both when empty)',
		},
	]),
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['learnerReport'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const limit = readLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const ids = readWholeNumberIds.call(this, itemIndex, 'filters.learningResourceIds', {
		label: 'Learning resource IDs',
		hint: 'Pick courses from the list, or give their numeric IDs.',
	});
	const completedOnly = filters.completedOnly === true;
	// scanAll always sends page and size, which this endpoint needs (without them it answers 500).
	return await scanAll.call(this, '/learning/learner_reports', {
		...request,
		limit,
		qs: compact({ resource_types: listOf(filters.resourceTypes), learning_resource_ids: ids }),
		keep: completedOnly ? (row) => row.completion_status === 'Completed' : undefined,
	});
}
