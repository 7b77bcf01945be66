import type { INodeProperties } from 'n8n-workflow';

import { userLocator } from '../descriptions/common';

/** What a recognition channel filters praises by: Praise → Get Many and the trigger's New Praise. */
export const praiseFilterProperties: INodeProperties[] = [
	{ ...userLocator({ name: 'author', displayName: 'Author', required: false }), description: 'Only praises written by this user' },
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
];

export const messageReadyOption: INodeProperties = {
	displayName: 'Message-Ready Output',
	name: 'messageReady',
	type: 'boolean',
	default: false,
	description:
		'Whether to return each praise flattened for posting to chat: author, recognized names, plain-text content, tag labels and link',
};
