import type { INodeProperties } from 'n8n-workflow';

import { messageReadyOption, praiseFilterProperties } from '../praises/filterProperties';
import { filtersCollection, maxRateLimitWaitOption } from '../descriptions/common';

/** A poll should not sit out a long cooldown: the next poll catches up anyway. */
export const TRIGGER_MAX_RATE_LIMIT_WAIT_SECONDS = 60;
/** Half the key: the other half stays for the workflows the trigger starts and the rest. */
export const DEFAULT_RATE_LIMIT_SHARE = 50;

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
			'The trigger reads the whole user list, 50 users per request, to find what changed. A poll reads at most 30 seconds’ worth and its share of the rate limit (up to 5,000 users with the default 50 %); a larger organisation is read over several polls, each emitting the changes on the pages it read. See “User events and organisation size” in the trigger’s documentation.',
		name: 'userPollNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['newUser', 'userActivated', 'userDeactivated', 'userUpdated'] } },
	},
	{
		...filtersCollection(praiseFilterProperties),
		description: 'Fire only for the praises that match every filter given; the others are passed over, not emitted later',
		displayOptions: { show: { event: ['newPraise'] } },
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
					'When Engagedly answers “too many requests”, wait up to this long for its cooldown; a longer one stops the poll without failing it (nothing emitted), and no poll sends before it ends',
			},
			{
				...messageReadyOption,
				displayOptions: { show: { '/event': ['newPraise'] } },
			},
			{
				displayName: 'On Reactivation',
				name: 'onReactivation',
				type: 'options',
				options: [
					{
						name: 'Emit What Came Meanwhile',
						value: 'emit',
						description: 'Go on from the last poll before the workflow was deactivated: everything since is emitted',
					},
					{
						name: 'Skip What Came Meanwhile',
						value: 'skip',
						description: 'Start from now, as on a first activation; the log says how many items were skipped',
					},
				],
				default: 'skip',
				description:
					'What the first poll after the workflow is activated again does with what was posted or changed while it was inactive. A restart of n8n is not a reactivation: the trigger catches up.',
			},
			{
				displayName: 'Rate Limit Share (%)',
				name: 'rateLimitShare',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 100 },
				default: DEFAULT_RATE_LIMIT_SHARE,
				description:
					'The part of the API key’s 200 requests a minute a poll may take of what your other workflows on the key leave it; the rest stays for them. A user event reads up to 100 users per percent each poll and goes on from there at the next poll.',
			},
		],
	},
];
