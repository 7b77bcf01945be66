import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { DateTime } from 'luxon';

import { emailKey, expectCreation, useDirectory } from '../../api/users';
import { optionsCollection } from '../../descriptions/common';
import { checkParameters } from '../../parameters/check';
import { withParametersOnce } from '../../parameters/once';
import { refuse } from '../../parameters/refuse';
import { isBlank, isEmailAddress, toApiDay, trimmed } from '../../parameters/values';
import { paginate } from '../../transport/paginate';
import type { ItemRequest } from '../../transport/request';
import type { BatchResult, BatchRun } from '../types';
import { readCreateBody, syncFields } from './create.operation';
import { blockReasonCodeField, checkCode, isSiteAdministrator, SITE_ADMINISTRATOR_KEPT } from './deactivate.operation';
import type { Memberships } from './lookups';
import { membershipReader } from './lookups';
import { idsForNames } from './names';
import type { Applied, Person, Step } from './plan';
import { applySteps, fingerprintOf, fingerprintWires, personOf, PLAN_VERSION, standIns, stepJson, withMemberships, WRITING } from './plan';
import { readIdentity } from './readFields';
import { readSimplify, simplifyProperties, userOutput } from './simplify';
import type { Outcome, UpsertReads, UpsertStep } from './upsert';
import type { Comparison } from './singleUserDigests';
import { nextDigestState, planComparison, readDigestState, writeDigestState } from './singleUserDigests';
import { outcomeFields, planUpsert, readCurrent, readDigest, trustedDigest, upsertReads } from './upsert';

const MAX_DEACTIVATE_PERCENT = 'Max Deactivate Percent';

/** What the run does, read once from item 0; the employee's own fields (Create's) are read per item. */
const runFields: INodeProperties[] = [
	{
		displayName:
			'Each input item is one employee: map their fields below with expressions. Users are matched by email (or employee ID first, if chosen); the directory is read once for all items.',
		name: 'syncNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Match By Employee ID',
		name: 'matchByEmployeeId',
		type: 'boolean',
		default: false,
		description:
			'Whether to match users by Employee ID (under Additional Fields) first, then by email: an employee whose address changed in the HR system keeps their Engagedly user, which takes the new address',
	},
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
			'The Employment Status values (under Leaver Fields) that mean the person has left, comma-separated, in any case: such an item deactivates its user',
	},
	{
		displayName: 'Create New Hires',
		name: 'createNewHires',
		type: 'options',
		options: [
			{ name: 'At Once', value: 'atOnce', description: 'Create every new employee in the run that first names them' },
			{
				name: 'Days Before Their Joining Date',
				value: 'beforeJoining',
				description:
					'Create a new employee only from a number of days before their Joining Date; before that they are reported pending, and nothing is written',
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
			'In an active workflow, Sync remembers a digest of the fields only a single user’s answer carries (birth date, HR managers...) and reads a user only when their item changes one of them. A change made in Engagedly by hand is found by a full comparison, which reads everyone as a manual run does: this often (0: every run).',
	},
	{
		displayName: 'Full Comparison This Run',
		name: 'fullComparisonNow',
		type: 'boolean',
		default: false,
		description: 'Whether this run compares every user in full, trusting no saved digest',
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
	...simplifyProperties,
	optionsCollection(),
];

/** Per item: what the HR system says of a leaver. */
const leaverFields: INodeProperties = {
	displayName: 'Leaver Fields',
	name: 'leaverFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	description: 'Where the HR system keeps its leavers in the export: their status, or the day they leave',
	options: [
		{
			displayName: 'Block Reason Code',
			name: 'blockReasonCode',
			type: 'string',
			default: '',
			description: 'This leaver’s block reason code (else the run’s Block Reason Code)',
		},
		{
			displayName: 'Employment Status',
			name: 'employmentStatus',
			type: 'string',
			default: '',
			description: 'The employee’s status in the HR system: one of Left Statuses means they have left, and their user is deactivated',
		},
		{
			displayName: 'Leaving Date',
			name: 'leavingDate',
			type: 'dateTime',
			default: '',
			description:
				'The day the employee leaves: from that day (in the workflow’s time zone) their user is deactivated; before it they are reported leaving, and nothing is written',
		},
	],
};

const itemFields = [...syncFields, leaverFields];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['sync'] } }, [
	runFields[0],
	...itemFields,
	...runFields.slice(1),
]);

interface Settings {
	/** Today in the workflow's time zone (YYYY-MM-DD): leaving and joining dates are compared with it. */
	today: string;
	leftStatuses: Set<string>;
	/** Days before their joining date a new hire is created; undefined: at once. */
	daysBeforeJoining?: number;
	outputPlan: boolean;
	matchByEmployeeId: boolean;
	reactivateReturning: boolean;
	deactivateMissing: boolean;
	blockReasonCode: string;
	maxDeactivatePercent: number;
	dryRun: boolean;
	summary: boolean;
	simplify: boolean;
	fullComparisonEvery: number;
	fullComparisonNow: boolean;
}

