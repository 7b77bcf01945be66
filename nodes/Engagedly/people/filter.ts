import type { IDataObject } from 'n8n-workflow';

import { emailKey } from './byEmail';

/** Get Many's filters as typed (trimmed; empty: not filtered by it). */
export interface UserFilters {
	email: string;
	name: string;
}

const words = (text: unknown) => String(text ?? '').toLowerCase().split(/\s+/).filter(Boolean);

/** Whether every word of `text` is in the user's name (their `name`, or first, middle and last names). */
function hasName(user: IDataObject, text: string): boolean {
	const wanted = words(text);
	const names = [user.name, [user.first_name, user.middle_name, user.last_name].join(' ')].map((name) => words(name).join(' '));
	return names.some((name) => wanted.every((word) => name.includes(word)));
}

/**
 * Which listed users Get Many keeps, or undefined when it keeps them all (a scan without a
 * filter asks for pages no larger than its limit). The email filter may match loosely (any
 * address containing the text): only that address counts. The name is matched here, the API
 * having no name filter.
 */
export function userFilter({ email, name }: UserFilters): ((user: IDataObject) => boolean) | undefined {
	if (!email && !name) return undefined;
	return (user) => (!email || emailKey(user.email) === emailKey(email)) && (!name || hasName(user, name));
}
