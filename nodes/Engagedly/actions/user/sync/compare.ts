import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../../transport/request';
import { isSiteAdministrator } from '../deactivation';
import type { Memberships } from '../upsert/lookups';
import { membershipReader } from '../upsert/lookups';
import { idsForNames } from '../upsert/names';
import type { UpsertReads } from '../upsert/write';
import { readCurrent } from '../upsert/upsert';
import type { DigestComparison } from './digests';
import { notRead, readDigest } from './digests';
import type { Directory } from './directory';
import { resolvePeople } from './directory';
import { business, department } from '../../records/kinds';
import type { Settings } from './settings';
import type { Fate } from './lifecycle';
import type { Held, Match, RunPeople } from './match';
import type { Row } from './rows';

/** What an employee's comparison needs: their write body (names resolved), their user as compared. */
export interface Compared {
	body: IDataObject;
	/** Matched by employee ID: their address is one of the fields brought up to date. */
	byEmployeeId: boolean;
	existing: IDataObject | null;
	current: IDataObject | null;
	/** The digest of the fields only the single user carries, as the saved digest or the read confirmed them (digests.ts). */
	digest?: string;
	/** Those fields, left uncompared until the user's turn (ISO date): they have no digest yet. */
	waiting?: { fields: string[]; turn: string };
}

/**
 * The reads each comparison needs, item by item: the body (people resolved against the directory,
 * names against the lists, each read once per run), and for a matched user their memberships (the
 * units' members, once per run) and, where needsSingleRead says so, the single user. Only
 * employees written need them (not the held, the pending, nor those deactivated or left as they
 * are); nor does a user left blocked (nothing of theirs is compared).
 */
export async function readComparisons(
	this: IExecuteFunctions,
	{ rows, matches, fates, held, directory, people }: { rows: Map<number, Row>; matches: Map<number, Match>; fates: Map<number, Fate>; held: Held; directory: Directory; people: RunPeople },
	settings: Settings,
	reads: UpsertReads,
	digests: DigestComparison,
	scopeOf: (item: number) => ItemScope,
	failed: Map<number, Error>,
) {
	const memberships: Memberships = membershipReader(this, reads.lists);
	const compared = new Map<number, Compared>();
	for (const [item, match] of matches) {
		if (held.items.has(item) || fates.get(item)!.action !== 'write') continue;
		try {
			const request = scopeOf(item);
			const row = rows.get(item)!;
			if (row.body instanceof Error) throw row.body;
			const given = { ...row.body, ...resolvePeople.call(this, item, row.people, directory, people, settings.managersGivenBy) };
			const body = await idsForNames.call(this, given, request, reads.lists);
			const user = match.user;
			if (!user || (user.status === 'Blocked' && !settings.reactivateReturning)) {
				compared.set(item, { body, byEmployeeId: match.byEmployeeId, existing: user, current: user });
				continue;
			}
			const existing = await withMemberships(user, body, memberships, request);
			const unread = notRead(existing, body, reads, digests, match.byEmployeeId);
			const current = unread ? existing : await readCurrent.call(this, existing, body, reads, request);
			const digest = unread ? unread.digest : readDigest(existing, current, body, reads);
			compared.set(item, { body: unread?.body ?? body, byEmployeeId: match.byEmployeeId, existing, current, digest, waiting: unread?.waiting });
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
export async function readAdministrators(this: IExecuteFunctions, users: IDataObject[], request: ItemScope) {
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

/**
 * The user as the list gives them, with the departments and businesses they belong to when the
 * body gives those and the list does not carry them (the contract's list never does): read from
 * the units' members, once for the whole run, rather than one single-user read per employee.
 */
export async function withMemberships(user: IDataObject, body: IDataObject, memberships: Memberships, request: ItemScope) {
	const known: IDataObject = { ...user };
	if (body.departments !== undefined && !('departments' in known)) {
		known.departments = (await memberships(department, request)).get(String(user.id)) ?? [];
	}
	if (body.businesses !== undefined && !('business_unit' in known)) {
		known.business_unit = (await memberships(business, request)).get(String(user.id)) ?? [];
	}
	return known;
}
