import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../../descriptions/common';
import { syncProperties } from '../fields/newUser';
import { blockReasonCodeField } from '../deactivation';
import { userDetailProperty } from './items';
import { managersGivenByProperty } from '../fields/descriptions';

/**
 * Sync's parameters as the editor shows them: what the run does (read once, settings.ts) and
 * the employee's fields each item maps (rows.ts).
 */

export const MAX_DEACTIVATE_PERCENT = 'Max Deactivate Percent';

/** The part of the key a long run takes by default: a first Sync at 10,000 users takes a third longer than alone, and a quarter of every minute stays for the key's other workflows. */
export const DEFAULT_SYNC_RATE_LIMIT_SHARE = 75;

/** Sync's and Apply Plan's Rate Limit Share (%), as the trigger has its own. */
export const rateLimitShareOption = (operation: string): INodeProperties => ({
	displayName: 'Rate Limit Share (%)',
	name: 'rateLimitShare',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 100 },
	default: DEFAULT_SYNC_RATE_LIMIT_SHARE,
	description: `The part of the API key’s 200 requests a minute this ${operation} may use: it waits while only the rest is left, which stays for your other workflows on the key (a trigger, an onboarding). 100 takes the whole key.`,
});

/** What the run does, read once from item 0; the employee's own fields (Create's) are read per item. */
export const runFields: INodeProperties[] = [
	{
		displayName:
			'Each input item is one employee: map their fields below with expressions. Users are matched by Employee ID first (when mapped), then by email; the directory is read once for all items.',
		name: 'syncNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Match By Employee ID',
		name: 'matchByEmployeeId',
		type: 'boolean',
		default: true,
		description:
			'Whether to match users by Employee ID (under Additional Fields) first, then by email: an employee whose address changed in the HR system keeps their Engagedly user, which takes the new address. Map Employee ID to the HR system’s stable key for the person.',
	},
	managersGivenByProperty,
	{
		displayName: 'Reactivate Returning Employees',
		name: 'reactivateReturning',
		type: 'boolean',
		default: false,
		description:
			'Whether to reactivate a deactivated (Blocked) user whom an input item names. Off, they are left as they are and reported as blocked.',
	},
	{
		displayName: 'Deactivate Missing Users',
		name: 'deactivateMissing',
		type: 'boolean',
		default: false,
		description:
			'Whether to deactivate the Active users that no input item names (never the Site Administrator, who is reported kept). A run in which any item names nobody (a blank or invalid email) deactivates nobody.',
	},
	{
		...blockReasonCodeField,
		description:
			'Why the users this run deactivates are deactivated (optional): the missing, and leavers whose item gives no code of its own. The codes are your organisation’s own; archived ones are not offered, as Engagedly refuses them. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: MAX_DEACTIVATE_PERCENT,
		name: 'maxDeactivatePercent',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100 },
		default: 10,
		description:
			'The run is refused, with nothing written, when it would deactivate more than this share of the organisation’s Active users: an HR export that came back half empty must not empty Engagedly',
		displayOptions: { show: { deactivateMissing: [true] } },
	},
	{
		displayName: 'When Over The Guard',
		name: 'whenOverGuard',
		type: 'options',
		options: [
			{ name: 'Refuse', value: 'refuse', description: 'End the run in an error, with nothing written' },
			{
				name: 'Output the Plan for Approval',
				value: 'outputPlan',
				description:
					'Output one item with the plan (its counts, names and steps), with nothing written: after a person approves it, the Apply Plan operation applies it',
			},
		],
		default: 'refuse',
		displayOptions: { show: { deactivateMissing: [true] } },
	},
	{
		displayName: 'Left Statuses',
		name: 'leftStatuses',
		type: 'string',
		default: 'Terminated, Inactive, false',
		description:
			'The Employment Status values (under Employment Fields) that mean the person has left, comma-separated, in any case: their user is deactivated, on their Leaving Date when it is still ahead',
	},
	{
		displayName: 'Create New Hires',
		name: 'createNewHires',
		type: 'options',
		options: [
			{ name: 'At Once', value: 'atOnce', description: 'Create (or reactivate) every employee in the run that first names them, whenever they start' },
			{
				name: 'Days Before Their Joining Date',
				value: 'beforeJoining',
				description:
					'Create a new employee, or reactivate a returning one, only from a number of days before they start; before that they are reported pending, and nothing is written',
			},
		],
		default: 'atOnce',
	},
	{
		displayName: 'Days Before Joining',
		name: 'daysBeforeJoining',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'How many days before their Joining Date a new employee is created (0: on the day itself)',
		displayOptions: { show: { createNewHires: ['beforeJoining'] } },
	},
	{
		displayName: 'Full Comparison Every (Days)',
		name: 'fullComparisonEvery',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 7,
		description:
			'Sync remembers a digest of the fields only a single user’s answer carries (birth date, HR managers...) and reads a user only when their item changes one of them, or on their turn: every user is compared in full once in this many days, each run reading those whose turn came since the last, about one in this many (a user not compared yet waits for their turn too, and each such item says so). So a change made in Engagedly by hand is put back within this many days, and no run reads everyone, the first and one from the editor included (0: every run compares everyone).',
	},
	{
		displayName: 'Full Comparison This Run',
		name: 'fullComparisonNow',
		type: 'boolean',
		default: false,
		description: 'Whether this run compares every user in full now, trusting no saved digest and waiting for no one’s turn: one read per user whose item gives a field the user list does not carry',
	},
	{
		displayName: 'Dry Run',
		name: 'dryRun',
		type: 'boolean',
		default: false,
		description:
			'Whether to only report what the sync would do: the output the real run would give, and nothing written to Engagedly',
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{ name: 'Per Employee', value: 'perEmployee', description: 'One item per employee (and per user deactivated, held or kept), with its outcome' },
			{
				name: 'Summary',
				value: 'summary',
				description: 'One item: how many users had each outcome and their addresses, e.g. for a chat message',
			},
		],
		default: 'perEmployee',
	},
	userDetailProperty({ output: ['perEmployee'] }),
	optionsCollection([rateLimitShareOption('Sync')]),
];

