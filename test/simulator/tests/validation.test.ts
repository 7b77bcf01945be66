/**
 * Validation as the service does it. Mandatory attributes on create and on PUT give
 * 422 validation_error with one missing_field entry per field; a duplicate email gives
 * duplicate_value; custom attribute values are checked by data type; unknown ids of location,
 * job title, departments, businesses and managers give 422; custom attributes are accepted flat
 * and nested; input names birth_date/businesses, output names birthdate/business_unit.
 */
import { useSimulator } from '../../helpers/simulator';
import {
	BusinessesListResponse,
	DepartmentsListResponse,
	JobTitlesListResponse,
	LocationsListResponse,
	UserAttribute,
	UserResponse,
	UsersListResponse,
} from '../../schemas/engagedly';
import { attributeOfType, mandatoryCustomValues } from '../store';
import { Api, client, expectBody, expectError, UNKNOWN_UUID } from './client';
import { newUserPayload, uniqueEmail, userAttributes } from './fixtures';

const sim = useSimulator({ seed: 5, rateLimit: 1_000_000 });
let api: Api;
let attrs: UserAttribute[];

beforeEach(async () => {
	api = client(sim);
	attrs = await userAttributes(api);
});

const mandatoryKeys = () => attrs.filter((a) => a.mandatory).map((a) => a.attribute_key);
const customKeys = () => Object.keys(mandatoryCustomValues(attrs));

async function totalUsers(): Promise<number> {
	return expectBody(await api.get('/users', { size: 1 }), 200, UsersListResponse).pagination.total_records;
}

async function anyUserId(index = 0): Promise<string> {
	return expectBody(await api.get('/users', { size: 50 }), 200, UsersListResponse).data[index].id;
}

/** The 422's entries as sorted [field, code] pairs. */
function entries(body: { errors: { field: string; code: string }[] }): string[][] {
	return body.errors.map((e) => [e.field, e.code]).sort();
}
const missing = (fields: string[]) => fields.map((field) => [field, 'missing_field']).sort();

describe('mandatory attributes', () => {
	test.each([
		['an empty object', () => ({}), mandatoryKeys],
		['a payload without email', (p: Record<string, unknown>) => ({ ...p, email: undefined }), () => ['email']],
		['a payload without first_name', (p: Record<string, unknown>) => ({ ...p, first_name: undefined }), () => ['first_name']],
		['a payload without last_name', (p: Record<string, unknown>) => ({ ...p, last_name: undefined }), () => ['last_name']],
		['first_name null', (p: Record<string, unknown>) => ({ ...p, first_name: null }), () => ['first_name']],
		['first_name an empty string', (p: Record<string, unknown>) => ({ ...p, first_name: '' }), () => ['first_name']],
		[
			'a payload without the mandatory custom attributes',
			(p: Record<string, unknown>) => Object.fromEntries(Object.entries(p).filter(([key]) => !customKeys().includes(key))),
			customKeys,
		],
	])('POST /users with %s: one missing_field per missing attribute, nothing created', async (_label, build, fields) => {
		const before = await totalUsers();
		const body = expectError(await api.post('/users', build(await newUserPayload(api))), 422, 'validation_error');
		expect(entries(body)).toEqual(missing(fields()));
		expect(await totalUsers()).toBe(before);
	});

	test.each([
		['nothing mandatory', () => ({ level: 'L7' }), mandatoryKeys],
		['the system fields only', (u: { first_name: string; last_name: string; email: string }) => ({ first_name: u.first_name, last_name: u.last_name, email: u.email }), customKeys],
	])('PUT /users/<id> with %s: one missing_field per missing attribute, user unchanged', async (_label, build, fields) => {
		const id = await anyUserId(3);
		const before = expectBody(await api.get(`/users/${id}`), 200, UserResponse).data;
		const body = expectError(await api.put(`/users/${id}`, build(before)), 422, 'validation_error');
		expect(entries(body)).toEqual(missing(fields()));
		expect(expectBody(await api.get(`/users/${id}`), 200, UserResponse).data).toEqual(before);
	});

	test('PUT /users/<id> with every mandatory attribute: 200; employee_type, "create only", stays as it was', async () => {
		const id = await anyUserId(5);
		const user = expectBody(await api.get(`/users/${id}`), 200, UserResponse).data;
		const otherType = attrs.find((a) => a.attribute_key === 'employee_type')!.attribute_options!.find((o) => o.value !== user.employee_type)!;
		const res = await api.put(`/users/${id}`, {
			first_name: user.first_name,
			last_name: 'Putter',
			email: user.email,
			employee_type: otherType.value,
			...mandatoryCustomValues(attrs),
		});
		expect(expectBody(res, 200, UserResponse).data).toMatchObject({ last_name: 'Putter', employee_type: user.employee_type });
	});

	test('PATCH /users/<id> needs no mandatory field: omitted fields are left as they are', async () => {
		const id = await anyUserId(6);
		const before = expectBody(await api.get(`/users/${id}`), 200, UserResponse).data;
		const after = expectBody(await api.patch(`/users/${id}`, { level: 'Patched' }), 200, UserResponse).data;
		expect(after).toEqual({ ...before, level: 'Patched' });
	});

	test('PATCH /users/<id> cannot blank a mandatory field', async () => {
		const id = await anyUserId(7);
		const body = expectError(await api.patch(`/users/${id}`, { last_name: '' }), 422, 'validation_error');
		expect(body.errors.map((e) => e.field)).toEqual(['last_name']);
	});
});

