import type { IDataObject } from 'n8n-workflow';

import type { EngagedlyContext, RequestOptions } from '../transport/request';
import { requestList } from '../transport/request';

/**
 * The organisation's user attribute definitions: the user writes check values against them, the
 * editor builds the Custom Attributes mapper and the trigger's watchable fields from them. One
 * read, used by three wings, so it lives here beside the transport rather than in any of them.
 */

/** A user attribute definition as GET /user-attributes gives it. */
export interface UserAttribute {
	id?: number | string;
	name: string;
	attribute_key: string;
	preset: boolean;
	mandatory: boolean;
	data_type: string;
	attribute_options: Array<{ id?: number | string; value: string }> | null;
}

/** The organisation's attribute definitions, read live (they change whenever an admin edits them). */
export async function fetchUserAttributes(this: EngagedlyContext, options: RequestOptions = {}): Promise<UserAttribute[]> {
	const records = await requestList.call(this, 'GET', '/user-attributes', options);
	return records
		.filter((record) => typeof record?.attribute_key === 'string')
		.map((record) => ({
			id: record.id as number | string | undefined,
			name: String(record.name ?? record.attribute_key),
			attribute_key: String(record.attribute_key),
			preset: record.preset === true,
			mandatory: record.mandatory === true,
			data_type: String(record.data_type ?? 'text'),
			attribute_options: Array.isArray(record.attribute_options)
				? (record.attribute_options as IDataObject[]).map((option) => ({
						id: option.id as number | string | undefined,
						value: String(option.value),
					}))
				: null,
		}));
}

/** The values a select attribute allows. */
export const optionValues = (attribute: UserAttribute) => (attribute.attribute_options ?? []).map((option) => option.value);
