import type { IDataObject, IExecuteFunctions, ResourceMapperValue } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { UserAttribute } from '../../../people/attributeDefinitions';
import { fetchUserAttributes, optionValues } from '../../../people/attributeDefinitions';
import { isBlank, isEmptyDate, toApiDay } from '../../../parameters/values';
import { perExecution } from '../../../transport/perExecution';
import type { ItemScope } from '../../../transport/request';
import type { UserWrite } from '../../../people/userFields';
import { editorPlace } from '../../../people/editorPlaces';

/** Read once per execution and shared by every item of the run. */
export async function liveUserAttributes(this: IExecuteFunctions, request: ItemScope): Promise<UserAttribute[]> {
	return await perExecution(this, 'user-attributes', async () => await fetchUserAttributes.call(this, request));
}

// ---- checking values against the live definitions -------------------------------------------

const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));
const label = (attribute: Pick<UserAttribute, 'name' | 'attribute_key'>) =>
	`Custom attribute "${attribute.name}" (${attribute.attribute_key})`;

/**
 * A multiple-select value: a list, a JSON list, or comma-separated text. Unlike listOf in
 * descriptions/common.ts, entries keep their type: they are matched against the options next.
 */
function selectedValues(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value !== 'string') return [value];
	return (
		jsonList(value) ??
		value
			.split(',')
			.map((part) => part.trim())
			.filter(Boolean)
	);
}

function jsonList(text: string): unknown[] | undefined {
	try {
		const parsed: unknown = JSON.parse(text);
		return Array.isArray(parsed) ? parsed : undefined;
	} catch {
		// not JSON: read as comma-separated
		return undefined;
	}
}

/** The value as Engagedly accepts it for the attribute's data type, or the problem with it; a Date from an expression is its day in `zone`, the workflow's. */
function convert(attribute: UserAttribute, value: unknown, zone: string): { value: unknown } | { problem: string } {
	const values = optionValues(attribute);
	const matchOption = (candidate: unknown) => {
		if (typeof candidate !== 'string' && typeof candidate !== 'number') return undefined;
		const text = String(candidate).trim();
		return values.find((v) => v === text) ?? values.find((v) => v.toLowerCase() === text.toLowerCase());
	};
	const choose = values.length
		? `choose one of: ${values.join(', ')}`
		: 'it has no options defined in Engagedly yet: add options there first, or remove it from Custom Attributes';
	switch (attribute.data_type) {
		case 'text':
			if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
				return { value: String(value) };
			}
			return { problem: `${label(attribute)} must be text, not ${shown(value)}: enter plain text` };
		case 'number': {
			if (Number.isFinite(value)) return { value };
			if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return { value: Number(value) };
			return { problem: `${label(attribute)} must be a number, not ${shown(value)}: enter digits such as 4 or 2.5` };
		}
		case 'date': {
			const day = toApiDay(value, { zone });
			if (day) return { value: day };
			return {
				problem: `${label(attribute)} must be a date, not ${shown(value)}: pick it in the date picker or write YYYY-MM-DD (e.g. 2024-01-15)`,
			};
		}
		case 'boolean':
			if (typeof value === 'boolean') return { value };
			if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) {
				return { value: value.trim().toLowerCase() === 'true' };
			}
			return { problem: `${label(attribute)} accepts only true or false, not ${shown(value)}` };
		case 'single-select': {
			const option = matchOption(value);
			if (option !== undefined) return { value: option };
			return { problem: `${label(attribute)}: ${shown(value)} is not one of its options; ${choose}` };
		}
		case 'multiple-select': {
			const picked: string[] = [];
			const unknown: unknown[] = [];
			for (const item of selectedValues(value)) {
				const option = matchOption(item);
				if (option === undefined) unknown.push(item);
				else if (!picked.includes(option)) picked.push(option);
			}
			if (unknown.length) {
				return {
					problem: `${label(attribute)}: ${unknown.map(shown).join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not among its options; ${values.length ? `use only: ${values.join(', ')}` : choose}`,
				};
			}
			return { value: picked };
		}
		default:
			// A data type this node does not know (the vendor also lists `document`): sent as given.
			return { value };
	}
}

