import type { INodeProperties } from 'n8n-workflow';

import { maxRateLimitWaitOption } from '../descriptions/common';

/** A poll should not sit out a long cooldown: the next poll catches up anyway. */
export const TRIGGER_MAX_RATE_LIMIT_WAIT_SECONDS = 60;

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		required: true,
		default: 'newPraise',
		options: [
			{
				name: 'New Praise',
				value: 'newPraise',
				description: 'A praise is posted (edits of a praise do not count)',
			},
			{
				name: 'New User',
				value: 'newUser',
				description: 'A user is added to the organisation',
			},
			{
				name: 'User Activated',
				value: 'userActivated',
				description: 'A deactivated (blocked) user is activated again',
			},
			{
				name: 'User Deactivated',
				value: 'userDeactivated',
				description: 'An active user is deactivated (blocked)',
			},
			{
				name: 'User Updated',
				value: 'userUpdated',
				description: 'One of the fields you watch changes on a user',
			},
		],
	},
	{
		displayName: 'Fields to Watch Names or IDs',
		name: 'watchedFields',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getWatchableUserFields' },
		required: true,
		default: [],
		description:
			'The trigger fires when one of these fields changes; custom attributes are listed too. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { event: ['userUpdated'] } },
	},
	{
		displayName:
			'Each poll reads the whole user list, 50 users per request: set the poll interval with your organisation’s size in mind (see “Recommended poll interval” in the trigger’s documentation)',
		name: 'userPollNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['newUser', 'userActivated', 'userDeactivated', 'userUpdated'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				...maxRateLimitWaitOption,
				default: TRIGGER_MAX_RATE_LIMIT_WAIT_SECONDS,
				description:
					'When Engagedly answers “too many requests”, wait up to this long for its cooldown before failing the poll; the next poll catches up',
			},
		],
	},
];
