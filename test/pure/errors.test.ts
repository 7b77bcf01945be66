/**
 * Engagedly's error answers as the node's errors (transport/errors.ts), without HTTP: the
 * message, the description and the codes for each shape a body comes in. The documented shape
 * is the contract's "Error body" (docs/engagedly-api.md) and the vendor's `Error` schema (its own example:
 * `validation_error`, `name`, `Mandatory attribute missing`, `missing_field`), the 429's is the
 * vendor's `RateLimitError`; the contract promises its shape for "most" errors only, so the odd
 * forms (texts, an object of lists by field, a bare string, nothing) are here too.
 * test/transport/errors.test.ts and the reliability suites show the same errors reaching an item
 * through n8n's engine.
 */
import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { DuplicateAdvice, FieldNames } from '../../nodes/Engagedly/transport/errors';
import { apiError, asNodeError, ownError, redact, refusalOf } from '../../nodes/Engagedly/transport/errors';

const NODE: INode = { id: 'n', name: 'Engagedly', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters: {} };
const SECRETS = ['client-key-5f2a', 'secret-key-9c1e'];

const VENDOR_EXAMPLE = { error_type: 'validation_error', errors: [{ field: 'name', message: 'Mandatory attribute missing', code: 'missing_field' }] };

describe('the message: the status, the error type and Engagedly’s words, whatever the shape', () => {
	test.each([
		['the documented shape (the vendor’s example)', 422, VENDOR_EXAMPLE, 'validation_error: name: Mandatory attribute missing (missing_field)', ['name: Mandatory attribute missing (missing_field)'], ['missing_field']],
		['the 429’s own shape', 429, { error_type: 'rate_limit_exceeded', message: 'Rate limit exceeded. Please retry later.' }, 'rate_limit_exceeded: Rate limit exceeded. Please retry later.', [], []],
		['several entries, joined', 422, { errors: [{ field: 'email', message: 'is invalid' }, { field: 'first_name', message: 'is blank', code: 'missing_field' }] }, 'email: is invalid; first_name: is blank (missing_field)', ['email: is invalid', 'first_name: is blank (missing_field)'], ['missing_field']],
		['an entry with a code and no message shows the code once', 422, { errors: [{ field: 'email', code: 'duplicate_value' }] }, 'email: duplicate_value', ['email: duplicate_value'], ['duplicate_value']],
		['an entry with only a code', 422, { errors: [{ code: 'missing_field' }] }, 'missing_field', ['missing_field'], ['missing_field']],
		['a code with spaces around it', 422, { errors: [{ field: 'email', message: 'is taken', code: ' duplicate_value ' }] }, 'email: is taken (duplicate_value)', ['email: is taken (duplicate_value)'], ['duplicate_value']],
		['an entry naming only its field', 422, { errors: [{ field: 'email' }] }, 'email', ['email'], []],
		['nulls where words go are no words', 422, { error_type: null, message: null, errors: [{ field: 'email', message: null, code: 'invalid' }] }, 'email: invalid', ['email: invalid'], ['invalid']],
		['a blank code is none', 422, { errors: [{ field: 'email', message: 'is invalid', code: '  ' }] }, 'email: is invalid', ['email: is invalid'], []],
		['a code that is not text is none', 422, { errors: [{ field: 'email', message: 'is invalid', code: 7 }] }, 'email: is invalid', ['email: is invalid'], []],
		['an entry about no field', 422, { errors: [{ message: 'Something is wrong' }] }, 'Something is wrong', ['Something is wrong'], []],
		['a message that is not text, as its JSON', 422, { errors: [{ field: 'level', message: 42 }] }, 'level: 42', ['level: 42'], []],
		['a list of texts', 422, { errors: ['Email is invalid', '  '] }, 'Email is invalid', ['Email is invalid'], []],
		['an object of lists keyed by field', 422, { errors: { email: ['has already been taken'], name: 'is blank' } }, 'email: has already been taken; name: is blank', ['email: has already been taken', 'name: is blank'], []],
		['one text', 404, { errors: 'Not found' }, 'Not found', ['Not found'], []],
		['a bare string', 500, 'Internal Server Error', 'Internal Server Error', ['Internal Server Error'], []],
		['`error` where `message` is expected', 401, { error_type: 'authentication_error', error: 'Invalid credentials' }, 'authentication_error: Invalid credentials', [], []],
		['a message of its own beside entries: the message leads', 422, { message: 'Validation failed', errors: [{ field: 'email', message: 'is invalid' }] }, 'Validation failed', ['email: is invalid'], []],
		['nothing at all', 502, null, 'HTTP 502', [], []],
		['an empty object', 400, {}, 'HTTP 400', [], []],
		['blank words', 400, { error_type: ' ', message: '', errors: [] }, 'HTTP 400', [], []],
	])('%s', (_name, status, body, headline, errors, codes) => {
		const error = apiError(NODE, status, body, 3, SECRETS);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(`Engagedly answered ${status}: ${headline}`);
		expect(error.httpCode).toBe(String(status));
		expect(error.errorResponse).toMatchObject({ httpCode: String(status), errors, codes, message: error.message });
		expect(refusalOf(error)).toEqual({ status, codes });
	});

	test('the error type is null in the error’s response when Engagedly gave none', () => {
		expect(apiError(NODE, 404, { errors: 'Not found' }, 0, []).errorResponse?.error_type).toBeNull();
		expect(apiError(NODE, 422, VENDOR_EXAMPLE, 0, []).errorResponse?.error_type).toBe('validation_error');
	});
});

