import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readOptionalUserId, readUserIds } from '../../../parameters/readers';
import { refuse } from '../../../parameters/refuse';
import { idOf, isBlank, isEmailAddress, isEmptyDate, listOf, toApiDay, trimmed } from '../../../parameters/values';
import type { ItemScope } from '../../../transport/request';
import type { ManagersGivenBy } from '../../../people/byEmployeeId';
import { clearFieldsProperty } from './descriptions';
import type { UserField, UserWrite } from '../../../people/userFields';
import { USER_FIELDS } from '../../../people/userFields';
import { clearable, plainName } from '../../../people/editorPlaces';

/**
 * Reading a user write's parameters: the identity, the optional fields' collection and Clear
 * Fields, every value checked (an email address wherever one is given) before any request.
 */

function checkEmail(context: IExecuteFunctions, itemIndex: number, email: string): void {
	if (!isEmailAddress(email)) {
		refuse(context, itemIndex, `Email "${email}" is not an email address`, 'Enter an address such as name@company.com.');
	}
}

/**
 * Email, first and last name from their required top-level fields, trimmed; blank is refused.
 * `values`: the item's parameters as a run read them already (Sync), else they are read here.
 */
export function readIdentity(this: IExecuteFunctions, itemIndex: number, values?: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const [name, wire, label] of [
		['email', 'email', 'Email'],
		['firstName', 'first_name', 'First Name'],
		['lastName', 'last_name', 'Last Name'],
	]) {
		const value = trimmed(values ? values[name] : this.getNodeParameter(name, itemIndex, ''));
		if (!value) {
			refuse(this, itemIndex, `${label} is empty`, `${label} is mandatory in Engagedly: give it a value.`);
		}
		body[wire] = value;
	}
	checkEmail(this, itemIndex, body.email as string);
	return body;
}

/** A user field whose value names people: read as given, resolved to ids apart (by lookups, or against a directory). */
export interface PeopleValue {
	field: UserField;
	raw: unknown;
}

/**
 * The collection's values on the wire, from the collection as given: only the fields that were
 * given (a field added but left empty is not sent), dates as days, ids as strings, and apart,
 * the fields that name people, as given. Bad values are refused before any request.
 */
export function readUserFieldValues(this: IExecuteFunctions, itemIndex: number, given: IDataObject, write: UserWrite): { body: IDataObject; people: PeopleValue[] } {
	const body: IDataObject = {};
	const people: PeopleValue[] = [];
	for (const field of USER_FIELDS) {
		if (!field.on.includes(write)) continue;
		const raw = given[field.property.name];
		const label = field.property.displayName;
		if (field.kind === 'user' || field.kind === 'users') {
			if (!isBlank(raw)) people.push({ field, raw });
			continue;
		}
		if (field.kind === 'date' ? isEmptyDate(raw) : isBlank(raw)) continue;
		switch (field.kind) {
			case 'text':
				if (typeof raw === 'object') {
					refuse(this, itemIndex, `${label} must be text`, `Enter ${label} as plain text, not a list or an object.`);
				}
				body[field.wire] = String(raw).trim();
				break;
			case 'date': {
				// A Date has no written day: the workflow's, as n8n shows it.
				const day = toApiDay(raw, { zone: this.getTimezone() });
				if (!day) {
					refuse(
						this,
						itemIndex,
						`${label} "${String(raw)}" is not a date`,
						`Pick ${label} in the date picker, or give a date as YYYY-MM-DD (e.g. 2024-01-15).`,
					);
				}
				body[field.wire] = day;
				break;
			}
			case 'id':
				body[field.wire] = trimmed(idOf(raw));
				break;
			case 'ids': {
				const ids = listOf(raw);
				if (ids.length) body[field.wire] = ids;
				break;
			}
		}
	}
	if (typeof body.email === 'string') checkEmail(this, itemIndex, body.email);
	return { body, people };
}

/**
 * readUserFieldValues of the collection `name`, with the people it names looked up last (by
 * address, or by Employee ID where `givenBy` says so), once every other value has passed its checks.
 */
export async function readUserFields(
	this: IExecuteFunctions,
	itemIndex: number,
	name: string,
	{ write, request, givenBy }: { write: UserWrite; request: ItemScope; givenBy?: ManagersGivenBy },
): Promise<IDataObject> {
	const { body, people } = readUserFieldValues.call(this, itemIndex, this.getNodeParameter(name, itemIndex, {}) as IDataObject, write);
	for (const { field } of people) {
		const options = { label: field.property.displayName, request, givenBy };
		const path = `${name}.${field.property.name}`;
		if (field.kind === 'user') {
			const id = await readOptionalUserId.call(this, itemIndex, path, options);
			if (id) body[field.wire] = id;
		} else {
			const ids = await readUserIds.call(this, itemIndex, path, options);
			if (ids.length) body[field.wire] = ids;
		}
	}
	return body;
}

/**
 * The empty value of each field chosen under Clear Fields, on the wire; a clash with a value
 * `given` under Update Fields is refused.
 */
export function readClearFields(this: IExecuteFunctions, itemIndex: number, { given }: { given: IDataObject }): IDataObject {
	const chosen = listOf(this.getNodeParameter(clearFieldsProperty.name, itemIndex, []));
	const cleared: IDataObject = {};
	for (const name of chosen) {
		const field = clearable().find((f) => f.property.name === name);
		// The router has checked every choice against the options, so this is only a guard.
		if (!field) continue;
		if (field.wire in given) {
			refuse(
				this,
				itemIndex,
				`${plainName(field)} is both given a value and chosen under Clear Fields`,
				`Remove it from Update Fields or from Clear Fields. Nothing was sent.`,
			);
		}
		cleared[field.wire] = field.kind === 'ids' || field.kind === 'users' ? [] : null;
	}
	return cleared;
}
