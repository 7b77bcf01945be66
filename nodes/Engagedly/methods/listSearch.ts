import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { sharedAddressError, usersWithAddress } from '../people/byEmail';
import { isBlank, isEmailAddress } from '../parameters/values';
import { countOf } from '../transport/envelope';
import { ownError } from '../transport/errors';
import { MAX_PAGE_SIZE, morePages } from '../transport/pages';
import { engagedlyRequest } from '../transport/request';

function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.trim().toLowerCase();
	return texts.some((text) => typeof text === 'string' && text.toLowerCase().includes(needle));
}

/**
 * The contract gives every listed record an id: one without could be shown but not picked (its
 * value would be "undefined"), so the list is refused as a fault, as the address lookup refuses it.
 */
function withIds(context: ILoadOptionsFunctions, records: IDataObject[], path: string): IDataObject[] {
	if (records.some((record) => isBlank(record.id))) {
		throw ownError(
			context.getNode(),
			'api_fault',
			`Engagedly listed a record of ${path} without an id`,
			undefined,
			[],
			'A record without an id cannot be picked, so the list is not shown. Try again; if it persists, check the records in Engagedly, or give the ID by expression.',
		);
	}
	return records;
}

/**
 * One API page per call: n8n asks for the next page (paginationToken) as the user scrolls, so a
 * 10,000-user organisation never loads in one go. The API has no name search, so the filter is
 * applied to each page; an email address uses the API's own email filter instead (users.ts).
 */
async function searchPage(
	context: ILoadOptionsFunctions,
	path: string,
	filter: string | undefined,
	paginationToken: string | undefined,
	toResult: (record: IDataObject) => { name: string; value: string; url?: string },
	text: (record: IDataObject) => unknown[],
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1) || 1;
	const body = await engagedlyRequest.call(context, 'GET', path, 'page', {
		qs: { page, size: MAX_PAGE_SIZE },
	});
	const records = withIds(context, body.data as IDataObject[], path);
	const hasMore = morePages(body.pagination, page, MAX_PAGE_SIZE, records.length);
	return {
		results: records.filter((record) => matches(filter, ...text(record))).map(toResult),
		// The envelope check has refused an empty page that promises more.
		paginationToken: hasMore ? String(page + 1) : undefined,
	};
}

/** How a user is shown in the user picker: name and email (both on every listed user, by the contract). */
const userLabel = (user: IDataObject) => `${String(user.name)} (${String(user.email)})`;

/** The most requests one call of the user picker may make (the key's budget is 200 a minute). */
const USER_SEARCH_BUDGET = 10;

const nameKey = (user: IDataObject) => String(user.name).trim().toLowerCase();

interface UserPage {
	users: IDataObject[];
	hasMore: boolean;
	total?: number;
}

/** The pages one call has read, by page number, so none is read twice. */
class UserPages {
	readonly pages = new Map<number, UserPage>();

	constructor(private readonly context: ILoadOptionsFunctions) {}

	async read(page: number): Promise<UserPage> {
		const known = this.pages.get(page);
		if (known) return known;
		const body = await engagedlyRequest.call(this.context, 'GET', '/users', 'page', { qs: { page, size: MAX_PAGE_SIZE } });
		const users = withIds(this.context, body.data as IDataObject[], '/users');
		const read: UserPage = {
			users,
			hasMore: morePages(body.pagination, page, MAX_PAGE_SIZE, users.length),
			total: countOf(body.pagination?.total_records),
		};
		this.pages.set(page, read);
		return read;
	}

	get count(): number {
		return this.pages.size;
	}

	/** Whether every page read so far, in page order, is in name order (within and across pages). */
	inNameOrder(): boolean {
		const keys = [...this.pages.entries()].sort(([a], [b]) => a - b).flatMap(([, page]) => page.users.map(nameKey));
		return keys.every((key, i) => i === 0 || keys[i - 1] <= key);
	}

	/** The users of the pages read, in page order, that the filter matches. */
	matching(needle: string): IDataObject[] {
		return [...this.pages.entries()]
			.sort(([a], [b]) => a - b)
			.flatMap(([, page]) => page.users)
			.filter((user) => matches(needle, user.name, user.email));
	}
}

const userResult = (user: IDataObject) => ({ name: userLabel(user), value: String(user.id) });

interface Scan {
	next: number;
	/** Pages an earlier call already reported, so the scan after a bisection lists nobody twice. */
	seen: Set<number>;
	last?: number;
}

/**
 * `n:<next page>:<seen,pages>:<last page>` (the last page empty when the API gave no total). The
 * seen pages are the bisection's, at most a call's budget of them.
 */
