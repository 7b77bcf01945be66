/**
 * The vendor's own examples (the response examples of engagedly-openapi.yaml): the contract
 * schemas reject the two user examples for the contract's own reasons only; and the check of a
 * vendor record (vendor.ts) refuses what the document's loose schemas alone would pass. That
 * every example meets its own response schema under the validator both use (openapi.ts) is
 * test/simulator/tests/openapi.test.ts's first test.
 */
import { VendorDescription } from './openapi';
import * as contract from './engagedly';
import { schemasFor } from './vendor';

const vendor = new VendorDescription();
const example = (operation: string): unknown => {
	const [method, path] = operation.split(' ');
	return vendor.response(method, path, 200)?.example;
};

/** `path: message` of each issue, for comparing with what the contract says. */
const issues = (result: { success: boolean; error?: { issues: Array<{ path: Array<string | number>; message: string; code: string }> } }) =>
	result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.code}`).sort();

test('the contract schemas reject the user examples only where the contract differs', () => {
	expect(issues(contract.UsersListResponse.safeParse(example('GET /beta/users')))).toEqual([
		'data.0.joining_date: invalid_string', // "2024-01-15", not an ISO timestamp
		'data.0.marital_status: too_small', // "" for a blank, where the contract has null
		'data.0.nickname: too_small',
	]);
	expect(issues(contract.UserResponse.safeParse(example('GET /beta/users/{id}')))).toEqual([
		'data.linkedin: too_small', // "" for a blank
		'data.marital_status: too_small',
		'data.nickname: too_small',
		'data.secondary_phone_number: too_small',
		'data.twitter: too_small',
	]);
});

describe('a vendor record check', () => {
		const unit = { id: 'f5afec62-21ff-40d3-a06e-9a2162ef6b69', name: 'Support', members_count: 1, administrators_count: 0, members: [] };
	const check = schemasFor('vendor').DepartmentSchema;

	test('accepts a department as the vendor documents it', () => {
		expect(check.parse(unit)).toBe(unit);
	});

	test.each([
		['a string count', { ...unit, members_count: '1' }, 'must be integer'],
		['a documented key left out', { id: unit.id, name: unit.name, members_count: 1, administrators_count: 0 }, 'data.members: missing'],
		['a key the vendor does not list', { ...unit, code: 'SUP' }, "data.code: not in the vendor's description"],
		['a member key the vendor does not list', { ...unit, members: [{ nickname: 'x' }] }, "data.members[].nickname: not in the vendor's description"],
	])('refuses %s', (_, record, problem) => {
		expect(() => check.parse(record)).toThrow(problem);
	});
});
