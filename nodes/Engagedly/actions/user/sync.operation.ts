import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { emailKey, expectCreation, useDirectory, WaitingForCreation } from '../../api/users';
import { optionsCollection } from '../../descriptions/common';
import { checkParameters } from '../../parameters/check';
import { withParametersOnce } from '../../parameters/once';
import { isEmailAddress, trimmed } from '../../parameters/values';
import { paginate } from '../../transport/paginate';
import { apiPath } from '../../transport/paths';
import type { ItemRequest } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { BatchResult, BatchRun } from '../types';
import { business, department } from '../records/kinds';
import { readCreateBody, syncFields } from './create.operation';
import { blockReasonCodeField, checkCode, isSiteAdministrator, SITE_ADMINISTRATOR_KEPT } from './deactivate.operation';
import { membershipsOf } from './lookups';
import { idsForNames } from './names';
import { readIdentity } from './readFields';
import { readSimplify, simplifyProperties, userOutput } from './simplify';
import { checkStatus } from './status';
import type { Outcome, Upserted } from './upsert';
import { outcomeFields, upsertUser } from './upsert';

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
	{ ...blockReasonCodeField, displayOptions: { show: { deactivateMissing: [true] } } },
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

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['sync'] } }, [
	runFields[0],
	...syncFields,
	...runFields.slice(1),
]);

