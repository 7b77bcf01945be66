import type { IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';

import type { EngagedlyContext, RequestOptions } from './request';
import { keyIdOf } from './cooldowns';
import { perExecution } from './perExecution';
import { transportTiming } from './retry';

/**
 * Sending one request: where to (the credential's base URL), how (JSON, authenticated by the
 * credential through n8n, never following a redirect) and the one call that does it. Whether to
 * send again is retry.ts's and rateLimitWait.ts's to say.
 */

export const CREDENTIAL_TYPE = 'engagedlyApi';

export interface Connection {
	baseUrl: string;
	host: string;
	/** The credential's keys, so no error repeats them. */
	secrets: string[];
	/** The key as the cooldown memory knows it (cooldowns.ts). */
	keyId: string;
}

export interface Answer {
	statusCode: number;
	headers: Record<string, unknown>;
	body: unknown;
}

/** The API root from the credential: trailing slashes and a trailing /beta are tolerated. */
export function apiRoot(baseUrl: unknown): string {
	const root = String(baseUrl || 'https://api.engagedly.com')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/beta$/, '');
	return `${root}/beta`;
}

export function hostOf(url: string): string {
	try {
		return new URL(url).host;
	} catch {
		return url;
	}
}

export async function connectionFor(context: EngagedlyContext): Promise<Connection> {
	return await perExecution(context, 'connection', async () => {
		const credentials = await context.getCredentials(CREDENTIAL_TYPE);
		const baseUrl = apiRoot(credentials.baseUrl);
		return {
			baseUrl,
			host: hostOf(baseUrl),
			secrets: [String(credentials.secretKey ?? ''), String(credentials.clientKey ?? '')],
			keyId: keyIdOf(baseUrl, String(credentials.clientKey ?? '')),
		};
	});
}

/** The request as n8n's HTTP helper takes it; every status comes back as an answer, none as a throw. */
export function httpOptions(
	{ baseUrl }: Connection,
	method: IHttpRequestMethods,
	path: string,
	options: RequestOptions,
): IHttpRequestOptions {
	const request: IHttpRequestOptions = {
		method,
		url: `${baseUrl}${path}`,
		qs: options.qs,
		arrayFormat: 'brackets',
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// A redirect would carry both keys (and a write's body) to wherever it points.
		disableFollowRedirect: true,
		timeout: transportTiming.requestTimeoutMs,
	};
	// Engagedly answers 415 to a write without a JSON content type, even one with nothing to say.
	// n8n drops an empty object body (and axios then labels the write form-encoded), so the type
	// is set explicitly and an empty body goes as the literal "{}".
	if (method !== 'GET' && method !== 'DELETE') {
		const body = options.body ?? {};
		request.headers = { ...request.headers, 'Content-Type': 'application/json' };
		request.body = options.jsonText ?? (Object.keys(body).length ? body : '{}');
	}
	return request;
}

/** The one HTTP call of the package, authenticated by the credential. */
export async function send(this: EngagedlyContext, request: IHttpRequestOptions): Promise<Answer> {
	return (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request)) as Answer;
}

export function header(headers: Record<string, unknown>, name: string): string {
	const value = headers[name] ?? headers[name.toLowerCase()];
	return String(Array.isArray(value) ? value[0] : (value ?? ''));
}