describe('the description: what Engagedly listed, then what to do', () => {
	const nameFix: FieldNames = { name: { label: 'Name', fix: 'give the record a name' }, email: { label: 'Email', fix: 'give an address nobody has' }, level: { label: 'Level' } };

	test.each([
		[400, 'Engagedly could not read the request'],
		[401, 'paste both keys again'],
		[402, 'could not carry out the request'],
		[403, 'Generate the keys as a Site Administrator'],
		[404, 'The record was not found in Engagedly'],
		[405, 'does not support this action'],
		[409, 'Run the workflow again.'],
		[415, 'Engagedly expected JSON'],
		[422, 'Engagedly refused the values'],
		[429, 'Raise “Max Rate-Limit Wait”'],
		[500, 'Engagedly had a server error'],
		[503, 'Engagedly had a server error'],
		[418, 'Check the request parameters.'],
		[499, 'Check the request parameters.'],
	])('%i: %s', (status, advice) => {
		const { description } = apiError(NODE, status, {}, 0, []);
		expect(description).toContain(advice);
		expect(description?.split('\n\n')).toHaveLength(1);
	});

	test('a 422 names the fields by the editor’s labels and gives the fix of each field Engagedly named, once', () => {
		const body = { errors: [{ field: 'name', message: 'is blank' }, { field: 'name', message: 'is too short' }, { field: 'level', message: 'is invalid' }] };
		const error = apiError(NODE, 422, body, 0, [], { fieldNames: nameFix });
		expect(error.message).toBe('Engagedly answered 422: Name: is blank; Name: is too short; Level: is invalid');
		expect(error.description?.split('\n\n')).toEqual(['Name: give the record a name', expect.stringContaining('Engagedly refused the values')]);
	});

	test('a 422 naming no field may be about any field sent: the fixes of all of them', () => {
		const error = apiError(NODE, 422, { errors: ['Validation failed'] }, 0, [], { fieldNames: nameFix });
		expect(error.description?.split('\n\n').slice(0, 2)).toEqual(['Name: give the record a name', 'Email: give an address nobody has']);
	});

	test('fixes are for refused values only: another status gets none', () => {
		const error = apiError(NODE, 400, VENDOR_EXAMPLE, 0, [], { fieldNames: nameFix });
		expect(error.description).not.toContain('give the record a name');
	});

	test('with a message of its own, the entries go first in the description', () => {
		const error = apiError(NODE, 422, { message: 'Validation failed', errors: [{ field: 'email', message: 'is invalid' }, { message: 'and more' }] }, 0, []);
		expect(error.description?.split('\n\n')[0]).toBe('email: is invalid\nand more');
	});

	const taken: DuplicateAdvice = { field: 'email', advice: 'Use Create or Update for someone who may exist.' };
	test.each([
		['a taken address on a 422: the advice', 422, [{ field: 'email', message: 'is taken', code: 'duplicate_value' }], true],
		['a taken value of another field: none', 422, [{ field: 'employee_id', message: 'is taken', code: 'duplicate_value' }], false],
		['another code on the address: none', 422, [{ field: 'email', message: 'is invalid', code: 'invalid' }], false],
		['a taken address among other refusals: the advice', 422, [{ field: 'first_name', message: 'is blank' }, { field: 'email', message: 'is taken', code: 'duplicate_value' }], true],
		['the same words on another status: none', 409, [{ field: 'email', message: 'is taken', code: 'duplicate_value' }], false],
	])('%s', (_name, status, errors, advised) => {
		expect(apiError(NODE, status, { errors }, 0, [], { duplicate: taken }).description?.includes(taken.advice)).toBe(advised);
	});
});

