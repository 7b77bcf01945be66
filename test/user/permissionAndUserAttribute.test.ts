import { run } from '../helpers/nodeRun';
import { requestsTo, useSimulator } from '../helpers/simulator';

const sim = useSimulator({ users: 20, seed: 'reference-permissions' });

test('permission getAll returns every permission of the organisation, paged with the largest page, or Limit of them', async () => {
	const { json, error } = await run(sim, { resource: 'permission', operation: 'getAll', returnAll: true });

	expect(error).toBeUndefined();
	expect(json.map((p) => String(p.id)).sort()).toEqual(sim.store.permissions.map((p) => String(p.id)).sort());
	expect(json.find((p) => p.is_admin === true)?.name).toBe('Site Administrator');
	const requests = requestsTo(sim, 'GET /beta/permissions');
	expect(requests.length).toBeGreaterThan(0);
	expect(requests[0].query).toMatchObject({ page: '1', size: '50' });

	const limited = await run(sim, { resource: 'permission', operation: 'getAll', returnAll: false, limit: 2 });
	expect(limited.json.map((p) => p.id)).toEqual(json.slice(0, 2).map((p) => p.id));
});

describe('userAttribute: getAll', () => {
	const attributes = { resource: 'userAttribute', operation: 'getAll' };

	test('returns every definition, system and custom, in one unpaginated request', async () => {
		const { json, error } = await run(sim, { ...attributes, returnAll: true });

		expect(error).toBeUndefined();
		expect(json.map((a) => a.attribute_key)).toEqual(sim.store.attributes.map((a) => a.attribute_key));
		expect(json.some((a) => a.preset === true)).toBe(true);
		expect(json.some((a) => a.preset === false)).toBe(true);
		const requests = requestsTo(sim, 'GET /beta/user-attributes');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({});
	});

	test.each([
		['custom', false],
		['system', true],
	])('keeps only %s attributes (preset %s), from the one request', async (kind, preset) => {
		const { json } = await run(sim, { ...attributes, returnAll: true, filters: { kind } });

		const expected = sim.store.attributes.filter((a) => a.preset === preset).map((a) => a.attribute_key);
		expect(expected.length).toBeGreaterThan(0);
		expect(json.map((a) => a.attribute_key)).toEqual(expected);
		expect(json.every((a) => a.preset === preset)).toBe(true);
		expect(requestsTo(sim, 'GET /beta/user-attributes')).toHaveLength(1);
	});

	test('applies the limit to the list, after the kind filter', async () => {
		const { json } = await run(sim, { ...attributes, returnAll: false, limit: 2, filters: { kind: 'custom' } });

		const expected = sim.store.attributes.filter((a) => !a.preset).slice(0, 2).map((a) => a.attribute_key);
		expect(json.map((a) => a.attribute_key)).toEqual(expected);
		expect(requestsTo(sim, 'GET /beta/user-attributes')).toHaveLength(1);
	});
});