export interface CustomAttributeCheck {
	/** Create and Replace must give every mandatory attribute; Update sends only what is given. */
	write: UserWrite;
	/** The rest of the request body, for the mandatory system attributes. */
	body: IDataObject;
	/** What the attribute definitions are read with. */
	request: ItemScope;
	/** The Custom Attributes parameter as the operation read it already (Sync reads each once); else it is read here. */
	mapper?: ResourceMapperValue | null;
	/** The attribute definitions as the run read them already (Sync); else they are read here, once per run. */
	attributes?: UserAttribute[];
}

/**
 * The item's custom attribute values, checked against the organisation's definitions as they
 * are now, ready to go flat into the request body (the spec and the vendor both document
 * `custom-attribute-*` keys at the top level). Every problem of the item is reported at once,
 * before any write.
 */
export async function readCustomAttributes(
	this: IExecuteFunctions,
	itemIndex: number,
	check: CustomAttributeCheck,
): Promise<IDataObject> {
	const { request } = check;
	const mapper = check.mapper !== undefined ? check.mapper : (this.getNodeParameter('customAttributes', itemIndex, null) as ResourceMapperValue | null);
	const given = Object.entries(mapper?.value ?? {}).filter(([, value]) => !isBlank(value));
	const requireMandatory = check.write !== 'update';
	if (!given.length && !requireMandatory) return {};

	const attributes = check.attributes ?? (await liveUserAttributes.call(this, request));
	const problems: string[] = [];
	const values: IDataObject = {};

	const emptyDates = new Set<string>();
	for (const [key, value] of given) {
		const attribute = attributes.find((a) => a.attribute_key === key);
		// An HR system's zero date (`0000-00-00`) is a date not given, as a blank one is.
		if (attribute?.data_type === 'date' && isEmptyDate(value)) {
			emptyDates.add(key);
			continue;
		}
		if (!attribute || attribute.preset) {
			const name = mapper?.schema?.find((field) => field.id === key)?.displayName ?? key;
			problems.push(
				`${label({ name, attribute_key: key })} no longer exists in Engagedly: refresh the Custom Attributes list and remove it`,
			);
			continue;
		}
		const converted = convert(attribute, value, this.getTimezone());
		if ('problem' in converted) problems.push(converted.problem);
		else values[key] = converted.value as IDataObject[string];
	}

	if (requireMandatory) {
		// A node whose mapper holds no attributes never showed them: the section could not load
		// when the node was open (a failing credential), and the editor loads it only on opening.
		const howToShow = mapper?.schema?.length
			? ''
			: ' (this node lists none: close it and open it again with a working credential to load them)';
		for (const attribute of attributes.filter((a) => a.mandatory)) {
			if (!attribute.preset) {
				const key = attribute.attribute_key;
				if (emptyDates.has(key) || !given.some(([name]) => name === key)) {
					problems.push(
						`${label(attribute)} is mandatory in Engagedly: under Custom Attributes${howToShow}, map the input field that holds it (in Sync, your HR export's column for "${attribute.name}") or give it a fixed value`,
					);
				}
				continue;
			}
			// System attributes an organisation made mandatory, where this node has a field for them.
			const wire = attribute.attribute_key === 'business_units' ? 'businesses' : attribute.attribute_key;
			const place = editorPlace(wire, check.write);
			if (place && isBlank(check.body[wire])) {
				problems.push(`"${attribute.name}" (${attribute.attribute_key}) is mandatory in Engagedly: set ${place}`);
			}
		}
	}

	if (problems.length) {
		throw new NodeOperationError(
			this.getNode(),
			problems.length === 1 ? problems[0] : `${problems.length} attribute values need fixing: ${problems.join('; ')}`,
			{
				itemIndex,
				description: `${problems.join('\n')}\n\nChecked against the attribute definitions Engagedly has now (GET /user-attributes); nothing was sent.`,
			},
		);
	}
	return values;
}
