/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code runs in plain Node, not inside n8n */
/**
 * The schemas themselves: they must reject what the spec forbids, or every "matches the
 * schema" assertion in the other files would prove nothing. Samples are built by hand from
 * docs/engagedly-api.md, not taken from the simulator.
 */
import {
	BlockReasonCodesResponse,
	BusinessResponse,
	ErrorBodySchema,
	IsoUtcTimestamp,
	LearnerReportResponse,
	LocationResponse,
	OrgUnitListItemSchema,
	PaginationSchema,
	PermissionSchema,
	RateLimitErrorSchema,
	UserAttributeSchema,
	UserListItemSchema,
	UserResponse,
	UsersListResponse,
} from '../../schemas/engagedly';

const user = {
	id: 'b62167d0-2718-4e45-9721-27535991becf',
	name: 'Adam Smith',
	status: 'Active',
	email: 'adam.smith@example.com',
	first_name: 'Adam',
	middle_name: null,
	last_name: 'Smith',
	employee_id: 'E007',
	display_picture: null,
	job_title: { id: 11503, name: 'Manager' },
	location: { id: '3927', name: 'Bengaluru' },
	custom_attributes: { 'custom-attribute-93cbf': { name: 'Department', value: 'Product' } },
	phone_number: null,
	level: null,
	joining_date: '2024-01-15T00:00:00.000Z',
	block_reason_code: null,
	user_blocked_at: null,
};
const single = {
	...user,
	business_unit: [],
	employee_type: null,
	birthdate: '12-04-1990',
	departments: [{ id: '61537d90-05f6-11ef-8fcc-fdfaf2ffaa91', name: 'Support', is_admin: false }],
	education: null,
	about_me: null,
	secondary_phone_number: null,
	promotion_date: null,
	review_date: null,
	primary_reporter: null,
};

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) => expect(schema.safeParse(value).success).toBe(true);
const bad = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) => expect(schema.safeParse(value).success).toBe(false);

describe('the schemas accept spec-conforming samples', () => {
	test('user list element, single user, envelopes', () => {
		ok(UserListItemSchema, user);
		ok(UserResponse, { success: true, data: single });
		ok(UsersListResponse, { success: true, pagination: { page: 1, size: 25, has_more: false, total_records: 1 }, data: [user] });
	});

	test('error bodies', () => {
		ok(ErrorBodySchema, { error_type: 'validation_error', errors: [{ field: 'email', message: 'Email is mandatory', code: 'missing_field' }] });
		ok(RateLimitErrorSchema, { error_type: 'rate_limit_exceeded', message: 'Rate limit exceeded. Please retry later.' });
	});
});

describe('the schemas reject what the spec forbids', () => {
	test('a blank field rendered as "" instead of null', () => {
		bad(UserListItemSchema, { ...user, middle_name: '' });
		bad(LocationResponse, { success: true, data: { id: 1, name: 'HQ', address_line1: '', address_line2: null, city: null, state: null, country: null, postal_code: null } });
	});

	test('a blank field omitted instead of null', () => {
		const withoutMiddle: Record<string, unknown> = { ...user };
		delete withoutMiddle.middle_name;
		bad(UserListItemSchema, withoutMiddle);
		const withoutReporter: Record<string, unknown> = { ...single };
		delete withoutReporter.primary_reporter;
		bad(UserResponse, { success: true, data: withoutReporter });
	});

	test('a blank array rendered as null', () => {
		bad(UserResponse, { success: true, data: { ...single, departments: null } });
	});

	test('an undocumented key (strict objects)', () => {
		bad(UserListItemSchema, { ...user, favourite_colour: 'blue' });
		bad(OrgUnitListItemSchema, { id: '61537d90-05f6-11ef-8fcc-fdfaf2ffaa91', name: 'X', members_count: '1', administrators_count: '0', members: [] });
		bad(UsersListResponse, { success: true, pagination: { page: 1, size: 25, has_more: false, total_records: 0, record_count: 0 }, data: [] });
	});

	test('timestamps that are not ISO 8601 UTC', () => {
		ok(IsoUtcTimestamp, '2024-01-15T10:00:00Z');
		bad(IsoUtcTimestamp, '2024-01-15T10:00:00+05:30');
		bad(IsoUtcTimestamp, '2024-01-15');
		bad(IsoUtcTimestamp, 'Jan 15, 2024');
		bad(UserListItemSchema, { ...user, joining_date: '2024-01-15' });
	});

	test('ids: users must be UUIDs; locations, job titles and permissions may be numbers or strings', () => {
		bad(UserListItemSchema, { ...user, id: '12345' });
		ok(UserListItemSchema, { ...user, location: { id: 3927, name: 'B' } });
		ok(PermissionSchema, { id: '7', name: 'Reports', is_admin: null, description: null });
		bad(PermissionSchema, { id: 'seven', name: 'Reports', is_admin: null, description: null });
	});

	test('envelopes: success flag, block reason codes, learner reports', () => {
		bad(UserResponse, { success: false, data: single });
		bad(UserResponse, { data: single });
		ok(BlockReasonCodesResponse, { status: 200, data: [{ code: 'fatigue', display_text: 'Fatigue', description: 'Burnout' }] });
		bad(BlockReasonCodesResponse, { success: true, status: 200, data: [] });
		ok(LearnerReportResponse, { pagination: { page: 1, size: 10, has_more: false, total_records: 0 }, data: [] });
		bad(LearnerReportResponse, { success: true, pagination: { page: 1, size: 10, has_more: false, total_records: 0 }, data: [] });
	});

	test('pagination bounds', () => {
		bad(PaginationSchema, { page: 0, size: 25, has_more: false, total_records: 0 });
		bad(PaginationSchema, { page: 1, size: 51, has_more: false, total_records: 0 });
		bad(PaginationSchema, { page: 1, size: 25, has_more: false });
	});

	test('counts: strings in lists, integers in a single business', () => {
		bad(OrgUnitListItemSchema, { id: '61537d90-05f6-11ef-8fcc-fdfaf2ffaa91', name: 'X', members_count: 1, administrators_count: '0' });
		bad(BusinessResponse, { success: true, data: { id: '61537d90-05f6-11ef-8fcc-fdfaf2ffaa91', name: 'X', members_count: '1', administrators_count: 0, members: [] } });
	});

	test('attribute definitions: options only for select types; custom keys custom-attribute-*', () => {
		const attr = { id: 1, name: 'Size', attribute_key: 'custom-attribute-abc12', preset: false, mandatory: false, data_type: 'single-select', attribute_options: [] };
		ok(UserAttributeSchema, attr);
		bad(UserAttributeSchema, { ...attr, attribute_options: null });
		bad(UserAttributeSchema, { ...attr, data_type: 'number' });
		bad(UserAttributeSchema, { ...attr, attribute_key: 'size' });
		bad(UserAttributeSchema, { ...attr, data_type: 'color', attribute_options: null });
	});

	test('error bodies: unknown error types, missing entries, wrong 429 body', () => {
		bad(ErrorBodySchema, { error_type: 'not_found', errors: [] });
		bad(ErrorBodySchema, { error_type: 'validation_error' });
		bad(ErrorBodySchema, { error_type: 'validation_error', errors: [{ field: 'email', message: 'x' }] });
		bad(RateLimitErrorSchema, { error_type: 'rate_limit_exceeded', errors: [] });
	});
});