/**
 * Per item: what the HR system says of the employment. With the Joining Date (under Additional
 * Fields) these decide the employee's lifecycle state (sync/lifecycle.ts).
 */
const employment: INodeProperties = {
	displayName: 'Employment Fields',
	name: 'employmentFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	description:
		'What the HR system says of the employment: with the Joining Date they decide whether the employee has yet to join, is active, is working their notice, has left or is rejoining',
	options: [
		{
			displayName: 'Block Reason Code',
			name: 'blockReasonCode',
			type: 'string',
			default: '',
			description: 'This employee’s block reason code when they are deactivated (else the run’s Block Reason Code)',
		},
		{
			displayName: 'Employment Status',
			name: 'employmentStatus',
			type: 'string',
			default: '',
			description:
				'The employee’s status in the HR system: one of Left Statuses means they have left (on their Leaving Date, when it is still ahead)',
		},
		{
			displayName: 'Leaving Date',
			name: 'leavingDate',
			type: 'dateTime',
			default: '',
			description:
				'Their last day (termination or contract end date): from the day after, in the workflow’s time zone, their user is deactivated; until then they work their notice and are kept up to date. A leaving date before a later Joining or Rehire Date belongs to a former employment. Empty forms (blank, null, 0000-00-00) are no date.',
		},
		{
			displayName: 'Rehire Date',
			name: 'rehireDate',
			type: 'dateTime',
			default: '',
			description:
				'When the HR system keeps a rehired employee’s first Joining Date and records their return apart (e.g. Finch’s latest_rehire_date): the later of the two is when they start',
		},
	],
};

export const itemFields = [...syncProperties, employment];
