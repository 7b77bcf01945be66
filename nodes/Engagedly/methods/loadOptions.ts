import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { business, department, jobTitle, location } from '../actions/records/kinds';
import { isUsableCode } from '../actions/user/deactivation';
import { fetchUserAttributes } from '../people/attributeDefinitions';
import { carriedBy, isCustomAttributeKey, SYSTEM_FIELDS } from '../people/listFields';
import { scanAll } from '../transport/scan';
import { engagedlyRequest, requestList } from '../transport/request';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

/** Every record of a list endpoint as dropdown options, sorted by label. */
function listOptions(
	path: string,
	label: (record: IDataObject) => string,
	describe?: (record: IDataObject) => string | undefined,
) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const records = await scanAll.call(this, path);
		return records
			.map((record) => ({
				name: label(record),
				value: String(record.id),
				...(describe?.(record) ? { description: describe(record) } : {}),
			}))
			.sort(byName);
	};
}

const named = (record: IDataObject) => String(record.name ?? record.id);

export const getDepartments = listOptions(department.path, named);
export const getBusinesses = listOptions(business.path, named);
export const getLocations = listOptions(location.path, named, (l) => [l.city, l.country].filter(Boolean).join(', '));
export const getJobTitles = listOptions(jobTitle.path, named);
export const getPermissions = listOptions('/permissions', named, (p) =>
	p.is_admin ? 'Site Administrator: cannot be given or removed through the API' : (p.description as string),
);
/** Active courses and playlists (archived ones are left out, as Engagedly lists them). */
export const getLearningResources = listOptions(
	'/learning/resources',
	(r) => String(r.title ?? r.id),
	(r) => [r.type, r.short_code].filter(Boolean).join(' · '),
);

/**
 * Codes are configured per organisation, so they are always read from the API. Archived codes
 * are left out: Engagedly refuses them on deactivate.
 */
export async function getBlockReasonCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const codes = await requestList.call(this, 'GET', '/users/block-reason-codes');
	// The code is optional: without a choice for "none", the editor marks the empty default as a
	// value the list does not support, an issue on every Deactivate and Sync left without a code.
	return [
		{ name: 'No Block Reason', value: '', description: 'Deactivate without a block reason code' },
		...codes.filter(isUsableCode).map((code) => ({
			name: String(code.display_text ?? code.code),
			value: String(code.code),
			...(code.description ? { description: String(code.description) } : {}),
		})),
	];
}

/** The options of one attribute definition (e.g. the system attribute `employee_type`), if it has any. */
async function attributeOptions(
	this: ILoadOptionsFunctions,
	attributeKey: string,
): Promise<INodePropertyOptions[]> {
	const attributes = await fetchUserAttributes.call(this);
	const attribute = attributes.find((a) => a.attribute_key === attributeKey);
	return (attribute?.attribute_options ?? []).map(({ value }) => ({ name: value, value }));
}

export async function getEmployeeTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await attributeOptions.call(this, 'employee_type');
}

export async function getTitles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await attributeOptions.call(this, 'title');
}

export async function getGenders(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await attributeOptions.call(this, 'gender');
}

/**
 * What the trigger's "User Updated" event can watch: the system fields the user list carries,
 * then the organisation's custom attributes (their definitions come from the API, so a new
 * attribute shows up without a new release).
 */
export async function getWatchableUserFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const attributes = await fetchUserAttributes.call(this);
	// One user of the list says which system fields this account's list carries: a field it does
	// not carry could be picked but would never fire.
	const sample = await engagedlyRequest.call(this, 'GET', '/users', 'page', { qs: { page: 1, size: 1 } });
	const [user] = sample.data as IDataObject[];
	const custom = attributes
		.filter((attribute) => !attribute.preset && isCustomAttributeKey(attribute.attribute_key))
		.map((attribute) => ({
			name: attribute.name,
			value: attribute.attribute_key,
			description: `Custom attribute (${attribute.data_type})`,
		}))
		.sort(byName);
	const system = SYSTEM_FIELDS.filter((field) => !user || carriedBy(user, field.value));
	return [...system.map((field) => ({ ...field })).sort(byName), ...custom];
}
