/**
 * What an exchange with Engagedly means (transport/answers.ts), as a table: the answer to hand
 * back, a 429 to wait out, or a fault and whether sending again may cure it; and each fault's
 * words. test/transport and test/reliability prove the loop over real HTTP: the retries made, the
 * waits, the errors' item and that no key is in them.
 */
import type { Fault, Sent } from '../../nodes/Engagedly/transport/answers';
import { faultWords, readAnswer, refusalWords } from '../../nodes/Engagedly/transport/answers';
import type { Expect } from '../../nodes/Engagedly/transport/envelope';

const URL_SENT = 'https://acme.engagedly.test/beta/users?page=1';
const answer = (statusCode: number, body: unknown, headers: Record<string, unknown> = {}) => ({ statusCode, headers, body });
const read = (statusCode: number, body: unknown, expect: Expect = 'record', qs?: Record<string, unknown>, headers?: Record<string, unknown>) =>
	readAnswer(answer(statusCode, body, headers), { url: URL_SENT, expect, qs: qs as never });

describe('readAnswer: what an answer means', () => {
	test.each([
		['a record', 200, { success: true, data: { id: 1 } }, 'record', { body: { success: true, data: { id: 1 } } }],
		['a record as JSON text', 200, '{"success":true,"data":{"id":1}}', 'record', { body: { success: true, data: { id: 1 } } }],
		['204, nothing, for a delete: an empty body', 204, '', 'nothing', { body: {} }],
		['429: a cooldown to wait out, whatever its body', 429, '<html>slow down</html>', 'record', { rateLimited: true }],
		['404 with Engagedly\'s words: refused, the same again if sent again', 404, { success: false, errors: ['Not found'] }, 'record', { fault: { kind: 'refused', status: 404, body: { success: false, errors: ['Not found'] } }, retry: false }],
		['422 as JSON text: refused with its body', 422, '{"errors":{"email":["taken"]}}', 'record', { fault: { kind: 'refused', status: 422, body: { errors: { email: ['taken'] } } }, retry: false }],
		['499: a refusal, not a server error', 499, {}, 'record', { fault: { kind: 'refused', status: 499, body: {} }, retry: false }],
		['500 with a JSON body: a server error may pass', 500, { error: 'boom' }, 'record', { fault: { kind: 'refused', status: 500, body: { error: 'boom' } }, retry: true }],
		['503 from a proxy (HTML): no body to read, may pass', 503, '<html>Service Unavailable</html>', 'record', { fault: { kind: 'refused', status: 503 }, retry: true }],
		['400 cut off (not JSON): may be read whole next time', 400, '{"errors": [', 'record', { fault: { kind: 'refused', status: 400 }, retry: true }],
		['200 that is not JSON (an error page)', 200, '<html>Log in</html>', 'record', { fault: { kind: 'notJson', status: 200 }, retry: true }],
		['200 with success: false', 200, { success: false, data: { id: 1 } }, 'record', { fault: { kind: 'unexpected', status: 200, problem: '{ success: false, data }', expected: 'a record in "data"' }, retry: true }],
		['200 with a list where a record is due', 200, { success: true, data: [] }, 'record', { fault: { kind: 'unexpected', status: 200, problem: '{ success: true, data: [0] }', expected: 'a record in "data"' }, retry: true }],
		['an empty body where a list is due', 200, '', 'list', { fault: { kind: 'unexpected', status: 200, problem: 'an empty body', expected: 'a list in "data"' }, retry: true }],
	] as const)('%s', (_name, status, body, due, reading) => {
		expect(read(status, body, due)).toEqual(reading);
	});

	test.each([
		['an absolute Location: its host', { location: 'https://evil.example:8443/beta/users' }, 'evil.example:8443'],
		['a Location given as a list', { location: ['https://other.example/x'] }, 'other.example'],
		['a relative Location: the host it was sent to', { location: '/elsewhere' }, 'acme.engagedly.test'],
		['no Location', {}, 'an unnamed address'],
	])('a redirect is never followed: %s', (_name, headers, target) => {
		for (const status of [300, 301, 307, 399]) {
			expect(read(status, '', 'record', undefined, headers)).toEqual({ fault: { kind: 'redirect', status, target }, retry: false });
		}
	});

	const emptyPage = (total: number) => ({ success: true, data: [], pagination: { has_more: false, total_records: total } });
	test.each([
		['page 3 of 50 asked, the list has 120: records are missing', { page: 3, size: 50 }, 120, 'an empty page 3 of a list of 120'],
		['page and size given as text', { page: '3', size: '50' }, 120, 'an empty page 3 of a list of 120'],
		['page 3 of 50 asked, the list has 100: the end', { page: 3, size: 50 }, 100, undefined],
		['no page asked: the first, whose emptiness a list of 10 belies', { size: 50 }, 10, 'an empty page 1 of a list of 10'],
		['no size asked: the API\'s 25, so page 2 of a list of 30 is not empty', { page: 2 }, 30, 'an empty page 2 of a list of 30'],
		['no size asked: page 2 of a list of 20 is past its end', { page: 2 }, 20, undefined],
		['no query: nothing to hold the page against', undefined, 30, undefined],
	])('an empty page is held against the page asked for: %s', (_name, qs, total, problem) => {
		const reading = read(200, emptyPage(total), 'page', qs);
		expect(reading).toEqual(problem ? { fault: { kind: 'unexpected', status: 200, problem, expected: 'a page of records in "data"' }, retry: true } : { body: emptyPage(total) });
	});

	test('a record request is not held against a page in its query', () => {
		expect(read(200, { success: true, data: { id: 1 } }, 'record', { page: 3, size: 50 })).toEqual({ body: { success: true, data: { id: 1 } } });
	});
});

