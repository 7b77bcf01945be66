/**
 * Request payloads built from what the API itself says (GET /user-attributes), so tests do not
 * depend on the seed's particular attribute set.
 */
import { UserAttribute, UserAttributesResponse } from '../../schemas/engagedly';
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

export function customAttributes(attrs: UserAttribute[]): UserAttribute[] {
	return attrs.filter((a) => !a.preset);
}

/** A custom attribute of the given data type (mandatory ones first when `mandatory` is given). */
export function attributeOfType(
	attrs: UserAttribute[],
	dataType: UserAttribute['data_type'],
	mandatory?: boolean,
): UserAttribute {
	// a select attribute without options cannot take any value: not useful to a test
	const usable = (a: UserAttribute) => a.attribute_options === null || a.attribute_options.length > 0;
	const found = customAttributes(attrs).filter(
		(a) => a.data_type === dataType && usable(a) && (mandatory === undefined || a.mandatory === mandatory),
	);
	if (found.length === 0) {
		throw new Error(`the organisation has no custom attribute of type ${dataType}${mandatory === undefined ? '' : ` (mandatory: ${mandatory})`}`);
	}
	return found[0];
}

/** A value the service accepts for the attribute's data type. */
export function validValue(attr: UserAttribute): unknown {
	switch (attr.data_type) {
		case 'text':
			return 'Some text';
		case 'number':
			return 7;
		case 'date':
			return '2024-01-15';
		case 'boolean':
			return true;
		case 'single-select':
			return attr.attribute_options![0].value;
		case 'multiple-select':
			return [attr.attribute_options![0].value];
		default:
			return 'document.pdf';
	}
}

/** Every mandatory custom attribute with a valid value, keyed by attribute_key. */
export function mandatoryCustomValues(attrs: UserAttribute[]): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const a of customAttributes(attrs)) if (a.mandatory) out[a.attribute_key] = validValue(a);
	return out;
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
