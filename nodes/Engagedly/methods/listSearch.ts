import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { engagedlyRequest } from '../transport/request';
import { MAX_PAGE_SIZE } from '../transport/paginate';

function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.trim().toLowerCase();
	return texts.some((text) => typeof text === 'string' && text.toLowerCase().includes(needle));
}

/**
 * One API page per call: n8n asks for the next page (paginationToken) as the user scrolls, so a
 * 10,000-user organisation never loads in one go. The API has no name search, so the filter is
 * applied to each page; an exact email uses the API's own email filter instead.
 */
async function searchPage(
	context: ILoadOptionsFunctions,
	path: string,
	filter: string | undefined,
	paginationToken: string | undefined,
	toResult: (record: IDataObject) => { name: string; value: string; url?: string },
	text: (record: IDataObject) => unknown[],
	qs: IDataObject = {},
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1) || 1;
	const body = await engagedlyRequest.call(context, 'GET', path, 'page', {
		qs: { ...qs, page, size: MAX_PAGE_SIZE },
	});
	const records = body.data as IDataObject[];
	const hasMore = body.pagination?.has_more ?? records.length >= MAX_PAGE_SIZE;
	return {
		results: records.filter((record) => matches(filter, ...text(record))).map(toResult),
		paginationToken: hasMore && records.length > 0 ? String(page + 1) : undefined,
	};
}

/** How a user is shown in every user dropdown and list: name and email. */
export const userLabel = (user: IDataObject) =>
	user.email ? `${String(user.name ?? '')} (${String(user.email)})` : String(user.name ?? user.id);

export async function searchUsers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const toResult = (user: IDataObject) => ({ name: userLabel(user), value: String(user.id) });
	if (filter && /^[^\s@]+@[^\s@]+$/.test(filter.trim())) {
		return await searchPage(this, '/users', undefined, undefined, toResult, () => [], {
			email: filter.trim(),
		});
	}
	return await searchPage(this, '/users', filter, paginationToken, toResult, (u) => [u.name, u.email]);
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
			(record) => ({ name: String(record[nameKey] ?? record.id), value: String(record.id) }),
			(record) => [record[nameKey]],
		);
	};
}