/** The run-wide settings, from item 0. */
function readSettings(this: IExecuteFunctions): Settings {
	checkParameters.call(this, runFields, 0);
	const deactivateMissing = this.getNodeParameter('deactivateMissing', 0, false) === true;
	const percent = Number(this.getNodeParameter('maxDeactivatePercent', 0, 10));
	if (deactivateMissing && !(Number.isFinite(percent) && percent >= 0 && percent <= 100)) {
		throw new NodeOperationError(this.getNode(), `${MAX_DEACTIVATE_PERCENT} must be a number from 0 to 100`, {
			itemIndex: 0,
			description: 'Nothing was read or written.',
		});
	}
	const beforeJoining = this.getNodeParameter('createNewHires', 0, 'atOnce') === 'beforeJoining';
	const days = Number(this.getNodeParameter('daysBeforeJoining', 0, 0));
	if (beforeJoining && !(Number.isInteger(days) && days >= 0)) {
		refuse(this, 0, 'Days Before Joining must be a whole number from 0', 'Give how many days before their Joining Date a new employee is created. Nothing was read or written.');
	}
	const statuses = String(this.getNodeParameter('leftStatuses', 0, 'Terminated, Inactive, false'));
	return {
		// The run's own day: Engagedly's clock is not read for it (no request tells it).
		today: DateTime.now().setZone(this.getTimezone()).toISODate() ?? '',
		leftStatuses: new Set(statuses.split(',').map((status) => status.trim().toLowerCase()).filter(Boolean)),
		daysBeforeJoining: beforeJoining ? days : undefined,
		outputPlan: deactivateMissing && this.getNodeParameter('whenOverGuard', 0, 'refuse') === 'outputPlan',
		matchByEmployeeId: this.getNodeParameter('matchByEmployeeId', 0, false) === true,
		reactivateReturning: this.getNodeParameter('reactivateReturning', 0, false) === true,
		deactivateMissing,
		blockReasonCode: trimmed(this.getNodeParameter('blockReasonCode', 0, '')),
		maxDeactivatePercent: percent,
		dryRun: this.getNodeParameter('dryRun', 0, false) === true,
		summary: this.getNodeParameter('output', 0, 'perEmployee') === 'summary',
		simplify: readSimplify.call(this, 0),
		fullComparisonEvery: Number(this.getNodeParameter('fullComparisonEvery', 0, 7)),
		fullComparisonNow: this.getNodeParameter('fullComparisonNow', 0, false) === true,
	};
}

const isActive = (user: IDataObject) => user.status === 'Active';

/** Who an item says the employee is: read before anything else, so nobody is acted on for a bad row. */
interface Identity {
	email: string;
	/** The employee ID the item gives ('' if none): matched by when asked, and always a sign of a lookalike. */
	employeeId: string;
	/** First and last name, folded: a creation and a deactivation of the same name look like one person. */
	fullName: string;
	/** What the item says of their leaving, when it says anything. */
	leaver?: Leaver;
}

interface Leaver {
	/** Left (by status, or a leaving date that has come): deactivated. Else leaving on `date`. */
	left: boolean;
	date?: string;
	blockReasonCode: string;
}

/** An item's Leaver Fields: undefined when they say nothing (no status, no date), or a status that is not a left one and no date. */
function readLeaver(this: IExecuteFunctions, item: number, settings: Settings): Leaver | undefined {
	const given = this.getNodeParameter('leaverFields', item, {}) as IDataObject;
	const status = trimmed(given.employmentStatus).toLowerCase();
	let date: string | undefined;
	if (!isBlank(given.leavingDate)) {
		date = toApiDay(given.leavingDate);
		if (!date) {
			refuse(this, item, `Leaving Date "${String(given.leavingDate)}" is not a date`, 'Give the leaving date as YYYY-MM-DD (e.g. 2024-01-15). Nothing was written for this employee.');
		}
	}
	const left = settings.leftStatuses.has(status) || (date !== undefined && date <= settings.today);
	if (!left && date === undefined) return undefined;
	return { left, date, blockReasonCode: trimmed(given.blockReasonCode) || settings.blockReasonCode };
}

const folded = (text: unknown) => trimmed(text).toLowerCase();
const fullNameOf = (first: unknown, last: unknown) => `${folded(first)} ${folded(last)}`;

/** The address an item gives, or why it names nobody. */
function readAddress(this: IExecuteFunctions, item: number): string | { problem: string } {
	let raw: unknown;
	try {
		raw = this.getNodeParameter('email', item, '');
	} catch (error) {
		return { problem: `its Email expression failed (${(error as Error).message})` };
	}
	const address = raw === null || raw === undefined || typeof raw === 'object' ? '' : String(raw).trim();
	if (!address) return { problem: 'its Email is empty' };
	if (!isEmailAddress(address)) return { problem: `its Email "${address}" is not an email address` };
	return address;
}

