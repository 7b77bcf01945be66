/**
 * Create, Update (PATCH) and Replace (PUT) through n8n's engine against the simulator: what is
 * sent (the logged request bodies), what Engagedly then holds (the simulator's store), and how a
 * 422 is reported.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, listedUsers, runEngagedly } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';
import {
	attributeOfType,
	customAttributes,
	freshEmail,
	mandatoryValues,
	mapperSchema,
	mapping,
	ordinaryUsers,
	snapshot,
	writes,
} from './helpers';

const sim = useSimulator({ seed: 11, users: 40 });

const run = async (parameters: Record<string, unknown>, input?: Array<{ json: IDataObject }>) =>
	await runEngagedly({ parameters: { resource: 'user', ...parameters }, credentials: sim.credentials(), input });

/** The options of the system attributes `title` and `gender` (fixed keys, their dropdowns from the definitions). */
const optionsOf = (key: string) => sim.store.attributes.find((a) => a.attribute_key === key)!.attribute_options!.map((o) => o.value);

describe('create', () => {
	test('with job title, location, manager, departments, businesses, people, dates, title, gender and a custom attribute of every data type', async () => {
		const [jobTitle] = [...sim.store.jobTitles.values()].slice(-1);
		const [location] = [...sim.store.locations.values()].slice(1, 2);
		const departments = [...sim.store.departments.values()].slice(0, 2);
		const business = [...sim.store.businesses.values()][1];
		const [manager, hr, secondary] = ordinaryUsers(sim);
		const text = attributeOfType(sim, 'text');
		const number = attributeOfType(sim, 'number');
		const date = attributeOfType(sim, 'date');
		const boolean = attributeOfType(sim, 'boolean');
		const single = attributeOfType(sim, 'single-select');
		const multi = attributeOfType(sim, 'multiple-select');
		const email = freshEmail('create');
		const schema = (await mapperSchema(sim, 'create')).fields;
		const usersBefore = sim.store.users.size;
		sim.clearLog();

		const { items, error } = await run({
			operation: 'create',
			email,
			firstName: 'Nora',
			lastName: 'Quist',
			additionalFields: {
				jobTitle: String(jobTitle.id),
				location: String(location.id),
				manager: byId(manager.id),
				departments: departments.map((d) => d.id),
				businesses: [business.id],
				hrManagers: listedUsers(hr.id),
				secondaryManagers: listedUsers(secondary.id),
				birthDate: '1990-04-02T00:00:00',
				joiningDate: '2024-09-01T00:00:00',
				employeeType: 'Contractor',
				employeeId: 'E-777',
				middleName: 'Ann',
				level: 'L3',
				phoneNumber: '+1-555-100-2000',
				secondaryPhoneNumber: '+1-555-100-2001',
				promotionDate: '2025-01-10T00:00:00',
				reviewDate: '2025-06-30T00:00:00',
				title: optionsOf('title')[0],
				gender: optionsOf('gender')[0],
			},
			customAttributes: mapping(
				{
					...mandatoryValues(sim),
					[text.attribute_key]: 'Payroll 7',
					[number.attribute_key]: 7.5,
					[date.attribute_key]: '2024-03-15T00:00:00',
					[boolean.attribute_key]: true,
					[single.attribute_key]: single.attribute_options![1].value,
					[multi.attribute_key]: [multi.attribute_options![0].value, multi.attribute_options![2].value],
				},
				schema,
			),
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const id = items[0].json.id as string;
		expect(sim.store.users.size).toBe(usersBefore + 1);

		const stored = sim.store.users.get(id)!;
		expect(stored).toMatchObject({
			email,
			first_name: 'Nora',
			middle_name: 'Ann',
			last_name: 'Quist',
			employee_id: 'E-777',
			job_title_id: jobTitle.id,
			location_id: location.id,
			manager_id: manager.id,
			hr_manager_ids: [hr.id],
			secondary_manager_ids: [secondary.id],
			birth_date: '1990-04-02',
			employee_type: 'Contractor',
			level: 'L3',
			phone_number: '+1-555-100-2000',
			secondary_phone_number: '+1-555-100-2001',
			title: optionsOf('title')[0],
			gender: optionsOf('gender')[0],
			status: 'Active',
		});
		expect(stored.joining_date?.slice(0, 10)).toBe('2024-09-01');
		expect(stored.promotion_date?.slice(0, 10)).toBe('2025-01-10');
		expect(stored.review_date?.slice(0, 10)).toBe('2025-06-30');
		expect(sim.store.unitsOf('department', id).map((m) => m.unit.id).sort()).toEqual(departments.map((d) => d.id).sort());
		expect(sim.store.unitsOf('business', id).map((m) => m.unit.id)).toEqual([business.id]);
		expect(stored.custom).toMatchObject({
			[text.attribute_key]: 'Payroll 7',
			[number.attribute_key]: 7.5,
			[date.attribute_key]: '2024-03-15',
			[boolean.attribute_key]: true,
			[single.attribute_key]: single.attribute_options![1].value,
			[multi.attribute_key]: [multi.attribute_options![0].value, multi.attribute_options![2].value],
		});

		// What was sent: input names, days as YYYY-MM-DD, custom attributes flat, typed.
		const posts = writes(sim);
		expect(posts.map((w) => w.route)).toEqual(['POST /beta/users']);
		const body = posts[0].body as Record<string, unknown>;
		expect(body).toMatchObject({
			birth_date: '1990-04-02',
			joining_date: '2024-09-01',
			businesses: [business.id],
			manager_id: manager.id,
			job_title: String(jobTitle.id),
			location: String(location.id),
			[number.attribute_key]: 7.5,
			[boolean.attribute_key]: true,
			[date.attribute_key]: '2024-03-15',
			title: optionsOf('title')[0],
			gender: optionsOf('gender')[0],
		});

		// The API's own output names pass through.
		expect(items[0].json.birthdate).toBe('02-04-1990');
		expect(items[0].json.business_unit).toEqual([expect.objectContaining({ id: business.id })]);
		expect(items[0].json).not.toHaveProperty('birth_date');
	});

	test('a 422 lists every field error Engagedly gave once, each under its field’s name in the editor, points a taken address to Create or Update, and nothing is created', async () => {
		const taken = ordinaryUsers(sim)[0];
		const usersBefore = sim.store.users.size;
		const { error } = await run(
			{
				operation: 'create',
				email: '={{ $json.email }}',
				firstName: 'Dup',
				lastName: 'Licate',
				// An id typed through an expression is not checked by the node, only by Engagedly.
				// Nor is a title or gender outside the organisation's options.
				additionalFields: { jobTitle: '={{ $json.jobTitle }}', location: '={{ $json.location }}', gender: 'Unlisted' },
				customAttributes: mapping(mandatoryValues(sim)),
			},
			[{ json: { email: taken.email, jobTitle: '999999', location: '888888' } }],
		);
		expect(error).toBeDefined();
		expect(error!.httpCode).toBe('422');
		expect(error!.message).toContain('422');
		// Each under the name the editor gives its field, not the API's.
		for (const part of [
			`Email: ${taken.email}`,
			'(duplicate_value)',
			'Job Title Name or ID under Additional Fields: ',
			'999999',
			'Location Name or ID under Additional Fields: ',
			'888888',
			'Gender Name or ID under Additional Fields: ',
		]) {
			expect(error!.message).toContain(part);
		}
		// The headline lists them; the description says what to do, without repeating them.
		expect(error!.description).not.toContain(taken.email);
		expect(error!.description).not.toContain('999999');
		expect(error!.description).toContain('use the Create or Update operation');
		expect(sim.store.users.size).toBe(usersBefore);
		expect(writes(sim).map((w) => w.status)).toEqual([422]);
	});

	test.each([
		['an empty mandatory First Name', { firstName: '  ' }, 'First Name', ''],
		['a malformed email', { email: 'not-an-email' }, 'not-an-email', ''],
		['a bad date in Additional Fields', { additionalFields: { joiningDate: '31/12/2024' } }, 'Joining Date', 'YYYY-MM-DD'],
	])('%s is named before any request', async (_case, bad, named, hint) => {
		const { error } = await run({
			operation: 'create',
			email: freshEmail(),
			firstName: 'A',
			lastName: 'B',
			customAttributes: mapping(mandatoryValues(sim)),
			...bad,
		});
		expect(error?.message).toContain(named);
		expect(error?.description ?? '').toContain(hint);
		expect(sim.log).toEqual([]);
	});
});

describe('update (PATCH)', () => {
	test('sends only the fields given, and Engagedly keeps every other value', async () => {
		const user = ordinaryUsers(sim)[3];
		const before = snapshot(user);
		// No mandatory attribute is given: on update none is required.
		const number = attributeOfType(sim, 'number', false);
		const [location] = [...sim.store.locations.values()].filter((l) => l.id !== user.location_id);

		const { items, error } = await run({
			operation: 'update',
			userId: byId(user.id),
			updateFields: {
				level: 'L9',
				reviewDate: '2026-02-01T00:00:00',
				location: String(location.id),
				education: 'MSc',
				title: optionsOf('title')[1],
				gender: optionsOf('gender')[1],
				// An expression that names no department: not sent, so the user keeps theirs.
				departments: '={{ [""] }}',
			},
			customAttributes: mapping({ [number.attribute_key]: '12' }),
		});
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(user.id);

		const sent = writes(sim);
		expect(sent).toHaveLength(1);
		expect(sent[0].route).toBe('PATCH /beta/users/:id');
		expect(sent[0].body).toEqual({
			level: 'L9',
			review_date: '2026-02-01',
			location: String(location.id),
			education: 'MSc',
			title: optionsOf('title')[1],
			gender: optionsOf('gender')[1],
			[number.attribute_key]: 12,
		});

		const after = sim.store.users.get(user.id)!;
		expect(after.review_date?.slice(0, 10)).toBe('2026-02-01');
		// The fields given changed; everything else is as it was, mandatory custom attributes included.
		expect(snapshot(after)).toEqual({
			...before,
			level: 'L9',
			education: 'MSc',
			location_id: location.id,
			review_date: after.review_date,
			title: optionsOf('title')[1],
			gender: optionsOf('gender')[1],
			custom: { ...before.custom, [number.attribute_key]: 12 },
		});
	});

	test('a name and email change alone, with no custom attributes, does not read the attribute definitions', async () => {
		const user = ordinaryUsers(sim)[4];
		const email = freshEmail('renamed');
		const { error } = await run({
			operation: 'update',
			userId: byId(user.id),
			updateFields: { firstName: 'Renamed', email },
		});
		expect(error).toBeUndefined();
		expect(sim.log.map((e) => e.route)).toEqual(['PATCH /beta/users/:id']);
		expect(sim.log[0].body).toEqual({ first_name: 'Renamed', email });
		expect(sim.store.users.get(user.id)).toMatchObject({ first_name: 'Renamed', email, last_name: user.last_name });
	});

	test('nothing to update is refused before any request', async () => {
		const user = ordinaryUsers(sim)[0];
		const { error } = await run({
			operation: 'update',
			userId: byId(user.id),
			updateFields: { level: '' },
			customAttributes: mapping({}),
		});
		expect(error?.message).toBe('Nothing to update');
		// The fix, on the item whose update it is.
		expect([error?.description, error?.context?.itemIndex]).toEqual([
			'Add at least one field under Update Fields or Custom Attributes and give it a value, or choose fields under Clear Fields.',
			0,
		]);
		expect(sim.log).toEqual([]);
	});
});

describe('replace (PUT)', () => {
	test('requires every mandatory custom attribute, and says which, before anything is sent', async () => {
		const user = ordinaryUsers(sim)[2];
		const before = snapshot(user);
		const mandatory = customAttributes(sim).filter((a) => a.mandatory);
		expect(mandatory.length).toBeGreaterThan(0);
		const { error } = await run({
			operation: 'replace',
			userId: byId(user.id),
			email: user.email,
			firstName: 'Full',
			lastName: 'Replace',
			customAttributes: mapping({}),
		});
		for (const attribute of mandatory) {
			expect(error?.message).toContain(attribute.name);
			expect(error?.message).toContain(attribute.attribute_key);
		}
		expect(error?.message).toContain('mandatory');
		expect(writes(sim)).toEqual([]);
		expect(snapshot(sim.store.users.get(user.id)!)).toEqual(before);
	});

	test('with the mandatory attributes given, PUTs the whole user', async () => {
		const user = ordinaryUsers(sim)[5];
		const [jobTitle] = [...sim.store.jobTitles.values()].filter((j) => j.id !== user.job_title_id);
		const email = freshEmail('replaced');
		const { items, error } = await run({
			operation: 'replace',
			userId: byId(user.id),
			email,
			firstName: 'Full',
			lastName: 'Replace',
			additionalFields: {
				jobTitle: String(jobTitle.id),
				birthDate: '1985-12-24T00:00:00',
				title: optionsOf('title')[2],
				gender: optionsOf('gender')[2],
			},
			customAttributes: mapping(mandatoryValues(sim)),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: user.id, email, first_name: 'Full', last_name: 'Replace' });
		// The answer shows the title only where the vendor's User does: the contract's never shows it.
		if (sim.profile === 'vendor') expect(items[0].json.title).toBe(optionsOf('title')[2]);
		else expect(items[0].json).not.toHaveProperty('title');
		const sent = writes(sim);
		expect(sent.map((w) => w.route)).toEqual(['PUT /beta/users/:id']);
		expect(sent[0].body).toEqual({
			email,
			first_name: 'Full',
			last_name: 'Replace',
			job_title: String(jobTitle.id),
			birth_date: '1985-12-24',
			title: optionsOf('title')[2],
			gender: optionsOf('gender')[2],
			...Object.fromEntries(Object.entries(mandatoryValues(sim)).map(([k, v]) => [k, typeof v === 'string' && /T00:00:00$/.test(v) ? v.slice(0, 10) : v])),
		});
		expect(sim.store.users.get(user.id)).toMatchObject({
			email,
			first_name: 'Full',
			last_name: 'Replace',
			job_title_id: jobTitle.id,
			birth_date: '1985-12-24',
			title: optionsOf('title')[2],
			gender: optionsOf('gender')[2],
		});
	});
});

// Clear Fields is the only way a field is emptied: a blank value under Update Fields is still
// dropped (nothing is cleared by accident); a chosen field goes out as the API's empty value.
describe('update: Clear Fields', () => {
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
			title: optionsOf('title')[0],
		});
		department.members.set(user.id, false);
		return user;
	}

	test('the chosen fields are sent empty and Engagedly holds them empty; the others keep their values', async () => {
		const user = fullUser();
		const before = snapshot(sim.store.getUser(user.id));
		const { items, error } = await run({
			operation: 'update',
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
		const { error } = await run({ operation: 'update', userId: byId(user.id), updateFields: { phoneNumber: '', level: 'L2', hrManagers: [] } });
		expect(error).toBeUndefined();
		expect(writes(sim).map((entry) => entry.body)).toEqual([{ level: 'L2' }]);
		expect(sim.store.getUser(user.id)).toEqual({ ...before, level: 'L2' });
	});

	test('Clear Fields alone is an update', async () => {
		const user = fullUser();
		const { error } = await run({ operation: 'update', userId: byId(user.id), clearFields: ['phoneNumber'] });
		expect(error).toBeUndefined();
		expect(writes(sim).map((entry) => entry.body)).toEqual([{ phone_number: null }]);
		expect(sim.store.getUser(user.id).phone_number).toBeNull();
	});

	test.each([
		['a field both given a value and chosen', { updateFields: { phoneNumber: '+1-555-0199' }, clearFields: ['phoneNumber'] }, /^Phone Number is both given a value and chosen under Clear Fields$/],
		['an identity field, named by an expression', { clearFields: '={{ ["email"] }}' }, /Clear Fields may only hold/],
	])('%s under Clear Fields is refused before any request', async (_case, parameters, message) => {
		const user = fullUser();
		const { error } = await run({ operation: 'update', userId: byId(user.id), ...parameters });
		expect(error?.message).toMatch(message);
		expect(sim.log).toEqual([]);
	});
});
