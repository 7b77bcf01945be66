import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readId, resourceLocator } from '../../descriptions/common';

export const learningResourceLocator = (): INodeProperties =>
	resourceLocator({
		name: 'learningResourceId',
		displayName: 'Learning Resource',
		noun: 'learning resource',
		searchListMethod: 'searchLearningResources',
	});

/** Learning resource ids are integers; anything else would only come back as a 404. */
export function readLearningResourceId(this: IExecuteFunctions, itemIndex: number): string {
	const id = readId.call(this, 'learningResourceId', itemIndex, 'learning resource');
	if (!/^\d+$/.test(id)) {
		throw new NodeOperationError(this.getNode(), `Learning resource ID must be a whole number (got "${id}")`, {
			itemIndex,
			description: 'Pick the course or playlist from the list, or enter its numeric ID (its learning_resource_id).',
		});
	}
	return id;
}
