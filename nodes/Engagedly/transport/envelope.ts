import type { IDataObject } from 'n8n-workflow';

/**
 * What a successful answer must look like before anything in it is believed. Engagedly wraps
 * every answer in `{ success: true, data }` (block reason codes say `{ status, data }`, learner
 * reports carry no flag at all), and a proxy or a struggling API can hand back a 200 that is
 * none of these. Read as "no records" such an answer turns into a silently short list, a `null`
 * item or a write based on nothing, so each request says what it expects and anything else is
 * a fault.
 */
export type Expect =
	/** `data` is one record (an object). */
	| 'record'
	/** `data` is an array (unpaginated lists, the permissions a PUT returns). */
	| 'list'
	/** `data` is an array and `pagination`, where given, is consistent with it. */
	| 'page'
	/** `{ success: true }` and nothing else is due. */
	| 'ack'
	/** 204 or an empty body (deletes); `{ success: true }` is accepted too. */
	| 'nothing';

export interface Pagination {
	page?: number;
	size?: number;
	has_more?: boolean;
	total_records?: number;
}

export interface EngagedlyBody {
	data?: unknown;
	pagination?: Pagination;
	[key: string]: unknown;
}

const EXPECTED: Record<Expect, string> = {
	record: 'a record in "data"',
	list: 'a list in "data"',
	page: 'a page of records in "data"',
	ack: '{"success": true}',
	nothing: 'no content',
};

export const expectedAnswer = (expect: Expect) => EXPECTED[expect];

const isObject = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** A whole number from a number or numeric text (ids and counts come as either). */
export function countOf(value: unknown): number | undefined {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** A short, key-free account of a body for messages: its shape, never its values. */
function describeBody(body: unknown): string {
	// Never undefined: envelopeProblem says an absent body first.
	if (body === null || body === '') return 'an empty body';
	if (Array.isArray(body)) return `a bare list of ${body.length}`;
	if (!isObject(body)) return `${typeof body} ${JSON.stringify(body).slice(0, 40)}`;
	const keys = Object.keys(body);
	if (keys.length === 0) return 'an empty object';
	const parts = keys.slice(0, 6).map((key) => {
		const value = body[key];
		if (key === 'success' || key === 'has_more') return `${key}: ${String(value)}`;
		if (Array.isArray(value)) return `${key}: [${value.length}]`;
		if (value === null) return `${key}: null`;
		return key;
	});
	return `{ ${parts.join(', ')}${keys.length > 6 ? ', …' : ''} }`;
}

/**
 * Why a 2xx answer is not what the request expects, or undefined when it is. `body` is the
 * parsed JSON (undefined for an empty body).
 */
export function envelopeProblem(
	body: EngagedlyBody | undefined,
	expect: Expect,
	sentPage?: { page: number; size: number },
): string | undefined {
	if (body === undefined) return expect === 'nothing' ? undefined : 'an empty body';
	if (!isObject(body)) return describeBody(body);
	if (body.success === false) return describeBody(body);
	switch (expect) {
		case 'nothing':
		case 'ack':
			return body.success === true || (expect === 'nothing' && Object.keys(body).length === 0)
				? undefined
				: describeBody(body);
		case 'record':
			return isObject(body.data) ? undefined : describeBody(body);
		case 'list':
			return Array.isArray(body.data) ? undefined : describeBody(body);
		case 'page':
			if (!Array.isArray(body.data)) return describeBody(body);
			// Paging tells records apart by their content; a null or a bare value is no record.
			if (!body.data.every(isObject)) return 'a page whose data holds something other than records';
			return pageProblem(body.data.length, body.pagination, sentPage);
	}
}

/** An empty page that promises more, or a pagination object that is not one. */
function pageProblem(
	count: number,
	pagination: unknown,
	sent: { page: number; size: number } | undefined,
): string | undefined {
	if (pagination === undefined) return undefined;
	if (!isObject(pagination)) return `a page whose "pagination" is ${describeBody(pagination)}`;
	if (count > 0) return undefined;
	if (pagination.has_more === true) return 'an empty page that says has_more: true';
	const total = countOf(pagination.total_records);
	if (sent && total !== undefined && total > (sent.page - 1) * sent.size) {
		return `an empty page ${sent.page} of a list of ${total}`;
	}
	return undefined;
}

export type Parsed = { ok: true; body: EngagedlyBody | undefined } | { ok: false };

/** An answer's body as JSON: undefined for an empty body; not ok for anything that is not JSON. */
export function parseBody(raw: unknown): Parsed {
	if (Buffer.isBuffer(raw)) raw = raw.toString('utf8');
	// No body at all (undefined) passes through below as it is.
	if (raw === null || (typeof raw === 'string' && raw.trim() === '')) {
		return { ok: true, body: undefined };
	}
	if (typeof raw === 'string') {
		try {
			raw = JSON.parse(raw);
		} catch {
			return { ok: false };
		}
	}
	return { ok: true, body: raw as EngagedlyBody };
}