describe('duplicate email', () => {
	test("POST /users with a seeded user's email, or the same payload twice: 422 duplicate_value on email, nothing created", async () => {
		const existing = expectBody(await api.get('/users', { size: 1, page: 2 }), 200, UsersListResponse).data[0];
		const payload = await newUserPayload(api);
		expectBody(await api.post('/users', payload), 201, UserResponse);
		const before = await totalUsers();
		for (const again of [await newUserPayload(api, { email: existing.email }), payload]) {
			const body = expectError(await api.post('/users', again), 422, 'validation_error');
			expect(entries(body)).toEqual([['email', 'duplicate_value']]);
		}
		expect(await totalUsers()).toBe(before);
	});

	test('PATCH and PUT to another user\'s email: 422 duplicate_value; keeping one\'s own email is fine', async () => {
		const users = expectBody(await api.get('/users', { size: 2 }), 200, UsersListResponse).data;
		const [a, b] = users;
		const patch = expectError(await api.patch(`/users/${a.id}`, { email: b.email }), 422, 'validation_error');
		expect(patch.errors).toEqual([expect.objectContaining({ field: 'email', code: 'duplicate_value' })]);
		const put = expectError(
			await api.put(`/users/${a.id}`, { first_name: a.first_name, last_name: a.last_name, email: b.email, ...mandatoryCustomValues(attrs) }),
			422,
			'validation_error',
		);
		expect(put.errors).toEqual([expect.objectContaining({ field: 'email', code: 'duplicate_value' })]);
		expectBody(await api.patch(`/users/${a.id}`, { email: a.email }), 200, UserResponse);
	});
});

