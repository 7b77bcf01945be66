import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection } from '../../descriptions/common';
import { apiPath } from '../../transport/paths';
import type { ItemScope } from '../../transport/request';
import { requestList } from '../../transport/request';
import { learningResourceLocator, readLearningResourceId } from './shared';

const properties: INodeProperties[] = [
	learningResourceLocator(),
	optionsCollection([
		{
			displayName: 'One Item per Unit',
			name: 'oneItemPerUnit',
			type: 'boolean',
			default: false,
			description:
				"Whether to return one item per unit (a course's lesson, or a playlist's resource) carrying its section's ID, title and position, instead of one item per section",
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['learningResource'], operation: ['getContents'] } },
	properties,
);

/** Courses hold `units` in each section; playlists nest whole resources under `contents`. */
function flatten(sections: IDataObject[], resourceId: string): IDataObject[] {
	return sections.flatMap((section) => {
		const where = {
			learning_resource_id: resourceId,
			section_id: section.id ?? null,
			section_title: section.title ?? null,
			section_position: section.position ?? null,
		};
		const units = Array.isArray(section.units) ? (section.units as IDataObject[]) : [];
		const contents = Array.isArray(section.contents) ? (section.contents as IDataObject[]) : [];
		return [
			...units.map((unit, index) => ({ ...unit, ...where, position: unit.position ?? index + 1 })),
			...contents.map((content, index) => ({ ...content, ...where, position: content.position ?? index + 1 })),
		];
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number, request: ItemScope) {
	const id = readLearningResourceId.call(this, itemIndex);
	const flat = this.getNodeParameter('options.oneItemPerUnit', itemIndex, false) as boolean;
	const sections = await requestList.call(this, 'GET', apiPath`/learning/resources/${id}/contents`, request);
	return flat ? flatten(sections, id) : sections;
}
