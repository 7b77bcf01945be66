/** The transport's pure checks: ids as path segments, answers against what was expected, and when an answer came. */
import type { Expect } from '../../nodes/Engagedly/transport/envelope';
import { countOf, envelopeProblem, expectedAnswer, parseBody } from '../../nodes/Engagedly/transport/envelope';
import { apiPath, segmentProblem } from '../../nodes/Engagedly/transport/paths';
import { answerTime } from '../../nodes/Engagedly/transport/request';
import { failureOf, Retries, seconds, transportTiming, unknownOutcome } from '../../nodes/Engagedly/transport/retry';

describe('an id is exactly one path segment', () => {
	test.each(['', '  ', '.', '..', '%2e', '%2E%2e', '%252e%252e', 'a/b', 'a%2Fb', 'a\\b'])('"%s" is refused', (id) => {
		expect(segmentProblem(id)).toBeDefined();
	});

	test.each(['abc-123', '42', 'a.b', '...', 'ünïcode', '%'])('"%s" is one segment', (id) => {
		expect(segmentProblem(id)).toBeUndefined();
	});

	/** `id` percent-encoded `times` times over, as proxies that each encode again would send it. */
	const encoded = (id: string, times: number) => Array.from({ length: times }).reduce<string>((text) => encodeURIComponent(text), id);

	test('an id is read as a server would after decoding it up to five times; one still encoded after that is refused', () => {
		expect(segmentProblem(encoded('a b', 5))).toBeUndefined();
		expect(segmentProblem(encoded('..', 5))).toBe(`"${encoded('..', 5)}" would leave its place in the URL`);
		expect(segmentProblem(encoded('a b', 6))).toBe(`"${encoded('a b', 6)}" is percent-encoded more times than any server decodes`);
	});

	test.each([
		['', 'it is empty'],
		[' %20 ', 'it is empty'],
		['a/b', '"a/b" contains a slash'],
		['a%5Cb', '"a%5Cb" contains a slash'],
	])('"%s" is refused saying why: %s', (id, why) => {
		expect(segmentProblem(id)).toBe(why);
	});

	test('apiPath encodes each id and refuses one that is not a segment', () => {
		expect(apiPath`/users/${'a b?c'}/permissions`).toBe('/users/a%20b%3Fc/permissions');
		expect(apiPath`/learning/resources/${16504}/contents`).toBe('/learning/resources/16504/contents');
		expect(() => apiPath`/users/${'..'}/permissions`).toThrow(/would leave its place in the URL/);
	});
});

describe('an answer is checked against what the request expects', () => {
	const ok = { success: true };
	test.each([
		['a record', { ...ok, data: { id: 1 } }, 'record'],
		['a list', { ...ok, data: [] }, 'list'],
		['a page with pagination', { ...ok, data: [{ id: 1 }], pagination: { has_more: true, total_records: 60 } }, 'page'],
		['the last, empty page of an empty list', { ...ok, data: [], pagination: { has_more: false, total_records: 0 } }, 'page'],
		['block reason codes ({ status, data })', { status: 200, data: [] }, 'list'],
		['learner reports (no flag)', { data: [], pagination: { has_more: false } }, 'page'],
		['an acknowledgement', ok, 'ack'],
		['nothing (204)', undefined, 'nothing'],
	] as const)('%s is accepted', (_name, body, wanted) => {
		expect(envelopeProblem(body as never, wanted)).toBeUndefined();
	});

	test.each([
		['an empty body for a record', undefined, 'record', 'an empty body'],
		['success: false', { success: false, data: { id: 1 } }, 'record', '{ success: false, data }'],
		['no data', ok, 'record', '{ success: true }'],
		['data: null', { ...ok, data: null }, 'list', '{ success: true, data: null }'],
		['a list for a record', { ...ok, data: [1, 2] }, 'record', '{ success: true, data: [2] }'],
		['a page holding a null among its records', { ...ok, data: [{ id: 1 }, null], pagination: { has_more: false } }, 'page', 'a page whose data holds something other than records'],
		['a page of bare ids', { ...ok, data: [1, 2] }, 'page', 'a page whose data holds something other than records'],
		['an empty page promising more', { ...ok, data: [], pagination: { has_more: true } }, 'page', 'an empty page that says has_more: true'],
		['a bare array', [], 'list', 'a bare list of 0'],
		['an ack without success', {}, 'ack', 'an empty object'],
	] as const)('%s is a problem', (_name, body, wanted, problem) => {
		expect(envelopeProblem(body as never, wanted)).toBe(problem);
	});

	test('an empty page inside the total is a problem, past it the end of the list', () => {
		const empty = { ...ok, data: [], pagination: { has_more: false, total_records: 120 } };
		expect(envelopeProblem(empty, 'page', { page: 2, size: 50 })).toBe('an empty page 2 of a list of 120');
		expect(envelopeProblem(empty, 'page', { page: 4, size: 50 })).toBeUndefined();
	});
});

