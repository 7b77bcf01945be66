/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * The vendor's OpenAPI description (engagedly-openapi.yaml, the vendor's file, kept here so a
 * clone can run the tests on its own) as
 * validators: ajv over the response schemas, plus a comparison with the response examples.
 *
 * The schemas alone are loose (no required keys, no additionalProperties: false), so what they
 * catch are wrong types: a string where the vendor has an integer, `null` where it has a
 * string. The examples say more: which keys a record carries, which values are objects, and the
 * form of dates (`2024-01-15`, `Jul 07, 2026`). Both are reported as one list of differences,
 * one line each, so a test can compare the list with the differences it expects.
 *
 * OpenAPI 3.0 is not JSON Schema: `nullable` becomes a `null` alternative, `example` is dropped,
 * `$ref`s point into one registered document. Where a property wraps a schema in `allOf` (the
 * only way 3.0 can annotate a `$ref`) and its description says "..., or null", null is allowed
 * too: the description is the vendor's word, and `nullable` cannot be written there.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';

export const OPENAPI_FILE = path.join(__dirname, 'engagedly-openapi.yaml');

type Json = unknown;
type Schema = Record<string, unknown>;

interface OpenApiDocument {
	paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema; example?: Json }> }> }>>;
	components: { schemas: Record<string, Schema> };
}

const DOCUMENT_ID = 'engagedly-openapi';

/** OpenAPI 3.0 schema object → JSON Schema (draft-07), recursively. */
export function toJsonSchema(schema: Json): Json {
	if (Array.isArray(schema)) return schema.map(toJsonSchema);
	if (schema === null || typeof schema !== 'object') return schema;
	const source = schema as Schema;
	const out: Schema = {};
	for (const [key, value] of Object.entries(source)) {
		if (key === 'example' || key === 'nullable') continue;
		if (key === '$ref' && typeof value === 'string') {
			out.$ref = value.replace('#/components/schemas/', `${DOCUMENT_ID}#/definitions/`);
		} else if (key === 'properties' || key === 'definitions') {
			out[key] = Object.fromEntries(Object.entries(value as Schema).map(([name, sub]) => [name, toJsonSchema(sub)]));
		} else {
			out[key] = toJsonSchema(value);
		}
	}
	const saysOrNull = Array.isArray(source.allOf) && /\bor null\b/i.test(String(source.description ?? ''));
	if (source.nullable === true || saysOrNull) {
		const { description, ...rest } = out;
		return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: 'null' }] };
	}
	return out;
}

export class VendorDescription {
	readonly document: OpenApiDocument;

	private readonly ajv: Ajv;

	private readonly validators = new Map<string, ValidateFunction>();

	constructor(file = OPENAPI_FILE) {
		this.document = parse(readFileSync(file, 'utf8')) as OpenApiDocument;
		this.ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
		addFormats(this.ajv);
		this.ajv.addSchema({ $id: DOCUMENT_ID, definitions: toJsonSchema(this.document.components.schemas) } as Schema);
	}

	/** The documented JSON response of `GET /beta/users/{id}` and friends, for one status. */
	response(method: string, openApiPath: string, status: number): { schema?: Schema; example?: Json } | undefined {
		const operation = this.document.paths[openApiPath]?.[method.toLowerCase()];
		return operation?.responses?.[String(status)]?.content?.['application/json'];
	}

	/** Every documented `(method, path)` pair: what a test of every endpoint must cover. */
	operations(): string[] {
		const methods = ['get', 'post', 'put', 'patch', 'delete'];
		return Object.entries(this.document.paths).flatMap(([p, item]) =>
			methods.filter((m) => item[m] !== undefined).map((m) => `${m.toUpperCase()} ${p}`),
		);
	}

	/**
	 * Where `body` (the response of `method openApiPath` with `status`) differs from the vendor's
	 * schema and example (`example: false`: the schema only, for answers of another kind than
	 * the example's): one line per difference, array positions written `[]` and custom
	 * attribute keys `*`, so that a difference shared by many records is one line.
	 */
	differences(method: string, openApiPath: string, status: number, body: Json, options: { example?: boolean } = {}): string[] {
		const documented = this.response(method, openApiPath, status);
		if (!documented) return [`no documented JSON response for ${status}`];
		const found = new Set<string>();
		if (documented.schema) {
			const key = `${method} ${openApiPath} ${status}`;
			let validate = this.validators.get(key);
			if (!validate) {
				validate = this.ajv.compile(toJsonSchema(documented.schema) as Schema);
				this.validators.set(key, validate);
			}
			if (!validate(body)) for (const line of schemaProblems(validate.errors ?? [])) found.add(line);
		}
		if (documented.example !== undefined && options.example !== false) compareWithExample(documented.example, body, '', found);
		return [...found].sort();
	}

	/**
	 * Where `record` differs from the component schema `name` (`OrgUnit`, `Location`...): wrong
	 * types, and what the loose schemas alone would let pass: a key the schema lists that the
	 * record lacks, and a key anywhere in the record that the document does not list.
	 */
	recordProblems(name: string, record: Json): string[] {
		let validate = this.validators.get(name);
		if (!validate) {
			validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#/definitions/${name}` });
			this.validators.set(name, validate);
		}
		const schema = this.document.components.schemas[name];
		return [
			...(validate(record) ? [] : schemaProblems(validate.errors ?? []).map((line) => `data.${line}`)),
			...Object.keys(this.properties(schema) ?? {})
				.filter((key) => !(key in (record as Record<string, Json>)))
				.map((key) => `data.${key}: missing`),
			...this.undocumented(record, schema, 'data'),
		];
	}

