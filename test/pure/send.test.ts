/**
 * Sending one request (transport/send.ts): the API root a credential's base URL gives, the
 * connection a run keeps (and the keys no error may repeat), the request as n8n's HTTP helper
 * takes it, the one authenticated call, and a header read in either case. The engine suites send
 * real requests through it; this is each rule on its own, without the engine.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { keyIdOf } from '../../nodes/Engagedly/transport/cooldowns';
import type { EngagedlyContext } from '../../nodes/Engagedly/transport/request';
import { transportTiming } from '../../nodes/Engagedly/transport/retry';
import { apiRoot, connectionFor, CREDENTIAL_TYPE, header, hostOf, httpOptions, send } from '../../nodes/Engagedly/transport/send';

describe('apiRoot: the credential’s base URL as the API root', () => {
	test.each([
		['none: Engagedly’s own', undefined, 'https://api.engagedly.com/beta'],
		['empty: Engagedly’s own', '', 'https://api.engagedly.com/beta'],
		['as given', 'https://acme.engagedly.example', 'https://acme.engagedly.example/beta'],
		['spaces around it', '  https://acme.engagedly.example  ', 'https://acme.engagedly.example/beta'],
		['trailing slashes', 'https://acme.engagedly.example//', 'https://acme.engagedly.example/beta'],
		['with /beta already', 'https://acme.engagedly.example/beta', 'https://acme.engagedly.example/beta'],
		['with /beta/', 'https://acme.engagedly.example/beta/', 'https://acme.engagedly.example/beta'],
		['a path that only contains beta is kept', 'http://127.0.0.1:4010/beta-proxy', 'http://127.0.0.1:4010/beta-proxy/beta'],
		['/beta inside the path is kept', 'http://127.0.0.1:4010/beta/v2', 'http://127.0.0.1:4010/beta/v2/beta'],
	])('%s', (_name, given, root) => {
		expect(apiRoot(given)).toBe(root);
	});
});

test.each([
	['https://api.engagedly.com/beta', 'api.engagedly.com'],
	['http://127.0.0.1:4010/beta', '127.0.0.1:4010'],
	['not a url', 'not a url'],
])('hostOf %s: %s', (url, host) => {
	expect(hostOf(url)).toBe(host);
});

describe('connectionFor: read once per run from the credential', () => {
	const contextWith = (credentials: Record<string, unknown>) => {
		let reads = 0;
		const context = {
			getCredentials: async (type: string) => {
				reads++;
				expect(type).toBe(CREDENTIAL_TYPE);
				return credentials;
			},
		} as unknown as EngagedlyContext;
		return { context, reads: () => reads };
	};

	test('the root, its host, the keys to keep out of every message, and the key as the cooldowns know it; one credential read a run', async () => {
		const { context, reads } = contextWith({ baseUrl: 'http://127.0.0.1:4010/', clientKey: 'client-1', secretKey: 'secret-1' });
		const expected = {
			baseUrl: 'http://127.0.0.1:4010/beta',
			host: '127.0.0.1:4010',
			secrets: ['secret-1', 'client-1'],
			keyId: keyIdOf('http://127.0.0.1:4010/beta', 'client-1'),
		};
		expect(await connectionFor(context)).toEqual(expected);
		expect(await connectionFor(context)).toEqual(expected);
		expect(reads()).toBe(1);
	});

	test('keys missing: empty, never "undefined"', async () => {
		const { context } = contextWith({});
		expect(await connectionFor(context)).toEqual({
			baseUrl: 'https://api.engagedly.com/beta',
			host: 'api.engagedly.com',
			secrets: ['', ''],
			keyId: keyIdOf('https://api.engagedly.com/beta', ''),
		});
	});
});

describe('httpOptions: the request as n8n’s HTTP helper takes it', () => {
	const connection = { baseUrl: 'https://acme.engagedly.example/beta', host: 'acme.engagedly.example', secrets: [], keyId: 'k' };
	const common = {
		qs: undefined,
		arrayFormat: 'brackets',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		timeout: transportTiming.requestTimeoutMs,
	};

	test.each<[string, 'GET' | 'DELETE' | 'POST' | 'PATCH' | 'PUT', Parameters<typeof httpOptions>[3], Partial<IHttpRequestOptions>]>([
		['a read: no body, no content type', 'GET', { qs: { page: 2 } }, { qs: { page: 2 }, headers: { Accept: 'application/json' } }],
		['a delete: no body', 'DELETE', {}, { headers: { Accept: 'application/json' } }],
		['a write: JSON', 'POST', { body: { name: 'Ops' } }, { headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: { name: 'Ops' } }],
		['a write of nothing: the literal {}', 'PUT', { body: {} }, { headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: '{}' }],
		['a write with no body at all: the literal {}', 'PUT', {}, { headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: '{}' }],
		['a body already JSON text', 'PATCH', { body: { ignored: true }, jsonText: '{"picture":[1,2]}' }, { headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: '{"picture":[1,2]}' }],
	])('%s', (_name, method, options, expected) => {
		expect(httpOptions(connection, method, '/users/7', options)).toEqual({ ...common, method, url: 'https://acme.engagedly.example/beta/users/7', ...expected });
	});
});

test('send: the request through n8n’s authenticated helper, with this credential, its answer as it is', async () => {
	const answer = { statusCode: 200, headers: {}, body: { success: true } };
	const calls: unknown[][] = [];
	const context = {
		helpers: {
			async httpRequestWithAuthentication(this: unknown, ...args: unknown[]) {
				calls.push([this, ...args]);
				return answer;
			},
		},
	} as unknown as EngagedlyContext;
	const request = { method: 'GET', url: 'https://acme.engagedly.example/beta/users' } as IHttpRequestOptions;
	expect(await send.call(context, request)).toBe(answer);
	expect(calls).toEqual([[context, CREDENTIAL_TYPE, request]]);
	expect(CREDENTIAL_TYPE).toBe('engagedlyApi');
});

describe('header: a header read as sent, or in lower case', () => {
	test.each<[string, Record<string, unknown>, string, string]>([
		['as named', { 'Retry-After': '30' }, 'Retry-After', '30'],
		['in lower case, as Node gives it', { 'retry-after': '30' }, 'Retry-After', '30'],
		['as named, before the lower case', { 'Retry-After': '1', 'retry-after': '2' }, 'Retry-After', '1'],
		['the first of several', { 'x-ratelimit-remaining': ['5', '6'] }, 'X-RateLimit-Remaining', '5'],
		['a number', { 'x-ratelimit-remaining': 0 }, 'X-RateLimit-Remaining', '0'],
		['absent: empty', {}, 'Retry-After', ''],
		['null: empty', { 'retry-after': null }, 'Retry-After', ''],
	])('%s', (_name, headers, name, value) => {
		expect(header(headers, name)).toBe(value);
	});
});