describe('an answer as it arrives, and what a message says of it', () => {
	test.each<[string, unknown, ReturnType<typeof parseBody>]>([
		['no body', undefined, { ok: true, body: undefined }],
		['a null body', null, { ok: true, body: undefined }],
		['blank text', ' \n', { ok: true, body: undefined }],
		['empty bytes', Buffer.from(''), { ok: true, body: undefined }],
		['JSON bytes', Buffer.from('{"success":true}'), { ok: true, body: { success: true } }],
		['JSON text', ' {"data":[1]} ', { ok: true, body: { data: [1] } }],
		['JSON already parsed', { data: { id: 1 } }, { ok: true, body: { data: { id: 1 } } }],
		['HTML', '<html>Bad gateway</html>', { ok: false }],
	])('%s', (_what, raw, parsed) => {
		expect(parseBody(raw)).toEqual(parsed);
	});

	test.each<[unknown, number | undefined]>([
		[120, 120],
		['120', 120],
		[0, 0],
		['', undefined],
		['  ', undefined],
		[-1, undefined],
		['1.5', undefined],
		['many', undefined],
		[2 ** 53, undefined],
		[null, undefined],
	])('a count of %p is %p', (value, count) => {
		expect(countOf(value)).toBe(count);
	});

	test('each expectation has its own words for a message', () => {
		const kinds: Expect[] = ['record', 'list', 'page', 'ack', 'nothing'];
		const words = kinds.map(expectedAnswer);
		expect(words.every((text) => text.trim().length > 0)).toBe(true);
		expect(new Set(words).size).toBe(kinds.length);
	});

	test.each<[string, unknown, Expect, string | undefined]>([
		['a delete answered {} is nothing, as expected', {}, 'nothing', undefined],
		['a delete answered success is nothing too', { success: true }, 'nothing', undefined],
		['a delete answered with something else is a problem', { deleted: 1 }, 'nothing', '{ deleted }'],
		['an answer that is text is a problem, shown by its start', 'OK', 'record', 'string "OK"'],
		['a long text answer is shown by its first 40 characters', 'x'.repeat(60), 'record', `string "${'x'.repeat(39)}`],
		['an empty text answer is an empty body', '', 'record', 'an empty body'],
		['a null answer is an empty body', null, 'list', 'an empty body'],
		['a number answer is shown as one', 200, 'record', 'number 200'],
		['a body of many keys shows six', { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 }, 'record', '{ a, b, c, d, e, f, … }'],
		['a body of six keys shows them all', { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }, 'record', '{ a, b, c, d, e, f }'],
		['an unpaginated list is not read as a page, whatever pagination it carries', { success: true, data: [], pagination: { has_more: true } }, 'list', undefined],
		['has_more and null values are shown as they are', { success: true, data: null, has_more: false }, 'record', '{ success: true, data: null, has_more: false }'],
		['a pagination that is not an object', { success: true, data: [], pagination: 'none' }, 'page', 'a page whose "pagination" is string "none"'],
		['a full page with pagination is a page', { success: true, data: [{ id: 1 }], pagination: { has_more: true } }, 'page', undefined],
		['an empty last page is the end', { success: true, data: [], pagination: { has_more: false } }, 'page', undefined],
		['a page without pagination is a page', { success: true, data: [] }, 'page', undefined],
	])('%s', (_what, body, wanted, problem) => {
		expect(envelopeProblem(body as never, wanted)).toBe(problem);
	});

	test('an empty page inside a total given as text is a problem; without the page sent, the end', () => {
		const empty = { success: true, data: [], pagination: { has_more: false, total_records: '120' as unknown as number } };
		expect(envelopeProblem(empty, 'page', { page: 3, size: 50 })).toBe('an empty page 3 of a list of 120');
		expect(envelopeProblem(empty, 'page', { page: 4, size: 30 })).toBe('an empty page 4 of a list of 120');
		expect(envelopeProblem(empty, 'page', { page: 5, size: 30 })).toBeUndefined();
		expect(envelopeProblem(empty, 'page')).toBeUndefined();
	});
});