	/** The properties an object schema lists, its `$ref` followed and its `allOf` parts merged. */
	private properties(schema: Schema | undefined): Record<string, Schema> | undefined {
		const resolved = typeof schema?.$ref === 'string' ? this.document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
		if (!resolved) return undefined;
		const merged: Record<string, Schema> = { ...(resolved.properties as Record<string, Schema> | undefined) };
		for (const part of (resolved.allOf as Schema[] | undefined) ?? []) Object.assign(merged, this.properties(part));
		return Object.keys(merged).length > 0 ? merged : undefined;
	}

	/** Keys of `value` (at any depth) its schema does not list; free-form objects excepted. */
	private undocumented(value: Json, schema: Schema | undefined, where: string): string[] {
		if (Array.isArray(value)) return value.flatMap((element) => this.undocumented(element, schema?.items as Schema | undefined, `${where}[]`));
		if (value === null || typeof value !== 'object') return [];
		const listed = this.properties(schema);
		if (!listed || schema?.additionalProperties) return [];
		return Object.entries(value as Record<string, Json>).flatMap(([key, child]) =>
			key in listed ? this.undocumented(child, listed[key], `${where}.${key}`) : [`${where}.${key}: not in the vendor's description`],
		);
	}
}

/** `/data/3/custom_attributes/custom-attribute-1fa18/value` → `data[].custom_attributes.*.value` */
const at = (pointer: string) =>
	pointer
		.replace(/\/\d+(?=\/|$)/g, '[]')
		.replace(/\/(custom_attributes)\/[^/]+/g, '/$1/*')
		.replace(/^\//, '')
		.replace(/\/(?!\])/g, '.')
		.replace(/\/\[\]/g, '[]') || '(body)';

/**
 * One line per place: ajv reports each alternative of an `anyOf`/`oneOf` (a nullable value is
 * `anyOf: [schema, null]`) on its own, which says less than the failures inside the schema.
 */
function schemaProblems(errors: ErrorObject[]): string[] {
	const byPlace = new Map<string, Set<string>>();
	const deeper = (pointer: string) => errors.some((e) => e.instancePath.startsWith(`${pointer}/`) && e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
	for (const error of errors) {
		if (error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
		// "must be null" of a nullable value that failed inside: the inner failure is the news.
		if (error.keyword === 'type' && error.params.type === 'null' && deeper(error.instancePath)) continue;
		const place = at(error.instancePath);
		if (!byPlace.has(place)) byPlace.set(place, new Set());
		byPlace.get(place)!.add(error.message ?? error.keyword);
	}
	return [...byPlace].map(([place, messages]) => `${place}: schema: ${[...messages].sort().join(' or ')}`);
}

/** The form of a value as far as the examples tell it: JSON type, and for strings a date form. */
export function formOf(value: Json): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	if (typeof value !== 'string') return typeof value;
	if (value === '') return 'empty string';
	if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'date YYYY-MM-DD';
	if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return 'ISO timestamp';
	if (/^[A-Z][a-z]{2} \d{2}, \d{4}$/.test(value)) return 'date MMM DD, YYYY';
	return 'string';
}

/** Keys whose names are the organisation's own (custom attributes) or vary by record type. */
const FREE_FORM = new Set(['custom_attributes', 'unit_details', 'settings', 'attributes']);

/**
 * Our value against the example's, recursively:
 * - every key of an example object is present;
 * - a non-null example value fixes the form: ours has the same form, or is `null` (a blank;
 *   whether a blank is `null` or `""` is told by examples that show `""`, and by the schemas);
 * - an `""` in the example means a blank is rendered `""`: ours is a string;
 * - arrays: every element of ours against the example's first element.
 */
function compareWithExample(example: Json, ours: Json, where: string, found: Set<string>): void {
	const place = where || '(body)';
	if (example === null || ours === undefined) return;
	const expected = formOf(example);
	const actual = formOf(ours);
	if (expected === 'empty string') {
		if (typeof ours !== 'string') found.add(`${place}: example: is ${actual}, the example has "" (a blank is "")`);
		return;
	}
	if (ours === null) return;
	const compatible =
		expected === actual ||
		(expected === 'string' && typeof ours === 'string') ||
		(expected === 'number' && actual === 'integer');
	if (!compatible) {
		found.add(`${place}: example: is ${actual}, the example has ${expected}`);
		return;
	}
	if (Array.isArray(example) && Array.isArray(ours)) {
		if (example.length > 0) for (const element of ours) compareWithExample(example[0], element, `${where}[]`, found);
		return;
	}
	if (expected !== 'object') return;
	const exampleObject = example as Record<string, Json>;
	const ourObject = ours as Record<string, Json>;
	const name = where.split('.').pop() ?? '';
	if (FREE_FORM.has(name)) {
		// Keyed by the organisation: each of our entries carries the keys of the example's
		// entries; the forms of their values are the schema's business (a string or a list,
		// and the single-user example happens to show only a string).
		if (name !== 'custom_attributes') return;
		const keys = new Set(Object.values(exampleObject).flatMap((entry) => (entry && typeof entry === 'object' ? Object.keys(entry) : [])));
		for (const entry of Object.values(ourObject)) {
			for (const key of keys) {
				if (!entry || typeof entry !== 'object' || !(key in entry)) found.add(`${where}.*.${key}: example: missing`);
			}
		}
		return;
	}
	for (const [key, value] of Object.entries(exampleObject)) {
		const child = where ? `${where}.${key}` : key;
		if (!(key in ourObject)) found.add(`${child}: example: missing`);
		else compareWithExample(value, ourObject[key], child, found);
	}
}
