/**
 * Custom attributes: the resource mapper's fields come from GET /user-attributes, and values are
 * checked against the definitions Engagedly has at run time, read once per execution (each
 * conversion and rule as a table: test/pure/customAttributes.test.ts). Every rule
 * names the attribute (display name and key), says how to fix it, and stops the item before any
 * write.
 */
import type { IDataObject } from 'n8n-workflow';

import { runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import {
	attributeOfType,
	customAttributes,
	freshEmail,
	mandatoryValues,
	mapperSchema,
	mapping,
	writes,
} from './helpers';

const sim = useSimulator({ seed: 23, users: 30 });

const create = async (
	custom: IDataObject,
	input?: Array<{ json: IDataObject }>,
	continueOnFail = false,
	schema: unknown[] = [],
) =>
	await runEngagedly({
		parameters: {
			resource: 'user',
			operation: 'create',
			email: '={{ $json.email }}',
			firstName: 'Cai',
			lastName: 'Ferro',
			customAttributes: mapping(custom, schema),
		},
		credentials: sim.credentials(),
		input: input ?? [{ json: { email: freshEmail('custom') } }],
		continueOnFail,
	});

describe('the mapper fields', () => {
	test('one field per custom attribute of the organisation, with its name, type and options', async () => {
		const { fields } = await mapperSchema(sim, 'create');
		const custom = customAttributes(sim);
		expect(fields.map((f) => f.id)).toEqual(custom.map((a) => a.attribute_key));
		const expectedType: Record<string, string> = {
			text: 'string',
			number: 'number',
			date: 'dateTime',
			boolean: 'boolean',
			'single-select': 'options',
			'multiple-select': 'array',
		};
		for (const attribute of custom) {
			const field = fields.find((f) => f.id === attribute.attribute_key)!;
			expect(field.type).toBe(expectedType[attribute.data_type]);
			expect(field.displayName.startsWith(attribute.name)).toBe(true);
			// How a mandatory one is marked, per operation: test/pure/resourceMapping.test.ts.
			expect(field.display).toBe(true);
			const values = (attribute.attribute_options ?? []).map((o) => o.value);
			if (attribute.data_type === 'single-select') {
				expect(field.options).toEqual(values.map((v) => ({ name: v, value: v })));
			}
			if (attribute.data_type === 'multiple-select') {
				for (const value of values) expect(field.displayName).toContain(value);
			}
		}
		expect(fields.some((f) => f.id === 'email' || f.id === 'first_name')).toBe(false);
	});

	test('follows the definitions as they are now (an attribute added in Engagedly shows up)', async () => {
		sim.store.attributes.push({
			id: 999,
			name: 'Shift',
			attribute_key: 'custom-attribute-shift',
			preset: false,
			mandatory: false,
			data_type: 'single-select',
			attribute_options: [
				{ id: 1, value: 'Early' },
				{ id: 2, value: 'Late' },
			],
		});
		const { fields } = await mapperSchema(sim, 'update');
		expect(fields.find((f) => f.id === 'custom-attribute-shift')).toMatchObject({
			displayName: 'Shift',
			type: 'options',
			options: [
				{ name: 'Early', value: 'Early' },
				{ name: 'Late', value: 'Late' },
			],
		});
	});
});

describe('every rule is checked before the request, naming the attribute and the fix', () => {
	// Every conversion and every rule's words: test/pure/customAttributes.test.ts. Here, one rule
	// through the engine: the item stops before any write, with no status of Engagedly's.
	const cases: Array<[string, string, IDataObject[string], RegExp]> = [['a number attribute given text', 'number', 'about five', /must be a number.*digits/]];

	test.each(cases)('%s', async (_title, dataType, value, fix) => {
		const attribute = attributeOfType(sim, dataType, dataType === 'text' ? undefined : false);
		const usersBefore = sim.store.users.size;
		const { error } = await create({ ...mandatoryValues(sim), [attribute.attribute_key]: value });
		expect(error).toBeDefined();
		expect(error!.message).toContain(`"${attribute.name}"`);
		expect(error!.message).toContain(attribute.attribute_key);
		expect(error!.message).toMatch(fix);
		expect(error!.httpCode).toBeUndefined();
		expect(error!.context?.itemIndex).toBe(0);
		expect(sim.log.map((e) => e.route)).toEqual(['GET /beta/user-attributes']);
		expect(sim.store.users.size).toBe(usersBefore);
	});

	/**
	 * An administrator drops a select's option between the run's read of the definitions and its
	 * write, so Engagedly refuses the value the run checked: `write` sends that value.
	 */
	async function withOptionDropped<T>(write: (key: string, value: string) => Promise<T>) {
		const select = attributeOfType(sim, 'single-select');
		const [first, ...others] = select.attribute_options!;
		sim.faults.add({ kind: 'mutate', match: { method: 'POST', path: '/beta/users' }, mutate: () => (select.attribute_options = others) });
		try {
			return { select, result: await write(select.attribute_key, first.value) };
		} finally {
			select.attribute_options = [first, ...others];
		}
	}

	test("Engagedly refusing a custom attribute's value names it by its label: its options changed after the run read them", async () => {
		const { select, result } = await withOptionDropped(async (key, value) => await create({ ...mandatoryValues(sim), [key]: value }));
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.message).toContain(`Custom attribute "${select.name}": `);
		expect(result.error?.message).not.toContain(`${select.attribute_key}:`);
	});

	test('in Sync too: the item that Engagedly refuses names the attribute by its label', async () => {
		const { select, result } = await withOptionDropped(
			async (key, value) =>
				await runEngagedly({
					parameters: {
						resource: 'user',
						operation: 'sync',
						email: '={{ $json.email }}',
						firstName: 'Cai',
						lastName: 'Ferro',
						customAttributes: mapping({ ...mandatoryValues(sim), [key]: value }),
					},
					credentials: sim.credentials(),
					input: [{ json: { email: freshEmail('sync-custom') } }],
					continueOnFail: true,
				}),
		);
		expect(String(result.items[0].json.error)).toContain(`Custom attribute "${select.name}": `);
	});

	test('a missing mandatory attribute on create, where the node lists no attributes (its mapper could not load): how to load them', async () => {
		const mandatory = customAttributes(sim).find((a) => a.mandatory)!;
		const { error } = await create({});
		expect(error!.message).toContain(
			`"${mandatory.name}" (${mandatory.attribute_key}) is mandatory in Engagedly: under Custom Attributes (this node lists none: close it and open it again with a working credential to load them), map the input field that holds it (in Sync, your HR export's column for "${mandatory.name}") or give it a fixed value`,
		);
		expect(writes(sim)).toEqual([]);
	});

	test('an attribute made mandatory since the node listed the attributes: add it under Custom Attributes', async () => {
		const schema = (await mapperSchema(sim, 'create')).fields;
		const optional = customAttributes(sim).find((a) => !a.mandatory && a.data_type === 'text')!;
		const values = mandatoryValues(sim);
		optional.mandatory = true;
		const { error } = await create(values, undefined, false, schema);
		expect(error!.message).toBe(
			`Custom attribute "${optional.name}" (${optional.attribute_key}) is mandatory in Engagedly: under Custom Attributes, map the input field that holds it (in Sync, your HR export's column for "${optional.name}") or give it a fixed value`,
		);
		expect(writes(sim)).toEqual([]);
	});

	test.each([
		['employee_id', 'Employee ID'],
		['title', 'Title Name or ID'],
	])('a system attribute the organisation made mandatory (%s) is required too, where the node has a field for it (%s)', async (key, field) => {
		const attribute = sim.store.attributes.find((a) => a.attribute_key === key)!;
		attribute.mandatory = true;
		const { error } = await create(mandatoryValues(sim));
		expect(error!.message).toBe(`"${attribute.name}" (${key}) is mandatory in Engagedly: set ${field} under Additional Fields`);
		expect(writes(sim)).toEqual([]);
	});

	test('a mandatory attribute left empty counts as missing', async () => {
		const mandatory = customAttributes(sim).find((a) => a.mandatory)!;
		const { error } = await create({ ...mandatoryValues(sim), [mandatory.attribute_key]: '' });
		expect(error!.message).toContain(mandatory.attribute_key);
		expect(writes(sim)).toEqual([]);
	});

	test('an attribute deleted in Engagedly since the mapping was made', async () => {
		const gone = attributeOfType(sim, 'boolean');
		const schema = (await mapperSchema(sim, 'create')).fields;
		sim.store.attributes = sim.store.attributes.filter((a) => a !== gone);
		sim.clearLog();
		const { error } = await create({ ...mandatoryValues(sim), [gone.attribute_key]: true }, undefined, false, schema);
		expect(error!.message).toContain(`"${gone.name}" (${gone.attribute_key}) no longer exists`);
		expect(error!.message).toContain('refresh');
		expect(writes(sim)).toEqual([]);
	});

	test('the live definitions decide: an option added in Engagedly is accepted, one removed is refused', async () => {
		const single = attributeOfType(sim, 'single-select');
		const removed = single.attribute_options![0].value;
		single.attribute_options = [...single.attribute_options!.slice(1), { id: 990, value: 'Brand New' }];
		const ok = await create({ ...mandatoryValues(sim), [single.attribute_key]: 'Brand New' });
		expect(ok.error).toBeUndefined();
		expect(sim.store.users.get(ok.items[0].json.id as string)!.custom[single.attribute_key]).toBe('Brand New');
		sim.clearLog();
		const refused = await create({ ...mandatoryValues(sim), [single.attribute_key]: removed });
		expect(refused.error!.message).toContain(`"${removed}" is not one of its options`);
		expect(refused.error!.message).toContain('Brand New');
		expect(writes(sim)).toEqual([]);
	});

	test('several problems in one item are reported together', async () => {
		const number = attributeOfType(sim, 'number');
		const boolean = attributeOfType(sim, 'boolean');
		const { error } = await create({ [number.attribute_key]: 'x', [boolean.attribute_key]: 'maybe' });
		expect(error!.message).toMatch(/^3 attribute values need fixing/);
		for (const key of [number.attribute_key, boolean.attribute_key, customAttributes(sim).find((a) => a.mandatory)!.attribute_key]) {
			expect(error!.message).toContain(key);
			expect(error!.description).toContain(key);
		}
	});
});

