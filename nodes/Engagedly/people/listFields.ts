import { plainName } from './editorPlaces';
import { answerKey, USER_FIELDS } from './userFields';

/**
 * The user fields the "User Updated" event can watch. Only fields that the user *list* carries
 * can be watched: reading each user on its own would cost one request per user per poll. The
 * contract's list leaves out departments, business units, employee type and birth date (the
 * vendor's carries them), so which of these can be watched depends on the account: see
 * `carriedBy`.
 * Custom attributes (keys `custom-attribute-…`) are read from the list element's
 * `custom_attributes` map.
 */
/** A field the trigger can watch: the key it is watched by, its label, its help. */
export interface SystemField {
	value: string;
	name: string;
	description?: string;
}

/** What the trigger can watch that no write sets. */
const READ_ONLY: SystemField[] = [
	{ value: 'block_reason_code', name: 'Block Reason Code' },
	{ value: 'status', name: 'Status', description: 'Active or Blocked (deactivated)' },
];

/**
 * Every watchable field by label: the rows of the user field table marked `watch`, and the two no
 * write sets. `manager` is the one field that needs an `include`.
 */
export const SYSTEM_FIELDS: SystemField[] = [
	...READ_ONLY,
	...USER_FIELDS.filter((field) => field.watch).map((field) => ({
		value: field.watch!.key ?? answerKey(field),
		name: field.watch!.name ?? plainName(field),
		...(field.watch!.description ? { description: field.watch!.description } : {}),
	})),
].sort((a, b) => a.name.localeCompare(b.name));

/** A watchable field whose values are records compared by id (`{id, name}`, or the name alone). */
export const isWatchedReference = (key: string): boolean =>
	USER_FIELDS.some((field) => field.watch && field.kind === 'id' && answerKey(field) === key);

const SYSTEM_KEYS = new Set(SYSTEM_FIELDS.map((field) => field.value));

export function isCustomAttributeKey(key: string): boolean {
	return !SYSTEM_KEYS.has(key);
}

/** Whether a list element carries a watchable field (custom attributes and the manager always are). */
export const carriedBy = (user: object, key: string): boolean => key === 'manager' || isCustomAttributeKey(key) || key in user;
