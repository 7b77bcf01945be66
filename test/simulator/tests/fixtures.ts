/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * Request payloads built from what the API itself says (GET /user-attributes), so tests do not
 * depend on the seed's particular attribute set. The values come from the store's builder (store.ts).
 */
import { UserAttribute, UserAttributesResponse } from '../../schemas/engagedly';
import { mandatoryCustomValues } from '../store';
import { Api, expectBody } from './client';

let emailCounter = 0;

/** A fresh email address no seed user has. */
export function uniqueEmail(tag = 'user'): string {
	emailCounter += 1;
	return `zz.${tag}.${process.pid}.${emailCounter}@example.test`;
}

export async function userAttributes(api: Api): Promise<UserAttribute[]> {
	return expectBody(await api.get('/user-attributes'), 200, UserAttributesResponse).data;
}

/**
 * A valid create payload: the three mandatory system fields plus every mandatory custom
 * attribute (flat, at the top level), merged with `overrides`.
 */
export async function newUserPayload(api: Api, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
	const attrs = await userAttributes(api);
	return {
		first_name: 'Zed',
		last_name: 'Tester',
		email: uniqueEmail(),
		...mandatoryCustomValues(attrs),
		...overrides,
	};
}
