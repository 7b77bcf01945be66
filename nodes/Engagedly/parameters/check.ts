import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { isBlank, isRecordWithId } from './values';

/**
 * Every parameter an operation shows is checked against its own declaration before the
 * operation runs, so no request is ever built from a value the editor could not have produced
 * (a notice holds none, and passes): an option outside its list (an expression giving "Add" for
 * "add" would otherwise fall through to another mode), an object where text belongs (it would go
 * out as "[object Object]"), text that is not a number. The declaration is the single source: a
 * new field is checked without a line written for it.
 */

const NO_VALUE = Symbol('no value');

const isNumber = (value: unknown) =>
	Number.isFinite(value) || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

/** An id typed or mapped in: text, a number, or a record carrying its `id`. */
const isIdLike = (value: unknown) =>
	value === undefined || value === null || isScalar(value) || isRecordWithId(value);

function staticValues(property: INodeProperties): Array<string | number | boolean> | undefined {
	if (property.typeOptions?.loadOptionsMethod || !Array.isArray(property.options)) return undefined;
	return (property.options as INodePropertyOptions[]).map((option) => option.value as string | number | boolean);
}

const inList = (allowed: Array<string | number | boolean>, value: unknown) =>
	allowed.some((option) => option === value || (isNumber(value) && Number(value) === option));

const listed = (allowed: Array<string | number | boolean>) => allowed.map((value) => `"${String(value)}"`).join(', ');

/** What is wrong with `value` for `property`, or undefined. */
function problemWith(property: INodeProperties, value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (property.typeOptions?.multipleValues && Array.isArray(value)) {
		const single = { ...property, typeOptions: { ...property.typeOptions, multipleValues: false } };
		for (const entry of value) {
			// An entry the builder added and left empty is saved as `[]` or '': no entry at all.
			if (isBlank(entry)) continue;
			// A list of IDs may come as the records themselves (a department's `members`, mapped).
			if (property.type === 'string' && isRecordWithId(entry)) continue;
			const problem = problemWith(single, entry);
			if (problem) return problem;
		}
		return undefined;
	}
	const allowed = staticValues(property);
	switch (property.type) {
		case 'string':
			return isScalar(value) ? undefined : 'must be text, not a list or an object';
		case 'number':
			return value === '' || isNumber(value) ? undefined : `must be a number (got "${String(value)}")`;
		case 'boolean':
			return typeof value === 'boolean' ? undefined : `must be true or false (got ${JSON.stringify(value)})`;
		case 'options':
			if (allowed) {
				return inList(allowed, value) ? undefined : `must be one of ${listed(allowed)} (got ${JSON.stringify(value)})`;
			}
			return isIdLike(value) ? undefined : 'must be an ID or a name from the list, not a list or an object';
		case 'multiOptions': {
			const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').map((v) => v.trim()) : [value];
			if (allowed) {
				const bad = entries.find((entry) => entry !== '' && !inList(allowed, entry));
				return bad === undefined ? undefined : `may only hold ${listed(allowed)} (got ${JSON.stringify(bad)})`;
			}
			return entries.every(isIdLike) ? undefined : 'must be IDs (text, numbers, or records with an id)';
		}
		case 'resourceLocator': {
			const id = typeof value === 'object' && '__rl' in value ? (value as unknown as { value: unknown }).value : value;
			// An entry of a people list may be an expression that gives several (peopleList).
			const ids = Array.isArray(id) && property.typeOptions?.multipleValues === false ? id : [id];
			return ids.every(isIdLike) ? undefined : 'must be an ID, not a list or an object';
		}
		case 'collection':
			return typeof value === 'object' && !Array.isArray(value) ? undefined : 'must be a set of fields';
		default:
			return undefined;
	}
}

function checkAll(properties: INodeProperties[], read: (property: INodeProperties) => unknown, where: string): string | undefined {
	for (const property of properties) {
		const value = read(property);
		if (value === NO_VALUE) continue;
		const problem = problemWith(property, value);
		if (problem) return `${property.displayName}${where} ${problem}`;
		// A collection that passed is a set of fields (or null): each is checked against its own declaration.
		if (property.type === 'collection' && value !== null) {
			const entries = value as Record<string, unknown>;
			const nested = checkAll(
				(property.options ?? []) as INodeProperties[],
				(option) => (option.name in entries ? entries[option.name] : NO_VALUE),
				` (under ${property.displayName})`,
			);
			if (nested) return nested;
		}
	}
	return undefined;
}

/**
 * What is wrong with the first of these parameters whose value it cannot take, named as the editor
 * names it; undefined when nothing is. `values` holds the parameters set (by name): one it does not
 * hold has nothing to check. parameters/readers.ts (checkParameters) throws what it says.
 */
export function parameterProblem(properties: INodeProperties[], values: Record<string, unknown>): string | undefined {
	return checkAll(properties, (property) => (property.name in values ? values[property.name] : NO_VALUE), '');
}
