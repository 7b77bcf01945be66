/** The transport's pure checks: ids as path segments, and answers against what was expected. */
import { envelopeProblem } from '../../nodes/Engagedly/transport/envelope';
import { apiPath, segmentProblem } from '../../nodes/Engagedly/transport/paths';
import { failureOf } from '../../nodes/Engagedly/transport/retry';

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

test("n8n's own regular-expression time limit running out on a busy host is a transient failure (a read is tried again), not a fault of Engagedly", () => {
	expect(failureOf(new Error('Regular expression execution timed out'))).toEqual({ code: 'N8N_REGEX_TIMEOUT', notSent: false, transient: true, timedOut: false });
	expect(failureOf(new Error('something else')).transient).toBe(false);
});
