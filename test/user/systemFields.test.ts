/**
 * The system attributes `title` and `gender` (fixed keys, mandatory in some organisations):
 * their dropdowns (and Employee Type's) come from the attribute definitions, and Create, Update
 * and Replace write them.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, loadOptions, runEngagedly } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';
import { freshEmail, mandatoryValues, mapperSchema, mapping, ordinaryUsers, writes } from './helpers';

const sim = useSimulator({ seed: 21, users: 30 });

const run = async (parameters: Record<string, unknown>) =>
	await runEngagedly({ parameters: { resource: 'user', ...parameters }, credentials: sim.credentials() });

const optionsOf = (key: string) => sim.store.attributes.find((a) => a.attribute_key === key)!.attribute_options!.map((o) => o.value);

test.each([
	['getTitles', 'title'],
	['getGenders', 'gender'],
	['getEmployeeTypes', 'employee_type'],
])('%s lists the options of the %s attribute', async (method, key) => {
	const options = await loadOptions(method, sim.credentials());
	expect(options.map((o) => o.value)).toEqual(optionsOf(key));
	expect(options.length).toBeGreaterThan(1);
});

test('a mandatory title left out of Create is named before anything is sent', async () => {
	sim.store.attributes.find((a) => a.attribute_key === 'title')!.mandatory = true;
	const { error } = await run({
		operation: 'create',
		email: freshEmail('title'),
		firstName: 'Tia',
		lastName: 'Tell',
		customAttributes: mapping(mandatoryValues(sim), (await mapperSchema(sim, 'create')).fields),
	});
	expect(error?.message).toContain('is mandatory in Engagedly: set Title Name or ID under Additional Fields');
	expect(writes(sim)).toEqual([]);
});

test('Create, Update and Replace write title and gender', async () => {
	const [title1, title2, title3] = optionsOf('title');
	const [gender1, gender2, gender3] = optionsOf('gender');
	const custom = mapping(mandatoryValues(sim), (await mapperSchema(sim, 'create')).fields);

	const created = await run({
		operation: 'create',
		email: freshEmail('sys'),
		firstName: 'Sam',
		lastName: 'Sys',
		additionalFields: { title: title1, gender: gender1 },
		customAttributes: custom,
	});
	expect(created.error).toBeUndefined();
	const id = String(created.items[0].json.id);
	expect(sim.store.getUser(id)).toMatchObject({ title: title1, gender: gender1 });
	expect(writes(sim).at(-1)?.body).toMatchObject({ title: title1, gender: gender1 });

	const updated = await run({ operation: 'update', userId: byId(id), updateFields: { title: title2, gender: gender2 } });
	expect(updated.error).toBeUndefined();
	expect(writes(sim).at(-1)?.body).toEqual({ title: title2, gender: gender2 });
	expect(sim.store.getUser(id)).toMatchObject({ title: title2, gender: gender2 });

	const replaced = await run({
		operation: 'replace',
		userId: byId(id),
		email: sim.store.getUser(id).email,
		firstName: 'Sam',
		lastName: 'Sys',
		additionalFields: { title: title3, gender: gender3 },
		customAttributes: mapping(mandatoryValues(sim), (await mapperSchema(sim, 'replace')).fields),
	});
	expect(replaced.error).toBeUndefined();
	expect(sim.store.getUser(id)).toMatchObject({ title: title3, gender: gender3 });
	// The answer shows the title only where the vendor's User does: the contract's never shows it.
	expect(replaced.items[0].json).toMatchObject((sim.profile === 'vendor' ? { id, title: title3 } : { id }) as IDataObject);
	if (sim.profile === 'contract') expect(replaced.items[0].json).not.toHaveProperty('title');
});

test('a value outside the organisation\'s options comes back as Engagedly\'s 422, naming the field', async () => {
	const target = ordinaryUsers(sim)[0];
	const { error } = await run({ operation: 'update', userId: byId(target.id), updateFields: { gender: 'Unlisted' } });
	expect(error?.message).toContain('422');
	expect(`${error?.message} ${error?.description}`).toContain('gender');
});
