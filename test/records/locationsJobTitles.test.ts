/**
 * Locations and job titles through n8n's engine against the simulator: one implementation, two
 * field lists, so one suite per kind with the fields as data.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, listSearch, runEngagedly } from '../helpers/engine';
import { schemasFor } from '../schemas/vendor';
import { useSimulator } from '../helpers/simulator';

// Each describe block resets where its tests need a fresh organisation.

const sim = useSimulator({ seed: 11, users: 20, rateLimit: 100_000 }, { reset: 'never' });

type StoredRecord = { id: number; name: string } & Record<string, string | number | null>;

interface FlatCase {
	resource: 'location' | 'jobTitle';
	path: string;
	locator: string;
	search: string;
	/** The record's schema in the simulator's profile. */
	schema: 'LocationSchema' | 'JobTitleSchema';
	/** Editor name → API name, besides `name`. */
	fields: Record<string, string>;
	/** The field changed alone in the "keeps the others" test. */
	lone: string;
	table: () => Map<number, StoredRecord>;
	write: (input: IDataObject) => StoredRecord;
}

const CASES: FlatCase[] = [
	{
		resource: 'location',
		path: '/beta/locations',
		locator: 'locationId',
		search: 'searchLocations',
		schema: 'LocationSchema',
		fields: {
			addressLine1: 'address_line1',
			addressLine2: 'address_line2',
			city: 'city',
			state: 'state',
			country: 'country',
			postalCode: 'postal_code',
		},
		lone: 'city',
		table: () => sim.store.locations as unknown as Map<number, StoredRecord>,
		write: (input) => sim.store.writeNumbered('locations', input) as unknown as StoredRecord,
	},
	{
		resource: 'jobTitle',
		path: '/beta/job_titles',
		locator: 'jobTitleId',
		search: 'searchJobTitles',
		schema: 'JobTitleSchema',
		fields: { description: 'description', responsibilities: 'responsibilities' },
		lone: 'responsibilities',
		table: () => sim.store.jobTitles as unknown as Map<number, StoredRecord>,
		write: (input) => sim.store.writeNumbered('job_titles', input) as unknown as StoredRecord,
	},
];