describe('the definitions are read once per execution', () => {
	test('three items, one GET /user-attributes, each value from its own expression; a new run reads them again', async () => {
		const single = attributeOfType(sim, 'single-select');
		const [a, b] = single.attribute_options!.map((o) => o.value);
		const input = [a, b, a].map((rating) => ({ json: { email: freshEmail('batch'), rating } }));
		const { items, error } = await create({ ...mandatoryValues(sim), [single.attribute_key]: '={{ $json.rating }}' }, input);
		expect(error).toBeUndefined();
		expect(items.map((i) => sim.store.users.get(i.json.id as string)!.custom[single.attribute_key])).toEqual([a, b, a]);
		expect(requestsTo(sim, 'GET /beta/user-attributes')).toHaveLength(1);
		expect(requestsTo(sim, 'POST /beta/users')).toHaveLength(3);

		sim.clearLog();
		await create(mandatoryValues(sim));
		expect(requestsTo(sim, 'GET /beta/user-attributes')).toHaveLength(1);
	});

	test('a failed read is not reused: the next item reads again', async () => {
		// A 403 is not retried by the transport, so the first item fails on its first read.
		sim.faults.add({ kind: 'status', status: 403, match: { method: 'GET', path: '/beta/user-attributes' } });
		const input = [1, 2].map(() => ({ json: { email: freshEmail('retry') } }));
		const { items } = await create(mandatoryValues(sim), input, true);
		expect(items).toHaveLength(2);
		expect(items[0].json.error).toBeDefined();
		expect(items[1].json.error).toBeUndefined();
		expect(requestsTo(sim, 'GET /beta/user-attributes').map((e) => e.status)).toEqual([403, 200]);
		expect(sim.store.users.get(items[1].json.id as string)).toBeDefined();
	});
});