/**
 * Every item's identity, before anything is read: its address (and employee ID, when matching by
 * it). An item whose address cannot be read names nobody: it fails, and so that nobody it may have
 * stood for is deactivated, the run deactivates nobody. An item that names someone but fails its
 * other checks, or gives an address or employee ID another item gives too, fails on its own and
 * still names its user.
 */
function readIdentities(this: IExecuteFunctions, itemCount: number, settings: Settings, failed: Map<number, Error>) {
	const identities = new Map<number, Identity>();
	const unnamed = new Map<number, string>();
	for (let item = 0; item < itemCount; item++) {
		const address = readAddress.call(this, item);
		if (typeof address !== 'string') {
			unnamed.set(item, address.problem);
			continue;
		}
		const identity: Identity = { email: emailKey(address), employeeId: '', fullName: '' };
		identities.set(item, identity);
		try {
			identity.employeeId = trimmed(this.getNodeParameter('additionalFields.employeeId', item, ''));
			checkParameters.call(this, itemFields, item);
			identity.leaver = readLeaver.call(this, item, settings);
			const { first_name, last_name } = readIdentity.call(this, item);
			identity.fullName = fullNameOf(first_name, last_name);
		} catch (error) {
			failed.set(item, error as Error);
		}
	}
	refuseShared.call(this, identities, 'email', 'email address', failed);
	if (settings.matchByEmployeeId) refuseShared.call(this, identities, 'employeeId', 'employee ID', failed);
	for (const [item, problem] of unnamed) {
		const list = [...unnamed.keys()].join(', ');
		failed.set(
			item,
			new NodeOperationError(this.getNode(), `Item ${item} names nobody: ${problem}`, {
				itemIndex: item,
				description: `${unnamed.size} input item${unnamed.size === 1 ? '' : 's'} named nobody (item${unnamed.size === 1 ? '' : 's'} ${list}).${settings.deactivateMissing ? ' So that nobody is deactivated for a row that lost its address, this run deactivated nobody.' : ''} Give every employee their email address and run again.`,
			}),
		);
	}
	return { identities, unnamed: unnamed.size };
}

/** Items that give the same address (or employee ID) as another: none of them is applied. */
function refuseShared(
	this: IExecuteFunctions,
	identities: Map<number, Identity>,
	key: 'email' | 'employeeId',
	label: string,
	failed: Map<number, Error>,
) {
	const itemsOf = new Map<string, number[]>();
	for (const [item, identity] of identities) {
		if (identity[key]) itemsOf.set(identity[key], [...(itemsOf.get(identity[key]) ?? []), item]);
	}
	for (const [value, items] of itemsOf) {
		if (items.length < 2) continue;
		for (const item of items) {
			failed.set(
				item,
				new NodeOperationError(this.getNode(), `The ${label} "${value}" is in ${items.length} input items (${items.join(', ')})`, {
					itemIndex: item,
					description: 'Each employee must be one item: none of these items was applied. Remove the duplicates in the source and run again.',
				}),
			);
		}
	}
}

/** The directory, indexed the ways items are matched. */
function indexDirectory(directory: IDataObject[]) {
	const byEmail = new Map(directory.map((user) => [emailKey(user.email), user]));
	const byEmployeeId = new Map<string, IDataObject[]>();
	for (const user of directory) {
		const id = trimmed(user.employee_id);
		if (id) byEmployeeId.set(id, [...(byEmployeeId.get(id) ?? []), user]);
	}
	return { byEmail, byEmployeeId };
}

type Directory = ReturnType<typeof indexDirectory>;

interface Match {
	user: IDataObject | null;
	byEmployeeId: boolean;
}

/** The user an item stands for: by employee ID first when asked, else (or when none has it) by address. */
function matchUser(this: IExecuteFunctions, item: number, identity: Identity, directory: Directory): Match {
	const byAddress = directory.byEmail.get(identity.email) ?? null;
	const byId = identity.employeeId ? (directory.byEmployeeId.get(identity.employeeId) ?? []) : [];
	if (byId.length > 1) {
		throw new NodeOperationError(this.getNode(), `${byId.length} Engagedly users have the employee ID "${identity.employeeId}"`, {
			itemIndex: item,
			description: `They are ${byId.map((user) => String(user.email)).join(', ')}: give each their own employee ID in Engagedly, then run again. Nothing was written for this employee.`,
		});
	}
	if (byId.length === 0) return { user: byAddress, byEmployeeId: false };
	const [user] = byId;
	if (byAddress && byAddress !== user) {
		throw new NodeOperationError(
			this.getNode(),
			`The employee ID "${identity.employeeId}" is ${String(user.email)}'s, the address ${identity.email} is another user's`,
			{
				itemIndex: item,
				description: 'Engagedly holds two users for what this item says is one employee: merge or correct them in Engagedly, then run again. Nothing was written for this employee.',
			},
		);
	}
	return { user, byEmployeeId: true };
}