const scanToken = ({ next, seen, last }: Scan) => `n:${next}:${[...seen].join(',')}:${last ?? ''}`;

function parseScanToken(token: string): Scan | undefined {
	const match = /^n:(\d+):([\d,]*):(\d*)$/.exec(token);
	if (!match) return undefined;
	return {
		next: Number(match[1]),
		seen: new Set(match[2].split(',').filter(Boolean).map(Number)),
		last: match[3] ? Number(match[3]) : undefined,
	};
}

/**
 * Pages on from a scan token: up to the budget, the pages not yet reported, matching by name or
 * email anywhere (a last name, a part of the address).
 */
async function scanUsers(context: ILoadOptionsFunctions, needle: string, scan: Scan): Promise<INodeListSearchResult> {
	const pages = new UserPages(context);
	let page = scan.next;
	// A token is given only while pages remain.
	let more = true;
	while (more && pages.count < USER_SEARCH_BUDGET) {
		if (!scan.seen.has(page)) more = (await pages.read(page)).hasMore;
		page++;
		// The last page may be one the bisection read, which is skipped and says nothing of more.
		if (scan.last !== undefined && page > scan.last) more = false;
	}
	return {
		results: pages.matching(needle).map(userResult),
		paginationToken: more ? scanToken({ ...scan, next: page }) : undefined,
	};
}

/**
 * A name typed into the picker. Engagedly has no name search, but lists users in name order, so
 * the page where names starting with the text begin is found by bisecting the pages (about 8
 * requests at 10,000 users instead of 200). The order is checked on every page read; if it does
 * not hold, the call stops bisecting and the search continues as a scan. Every user matched on a
 * page read is listed; scrolling on scans the remaining pages for names and addresses that
 * contain the text elsewhere (a last name), a budget of pages per call.
 */
async function searchUsersByName(context: ILoadOptionsFunctions, needle: string): Promise<INodeListSearchResult> {
	const pages = new UserPages(context);
	const first = await pages.read(1);
	const lastPage = first.total === undefined ? undefined : Math.max(1, Math.ceil(first.total / MAX_PAGE_SIZE));
	const lastKey = (page: UserPage) => (page.users.length ? nameKey(page.users[page.users.length - 1]) : '');
	let start: number | undefined;
	if (lastPage !== undefined && pages.inNameOrder()) {
		if (lastKey(first) >= needle || lastPage === 1) start = 1;
		else {
			// The first page whose last name sorts at or after the text holds the first match.
			let low = 2;
			let high = lastPage;
			while (low < high && pages.count < USER_SEARCH_BUDGET - 1) {
				const middle = Math.floor((low + high) / 2);
				const page = await pages.read(middle);
				if (!pages.inNameOrder()) break;
				if (page.users.length && lastKey(page) >= needle) high = middle;
				else low = middle + 1;
			}
			// Every page read was checked as it came, and a break leaves low below high.
			if (low === high) start = low;
		}
	}
	// The bisection stops a page short of the budget, which leaves the start page room.
	if (start !== undefined) {
		let page = start;
		let current = await pages.read(page);
		// Names starting with the text may run on to the next page.
		while (
			pages.count < USER_SEARCH_BUDGET &&
			current.hasMore &&
			current.users.length &&
			lastKey(current).startsWith(needle)
		) {
			current = await pages.read(++page);
		}
	}
	const finished = !first.hasMore || (lastPage !== undefined && pages.count >= lastPage);
	return {
		results: pages.matching(needle).map(userResult),
		paginationToken: finished ? undefined : scanToken({ next: 2, seen: new Set(pages.pages.keys()), last: lastPage }),
	};
}

export async function searchUsers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const text = (filter ?? '').trim();
	if (text && isEmailAddress(text)) {
		const users = await usersWithAddress.call(this, text);
		if (users.length > 1) throw sharedAddressError(this, text, users);
		return { results: users.map(userResult) };
	}
	if (!text) return await searchPage(this, '/users', undefined, paginationToken, userResult, () => []);
	const needle = text.toLowerCase();
	const scan = paginationToken ? parseScanToken(paginationToken) : undefined;
	if (scan) return await scanUsers(this, needle, scan);
	return await searchUsersByName(this, needle);
}

/** Lists where a name is all there is to search. */
export function searchByName(path: string, nameKey = 'name') {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return await searchPage(
			this,
			path,
			filter,
			paginationToken,
			// Every record of these lists has its name (the contract's required field).
			(record) => ({ name: String(record[nameKey]), value: String(record.id) }),
			(record) => [record[nameKey]],
		);
	};
}