describe('the keys never reach an error', () => {
	test('a key Engagedly echoes, in a value or a key of the body, is replaced everywhere', () => {
		const body = { error_type: 'authentication_error', message: 'Bad key client-key-5f2a', errors: { 'secret-key-9c1e': ['echoed secret-key-9c1e'] } };
		const error = apiError(NODE, 401, body, 0, SECRETS, { fieldNames: { x: { label: 'X', fix: 'not secret-key-9c1e' } } });
		const everything = JSON.stringify([error.message, error.description, error.errorResponse]);
		for (const secret of SECRETS) expect(everything).not.toContain(secret);
		expect(error.message).toBe('Engagedly answered 401: authentication_error: Bad key ***');
		expect(error.errorResponse?.errors).toEqual(['***: echoed ***']);
	});

	test.each([
		['every occurrence', 'a-key-1 then a-key-1', ['a-key-1'], '*** then ***'],
		['several keys', 'one-key and two-key', ['one-key', 'two-key'], '*** and ***'],
		['a key shorter than 4 characters is not one (it would cut ordinary words)', 'the cat sat', ['cat'], 'the cat sat'],
		['a key of exactly 4 characters is', 'the abcd sat', ['abcd'], 'the *** sat'],
		['no key', 'plain', [''], 'plain'],
	])('redact: %s', (_name, text, secrets, clean) => {
		expect(redact(text, secrets)).toBe(clean);
	});

	test('our own errors (no usable answer) are cleaned too, and keep the message that names the URL', () => {
		const error = ownError(NODE, 'api_connection_error', 'connect ECONNREFUSED https://x/?k=client-key-5f2a', 2, SECRETS, 'Check client-key-5f2a');
		expect(error.message).toBe('connect ECONNREFUSED https://x/?k=***');
		expect(error.description).toBe('Check ***');
		// n8n shows the error's response among its details: what kind of failure it was.
		expect(error.errorResponse).toEqual({ message: error.message, error_type: 'api_connection_error' });
		expect(refusalOf(error)).toBeUndefined();
	});
});

describe('what is not Engagedly’s refusal', () => {
	test('refusalOf reads only the errors apiError built', () => {
		expect(refusalOf(new Error('x'))).toBeUndefined();
		expect(refusalOf(new NodeOperationError(NODE, 'x'))).toBeUndefined();
	});

	test('asNodeError keeps the node’s own errors and wraps anything else, with the item', () => {
		const own = apiError(NODE, 404, {}, 1, []);
		expect(asNodeError(NODE, own, 5)).toBe(own);
		const operation = new NodeOperationError(NODE, 'refused');
		expect(asNodeError(NODE, operation, 5)).toBe(operation);
		const wrapped = asNodeError(NODE, new Error('boom'), 5);
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('boom');
		expect((wrapped as NodeOperationError).context.itemIndex).toBe(5);
	});
});