/**
 * Sync: each input item is one employee (Create's fields, mapped per item). The run is stages
 * over data: read (the settings, every item's identity, the directory in ceil(N/50) pages, then
 * what each comparison needs), match (by email whatever the case, by employee ID first when
 * asked), plan (each employee's and each user's step, plain data), apply (or, in a dry run,
 * preview) and report. One employee's problem is their item's error; the rest of the sync goes
 * on, and the router ends the run in error afterwards unless Continue On Fail is on.
 */
export async function executeAll(this: IExecuteFunctions, itemCount: number, request: ItemRequest): Promise<BatchRun> {
	return await sync.call(withParametersOnce(this), itemCount, request);
}

async function sync(this: IExecuteFunctions, itemCount: number, request: ItemRequest): Promise<BatchRun> {
	const settings = readSettings.call(this);
	// Read once here and replaced once at the end: a run that stops before then saves nothing.
	const staticData = this.getWorkflowStaticData('node');
	const comparison = planComparison(readDigestState(staticData), {
		manual: this.getMode() === 'manual',
		dryRun: settings.dryRun,
		fullEveryDays: settings.fullComparisonEvery,
		fullNow: settings.fullComparisonNow,
		now: Date.now(),
	});
	const failed = new Map<number, Error>();
	const { identities, unnamed } = readIdentities.call(this, itemCount, settings, failed);
	const itemRequest = (item: number | undefined): ItemRequest => (item === undefined ? request : { ...request, itemIndex: item });

	if (settings.blockReasonCode) await checkCode.call(this, 0, settings.blockReasonCode, request);
	// A leaver's own code is checked against the same list (read once): a wrong one fails that item only.
	for (const [item, identity] of identities) {
		const code = identity.leaver?.blockReasonCode;
		if (!code || code === settings.blockReasonCode || failed.has(item)) continue;
		try {
			await checkCode.call(this, item, code, itemRequest(item));
		} catch (error) {
			failed.set(item, error as Error);
		}
	}
	const users = await paginate.call(this, '/users', { ...request, qs: { include: 'primary_reporter' } });
	useDirectory(this, users);
	const directory = indexDirectory(users);

	const { matches, named } = matchItems.call(this, identities, directory, settings, failed);
	let candidates =
		settings.deactivateMissing && unnamed === 0 ? users.filter((user) => isActive(user) && !named.has(user.id)) : [];
	const held = holdLookalikes(identities, matches, candidates);
	candidates = candidates.filter((user) => !held.users.has(user));
	const over = overTheGuard.call(this, candidates, users, named.size, settings);
	if (over && !settings.outputPlan) throw over;

	const creating = [...matches].filter(([item, match]) => !match.user && !held.items.has(item) && !identities.get(item)!.leaver);
	expectCreation(this, creating.map(([item]) => identities.get(item)!.email));
	// What comparisons share, read once and handed on: the attribute definitions, the lists read
	// for names, the fields found never shown.
	const reads = await upsertReads.call(this, request);
	const compared = await readComparisons.call(this, matches, identities, held.items, settings, reads, comparison.trusted, itemRequest, failed);
	const leaving = [...matches].flatMap(([item, match]) => (identities.get(item)!.leaver?.left && match.user && isActive(match.user) ? [match.user] : []));
	const administrators = await readAdministrators.call(this, [...leaving, ...candidates], request);

	const steps = plan({ itemCount, identities, matches, compared, held, candidates, administrators, failed, users, settings, reads });
	if (over) return approval(steps, over, itemCount);
	const applied = await applySteps.call(this, steps, { reads, request: itemRequest, dryRun: settings.dryRun });
	if (comparison.save) writeDigestState(staticData, nextDigestState(comparison, confirmedDigests(applied, compared)));
	const leavers = [...identities.values()].some((identity) => identity.leaver);
	return summarise(report.call(this, steps, applied, settings), itemCount, settings, steps, leavers, comparison.comparison);
}

/** The digests this run confirmed, by user id: only of employees compared and written or found unchanged without an error. */
function confirmedDigests(applied: Map<Step, Applied>, compared: Map<number, Compared>): Map<string, string> {
	const confirmed = new Map<string, string>();
	for (const { step, result, error } of applied.values()) {
		const digest = step.item === undefined ? undefined : compared.get(step.item)?.digest;
		if (digest === undefined || error || !result || !step.upsert?.existing || step.kind === 'blocked') continue;
		confirmed.set(String(step.upsert.existing.id), digest);
	}
	return confirmed;
}