describe('custom attribute values are checked by data type', () => {
	type Type = UserAttribute['data_type'];
	const options = (attr: UserAttribute) => attr.attribute_options!;

	async function create(values: Record<string, unknown>) {
		return api.post('/users', await newUserPayload(api, values));
	}

	async function acceptedValue(attr: UserAttribute, value: unknown) {
		const created = expectBody(await create({ [attr.attribute_key]: value }), 201, UserResponse).data;
		const got = expectBody(await api.get(`/users/${created.id}`), 200, UserResponse).data;
		expect(got.custom_attributes[attr.attribute_key]).toEqual(created.custom_attributes[attr.attribute_key]);
		expect(got.custom_attributes[attr.attribute_key]?.name).toBe(attr.name);
		return got.custom_attributes[attr.attribute_key]?.value;
	}

	// Sent flat, at the top level (the nested form: below).
	test.each([
		['number', () => [42, 8.5], () => ['42', '8.5']],
		['boolean', () => [true, false], () => ['true', 'false']],
		['single-select', (a: UserAttribute) => [options(a)[options(a).length - 1].value], (a: UserAttribute) => [options(a)[options(a).length - 1].value]],
		['multiple-select', (a: UserAttribute) => [options(a).slice(0, 2).map((o) => o.value)], (a: UserAttribute) => [options(a).slice(0, 2).map((o) => o.value)]],
		['text', () => ['Free text, with punctuation!'], () => ['Free text, with punctuation!']],
	] as Array<[Type, (a: UserAttribute) => unknown[], (a: UserAttribute) => unknown[]]>)('%s: accepted and rendered as the contract says', async (type, values, rendered) => {
		const attr = attributeOfType(attrs, type);
		const got = [];
		for (const value of values(attr)) got.push(await acceptedValue(attr, value));
		expect(got).toEqual(rendered(attr));
	});

	test('multiple-select takes two options here', () => {
		expect(options(attributeOfType(attrs, 'multiple-select')).length).toBeGreaterThanOrEqual(2);
	});

	test('date: both MMM DD, YYYY and YYYY-MM-DD are accepted and mean the same day', async () => {
		const attr = attributeOfType(attrs, 'date');
		const long = await acceptedValue(attr, 'Jan 02, 2022');
		const iso = await acceptedValue(attr, '2022-01-02');
		expect(typeof long).toBe('string');
		expect(long).toBe(iso);
		expect(String(long)).toMatch(/2022/);
	});

	test.each([
		['number', 'a word', () => 'abc'],
		['number', 'a boolean', () => true],
		['number', 'an array', () => [1]],
		['number', 'an object', () => ({ n: 1 })],
		['date', 'DD/MM/YYYY', () => '02/01/2022'],
		['date', 'an impossible month', () => '2022-13-02'],
		['date', 'an impossible day', () => 'Feb 30, 2022'],
		['date', 'a made-up month name', () => 'Foo 02, 2022'],
		['date', 'free text', () => 'next week'],
		['date', 'a number', () => 20220102],
		['boolean', '"yes"', () => 'yes'],
		['boolean', '1', () => 1],
		['boolean', '0', () => 0],
		['boolean', '"Y"', () => 'Y'],
		['boolean', 'null-ish "none"', () => 'none'],
		['single-select', 'an option id', (a: UserAttribute) => options(a)[0].id],
		['single-select', 'an option id as text', (a: UserAttribute) => String(options(a)[0].id)],
		['single-select', 'an unknown value', (a: UserAttribute) => `${options(a)[0].value} (not an option)`],
		['single-select', 'an array', (a: UserAttribute) => [options(a)[0].value]],
		['multiple-select', 'an unknown value', (a: UserAttribute) => [options(a)[0].value, 'definitely not an option']],
		['multiple-select', 'option ids', (a: UserAttribute) => [options(a)[0].id]],
	] as Array<[Type, string, (a: UserAttribute) => unknown]>)('%s: %s is rejected', async (type, _label, value) => {
		const attr = attributeOfType(attrs, type);
		const body = expectError(await create({ [attr.attribute_key]: value(attr) }), 422, 'validation_error');
		expect(body.errors.map((e) => e.field)).toEqual([attr.attribute_key]);
	});

	test('values are checked on PATCH too, and a rejected PATCH changes nothing', async () => {
		const attr = attributeOfType(attrs, 'number');
		const id = await anyUserId(2);
		const before = expectBody(await api.get(`/users/${id}`), 200, UserResponse).data;
		const body = expectError(await api.patch(`/users/${id}`, { [attr.attribute_key]: 'not a number', level: 'X' }), 422, 'validation_error');
		expect(body.errors.map((e) => e.field)).toEqual([attr.attribute_key]);
		expect(expectBody(await api.get(`/users/${id}`), 200, UserResponse).data).toEqual(before);
	});

	test('every invalid value is reported, one entry per attribute', async () => {
		const num = attributeOfType(attrs, 'number');
		const bool = attributeOfType(attrs, 'boolean');
		const body = expectError(await create({ [num.attribute_key]: 'x', [bool.attribute_key]: 'x' }), 422, 'validation_error');
		expect(body.errors.map((e) => e.field).sort()).toEqual([num.attribute_key, bool.attribute_key].sort());
	});
});

