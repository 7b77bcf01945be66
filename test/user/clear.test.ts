/**
 * Update's Clear Fields: the only way a field is emptied. A blank value under Update Fields is
 * still dropped (nothing is cleared by accident); a chosen field goes out as the API's empty
 * value (null, or [] for lists) and Engagedly then holds it empty.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, runEngagedly } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';
import { ordinaryUsers, snapshot, writes } from './helpers';

const sim = useSimulator({ seed: 31, users: 40 });

const update = async (parameters: Record<string, unknown>) =>
	await runEngagedly({ parameters: { resource: 'user', operation: 'update', ...parameters }, credentials: sim.credentials() });

/** A user holding a value in every field the test clears. */
function fullUser() {
	const [user, manager, hr] = ordinaryUsers(sim);
	const department = [...sim.store.departments.values()][0];
	Object.assign(sim.store.getUser(user.id), {
		phone_number: '+1-555-0100',
		manager_id: manager.id,
		hr_manager_ids: [hr.id],
		location_id: [...sim.store.locations.keys()][0],
		review_date: '2025-01-01T00:00:00.000Z',
		title: sim.store.attributes.find((a) => a.attribute_key === 'title')!.attribute_options![0].value,
	});
	department.members.set(user.id, false);
	return user;
}

test('the chosen fields are sent empty and Engagedly holds them empty; the others keep their values', async () => {
	const user = fullUser();
	const before = snapshot(sim.store.getUser(user.id));
	const { items, error } = await update({
		userId: byId(user.id),
		updateFields: { level: 'L4' },
		clearFields: ['phoneNumber', 'manager', 'hrManagers', 'departments', 'location', 'reviewDate', 'title'],
	});
	expect(error).toBeUndefined();
	expect(writes(sim).map((entry) => entry.body)).toEqual([
		{
			level: 'L4',
			phone_number: null,
			manager_id: null,
			hr_managers: [],
			departments: [],
			location: null,
			review_date: null,
			title: null,
		},
	]);
	const after = sim.store.getUser(user.id);
	expect(after).toMatchObject({
		level: 'L4',
		phone_number: null,
		manager_id: null,
		hr_manager_ids: [],
		location_id: null,
		review_date: null,
		title: null,
		email: before.email,
		secondary_phone_number: before.secondary_phone_number,
		job_title_id: before.job_title_id,
	});
	expect(sim.store.unitsOf('department', user.id)).toEqual([]);
	// The contract's User never shows the title: the answer has it only in the vendor's shape.
	expect(items[0].json).toMatchObject((sim.profile === 'vendor' ? { phone_number: null, title: null } : { phone_number: null }) as IDataObject);
});

test('a blank value under Update Fields clears nothing', async () => {
	const user = fullUser();
	const before = snapshot(sim.store.getUser(user.id));
	const { error } = await update({ userId: byId(user.id), updateFields: { phoneNumber: '', level: 'L2', hrManagers: [] } });
	expect(error).toBeUndefined();
	expect(writes(sim).map((entry) => entry.body)).toEqual([{ level: 'L2' }]);
	expect(sim.store.getUser(user.id)).toEqual({ ...before, level: 'L2' });
});

test('Clear Fields alone is an update', async () => {
	const user = fullUser();
	const { error } = await update({ userId: byId(user.id), clearFields: ['phoneNumber'] });
	expect(error).toBeUndefined();
	expect(writes(sim).map((entry) => entry.body)).toEqual([{ phone_number: null }]);
	expect(sim.store.getUser(user.id).phone_number).toBeNull();
});

test.each([
	['a field both given a value and chosen', { updateFields: { phoneNumber: '+1-555-0199' }, clearFields: ['phoneNumber'] }, /^Phone Number is both given a value and chosen under Clear Fields$/],
	['an identity field, named by an expression', { clearFields: '={{ ["email"] }}' }, /Clear Fields may only hold/],
])('%s under Clear Fields is refused before any request', async (_case, parameters, message) => {
	const user = fullUser();
	const { error } = await update({ userId: byId(user.id), ...parameters });
	expect(error?.message).toMatch(message);
	expect(sim.log).toEqual([]);
});