/** Each item's user (or nobody), and every user an item may stand for: kept from deactivation, failed items' users included. */
function matchItems(this: IExecuteFunctions, identities: Map<number, Identity>, directory: Directory, settings: Settings, failed: Map<number, Error>) {
	const named = new Set<unknown>();
	const matches = new Map<number, Match>();
	for (const [item, identity] of identities) {
		const byAddress = directory.byEmail.get(identity.email);
		if (byAddress) named.add(byAddress.id);
		const byId = settings.matchByEmployeeId ? identity.employeeId : '';
		for (const user of directory.byEmployeeId.get(byId) ?? []) named.add(user.id);
		if (failed.has(item)) continue;
		try {
			matches.set(item, matchUser.call(this, item, { ...identity, employeeId: byId }, directory));
		} catch (error) {
			failed.set(item, error as Error);
		}
	}
	return { matches, named };
}

/** What an employee's comparison needs: their write body (names resolved), their user as compared. */
interface Compared {
	body: IDataObject;
	/** Matched by employee ID: their address is one of the fields brought up to date. */
	byEmployeeId: boolean;
	existing: IDataObject | null;
	current: IDataObject | null;
	/** The digest of the fields only the single user carries, as the saved digest or the read confirmed them (singleUserDigests.ts). */
	digest?: string;
}

/**
 * The reads each comparison needs, item by item: the body (the lists read for names, once per
 * run), and for a matched user their memberships (the units' members, once per run) and, where
 * needsSingleRead says so, the single user. Leavers and held items need none; nor does a user
 * left blocked (nothing of theirs is compared).
 */
async function readComparisons(
	this: IExecuteFunctions,
	matches: Map<number, Match>,
	identities: Map<number, Identity>,
	held: Map<number, IDataObject>,
	settings: Settings,
	reads: UpsertReads,
	digests: Record<string, string>,
	itemRequest: (item: number) => ItemRequest,
	failed: Map<number, Error>,
) {
	const memberships: Memberships = membershipReader(this, reads.lists);
	const compared = new Map<number, Compared>();
	for (const [item, match] of matches) {
		if (held.has(item) || identities.get(item)!.leaver) continue;
		try {
			const request = itemRequest(item);
			const body = await idsForNames.call(this, await readCreateBody.call(this, item, { request }), request, reads.lists);
			const user = match.user;
			if (!user || (user.status === 'Blocked' && !settings.reactivateReturning)) {
				compared.set(item, { body, byEmployeeId: match.byEmployeeId, existing: user, current: user });
				continue;
			}
			const existing = await withMemberships(user, body, memberships, request);
			const trusted = trustedDigest(existing, body, reads, digests);
			const current = trusted ? existing : await readCurrent.call(this, existing, body, reads, request);
			const digest = trusted ? trusted.digest : readDigest(existing, current, body, reads);
			compared.set(item, { body: trusted?.body ?? body, byEmployeeId: match.byEmployeeId, existing, current, digest });
		} catch (error) {
			failed.set(item, error as Error);
		}
	}
	return compared;
}

/**
 * Who among the users a run would deactivate is the Site Administrator: only each one's
 * permissions say it (the contract's User has no `is_admin`). A read that failed is that user's
 * failure, and they are not deactivated.
 */
async function readAdministrators(this: IExecuteFunctions, users: IDataObject[], request: ItemRequest) {
	const administrators = new Map<unknown, boolean | Error>();
	for (const user of users) {
		try {
			administrators.set(user.id, await isSiteAdministrator.call(this, String(user.id), request));
		} catch (error) {
			administrators.set(user.id, error as Error);
		}
	}
	return administrators;
}

const heldOutput = (other: IDataObject): IDataObject => ({ outcome: 'held', heldWith: other });

/**
 * A creation and a deactivation in one run that look like one person (the same employee ID, or
 * the same first and last name) are most likely an address change the match did not see: writing
 * both would give that person a second account and block the first. Both are held, neither
 * written, and each names the other.
 */
function holdLookalikes(identities: Map<number, Identity>, matches: Map<number, Match>, candidates: IDataObject[]) {
	const items = new Map<number, IDataObject>();
	const users = new Map<IDataObject, number>();
	for (const [item, match] of matches) {
		const identity = identities.get(item)!;
		if (match.user || identity.leaver) continue;
		const lookalike = candidates.find(
			(user) =>
				!users.has(user) &&
				((identity.employeeId && trimmed(user.employee_id) === identity.employeeId) ||
					fullNameOf(user.first_name, user.last_name) === identity.fullName),
		);
		if (!lookalike) continue;
		items.set(item, { id: lookalike.id ?? null, email: lookalike.email ?? null, name: lookalike.name ?? null });
		users.set(lookalike, item);
	}
	return { items, users };
}

/**
 * Users the run would deactivate as missing: Active, named by no item (leavers the HR system
 * names are not counted: it named them). The guard counts them before the Site Administrator is
 * set aside (telling them apart costs a read each, which a refused run should not spend), so it
 * errs towards refusing. Over it: the refusal, which ends the run or heads its plan for approval.
 */