describe('flat and nested custom attributes', () => {
	test('POST accepts custom attributes nested under custom_attributes, mandatory ones included', async () => {
		const attr = attributeOfType(attrs, 'number', false);
		const mandatory = mandatoryCustomValues(attrs);
		const payload = { first_name: 'Nest', last_name: 'Ed', email: uniqueEmail('nested'), custom_attributes: { ...mandatory, [attr.attribute_key]: 5 } };
		const created = expectBody(await api.post('/users', payload), 201, UserResponse).data;
		expect(created.custom_attributes[attr.attribute_key]).toEqual({ name: attr.name, value: '5' });
		for (const key of Object.keys(mandatory)) expect(created.custom_attributes[key]).toBeDefined();
	});

	test('flat and nested may be mixed in one request', async () => {
		const text = attributeOfType(attrs, 'text');
		const num = attributeOfType(attrs, 'number');
		const created = expectBody(
			await api.post('/users', await newUserPayload(api, { [text.attribute_key]: 'Mixed', custom_attributes: { [num.attribute_key]: 3 } })),
			201,
			UserResponse,
		).data;
		expect(created.custom_attributes[text.attribute_key]?.value).toBe('Mixed');
		expect(created.custom_attributes[num.attribute_key]?.value).toBe('3');
	});

	test('PUT and PATCH accept the nested form', async () => {
		const attr = attributeOfType(attrs, 'number');
		const id = await anyUserId(8);
		const user = expectBody(await api.get(`/users/${id}`), 200, UserResponse).data;
		const put = expectBody(
			await api.put(`/users/${id}`, {
				first_name: user.first_name,
				last_name: user.last_name,
				email: user.email,
				custom_attributes: { ...mandatoryCustomValues(attrs), [attr.attribute_key]: 11 },
			}),
			200,
			UserResponse,
		).data;
		expect(put.custom_attributes[attr.attribute_key]?.value).toBe('11');
		const patch = expectBody(await api.patch(`/users/${id}`, { custom_attributes: { [attr.attribute_key]: 12 } }), 200, UserResponse).data;
		expect(patch.custom_attributes[attr.attribute_key]?.value).toBe('12');
	});

	test('the nested form is validated like the flat one', async () => {
		const attr = attributeOfType(attrs, 'boolean');
		const body = expectError(
			await api.post('/users', await newUserPayload(api, { custom_attributes: { [attr.attribute_key]: 'maybe' } })),
			422,
			'validation_error',
		);
		expect(body.errors.map((e) => e.field)).toEqual([attr.attribute_key]);
	});

	test('the list rendering shows the same custom values as the single one', async () => {
		const attr = attributeOfType(attrs, 'multiple-select');
		const values = [attr.attribute_options![0].value];
		const payload = await newUserPayload(api, { [attr.attribute_key]: values });
		const created = expectBody(await api.post('/users', payload), 201, UserResponse).data;
		const list = expectBody(await api.get('/users', { email: String(payload.email) }), 200, UsersListResponse);
		expect(list.data.map((u) => u.id)).toEqual([created.id]);
		expect(list.data[0].custom_attributes).toEqual(created.custom_attributes);
		expect(list.data[0].custom_attributes[attr.attribute_key]).toEqual({ name: attr.name, value: values });
	});
});

