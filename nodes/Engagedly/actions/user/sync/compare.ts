import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { expectCreation } from '../../../api/users';
import type { ItemRequest } from '../../../transport/request';
import { readCreateBody } from '../create.operation';
import { isSiteAdministrator } from '../deactivate.operation';
import type { Memberships } from '../lookups';
import { membershipReader } from '../lookups';
import { idsForNames } from '../names';
import type { UpsertReads } from '../upsert';
import { readCurrent, readDigest, trustedDigest, upsertReads } from '../upsert';
import type { Identity } from './items';
import type { Fate } from './lifecycle';
import type { Held, Match } from './match';
import { isCreation } from './match';
import type { Applied, Step } from './plan';
import { withMemberships } from './plan';
import type { Settings } from './settings';

/** What the plan decides on, read before it: each employee's comparison, and who among the users it would deactivate is the Site Administrator. */
export async function readForPlan(
	this: IExecuteFunctions,
	identities: Map<number, Identity>,
	{ matches, fates, held, candidates }: { matches: Map<number, Match>; fates: Map<number, Fate>; held: Held; candidates: IDataObject[] },
	settings: Settings,
	digests: Record<string, string>,
	request: ItemRequest,
	itemRequest: (item: number) => ItemRequest,
	failed: Map<number, Error>,
) {
	const creating = [...matches].filter(([item, match]) => isCreation(match, fates.get(item)!) && !held.items.has(item));
	expectCreation(this, creating.map(([item]) => identities.get(item)!.email));
	// What comparisons share, read once and handed on: the attribute definitions, the lists read
	// for names, the fields found never shown.
	const reads = await upsertReads.call(this, request);
	const compared = await readComparisons.call(this, matches, fates, held.items, settings, reads, digests, itemRequest, failed);
	const leaving = [...matches].flatMap(([item, match]) => (fates.get(item)!.action === 'deactivate' && match.user ? [match.user] : []));
	const administrators = await readAdministrators.call(this, [...leaving, ...candidates], request);
	return { reads, compared, administrators };
}

/** What an employee's comparison needs: their write body (names resolved), their user as compared. */
export interface Compared {
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
 * needsSingleRead says so, the single user. Only employees written need them (not the held, the
 * pending, nor those deactivated or left as they are); nor does a user left blocked (nothing of
 * theirs is compared).
 */
async function readComparisons(
	this: IExecuteFunctions,
	matches: Map<number, Match>,
	fates: Map<number, Fate>,
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
		if (held.has(item) || fates.get(item)!.action !== 'write') continue;
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

/** The digests this run confirmed, by user id: only of employees compared and written or found unchanged without an error. */
export function confirmedDigests(applied: Map<Step, Applied>, compared: Map<number, Compared>): Map<string, string> {
	const confirmed = new Map<string, string>();
	for (const { step, result, error } of applied.values()) {
		const digest = step.item === undefined ? undefined : compared.get(step.item)?.digest;
		if (digest === undefined || error || !result || !step.upsert?.existing || step.kind === 'blocked') continue;
		confirmed.set(String(step.upsert.existing.id), digest);
	}
	return confirmed;
}