function overTheGuard(this: IExecuteFunctions, candidates: IDataObject[], directory: IDataObject[], named: number, settings: Settings) {
	const active = directory.filter(isActive).length;
	const share = active ? (candidates.length / active) * 100 : 0;
	if (share <= settings.maxDeactivatePercent) return undefined;
	return new NodeOperationError(
		this.getNode(),
		`Refused: this sync would deactivate ${candidates.length} of ${active} Active users (${share.toFixed(1)} %), more than ${MAX_DEACTIVATE_PERCENT} (${settings.maxDeactivatePercent} %)`,
		{
			itemIndex: 0,
			description: `Nothing was written. Check that the input holds every employee: it names ${named} users, Engagedly has ${active} Active users. If so many leavers are expected, raise ${MAX_DEACTIVATE_PERCENT} for this run, or set When Over The Guard to output the plan for approval; Dry Run with a raised percentage lists who they are.`,
		},
	);
}

interface PlanInput {
	itemCount: number;
	identities: Map<number, Identity>;
	matches: Map<number, Match>;
	compared: Map<number, Compared>;
	held: ReturnType<typeof holdLookalikes>;
	candidates: IDataObject[];
	administrators: Map<unknown, boolean | Error>;
	failed: Map<number, Error>;
	users: IDataObject[];
	settings: Settings;
	reads: UpsertReads;
}

/** A day `days` before `day` (YYYY-MM-DD). */
const daysBefore = (day: string, days: number) => DateTime.fromISO(day, { zone: 'utc' }).minus({ days }).toISODate() ?? day;

/**
 * The run's plan: one step per input item in their order, then the users no item names (held,
 * kept, deactivated). No request: everything it decides on was read before.
 */
function plan(input: PlanInput): Step[] {
	const { identities, matches, compared, held, settings, reads } = input;
	const steps: Step[] = [];
	for (let item = 0; item < input.itemCount; item++) {
		const identity = identities.get(item);
		const match = matches.get(item);
		const person: Person = match?.user ? personOf(match.user) : { id: null, email: identity?.email ?? '', name: null };
		const error = input.failed.get(item);
		if (error || !identity) {
			steps.push({ kind: 'failed', item, person, error, fingerprint: '' });
			continue;
		}
		const user = match?.user ?? null;
		const base = { item, person, record: user ?? undefined, fingerprint: fingerprintOf(user, [], reads) };
		const heldWith = held.items.get(item);
		if (heldWith) {
			steps.push({ ...base, kind: 'held', heldWith });
			continue;
		}
		const leaver = identity.leaver;
		if (leaver && !leaver.left) {
			steps.push({ ...base, kind: 'leaving', date: leaver.date });
		} else if (leaver) {
			steps.push(leaverStep(base, user, leaver, input));
		} else {
			steps.push(employeeStep(base, compared.get(item)!, settings, reads));
		}
	}
	for (const [user, item] of held.users) {
		steps.push({ kind: 'held', person: personOf(user), record: user, heldWith: { item, email: identities.get(item)!.email }, fingerprint: '' });
	}
	for (const user of input.candidates) steps.push(deactivation({ person: personOf(user), record: user }, user, settings.blockReasonCode, input));
	return withManagersLeaving(waitingForPendingHires(steps), input.users);
}

/**
 * A write that names a hire who is pending (their manager, say) waits with them: it could not be
 * applied before they exist, and writing the rest without that field would drop what the HR
 * system says. It is pending until their day, and says whom it waits for.
 */
function waitingForPendingHires(steps: Step[]): Step[] {
	const pending = new Map(steps.filter((step) => step.kind === 'pending' && !step.person.id).map((step) => [emailKey(step.person.email), step]));
	if (!pending.size) return steps;
	return steps.map((step) => {
		const waitsFor = step.upsert ? standIns(step.upsert.body).map((address) => pending.get(address)).find((hire) => hire) : undefined;
		if (!waitsFor) return step;
		return { ...step, upsert: undefined, kind: 'pending', date: waitsFor.date, reason: `Waits for ${waitsFor.person.email}, a new hire ${String(waitsFor.reason).toLowerCase()}` };
	});
}

type StepBase = Pick<Step, 'item' | 'person' | 'record'>;

/** A leaver: their Active user deactivated (or kept, the Site Administrator); nobody or a Blocked user left unchanged. */
function leaverStep(base: StepBase, user: IDataObject | null, leaver: Leaver, input: PlanInput): Step {
	if (user && isActive(user)) return deactivation(base, user, leaver.blockReasonCode, input);
	const reason = user ? 'Left, and already deactivated' : 'Left: not in Engagedly, so not created';
	return { ...base, kind: 'unchanged', reason, fingerprint: fingerprintOf(user, [], input.reads) };
}