interface Settings {
	matchByEmployeeId: boolean;
	reactivateReturning: boolean;
	deactivateMissing: boolean;
	blockReasonCode: string;
	maxDeactivatePercent: number;
	dryRun: boolean;
	summary: boolean;
	simplify: boolean;
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
	return {
		matchByEmployeeId: this.getNodeParameter('matchByEmployeeId', 0, false) === true,
		reactivateReturning: this.getNodeParameter('reactivateReturning', 0, false) === true,
		deactivateMissing,
		blockReasonCode: deactivateMissing ? trimmed(this.getNodeParameter('blockReasonCode', 0, '')) : '',
		maxDeactivatePercent: percent,
		dryRun: this.getNodeParameter('dryRun', 0, false) === true,
		summary: this.getNodeParameter('output', 0, 'perEmployee') === 'summary',
		simplify: readSimplify.call(this, 0),
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
			checkParameters.call(this, syncFields, item);
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
 * Sync: each input item is one employee (Create's fields, mapped per item). The directory is
 * read once (ceil(N/50) pages), users are matched by email whatever the case (by employee ID
 * first when asked), the missing are created, the rest updated with only what changed, and,
 * with Deactivate Missing Users, the Active users no item names are deactivated. One employee's
 * problem is their item's error; the rest of the sync goes on, and the router ends the run in
 * error afterwards unless Continue On Fail is on.
 */
export async function executeAll(this: IExecuteFunctions, itemCount: number, request: ItemRequest): Promise<BatchRun> {
	return await sync.call(withParametersOnce(this), itemCount, request);
}

async function sync(this: IExecuteFunctions, itemCount: number, request: ItemRequest): Promise<BatchRun> {
	const settings = readSettings.call(this);
	const failed = new Map<number, Error>();
	const { identities, unnamed } = readIdentities.call(this, itemCount, settings, failed);
	const itemRequest = (itemIndex: number): ItemRequest => ({ ...request, itemIndex });

	if (settings.blockReasonCode) await checkCode.call(this, 0, settings.blockReasonCode, request);
	const users = await paginate.call(this, '/users', { ...request, qs: { include: 'primary_reporter' } });
	useDirectory(this, users);
	const directory = indexDirectory(users);

	// Every user an item may stand for is kept from deactivation, failed items' users included.
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

	let candidates =
		settings.deactivateMissing && unnamed === 0 ? users.filter((user) => isActive(user) && !named.has(user.id)) : [];
	const held = holdLookalikes(identities, matches, candidates);
	candidates = candidates.filter((user) => !held.users.has(user));
	guardDeactivations.call(this, candidates, users, named.size, settings);
	expectCreation(
		this,
		[...matches].filter(([item, match]) => !match.user && !held.items.has(item)).map(([item]) => identities.get(item)!.email),
	);

	const done = await applyItems.call(this, matches, held.items, settings, itemRequest, failed);
	const results: BatchResult[] = [];
	for (let item = 0; item < itemCount; item++) {
		const error = failed.get(item);
		if (error) results.push({ error, item });
		const heldWith = held.items.get(item);
		if (heldWith) {
			const person = { ...readIdentity.call(this, item), employee_id: identities.get(item)!.employeeId || null };
			results.push({ json: userOutput(person, settings.simplify, heldOutput(heldWith)), item });
		}
		const result = done.get(item);
		if (result) results.push({ json: userOutput(result.user, settings.simplify, outcomeFields(result)), item });
	}
	for (const [user, item] of held.users) {
		results.push({ json: userOutput(user, settings.simplify, heldOutput({ item, email: identities.get(item)!.email })) });
	}
	results.push(...(await deactivate.call(this, candidates, settings, request)));
	return summarise(results, itemCount, settings);
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
		if (match.user) continue;
		const identity = identities.get(item)!;
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
 * Each matched or new employee, written. A new hire whose manager is created in this run too
 * waits for them: passes go on while one of them gets somewhere.
 */
async function applyItems(
	this: IExecuteFunctions,
	matches: Map<number, Match>,
	held: Map<number, IDataObject>,
	settings: Settings,
	itemRequest: (item: number) => ItemRequest,
	failed: Map<number, Error>,
) {
	const done = new Map<number, Upserted>();
	let waiting = [...matches.keys()].filter((item) => !held.has(item));
	const waitingFor = new Map<number, WaitingForCreation>();
	while (waiting.length) {
		const next: number[] = [];
		for (const item of waiting) {
			try {
				const request = itemRequest(item);
				const body = await idsForNames.call(this, await readCreateBody.call(this, item, { request }), request);
				const match = matches.get(item)!;
				const existing = match.user ? await withMemberships.call(this, match.user, body, request) : null;
				done.set(
					item,
					await upsertUser.call(this, body, existing, request, {
						dryRun: settings.dryRun,
						returning: settings.reactivateReturning ? 'reactivate' : 'report',
						updateEmail: match.byEmployeeId,
					}),
				);
			} catch (error) {
				if (error instanceof WaitingForCreation) {
					waitingFor.set(item, error);
					next.push(item);
				} else {
					failed.set(item, error as Error);
				}
			}
		}
		if (next.length === waiting.length) {
			for (const item of next) {
				const { address } = waitingFor.get(item)!;
				failed.set(
					item,
					new NodeOperationError(this.getNode(), `"${address}" was not created in this run, so this employee could not be`, {
						itemIndex: item,
						description: `A field of this item names "${address}", who has no Engagedly user yet: their own item failed (see it), or it names this employee in turn (two new hires who are each other's manager). Fix that and run again.`,
					}),
				);
			}
			break;
		}
		waiting = next;
	}
	return done;
}

/**
 * The user as the list gives them, with the departments and businesses they belong to when the
 * item gives those and the list does not carry them (the contract's list never does): read from
 * the units' members, once for the whole run, rather than one single-user read per employee.
 */
async function withMemberships(this: IExecuteFunctions, user: IDataObject, body: IDataObject, request: ItemRequest) {
	const known: IDataObject = { ...user };
	if (body.departments !== undefined && !('departments' in known)) {
		known.departments = (await membershipsOf.call(this, department, request)).get(String(user.id)) ?? [];
	}
	if (body.businesses !== undefined && !('business_unit' in known)) {
		known.business_unit = (await membershipsOf.call(this, business, request)).get(String(user.id)) ?? [];
	}
	return known;
}

/**
 * Users the run would deactivate: Active, named by no item. The guard counts them before the
 * Site Administrator is set aside (telling them apart costs a read each, which a refused run
 * should not spend), so it errs towards refusing.
 */
function guardDeactivations(
	this: IExecuteFunctions,
	candidates: IDataObject[],
	directory: IDataObject[],
	named: number,
	settings: Settings,
) {
	const active = directory.filter(isActive).length;
	const share = active ? (candidates.length / active) * 100 : 0;
	if (share <= settings.maxDeactivatePercent) return;
	throw new NodeOperationError(
		this.getNode(),
		`Refused: this sync would deactivate ${candidates.length} of ${active} Active users (${share.toFixed(1)} %), more than ${MAX_DEACTIVATE_PERCENT} (${settings.maxDeactivatePercent} %)`,
		{
			itemIndex: 0,
			description: `Nothing was written. Check that the input holds every employee: it names ${named} users, Engagedly has ${active} Active users. If so many leavers are expected, raise ${MAX_DEACTIVATE_PERCENT} for this run; Dry Run with a raised percentage lists who they are.`,
		},
	);
}

async function readSingleUser(this: IExecuteFunctions, id: string, request: ItemRequest) {
	return await requestRecord.call(this, 'GET', apiPath`/users/${id}`, { ...request, qs: { include: 'primary_reporter' } });
}

/**
 * Each candidate's permissions are read first: only they say who the Site Administrator is (the
 * contract's User has no `is_admin`), and nothing says Engagedly would refuse to deactivate them.
 * The admin is kept, and says so in an item of their own. These items have no input item: no item
 * named them (n8n pairs them with the only input item when there is one).
 */
async function deactivate(this: IExecuteFunctions, candidates: IDataObject[], settings: Settings, request: ItemRequest) {
	const results: BatchResult[] = [];
	for (const candidate of candidates) {
		const id = String(candidate.id);
		try {
			if (await isSiteAdministrator.call(this, id, request)) {
				results.push({ json: userOutput(candidate, settings.simplify, { outcome: 'kept', reason: SITE_ADMINISTRATOR_KEPT }) });
				continue;
			}
			// The write answers with the single user: the dry run shows that record, deactivated.
			const deactivated = settings.dryRun
				? { ...(await readSingleUser.call(this, id, request)), status: 'Blocked', block_reason_code: settings.blockReasonCode || null }
				: checkStatus.call(
						this,
						request.itemIndex,
						await requestRecord.call(this, 'PUT', apiPath`/users/${id}/deactivate`, {
							...request,
							body: settings.blockReasonCode ? { block_reason_code: settings.blockReasonCode } : {},
						}),
						{ status: 'Blocked', blockReasonCode: settings.blockReasonCode || undefined },
					);
			results.push({ json: userOutput(deactivated, settings.simplify, { outcome: 'deactivated' }) });
		} catch (error) {
			results.push({ error: error as Error, user: { id, email: candidate.email ?? null } });
		}
	}
	return results;
}

/** What Sync adds to a user, in the order it leads their item, each blank where it does not apply. */
const OUTCOME_FIELDS: Record<string, () => unknown> = {
	outcome: () => null,
	changes: () => ({}),
	notCompared: () => [],
	reason: () => null,
	heldWith: () => null,
};

/**
 * n8n's Table view makes a column where an item first has a field: a `reason` only the last item
 * has would come after the whole user record. So every item carries the outcome fields any item
 * of this run has (blank where they do not apply), first and in one order, and what happened
 * reads across the first columns whatever the outcomes.
 */
function withOutcomeFieldsFirst(results: BatchResult[]): BatchResult[] {
	const used = Object.keys(OUTCOME_FIELDS).filter((key) => results.some((result) => 'json' in result && key in result.json));
	return results.map((result) => {
		if (!('json' in result)) return result;
		const blanks = Object.fromEntries(used.map((key) => [key, OUTCOME_FIELDS[key]()])) as IDataObject;
		return { ...result, json: { ...blanks, ...result.json } };
	});
}

const OUTCOMES: Array<Outcome | 'failed'> = ['created', 'updated', 'rewritten', 'unchanged', 'reactivated', 'blocked', 'held', 'deactivated', 'kept', 'failed'];

/**
 * The run's tally (what the router says when the run ends in error) and its output: per employee,
 * or with Output "Summary" one item with how many users had each outcome and their addresses,
 * paired with every input item. Failures stay error items either way.
 */
function summarise(results: BatchResult[], itemCount: number, settings: Settings): BatchRun {
	const counts: IDataObject = {};
	const emails: Record<string, unknown[]> = {};
	for (const outcome of OUTCOMES) {
		counts[outcome] = 0;
		emails[outcome] = [];
	}
	for (const result of results) {
		const outcome = 'json' in result ? String(result.json.outcome) : 'failed';
		const email = 'json' in result ? result.json.email : 'user' in result ? result.user.email : undefined;
		counts[outcome] = Number(counts[outcome] ?? 0) + 1;
		(emails[outcome] ??= []).push(email ?? `item ${'item' in result ? String(result.item) : '?'}`);
	}
	const tally = `${OUTCOMES.map((outcome) => `${String(counts[outcome])} ${outcome}`).join(', ')}${settings.dryRun ? ' (dry run: nothing was written)' : ''}`;
	if (!settings.summary) return { results: withOutcomeFieldsFirst(results), tally };
	const everyItem = Array.from({ length: itemCount }, (_, item) => item);
	return {
		results: [
			{ json: { dryRun: settings.dryRun, counts, emails: emails as unknown as IDataObject }, item: everyItem },
			...results.filter((result) => 'error' in result),
		],
		tally,
	};
}
