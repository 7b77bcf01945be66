import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { filtersCollection, optionsCollection, peopleList, returnAllFields } from '../../descriptions/common';
import { readLimit, readNonNegativeNumber, readUserIds, readWholeNumberIds } from '../../parameters/readers';
import { compact, listOf } from '../../parameters/values';
import { scanAll } from '../../transport/scan';
import type { ItemScope } from '../../transport/request';

/** The vendor's list of content providers (OpenAPI, `providers`). */
const PROVIDERS: Array<[string, string]> = [
	['Bizz Library', 'bizz-library'],
	['Engagedly', 'engagedly'],
	['Go1', 'go1'],
	['Learning Planet', 'learning-planet'],
	['LinkedIn Learning', 'linkedin-learning'],
	['OpenSesame', 'opensesame'],
	['Thinkific Academy', 'thinkific-academy'],
	['Udemy', 'udemy'],
];

const SORT_FIELDS: Array<[string, string]> = [
	['Assigned On', 'assigned_on'],
	['Average Rating', 'average_rating'],
	['Completed At', 'completed_at'],
	['Created At', 'created_at'],
	['Published On', 'published_on'],
	['Title', 'title'],
	['Updated At', 'updated_at'],
];

const properties: INodeProperties[] = [
	...returnAllFields(),
	filtersCollection([
		{
			displayName: 'Archived',
			name: 'archived',
			type: 'boolean',
			default: true,
			description:
				'Whether to list archived resources instead of active ones (Engagedly lists only active ones unless this is on)',
		},
		peopleList({
			displayName: 'Authors',
			name: 'authors',
			buttonText: 'Add Author',
			description: 'Only resources by these authors.',
		}),
		{
			displayName: 'Certified',
			name: 'certified',
			type: 'boolean',
			default: true,
			description: 'Whether to keep only resources that grant a certificate (on) or only those that do not (off)',
		},
		{
			displayName: 'Competency Search Text',
			name: 'competencySearchText',
			type: 'string',
			default: '',
			description: "Only resources with a competency whose name contains this text (case does not matter)",
		},
		{
			displayName: 'In Library',
			name: 'inLibrary',
			type: 'boolean',
			default: true,
			description: 'Whether to keep only resources in the content library (on) or only those outside it (off)',
		},
		{
			displayName: 'Languages',
			name: 'languages',
			type: 'string',
			typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Language' },
			default: [],
			placeholder: 'e.g. en',
			description: 'Only resources in these languages, by language code',
		},
		{
			displayName: 'Levels',
			name: 'levels',
			type: 'multiOptions',
			default: [],
			options: [
				{ name: 'Advanced', value: 'Advanced' },
				{ name: 'Beginner', value: 'Beginner' },
				{ name: 'Intermediate', value: 'Intermediate' },
			],
			description: 'Only resources of these difficulty levels',
		},
		{
			displayName: 'Maximum Duration (Minutes)',
			name: 'maxDuration',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 60,
			description: 'Only resources that take at most this many minutes',
		},
		{
			displayName: 'Minimum Duration (Minutes)',
			name: 'minDuration',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Only resources that take at least this many minutes',
		},
		{
			displayName: 'Minimum Rating',
			name: 'minRating',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 5, numberPrecision: 1 },
			default: 4,
			description: 'Only resources with an average rating of at least this (1 to 5)',
		},
		{
			displayName: 'Providers',
			name: 'providers',
			type: 'multiOptions',
			default: [],
			options: PROVIDERS.map(([name, value]) => ({ name, value })),
			description: 'Only resources from these content providers',
		},
		{
			displayName: 'Resource IDs',
			name: 'resourceIds',
			type: 'string',
			default: '',
			placeholder: 'e.g. 16504, 16505',
			description: 'Only these resources, by ID (comma-separated)',
		},
		{
			displayName: 'Search Text',
			name: 'searchText',
			type: 'string',
			default: '',
			description: 'Only resources whose title contains this text (case does not matter)',
		},
		{
			displayName: 'Short Code',
			name: 'shortCode',
			type: 'string',
			default: '',
			placeholder: 'e.g. WSF-101',
			description: 'Only the resource with this exact short code',
		},
		{
			displayName: 'States',
			name: 'states',
			type: 'multiOptions',
			default: [],
			options: [
				{ name: 'Published', value: 'published' },
				{ name: 'Unpublished', value: 'unpublished' },
				{ name: 'Unpublished Edit', value: 'unpublished_edit', description: 'Published, with edits not yet published' },
			],
			description: 'Only resources in these publication states',
		},
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'string',
			typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Tag' },
			default: [],
			placeholder: 'e.g. compliance',
			description: 'Only resources carrying at least one of these tags',
		},
		{
			displayName: 'Types',
			name: 'types',
			type: 'multiOptions',
			default: [],
			options: [
				{ name: 'Course', value: 'Course' },
				{ name: 'Playlist', value: 'Playlist' },
				{ name: 'Section', value: 'Section' },
			],
			description: 'Only resources of these types',
		},
	]),
	optionsCollection([
		{
			displayName: 'Sort By',
			name: 'sortBy',
			type: 'options',
			default: 'title',
			options: SORT_FIELDS.map(([name, value]) => ({ name, value })),
			description: 'Order the resources by this field (blanks come last)',
		},
		{
			displayName: 'Sort Direction',
			name: 'sortDirection',
			type: 'options',
			default: 'asc',
			options: [
				{ name: 'Ascending', value: 'asc' },
				{ name: 'Descending', value: 'desc' },
			],
			description: 'Used with Sort By',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['learningResource'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const limit = readLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const sortBy = this.getNodeParameter('options.sortBy', itemIndex, '') as string;
	const sortDirection = this.getNodeParameter('options.sortDirection', itemIndex, 'asc') as string;

	const resourceIds = readWholeNumberIds.call(this, itemIndex, 'filters.resourceIds', {
		label: 'Resource IDs',
		hint: 'Enter learning resource IDs separated by commas, e.g. 16504, 16505.',
	});
	const minDuration = readNonNegativeNumber.call(this, itemIndex, 'filters.minDuration', { label: 'Minimum Duration' });
	const maxDuration = readNonNegativeNumber.call(this, itemIndex, 'filters.maxDuration', { label: 'Maximum Duration' });
	if (minDuration !== undefined && maxDuration !== undefined && minDuration > maxDuration) {
		throw new NodeOperationError(
			this.getNode(),
			`Minimum Duration (${minDuration}) is more than Maximum Duration (${maxDuration})`,
			{ itemIndex, description: 'Swap the two durations, or remove one of them.' },
		);
	}
	const minRating = readNonNegativeNumber.call(this, itemIndex, 'filters.minRating', { label: 'Minimum Rating' });
	const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);
	const flag = (value: unknown) => (typeof value === 'boolean' ? value : undefined);

	// Arrays go out as `types[]=…` (the transport serialises with brackets), durations as
	// `durations[min_limit]=…`.
	const qs = compact({
		search_text: text(filters.searchText),
		types: listOf(filters.types),
		resource_ids: resourceIds,
		state: listOf(filters.states),
		languages: listOf(filters.languages),
		providers: listOf(filters.providers),
		authors: await readUserIds.call(this, itemIndex, 'filters.authors', { label: 'Authors', request }),
		levels: listOf(filters.levels),
		tags: listOf(filters.tags),
		// Neither given: an empty object, which the transport sends as no parameter at all.
		durations: compact({ min_limit: minDuration, max_limit: maxDuration }),
		certified: flag(filters.certified),
		ratings: minRating,
		in_library: flag(filters.inLibrary),
		short_code: text(filters.shortCode),
		archived: flag(filters.archived),
		competency_search_text: text(filters.competencySearchText),
		sort: sortBy ? `${sortDirection === 'desc' ? '-' : ''}${sortBy}` : undefined,
	});

	return await scanAll.call(this, '/learning/resources', { ...request, limit, qs });
}