function deactivation(base: StepBase, user: IDataObject, blockReasonCode: string, input: PlanInput): Step {
	const admin = input.administrators.get(user.id);
	const fingerprint = fingerprintOf(user, [], input.reads);
	if (admin instanceof Error) return { ...base, kind: 'failed', error: admin, fingerprint };
	if (admin) return { ...base, kind: 'kept', reason: SITE_ADMINISTRATOR_KEPT, fingerprint };
	return { ...base, kind: 'deactivate', blockReasonCode, fingerprint };
}

/** An employee who stays: created (or pending, before their time), updated, reactivated, unchanged or left blocked. */
function employeeStep(base: StepBase, { body, byEmployeeId, existing, current }: Compared, settings: Settings, reads: UpsertReads): Step {
	const joining = typeof body.joining_date === 'string' ? body.joining_date : undefined;
	if (!existing && settings.daysBeforeJoining !== undefined && joining) {
		const from = daysBefore(joining, settings.daysBeforeJoining);
		if (from > settings.today) {
			return { ...base, kind: 'pending', date: joining, reason: `Created from ${from}`, fingerprint: fingerprintOf(null, [], reads) };
		}
	}
	const upsert: UpsertStep = planUpsert(body, existing, current, reads, {
		returning: settings.reactivateReturning ? 'reactivate' : 'report',
		updateEmail: byEmployeeId,
	});
	const step: Step = { ...base, kind: upsert.kind, upsert, fingerprint: '' };
	return { ...step, fingerprint: fingerprintOf(current, fingerprintWires(step), reads) };
}

/**
 * Each deactivation names the Active users who report to the user deactivated and get no other
 * manager in this run (their own step does not give them another, nor are they leaving).
 */
function withManagersLeaving(steps: Step[], users: IDataObject[]): Step[] {
	const leaving = new Map(steps.filter((step) => step.kind === 'deactivate').map((step) => [step.person.id, step]));
	if (!leaving.size) return steps;
	const stepOf = new Map(steps.filter((step) => step.person.id).map((step) => [step.person.id, step]));
	const reports = new Map<string, Person[]>();
	for (const user of users.filter(isActive)) {
		const own = stepOf.get(String(user.id));
		if (own && ['deactivate', 'leaving', 'held'].includes(own.kind)) continue;
		const managerChange = own?.upsert?.changes.manager_id;
		const manager = managerChange ? managerChange.to : managerIdOf(user);
		if (typeof manager !== 'string' || !leaving.has(manager)) continue;
		reports.set(manager, [...(reports.get(manager) ?? []), personOf(user)]);
	}
	return steps.map((step) => (step.kind === 'deactivate' && reports.has(step.person.id!) ? { ...step, withoutManager: reports.get(step.person.id!) } : step));
}

function managerIdOf(user: IDataObject): string | null {
	const reporter = user.primary_reporter;
	const id = reporter && typeof reporter === 'object' ? (reporter as IDataObject).id : reporter;
	return isBlank(id) ? null : String(id);
}

/**
 * Over the guard with When Over The Guard "output the plan": one item, paired with every input
 * item, with nothing written: the counts and names a message shows, and the plan's writing steps
 * as JSON for Apply Plan.
 */
function approval(steps: Step[], over: NodeOperationError, itemCount: number): BatchRun {
	const writing = steps.filter((step) => WRITING.includes(step.kind));
	const counts: IDataObject = {};
	const names: IDataObject = {};
	for (const kind of [...WRITING, 'kept', 'held', 'pending', 'leaving', 'unchanged', 'blocked', 'failed']) counts[kind] = steps.filter((step) => step.kind === kind).length;
	for (const kind of WRITING) names[kind] = steps.filter((step) => step.kind === kind).map((step) => named(step.person));
	const withoutManager = steps.flatMap((step) => step.withoutManager ?? []).map(named);
	const everyItem = Array.from({ length: itemCount }, (_, item) => item);
	const failures: BatchResult[] = steps.flatMap((step) => (step.error ? [failure(step)] : []));
	return {
		results: [
			{
				json: {
					outcome: 'approvalNeeded',
					reason: over.message,
					counts,
					names,
					withoutManager,
					plan: { version: PLAN_VERSION, plannedAt: new Date().toISOString(), steps: writing.map(stepJson) },
				},
				item: everyItem,
			},
			...failures,
		],
		tally: `approval needed: ${String(counts.deactivate)} deactivated, nothing written`,
	};
}

const named = (person: Person) => (person.name ? `${person.name} <${person.email}>` : person.email);

function failure(step: Step): BatchResult {
	return step.item === undefined
		? { error: step.error!, user: { id: step.person.id, email: step.person.email || null } }
		: { error: step.error!, item: step.item };
}

