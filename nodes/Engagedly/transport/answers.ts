import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { EngagedlyBody, Expect } from './envelope';
import { countOf, envelopeProblem, expectedAnswer, parseBody } from './envelope';
import { seconds, unknownOutcome } from './retry';
import type { Answer } from './send';
import { header, hostOf } from './send';

/**
 * What one exchange with Engagedly means for the request that made it, as plain data: the
 * answer to hand back, a 429 to wait out, or a fault (and whether sending again may cure it),
 * and what the user is told about each fault. request.ts sends, waits and retries; this decides.
 */

/** What the request asked for, as far as reading its answer goes. */
export interface Asked {
	/** The URL it was sent to, against which a relative redirect is read. */
	url: string;
	expect: Expect;
	/** Its query: a page request's page and size, which its answer must agree with (the API's defaults: 1 and 25). */
	qs?: IDataObject;
}

export type Fault =
	/** A redirect, which is never followed: it would carry the keys elsewhere. */
	| { kind: 'redirect'; status: number; target: string }
	/** A 4xx or 5xx: Engagedly's own words, read by errors.ts's apiError; `body` when it was JSON. */
	| { kind: 'refused'; status: number; body?: EngagedlyBody }
	| { kind: 'notJson'; status: number }
	/** JSON that is not what the request expects (`expected`: what was due, in words). */
	| { kind: 'unexpected'; status: number; problem: string; expected: string }
	/**
	 * Nothing came back (a thrown request): why, as retry.ts's failureOf() reads it (`notSent`:
	 * nothing reached the server), and the error's own words when it has no code.
	 */
	| { kind: 'unreachable'; code: string; notSent: boolean; timedOut: boolean; reason: string };

export type Reading = { rateLimited: true } | { body: EngagedlyBody } | { fault: Fault; retry: boolean };

type Refusal = Extract<Fault, { kind: 'refused' }>;

export function readAnswer({ statusCode: status, headers, body: raw }: Answer, asked: Asked): Reading {
	if (status === 429) return { rateLimited: true };
	if (status >= 300 && status < 400) {
		const location = header(headers, 'location');
		const target = location ? hostOf(new URL(location, asked.url).toString()) : 'an unnamed address';
		return { fault: { kind: 'redirect', status, target }, retry: false };
	}
	const parsed = parseBody(raw);
	// A server error or a cut-off answer may pass; a 4xx says the same again.
	const retry = status >= 500 || !parsed.ok;
	if (status >= 400) return { fault: { kind: 'refused', status, body: parsed.ok ? parsed.body : undefined }, retry };
	if (!parsed.ok) return { fault: { kind: 'notJson', status }, retry };
	const { expect, qs } = asked;
	const sentPage = qs ? { page: countOf(qs.page) ?? 1, size: countOf(qs.size) ?? 25 } : undefined;
	const problem = envelopeProblem(parsed.body, expect, sentPage);
	if (problem) return { fault: { kind: 'unexpected', status, problem, expected: expectedAnswer(expect) }, retry: true };
	return { body: parsed.body ?? {} };
}

/** What the request's history adds to the words: where it went, and how often it was sent. */
export interface Sent {
	method: IHttpRequestMethods;
	path: string;
	baseUrl: string;
	/** "once", "4 times" (retry.ts's Retries.tries()). */
	tries: string;
	/** How long one request may take (retry.ts's transportTiming). */
	timeoutMs: number;
}

/**
 * The words of a fault Engagedly did not word itself: the headline and the description. A read
 * says how often it was tried; a write whose outcome is unknown says so and how to check, since
 * it is never sent again.
 */
export function faultWords(fault: Exclude<Fault, Refusal>, { method, path, baseUrl, tries, timeoutMs }: Sent): { headline: string; description: string } {
	const isRead = method === 'GET';
	const unknown = unknownOutcome(method, path);
	switch (fault.kind) {
		case 'unreachable':
			return {
				headline: fault.timedOut
					? `Engagedly at ${baseUrl} did not answer within ${seconds(timeoutMs)}`
					: `Could not reach Engagedly at ${baseUrl} (${fault.code || fault.reason})`,
				description:
					isRead || fault.notSent
						? `The request was tried ${tries}. Check the credential’s Base URL and that Engagedly is up, then run the workflow again.`
						: unknown,
			};
		case 'redirect':
			return {
				headline: `Engagedly at ${hostOf(baseUrl)} answered ${fault.status}, a redirect to ${fault.target}, which the node does not follow`,
				description: `A redirect would send the credential’s keys to another address, so none is followed${isRead ? '' : ' and the write was not sent there'}. If Engagedly has moved, set the credential’s Base URL to the new address.`,
			};
		case 'notJson':
			return {
				headline: `Engagedly answered ${fault.status} with a body that is not JSON`,
				description: isRead
					? `The answer was cut off or came from something other than the API (a proxy or an error page); it was tried ${tries}. Check the credential’s Base URL, then run the workflow again.`
					: `The answer was cut off or came from something other than the API. ${unknown}`,
			};
		case 'unexpected':
			return {
				headline: `Engagedly answered ${fault.status} with ${fault.problem} where ${fault.expected} was due`,
				description: isRead
					? `Nothing was output from this answer, so no record is lost or made up; it was tried ${tries}. If this persists, check the credential’s Base URL (a proxy may be answering), then run the workflow again.`
					: unknown,
			};
	}
}

/**
 * What a refusal's description adds to Engagedly's own words (errors.ts's apiError): a write that
 * met a server error may have been applied. Undefined: apiError's description stands.
 */
export function refusalWords({ status }: Refusal, { method, path }: Sent): string | undefined {
	return status >= 500 && method !== 'GET' ? `Engagedly had a server error. ${unknownOutcome(method, path)}` : undefined;
}