describe.each(CASES)(
	'$resource',
	({ resource, path, locator, search, schema: schemaName, fields, lone, table, write }) => {
		const schema = { parse: (value: unknown) => schemasFor(sim.profile)[schemaName].parse(value) };
		const run = (parameters: IDataObject, continueOnFail = false) =>
			runEngagedly({
				parameters: { resource, ...parameters },
				credentials: sim.credentials(),
				continueOnFail,
			});
		const routes = () => sim.log.map((entry) => entry.route);
		/** A full record in the store, every field set. */
		const full = (name: string) =>
			write(
				Object.fromEntries([
					['name', name],
					...Object.values(fields).map((wire) => [wire, `${wire} of ${name}`]),
				]),
			);

		describe('reads', () => {
			beforeAll(() => {
				sim.reset();
				for (let i = 1; i <= 60; i++) full(`Extra ${resource} ${String(i).padStart(2, '0')}`);
			});
			beforeEach(() => sim.clearLog());

			it('getAll with a limit below one page returns exactly that many, ids as strings', async () => {
				const result = await run({ operation: 'getAll', returnAll: false, limit: 4 });
				expect(result.error).toBeUndefined();
				expect(result.items).toHaveLength(4);
				for (const item of result.items) {
					schema.parse(item.json);
					expect(typeof item.json.id).toBe('string');
				}
				expect(sim.log).toHaveLength(1);
				expect(sim.log[0].query).toMatchObject({ page: '1', size: '4' });
			});

			it('getAll with returnAll pages through every record', async () => {
				const total = table().size;
				expect(total).toBeGreaterThan(50);
				const result = await run({ operation: 'getAll', returnAll: true });
				expect(result.error).toBeUndefined();
				expect(result.items.map((item) => item.json.id)).toEqual(
					[...table().keys()].sort((a, b) => a - b).map(String),
				);
				expect(
					sim.log.filter((entry) => entry.route === `GET ${path}`).length,
				).toBeGreaterThanOrEqual(2);
			});

			it('get returns every field, the id as a string although the API sends a number', async () => {
				const record = [...table().values()].at(-1)!;
				const result = await run({ operation: 'get', [locator]: byId(record.id) });
				expect(result.error).toBeUndefined();
				const json = result.items[0].json;
				schema.parse(json);
				expect(json.id).toBe(String(record.id));
				expect(json.name).toBe(record.name);
				for (const wire of Object.values(fields)) expect(json[wire]).toBe(record[wire]);
				// The simulator sends numbers in single responses: the node is what made it a string.
				expect(typeof record.id).toBe('number');
			});

			it(`list search ${search} returns records and filters them by name`, async () => {
				const all = await listSearch(search, sim.credentials());
				const firstPage = [...table().values()]
					.sort((a, b) => a.id - b.id)
					.slice(0, 50)
					.map((r) => ({ name: r.name, value: String(r.id) }));
				expect(all.results).toEqual(firstPage);
				expect(all.paginationToken).toBe('2');

				const target = [...table().values()].find((r) => r.name === `Extra ${resource} 59`)!;
				const filtered = [
					...(await listSearch(search, sim.credentials(), `${resource} 59`)).results,
					...(await listSearch(search, sim.credentials(), `${resource} 59`, '2')).results,
				];
				expect(filtered).toEqual([{ name: target.name, value: String(target.id) }]);
			});
		});

		describe('writes', () => {
			beforeEach(() => sim.reset());

			it('create sends every field and returns the record with a string id', async () => {
				const additionalFields = Object.fromEntries(
					Object.keys(fields).map((name) => [name, `new ${name}`]),
				);
				const result = await run({ operation: 'create', name: 'Fresh', additionalFields });
				expect(result.error).toBeUndefined();
				const json = result.items[0].json;
				schema.parse(json);
				expect(typeof json.id).toBe('string');
				const stored = table().get(Number(json.id))!;
				expect(stored.name).toBe('Fresh');
				for (const [name, wire] of Object.entries(fields)) {
					expect(stored[wire]).toBe(`new ${name}`);
					expect(json[wire]).toBe(`new ${name}`);
				}
				expect(routes()).toEqual([`POST ${path}`]);
			});

			it('create with the name only leaves the other fields blank', async () => {
				const result = await run({ operation: 'create', name: 'Bare' });
				expect(result.error).toBeUndefined();
				const stored = table().get(Number(result.items[0].json.id))!;
				expect(stored.name).toBe('Bare');
				for (const wire of Object.values(fields)) expect(stored[wire]).toBeNull();
			});

			it(`update of ${lone} alone keeps every other field`, async () => {
				const record = full('Whole');
				const before = { ...table().get(record.id)! };
				sim.clearLog();
				const result = await run({
					operation: 'update',
					[locator]: byId(record.id),
					updateFields: { [lone]: 'Changed' },
				});
				expect(result.error).toBeUndefined();
				const loneWire = fields[lone];
				expect(table().get(record.id)).toEqual({ ...before, [loneWire]: 'Changed' });
				expect(result.items[0].json).toMatchObject({
					id: String(record.id),
					[loneWire]: 'Changed',
					name: 'Whole',
				});
				expect(routes()).toEqual([`GET ${path}/:id`, `PUT ${path}/:id`]);
			});

			it('update of the name alone keeps every other field', async () => {
				const record = full('Old Name');
				const before = { ...table().get(record.id)! };
				const result = await run({
					operation: 'update',
					[locator]: byId(record.id),
					updateFields: { name: 'New Name' },
				});
				expect(result.error).toBeUndefined();
				expect(table().get(record.id)).toEqual({ ...before, name: 'New Name' });
			});

			it('a field added to Update Fields and left empty is cleared; the rest stay', async () => {
				const record = full('Clearing');
				const before = { ...table().get(record.id)! };
				const result = await run({
					operation: 'update',
					[locator]: byId(record.id),
					updateFields: { [lone]: '' },
				});
				expect(result.error).toBeUndefined();
				expect(table().get(record.id)).toEqual({ ...before, [fields[lone]]: null });
			});

			it('update refuses an empty name before any request', async () => {
				const record = full('Named');
				sim.clearLog();
				const result = await run({
					operation: 'update',
					[locator]: byId(record.id),
					updateFields: { name: ' ' },
				});
				expect(result.error?.message).toMatch(/name is empty/);
				expect(sim.log).toHaveLength(0);
				expect(table().get(record.id)?.name).toBe('Named');
			});

			it('update with nothing set fails before any request', async () => {
				const record = full('Still');
				sim.clearLog();
				const result = await run({
					operation: 'update',
					[locator]: byId(record.id),
					updateFields: {},
				});
				expect(result.error?.message).toBe('Nothing to update');
				expect(sim.log).toHaveLength(0);
			});

			it('delete returns { deleted, id }; a get afterwards fails with a clear 404', async () => {
				const record = full('Doomed');
				const result = await run({ operation: 'delete', [locator]: byId(record.id) });
				expect(result.error).toBeUndefined();
				expect(result.items.map((item) => item.json)).toEqual([
					{ deleted: true, id: String(record.id) },
				]);
				expect(table().has(record.id)).toBe(false);

				const again = await run({ operation: 'get', [locator]: byId(record.id) });
				expect(again.error?.httpCode).toBe('404');
				expect(again.error?.message).toContain(String(record.id));
				expect(again.error?.description).toMatch(/not found/i);

				const soft = await run({ operation: 'get', [locator]: byId(record.id) }, true);
				expect(soft.items[0].json).toMatchObject({ httpCode: '404' });
			});

			it('each item of a run is handled on its own, ids from expressions included', async () => {
				const a = full('First');
				const b = full('Second');
				const result = await runEngagedly({
					parameters: {
						resource,
						operation: 'get',
						[locator]: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
					},
					credentials: sim.credentials(),
					input: [{ json: { id: a.id } }, { json: { id: String(b.id) } }],
				});
				expect(result.error).toBeUndefined();
				expect(result.items.map((item) => [item.json.name, item.pairedItem])).toEqual([
					['First', { item: 0 }],
					['Second', { item: 1 }],
				]);
			});
		});
	},
);
