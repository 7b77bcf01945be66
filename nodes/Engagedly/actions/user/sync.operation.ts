import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { emailKey, expectCreation, useDirectory, WaitingForCreation } from '../../api/users';
import { optionsCollection } from '../../descriptions/common';
import { checkParameters } from '../../parameters/check';
import { withParametersOnce } from '../../parameters/once';
import { trimmed } from '../../parameters/values';
import { paginate } from '../../transport/paginate';
import { apiPath } from '../../transport/paths';
import type { ItemRequest } from '../../transport/request';
import { requestRecord } from '../../transport/request';
import type { BatchResult } from '../types';
import { readCreateBody, syncFields } from './create.operation';
import { blockReasonCodeField, checkCode } from './deactivate.operation';
import { idsForNames } from './names';
import { readIdentity } from './shared';
import { readSimplify, simplifyProperties, userOutput } from './simplify';
import type { Upserted } from './upsert';
import { outcomeFields, upsertUser } from './upsert';

const MAX_DEACTIVATE_PERCENT = 'Max Deactivate Percent';

/** What the run does, read once from item 0; the employee's own fields (Create's) are read per item. */
const runFields: INodeProperties[] = [
	{
		displayName:
			'Each input item is one employee: map their fields below with expressions. Users are matched by email; the directory is read once for all items.',
		name: 'syncNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Deactivate Missing Users',
		name: 'deactivateMissing',
		type: 'boolean',
		default: false,
		description: 'Whether to deactivate the Active users that no input item names (never the Site Administrator)',
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
		description: 'Whether to only report what the sync would do: the same output, and nothing written to Engagedly',
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
	deactivateMissing: boolean;
	blockReasonCode: string;
	maxDeactivatePercent: number;
	dryRun: boolean;
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
		deactivateMissing,
		blockReasonCode: deactivateMissing ? trimmed(this.getNodeParameter('blockReasonCode', 0, '')) : '',
		maxDeactivatePercent: percent,
		dryRun: this.getNodeParameter('dryRun', 0, false) === true,
		simplify: readSimplify(this, 0),
	};
}

const isActive = (user: IDataObject) => user.status === 'Active';

/**
 * The employees' addresses, item by item, checked before anything is read: an item whose
 * parameters or identity do not pass, or whose address another item also gives, is an error of
 * its own. Every address given (errors included) still names its user, so nobody is deactivated
 * because their item had a typo elsewhere.
 */
function readAddresses(this: IExecuteFunctions, itemCount: number, failed: Map<number, Error>) {
	const emails = new Map<number, string>();
	const named = new Set<string>();
	const itemsOf = new Map<string, number[]>();
	for (let item = 0; item < itemCount; item++) {
		try {
			const given = emailKey(this.getNodeParameter('email', item, ''));
			if (given) {
				named.add(given);
				itemsOf.set(given, [...(itemsOf.get(given) ?? []), item]);
			}
			checkParameters.call(this, syncFields, item);
			emails.set(item, String(readIdentity.call(this, item).email));
		} catch (error) {
			failed.set(item, error as Error);
		}
	}
	for (const [address, items] of itemsOf) {
		if (items.length < 2) continue;
		for (const item of items) {
			emails.delete(item);
			failed.set(
				item,
				new NodeOperationError(this.getNode(), `The email address "${address}" is in ${items.length} input items (${items.join(', ')})`, {
					itemIndex: item,
					description: 'Each employee must be one item: none of these items was applied. Remove the duplicates in the source and run again.',
				}),
			);
		}
	}
	return { emails, named };
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
			description: `Nothing was written. Check that the input holds every employee: it names ${named} addresses, Engagedly has ${active} Active users. If so many leavers are expected, raise ${MAX_DEACTIVATE_PERCENT} for this run; Dry Run with a raised percentage lists who they are.`,
		},
	);
}

/**
 * Sync: each input item is one employee (Create's fields, mapped per item). The directory is
 * read once (ceil(N/50) pages), users are matched by email whatever the case, the missing are
 * created, the rest updated with only what changed, and, with Deactivate Missing Users, the
 * Active users no item names are deactivated. One employee's problem is their item's error; the
 * rest of the sync goes on.
 */
export async function executeAll(this: IExecuteFunctions, itemCount: number, request: ItemRequest): Promise<BatchResult[]> {
	return await sync.call(withParametersOnce(this), itemCount, request);
}

async function sync(this: IExecuteFunctions, itemCount: number, request: ItemRequest): Promise<BatchResult[]> {
	const settings = readSettings.call(this);
	const failed = new Map<number, Error>();
	const { emails, named } = readAddresses.call(this, itemCount, failed);
	const itemRequest = (itemIndex: number): ItemRequest => ({ ...request, itemIndex });

	if (settings.blockReasonCode) await checkCode.call(this, 0, settings.blockReasonCode, request);
	const directory = await paginate.call(this, '/users', { ...request, qs: { include: 'primary_reporter' } });
	useDirectory(this, directory);
	const byEmail = new Map(directory.map((user) => [emailKey(user.email), user]));
	expectCreation(this, [...emails.values()].filter((email) => !byEmail.has(emailKey(email))));

	const candidates = settings.deactivateMissing ? directory.filter((user) => isActive(user) && !named.has(emailKey(user.email))) : [];
	guardDeactivations.call(this, candidates, directory, named.size, settings);

	const done = new Map<number, Upserted>();
	// A new hire whose manager is created in this run too waits for them: passes go on while
	// one of them gets somewhere.
	let waiting = [...emails.keys()];
	const waitingFor = new Map<number, WaitingForCreation>();
	while (waiting.length) {
		const next: number[] = [];
		for (const item of waiting) {
			try {
				const body = await idsForNames.call(this, await readCreateBody.call(this, item, itemRequest(item)), itemRequest(item));
				done.set(item, await upsertUser.call(this, body, byEmail.get(emailKey(body.email)) ?? null, itemRequest(item), settings.dryRun));
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

	const results: BatchResult[] = [];
	for (let item = 0; item < itemCount; item++) {
		const error = failed.get(item);
		if (error) results.push({ error, item });
		const result = done.get(item);
		if (result) results.push({ json: userOutput(result.user, settings.simplify, outcomeFields(result)), item });
	}
	results.push(...(await deactivate.call(this, candidates, settings, request)));
	return results;
}

/**
 * Each candidate is read on its own first: only that read says who the Site Administrator is
 * (`is_admin`), and Engagedly refuses to deactivate them. Their output items have no input item:
 * no item named them (n8n pairs them with the only input item when there is one).
 */
async function deactivate(this: IExecuteFunctions, candidates: IDataObject[], settings: Settings, request: ItemRequest) {
	const results: BatchResult[] = [];
	for (const candidate of candidates) {
		const id = String(candidate.id);
		try {
			const user = await requestRecord.call(this, 'GET', apiPath`/users/${id}`, { ...request, qs: { include: 'primary_reporter' } });
			if (user.is_admin === true) continue;
			const deactivated = settings.dryRun
				? { ...user, status: 'Blocked', block_reason_code: settings.blockReasonCode || null }
				: await requestRecord.call(this, 'PUT', apiPath`/users/${id}/deactivate`, {
						...request,
						body: settings.blockReasonCode ? { block_reason_code: settings.blockReasonCode } : {},
					});
			results.push({ json: userOutput(deactivated, settings.simplify, { outcome: 'deactivated' }) });
		} catch (error) {
			results.push({ error: error as Error, user: { id, email: candidate.email ?? null } });
		}
	}
	return results;
}