describe('references to other records', () => {
	async function refs() {
		const location = expectBody(await api.get('/locations', { size: 1 }), 200, LocationsListResponse).data[0];
		const jobTitle = expectBody(await api.get('/job_titles', { size: 1 }), 200, JobTitlesListResponse).data[0];
		const departments = expectBody(await api.get('/departments', { size: 2 }), 200, DepartmentsListResponse).data;
		const businesses = expectBody(await api.get('/businesses', { size: 2 }), 200, BusinessesListResponse).data;
		const users = expectBody(await api.get('/users', { size: 3, page: 3 }), 200, UsersListResponse).data;
		return { location, jobTitle, departments, businesses, users };
	}

	test('known ids are accepted and rendered under the output names', async () => {
		const r = await refs();
		const payload = await newUserPayload(api, {
			location: String(r.location.id),
			job_title: String(r.jobTitle.id),
			departments: r.departments.map((d) => d.id),
			businesses: [r.businesses[0].id],
			manager_id: r.users[0].id,
			hr_managers: [r.users[1].id],
			secondary_managers: [r.users[2].id],
			birth_date: '1990-04-12',
		});
		const created = expectBody(await api.post('/users', payload), 201, UserResponse).data;
		const got = expectBody(
			await api.get(`/users/${created.id}`, { include: 'primary_reporter,hr_managers,secondary_managers' }),
			200,
			UserResponse,
		).data;
		expect(got.location).toEqual({ id: expect.anything(), name: r.location.name });
		expect(String(got.location!.id)).toBe(String(r.location.id));
		expect(got.job_title).toEqual({ id: expect.anything(), name: r.jobTitle.name });
		expect(String(got.job_title!.id)).toBe(String(r.jobTitle.id));
		expect(got.departments.map((d) => d.id).sort()).toEqual(r.departments.map((d) => d.id).sort());
		expect(got.business_unit).toEqual([{ id: r.businesses[0].id, name: r.businesses[0].name, is_admin: false }]);
		expect(got).not.toHaveProperty('businesses');
		expect(got.birthdate).toBe('12-04-1990');
		expect(got).not.toHaveProperty('birth_date');
		expect(got.primary_reporter?.id).toBe(r.users[0].id);
		expect(got.hr_managers?.map((u) => u.id)).toEqual([r.users[1].id]);
		expect(got.secondary_managers?.map((u) => u.id)).toEqual([r.users[2].id]);
	});

	test.each([
		['location', () => '987654321'],
		['job_title', () => '987654321'],
		['departments', () => [UNKNOWN_UUID]],
		['businesses', () => [UNKNOWN_UUID]],
		['manager_id', () => UNKNOWN_UUID],
		['hr_managers', () => [UNKNOWN_UUID]],
		['secondary_managers', () => [UNKNOWN_UUID]],
	])('POST with an unknown %s: 422 naming the field, nothing created', async (field, value) => {
		const before = await totalUsers();
		const body = expectError(await api.post('/users', await newUserPayload(api, { [field]: value() })), 422, 'validation_error');
		expect(body.errors.map((e) => e.field)).toEqual([field]);
		expect(await totalUsers()).toBe(before);
	});

	test.each([
		['location', '987654321'],
		['job_title', '987654321'],
		['departments', [UNKNOWN_UUID]],
		['businesses', [UNKNOWN_UUID]],
		['manager_id', UNKNOWN_UUID],
	])('PATCH with an unknown %s: 422', async (field, value) => {
		const id = await anyUserId(9);
		const body = expectError(await api.patch(`/users/${id}`, { [field]: value }), 422, 'validation_error');
		expect(body.errors.map((e) => e.field)).toEqual([field]);
	});

	test('one unknown department among known ones still fails the whole request', async () => {
		const r = await refs();
		const body = expectError(
			await api.post('/users', await newUserPayload(api, { departments: [r.departments[0].id, UNKNOWN_UUID] })),
			422,
			'validation_error',
		);
		expect(body.errors.map((e) => e.field)).toEqual(['departments']);
	});
});

describe('validation of the other resources', () => {
	test.each([['/departments'], ['/businesses'], ['/locations'], ['/job_titles']])('POST %s without a name: 422 missing_field on name', async (path) => {
		const body = expectError(await api.post(path, {}), 422, 'validation_error');
		expect(body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'missing_field' })]);
	});

	test.each([['/departments'], ['/businesses']])('POST %s with an unknown member: 422 on members', async (path) => {
		const body = expectError(await api.post(path, { name: 'Ghosts', members: [UNKNOWN_UUID] }), 422, 'validation_error');
		expect(body.errors.map((e) => e.field)).toEqual(['members']);
	});

	test('PUT /users/<id>/permissions with an unknown permission id: 422', async () => {
		const id = await anyUserId(1);
		const body = expectError(await api.put(`/users/${id}/permissions`, { permission_ids: [987654] }), 422, 'validation_error');
		expect(body.errors.map((e) => e.field)).toEqual(['permission_ids']);
	});
});
