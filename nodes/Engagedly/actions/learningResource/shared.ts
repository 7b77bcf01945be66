import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../descriptions/common';
import { readWholeNumberId } from '../../parameters/readers';

export const learningResourceLocator = (): INodeProperties =>
	resourceLocator({
		name: 'learningResourceId',
		displayName: 'Learning Resource',
		noun: 'learning resource',
		searchListMethod: 'searchLearningResources',
	});

export function readLearningResourceId(this: IExecuteFunctions, itemIndex: number): string {
	return readWholeNumberId.call(this, itemIndex, 'learningResourceId', {
		noun: 'learning resource',
		hint: 'Pick the course or playlist from the list, or enter its numeric ID (its learning_resource_id).',
	});
}