/** Each step's output item: the user (as written, previewed or read) and what happened, or its error. */
function report(this: IExecuteFunctions, steps: Step[], applied: Map<Step, Applied>, settings: Settings): BatchResult[] {
	return steps.map((step): BatchResult => {
		const done = applied.get(step);
		const error = step.error ?? done?.error;
		if (error) return failure({ ...step, error });
		const output = (user: IDataObject, fields: IDataObject): BatchResult => ({
			json: userOutput(user, settings.simplify, fields),
			...(step.item === undefined ? {} : { item: step.item }),
		});
		const result = done?.result;
		if (result && step.upsert) return output(result.user, outcomeFields(result));
		const user = result?.user ?? step.record ?? itemPerson.call(this, step.item!);
		switch (step.kind) {
			case 'deactivate':
				return output(user, { outcome: 'deactivated', ...(step.withoutManager ? { withoutManager: step.withoutManager as unknown as IDataObject[] } : {}) });
			case 'held':
				return output(user, heldOutput(step.heldWith!));
			case 'pending':
			case 'leaving':
				return output(user, { outcome: step.kind, date: step.date ?? null, ...(step.reason ? { reason: step.reason } : {}) });
			default:
				return output(user, { outcome: step.kind, reason: step.reason ?? null });
		}
	});
}

/** An employee as their item gives them, for an item with no user to show. */
function itemPerson(this: IExecuteFunctions, item: number): IDataObject {
	return { ...readIdentity.call(this, item), employee_id: trimmed(this.getNodeParameter('additionalFields.employeeId', item, '')) || null };
}

/** What Sync adds to a user, in the order it leads their item, each blank where it does not apply. */
const OUTCOME_FIELDS: Record<string, () => unknown> = {
	outcome: () => null,
	changes: () => ({}),
	notCompared: () => [],
	reason: () => null,
	heldWith: () => null,
	date: () => null,
	withoutManager: () => [],
};

/**
 * n8n's Table view makes a column where an item first has a field: a `reason` only the last item
 * has would come after the whole user record. So every item carries the outcome fields any item
 * of this run has (blank where they do not apply), first and in one order, and what happened
 * reads across the first columns whatever the outcomes.
 */
function withOutcomeFieldsFirst(results: BatchResult[], comparison: Comparison): BatchResult[] {
	const used = Object.keys(OUTCOME_FIELDS).filter((key) => results.some((result) => 'json' in result && key in result.json));
	return results.map((result) => {
		if (!('json' in result)) return result;
		const blanks = Object.fromEntries(used.map((key) => [key, OUTCOME_FIELDS[key]()])) as IDataObject;
		return { ...result, json: { ...blanks, ...result.json, comparison } };
	});
}

const OUTCOMES: Array<Outcome | 'failed'> = ['created', 'updated', 'rewritten', 'unchanged', 'reactivated', 'blocked', 'held', 'deactivated', 'kept', 'failed'];

/**
 * The run's tally (what the router says when the run ends in error) and its output: per employee,
 * or with Output "Summary" one item with how many users had each outcome and their addresses,
 * paired with every input item. Failures stay error items either way. `pending` and `leaving`
 * are counted in runs that can have them (Create New Hires before their joining date, an item
 * with Leaver Fields), and `withoutManager` lists who loses their manager, when anyone does.
 */
function summarise(results: BatchResult[], itemCount: number, settings: Settings, steps: Step[], leavers: boolean, comparison: Comparison): BatchRun {
	const outcomes: string[] = [...OUTCOMES];
	if (settings.daysBeforeJoining !== undefined) outcomes.splice(-1, 0, 'pending');
	if (leavers) outcomes.splice(-1, 0, 'leaving');
	const counts: IDataObject = {};
	const emails: Record<string, unknown[]> = {};
	for (const outcome of outcomes) {
		counts[outcome] = 0;
		emails[outcome] = [];
	}
	for (const result of results) {
		const outcome = 'json' in result ? String(result.json.outcome) : 'failed';
		const email = 'json' in result ? result.json.email : 'user' in result ? result.user.email : undefined;
		counts[outcome] = Number(counts[outcome] ?? 0) + 1;
		(emails[outcome] ??= []).push(email ?? `item ${'item' in result ? String(result.item) : '?'}`);
	}
	const tally = `${outcomes.map((outcome) => `${String(counts[outcome])} ${outcome}`).join(', ')}${settings.dryRun ? ' (dry run: nothing was written)' : ''}`;
	if (!settings.summary) return { results: withOutcomeFieldsFirst(results, comparison), tally };
	const withoutManager = steps.flatMap((step) => step.withoutManager ?? []).map((person) => person.email);
	const everyItem = Array.from({ length: itemCount }, (_, item) => item);
	return {
		results: [
			{
				json: { dryRun: settings.dryRun, comparison, counts, emails: emails as unknown as IDataObject, ...(withoutManager.length ? { withoutManager } : {}) },
				item: everyItem,
			},
			...results.filter((result) => 'error' in result),
		],
		tally,
	};
}
