/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * The vendor profile's records checked against the vendor's OpenAPI description itself
 * (engagedly-openapi.yaml), through openapi-backend's response validation: no second copy of
 * the vendor's shapes to keep in step with the document.
 *
 * The document's schemas list no required keys and allow any other key, so the validator alone
 * would pass a record that lost a field. The check adds what the hand-written vendor schemas
 * used to promise, read from the same document: every key the record's schema documents is
 * there, and no key anywhere is one the document does not list.
 *
 * `schemasFor(profile)` gives the contract's zod schemas or these checks under the same names,
 * so a suite that runs against both profiles validates with the right one.
 */
import addFormats from 'ajv-formats';
import OpenAPIBackend, { type Operation } from 'openapi-backend';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

import * as contract from './engagedly';
import { OPENAPI_FILE } from './openapi';

type Json = Record<string, unknown>;
type Schema = { properties?: Record<string, Schema>; allOf?: Schema[]; items?: Schema; additionalProperties?: unknown };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The vendor's document, each operation named `GET /beta/users` (openapi-backend finds operations by id; the file gives none). */
function definition(): Json {
	const document = parseYaml(readFileSync(OPENAPI_FILE, 'utf8')) as { paths: Record<string, Record<string, Json>> };
	for (const [path, item] of Object.entries(document.paths)) {
		for (const method of METHODS) if (item[method]) item[method].operationId ??= `${method.toUpperCase()} ${path}`;
	}
	return document;
}

/** `openapi-backend` with the vendor's document, initialised once for every suite of a worker. */
const ready: Promise<OpenAPIBackend> = new OpenAPIBackend({
	definition: definition() as never,
	// The document's formats (uri, uuid, email) are checked, not ignored with a warning.
	customizeAjv: (ajv) => {
		addFormats(ajv);
		return ajv;
	},
}).init();

/** Wait for this in a `beforeAll` before calling `parse` (jest suites: `beforeAll(() => vendorReady)`). */
export const vendorReady: Promise<unknown> = ready;
let api: OpenAPIBackend | undefined;
void ready.then((backend) => (api = backend));

function operation(backend: OpenAPIBackend, method: string, path: string): Operation {
	const found = backend.getOperation(`${method.toUpperCase()} ${path}`);
	if (!found) throw new Error(`${method} ${path} is not in the vendor's description`);
	return found;
}

/** The properties an object schema lists, its `allOf` parts merged. */
function properties(schema: Schema | undefined): Record<string, Schema> | undefined {
	if (!schema) return undefined;
	const merged = { ...schema.properties };
	for (const part of schema.allOf ?? []) Object.assign(merged, properties(part));
	return Object.keys(merged).length > 0 ? merged : undefined;
}

/** Keys of `value` (at any depth) its schema does not list; free-form objects excepted. */
function undocumented(value: unknown, schema: Schema | undefined, where: string): string[] {
	if (Array.isArray(value)) return value.flatMap((element) => undocumented(element, schema?.items, `${where}[]`));
	if (value === null || typeof value !== 'object') return [];
	const listed = properties(schema);
	if (!listed || schema?.additionalProperties) return [];
	return Object.entries(value as Json).flatMap(([key, child]) =>
		key in listed ? undocumented(child, listed[key], `${where}.${key}`) : [`${where}.${key}: not in the vendor's description`],
	);
}

/**
 * A check of one record as the `data` (or an element of it) of `method path`'s 200 answer:
 * `parse` throws with every problem, one line each, and returns the record.
 */
function vendorRecord(method: string, path: string, { list = false, idsAsText = false } = {}) {
	return {
		parse(value: unknown): unknown {
			if (!api) throw new Error('the vendor description is not loaded yet: await vendorReady in a beforeAll');
			const op = operation(api, method, path);
			// The node gives the ids of locations and job titles as text (docs/engagedly-node.md); the vendor, numbers.
			const record = idsAsText && typeof (value as Json).id === 'string' ? { ...(value as Json), id: Number((value as Json).id) } : value;
			const body = list
				? { success: true, pagination: { page: 1, size: 1, has_more: false, total_records: 1 }, data: [record] }
				: { success: true, data: record };
			const result = api.validateResponse(body, op, 200);
			const schema = (op.responses?.['200'] as unknown as { content: { 'application/json': { schema: Schema } } }).content['application/json'].schema;
			const dataSchema = properties(schema)?.data;
			const recordSchema = list ? (dataSchema?.items ?? dataSchema) : dataSchema;
			const problems = [
				...(result.errors ?? []).map((e) => `${e.instancePath || '(body)'}: ${e.message}`),
				...Object.keys(properties(recordSchema) ?? {})
					.filter((key) => !(key in (record as Json)))
					.map((key) => `data.${key}: missing`),
				...undocumented(record, recordSchema, 'data'),
			];
			if (problems.length > 0) throw new Error(`Not the vendor's ${method} ${path} record:\n${problems.join('\n')}`);
			return value;
		},
	};
}

/** openapi-backend's errors for `body` as the `status` answer of `method path` (for the examples test). */
export async function vendorResponseErrors(method: string, path: string, status: number, body: unknown): Promise<string[]> {
	const backend = await ready;
	const result = backend.validateResponse(body, operation(backend, method, path), status);
	return (result.errors ?? []).map((e) => `${e.instancePath || '(body)'}: ${e.message}`);
}

type Check = { parse: (value: unknown) => unknown };

const vendor = {
	OrgUnitListItemSchema: vendorRecord('GET', '/beta/departments', { list: true }),
	DepartmentSchema: vendorRecord('GET', '/beta/departments/{id}'),
	BusinessSchema: vendorRecord('GET', '/beta/businesses/{id}'),
	LocationSchema: vendorRecord('GET', '/beta/locations/{id}', { idsAsText: true }),
	JobTitleSchema: vendorRecord('GET', '/beta/job_titles/{id}', { idsAsText: true }),
};

const contractSet: Record<keyof typeof vendor, Check> = {
	OrgUnitListItemSchema: contract.OrgUnitListItemSchema,
	DepartmentSchema: contract.DepartmentSchema,
	BusinessSchema: contract.BusinessSchema,
	LocationSchema: contract.LocationSchema,
	JobTitleSchema: contract.JobTitleSchema,
};

/** The checks of one profile's records, by the contract's schema names. */
export function schemasFor(profile: 'contract' | 'vendor'): Record<keyof typeof vendor, Check> {
	return profile === 'contract' ? contractSet : vendor;
}