test("n8n's own regular-expression time limit running out on a busy host is a transient failure (a read is tried again), not a fault of Engagedly", () => {
	expect(failureOf(new Error('Regular expression execution timed out'))).toEqual({ code: 'N8N_REGEX_TIMEOUT', notSent: false, transient: true, timedOut: false, reason: 'Regular expression execution timed out' });
	expect(failureOf(new Error('something else')).transient).toBe(false);
});

describe('after a failure: what it was, and whether to send again', () => {
	const failure = (code: string, notSent: boolean, transient: boolean, timedOut: boolean, reason: string) => ({ code, notSent, transient, timedOut, reason });
	const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
	test.each<[string, unknown, ReturnType<typeof failureOf>]>([
		['refused: nothing reached the server', refused, failure('ECONNREFUSED', true, true, false, 'connect ECONNREFUSED 127.0.0.1:1')],
		['a name that does not resolve, from the cause', { cause: { code: 'ENOTFOUND' } }, failure('ENOTFOUND', true, true, false, '[object Object]')],
		['reset mid-answer', { code: 'ECONNRESET' }, failure('ECONNRESET', false, true, false, '[object Object]')],
		['a socket hung up, in words only', new Error('socket hang up'), failure('ECONNRESET', false, true, false, 'socket hang up')],
		['a timeout, in words only', new Error('Request Timeout after 60000ms'), failure('ETIMEDOUT', false, true, true, 'Request Timeout after 60000ms')],
		['a timeout by code', { code: 'ECONNABORTED' }, failure('ECONNABORTED', false, true, true, '[object Object]')],
		['anything else: its own words', new Error('certificate has expired'), failure('', false, false, false, 'certificate has expired')],
		['a thrown text: the text', 'socket closed by proxy', failure('', false, false, false, 'socket closed by proxy')],
		['not an error at all', undefined, failure('', false, false, false, 'undefined')],
	])('%s', (_what, error, expected) => {
		expect(failureOf(error)).toEqual(expected);
	});

	test('a read is sent again once per wait, a write only when it is safe; the count is in words', async () => {
		const waits = transportTiming.readRetryDelaysMs.length;
		const read = new Retries(true);
		expect(read.tries()).toBe('once');
		for (let i = 0; i < waits; i++) expect(await read.again()).toBe(true);
		expect(await read.again()).toBe(false);
		expect(read.tries()).toBe(`${waits + 1} times`);
		const write = new Retries(false);
		expect(await write.again()).toBe(false);
		expect(await write.again(true)).toBe(true);
		expect(write.tries()).toBe('2 times');
	});

	test('a wait in whole seconds, rounded up; a write whose outcome is unknown names its path without the query', () => {
		expect([seconds(1), seconds(1000), seconds(1001)]).toEqual(['1 s', '1 s', '2 s']);
		expect(unknownOutcome('POST', '/beta/users?x=1')).toMatch(/^The POST may already have been applied, so it was not sent again\. Check \/beta\/users in Engagedly/);
	});
});

describe('answerTime: when Engagedly answered, on its clock (its Date header) and on ours', () => {
	const stamped = Date.UTC(2026, 11, 2, 1, 47, 0);
	test.each<[string, Record<string, unknown>, ReturnType<typeof answerTime>]>([
		['the Date header, as Node gives it (lower case)', { date: 'Wed, 02 Dec 2026 01:47:00 GMT' }, { engagedlyMs: stamped, localMs: 5 }],
		['as sent', { Date: 'Wed, 02 Dec 2026 01:47:00 GMT' }, { engagedlyMs: stamped, localMs: 5 }],
		['repeated: the first', { date: ['Wed, 02 Dec 2026 01:47:00 GMT', 'Thu, 03 Dec 2026 01:47:00 GMT'] }, { engagedlyMs: stamped, localMs: 5 }],
		['none: unknown', {}, undefined],
		['not a date: unknown', { date: 'soon' }, undefined],
	])('%s', (_name, headers, time) => {
		expect(answerTime(headers, 5)).toEqual(time);
	});
});
