/**
 * The zod schemas against the vendor's own examples (the response examples of
 * engagedly-openapi.yaml): the vendor set accepts every one of them, and the contract set
 * rejects the two user examples for the contract's own reasons only.
 */
import { VendorDescription } from './openapi';
import * as contract from './engagedly';
import { schemasFor } from './vendor';

const vendor = new VendorDescription();
const example = (operation: string): unknown => {
	const [method, path] = operation.split(' ');
	return vendor.response(method, path, 200)?.example;
};
const vendorSchemas = schemasFor('vendor');

const EXAMPLES = {
	'GET /beta/users': vendorSchemas.UsersListResponse,
	'GET /beta/users/{id}': vendorSchemas.UserResponse,
	'GET /beta/users/block-reason-codes': vendorSchemas.BlockReasonCodesResponse,
	'GET /beta/learning/resources': vendorSchemas.LearningResourcesListResponse,
	'GET /beta/learning/resources/{id}/contents': vendorSchemas.ResourceContentsResponse,
	'GET /beta/learning/learner_reports': vendorSchemas.LearnerReportResponse,
};

test('every response example of the vendor description has a schema here', () => {
	const withExamples = vendor.operations().filter((operation) => example(operation) !== undefined);
	expect(withExamples.sort()).toEqual(Object.keys(EXAMPLES).sort());
});

test.each(Object.entries(EXAMPLES))('the vendor schemas accept the example of %s', (operation, schema) => {
	const result = schema.safeParse(example(operation));
	expect(result.success ? [] : result.error.issues).toEqual([]);
});

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
