import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ANSWER_ONLY_FIELDS, answerKey, USER_FIELDS } from '../../../people/userFields';
import { isBlank } from '../../../parameters/values';
import type { ItemScope } from '../../../transport/request';
import type { Lists } from './lookups';
import { LISTED } from './names';
import type { People, UpsertReads } from './write';

/**
 * Dry Run's user: what Engagedly would answer after the write, so a dry run outputs what the
 * real run would (the same fields, the same Simplify), not the request body. `base` is the user
 * as a write answer gives them (null for a creation: every field the contract's User table lists,
 * blank); `body` is what the write would send. References become `{id, name}` from the lists the
 * run has read, people become their user records, and values are written in the form the base
 * already has them (a day or a timestamp).
 */

/** The contract's User fields (its User table), blank, for a user the run would create: from the field table. */
function blankUser(): IDataObject {
	const user: IDataObject = JSON.parse(JSON.stringify(ANSWER_ONLY_FIELDS)) as IDataObject;
	for (const field of USER_FIELDS.filter((f) => f.inUserTable !== false)) user[answerKey(field)] = field.kind === 'ids' || field.kind === 'users' ? [] : null;
	return user;
}

const FIELDS = new Map(USER_FIELDS.map((field) => [field.wire, field]));

const isDay = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A day written as the answer writes that field: `YYYY-MM-DD` where it already is one, else a UTC timestamp. */
const asAnswerDate = (day: string, current: unknown) => (isDay(current) ? day : `${day}T00:00:00.000Z`);

async function reference(wire: string, id: unknown, request: ItemScope, lists: Lists): Promise<IDataObject | null> {
	if (isBlank(id)) return null;
	const records = await lists.read(LISTED[wire], request);
	const record = records.find((entry) => String(entry.id) === String(id));
	return { id: String(id), name: record?.name ?? null };
}

/** A person a write names, as answers embed users: the list element, without embeds of its own. */
function person(people: People, id: unknown): IDataObject | null {
	if (isBlank(id)) return null;
	const known = people(String(id));
	if (!known) return { id: String(id) };
	const embedded: IDataObject = { ...known };
	for (const key of ['primary_reporter', 'direct_reports', 'hr_managers', 'secondary_managers']) delete embedded[key];
	return embedded;
}

export async function projectedUser(
	this: IExecuteFunctions,
	base: IDataObject | null,
	body: IDataObject,
	request: ItemScope,
	{ lists, people, attributes }: Pick<UpsertReads, 'lists' | 'people' | 'attributes'>,
): Promise<IDataObject> {
	const user: IDataObject = { ...(base ?? blankUser()) };
	const custom: IDataObject = { ...((user.custom_attributes as IDataObject | null) ?? {}) };
	if (!base) {
		for (const attribute of attributes.filter((a) => !a.preset)) {
			custom[attribute.attribute_key] = { name: attribute.name, value: attribute.data_type === 'multiple-select' ? [] : null };
		}
	}
	for (const [wire, value] of Object.entries(body)) {
		const attribute = attributes.find((a) => a.attribute_key === wire && !a.preset);
		if (attribute) {
			const rendered = Array.isArray(value) ? value.map(String) : isBlank(value) ? null : String(value);
			custom[wire] = { name: attribute.name, value: rendered };
			continue;
		}
		const field = FIELDS.get(wire);
		const output = field ? answerKey(field) : wire;
		// Birth date is the one field answers show twice: day first, and the vendor's as a day too.
		switch (wire === 'birth_date' ? 'birthDate' : field?.list ? `${field.kind}:list` : field?.kind) {
			case 'id:list':
				user[output] = await reference(wire, value, request, lists);
				break;
			case 'ids:list': {
				const before = Array.isArray(user[output]) ? (user[output] as IDataObject[]) : [];
				const units: IDataObject[] = [];
				for (const id of Array.isArray(value) ? value : []) {
					const unit = (await reference(wire, id, request, lists)) as IDataObject;
					units.push({ ...unit, is_admin: before.find((entry) => String(entry.id) === String(id))?.is_admin === true });
				}
				user[output] = units;
				break;
			}
			case 'user':
				user[output] = person(people, value);
				break;
			case 'users':
				user[output] = (Array.isArray(value) ? value : []).map((id) => person(people, id));
				break;
			case 'birthDate':
				user.birthdate = isBlank(value) ? null : String(value).split('-').reverse().join('-');
				if ('birthdate_as_date' in user) user.birthdate_as_date = isBlank(value) ? null : value;
				break;
			case 'date':
				user[output] = isBlank(value) ? null : asAnswerDate(String(value), user[output]);
				break;
			default:
				// A field the answer never shows (the contract's title and gender) stays unshown.
				if (output in user) user[output] = isBlank(value) ? null : value;
		}
	}
	user.custom_attributes = custom;
	if (!base || 'first_name' in body || 'last_name' in body) {
		user.name = [user.first_name, user.last_name].filter((part) => !isBlank(part)).join(' ') || null;
	}
	return user;
}