describe('faultWords: what the user is told', () => {
	const sent = (method: Sent['method'], tries = 'once'): Sent => ({ method, path: '/users/7?include=x', baseUrl: 'https://acme.engagedly.test/beta', tries, timeoutMs: 60_000 });
	const UNKNOWN_PATCH =
		'The PATCH may already have been applied, so it was not sent again. Check /users/7 in Engagedly (or read it with a Get operation) before running the workflow again, so nothing is created or changed twice.';
	const unreachable = (over: Partial<Extract<Fault, { kind: 'unreachable' }>>) => ({ kind: 'unreachable' as const, code: 'ECONNRESET', notSent: false, timedOut: false, reason: 'socket hang up', ...over });
	const TRIED = (tries: string) => `The request was tried ${tries}. Check the credential’s Base URL and that Engagedly is up, then run the workflow again.`;

	test.each([
		['a read that could not reach: how often it was tried', unreachable({}), sent('GET', '4 times'), 'Could not reach Engagedly at https://acme.engagedly.test/beta (ECONNRESET)', TRIED('4 times')],
		['an error without a code: its own words', unreachable({ code: '' }), sent('GET'), 'Could not reach Engagedly at https://acme.engagedly.test/beta (socket hang up)', TRIED('once')],
		['a read that timed out: the time allowed', unreachable({ code: 'ETIMEDOUT', timedOut: true }), sent('GET', '4 times'), 'Engagedly at https://acme.engagedly.test/beta did not answer within 60 s', TRIED('4 times')],
		['a write that never left: tried like a read', unreachable({ code: 'ECONNREFUSED', notSent: true }), sent('PATCH', '4 times'), 'Could not reach Engagedly at https://acme.engagedly.test/beta (ECONNREFUSED)', TRIED('4 times')],
		['a write cut off: its outcome unknown', unreachable({}), sent('PATCH'), 'Could not reach Engagedly at https://acme.engagedly.test/beta (ECONNRESET)', UNKNOWN_PATCH],
		[
			'a redirect of a read',
			{ kind: 'redirect' as const, status: 302, target: 'evil.example' },
			sent('GET'),
			'Engagedly at acme.engagedly.test answered 302, a redirect to evil.example, which the node does not follow',
			'A redirect would send the credential’s keys to another address, so none is followed. If Engagedly has moved, set the credential’s Base URL to the new address.',
		],
		[
			'a redirect of a write: not sent there',
			{ kind: 'redirect' as const, status: 307, target: 'evil.example' },
			sent('PATCH'),
			'Engagedly at acme.engagedly.test answered 307, a redirect to evil.example, which the node does not follow',
			'A redirect would send the credential’s keys to another address, so none is followed and the write was not sent there. If Engagedly has moved, set the credential’s Base URL to the new address.',
		],
		[
			'a read answered with something not JSON',
			{ kind: 'notJson' as const, status: 200 },
			sent('GET', '4 times'),
			'Engagedly answered 200 with a body that is not JSON',
			'The answer was cut off or came from something other than the API (a proxy or an error page); it was tried 4 times. Check the credential’s Base URL, then run the workflow again.',
		],
		['a write answered with something not JSON', { kind: 'notJson' as const, status: 201 }, sent('PATCH'), 'Engagedly answered 201 with a body that is not JSON', `The answer was cut off or came from something other than the API. ${UNKNOWN_PATCH}`],
		[
			'a read answered with the wrong shape',
			{ kind: 'unexpected' as const, status: 200, problem: 'an empty body', expected: 'a list in "data"' },
			sent('GET', '4 times'),
			'Engagedly answered 200 with an empty body where a list in "data" was due',
			'Nothing was output from this answer, so no record is lost or made up; it was tried 4 times. If this persists, check the credential’s Base URL (a proxy may be answering), then run the workflow again.',
		],
		['a write answered with the wrong shape', { kind: 'unexpected' as const, status: 200, problem: 'an empty body', expected: 'a record in "data"' }, sent('PATCH'), 'Engagedly answered 200 with an empty body where a record in "data" was due', UNKNOWN_PATCH],
	])('%s', (_name, fault, history, headline, description) => {
		expect(faultWords(fault, history)).toEqual({ headline, description });
	});

	test.each([
		['a server error of a write: its outcome unknown', 500, 'PATCH', `Engagedly had a server error. ${UNKNOWN_PATCH}`],
		['a server error of a read: Engagedly\'s words stand', 503, 'GET', undefined],
		['a refusal of a write: it was not applied, Engagedly\'s words stand', 499, 'PATCH', undefined],
	] as const)('refusalWords: %s', (_name, status, method, description) => {
		expect(refusalWords({ kind: 'refused', status }, sent(method))).toBe(description);
	});
});
