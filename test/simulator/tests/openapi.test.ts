/**
 * The simulator against the vendor's OpenAPI description, endpoint by endpoint, in each
 * profile: every answer is validated with ajv against the vendor's response schema and
 * compared with the vendor's example (keys, object or string, date forms). What differs must
 * be exactly what deviations.ts lists for the profile: nothing for the vendor profile but one
 * documented gap, and the contract's own choices for the contract profile.
 */
import { PROFILES, profileFromEnvironment, type Profile, type Simulator } from '../index';
import { VendorDescription } from '../../schemas/openapi';
import { useSimulator } from '../../helpers/simulator';
import { client } from './client';
import { CONTRACT_DEVIATIONS, unexplained, VENDOR_DEVIATIONS, type Deviation } from './deviations';
import { vendorCalls } from './vendorCalls';

const vendor = new VendorDescription();
const DEVIATIONS: Record<Profile, Deviation[]> = { contract: CONTRACT_DEVIATIONS, vendor: VENDOR_DEVIATIONS };

interface Answered {
	operation: string;
	label: string;
	expected: number;
	status: number;
	body: unknown;
	lines: string[];
}

/** Every call once, in order (writes depend on earlier state), with the differences of each answer. */
async function answerAll(sim: Simulator): Promise<Answered[]> {
	const api = client(sim);
	const answers: Answered[] = [];
	for (const call of vendorCalls(sim)) {
		const res = await call.send(api);
		const [method, path] = call.operation.split(' ');
		const lines =
			res.status === call.status && call.status !== 204
				? vendor.differences(method, path, call.status, res.body, { example: call.example }).map((line) => `${call.operation}: ${line}`)
				: [];
		answers.push({ operation: call.operation, label: call.label, expected: call.status, status: res.status, body: res.body, lines });
	}
	return answers;
}

test('the vendor examples meet the vendor schemas (the validator reads the file as meant)', () => {
	const checked: string[] = [];
	for (const operation of vendor.operations()) {
		const [method, path] = operation.split(' ');
		for (const status of [200, 201]) {
			const example = vendor.response(method, path, status)?.example;
			if (example === undefined) continue;
			expect({ operation, lines: vendor.differences(method, path, status, example) }).toEqual({ operation, lines: [] });
			checked.push(operation);
		}
	}
	expect(checked).toEqual([
		'GET /beta/users',
		'GET /beta/users/block-reason-codes',
		'GET /beta/users/{id}',
		'GET /beta/learning/resources',
		'GET /beta/learning/resources/{id}/contents',
		'GET /beta/learning/learner_reports',
	]);
});

describe.each(PROFILES)('the %s profile against the vendor description', (profile) => {
	const sim = useSimulator({ profile }, { reset: 'never' });
	let answers: Answered[];
	beforeAll(async () => {
		answers = await answerAll(sim);
	});

	test('every operation of the vendor description is called and answers with its documented status', () => {
		expect(new Set(answers.map((a) => a.operation))).toEqual(new Set(vendor.operations()));
		expect(answers.filter((a) => a.status !== a.expected).map((a) => `${a.operation} (${a.label}): ${a.status}`)).toEqual([]);
	});

	test('it differs from the vendor schemas and examples exactly where deviations.ts says', () => {
		const lines = [...new Set(answers.flatMap((a) => a.lines))];
		const { lines: unlisted, entries: unused } = unexplained(lines, DEVIATIONS[profile]);
		expect(unlisted).toEqual([]);
		expect(unused.map((d) => d.why)).toEqual([]);
	});
});

describe('a difference nobody listed fails', () => {
	const sim = useSimulator({ profile: 'vendor' });

	test('a string count injected into the vendor profile\'s department list is reported and unexplained', async () => {
		const res = await client(sim).get('/departments');
		expect(vendor.differences('GET', '/beta/departments', 200, res.body)).toEqual([]);
		const injected = structuredClone(res.body) as { data: Array<Record<string, unknown>> };
		injected.data[1].members_count = String(injected.data[1].members_count);
		const lines = vendor.differences('GET', '/beta/departments', 200, injected).map((line) => `GET /beta/departments: ${line}`);
		expect(lines).toEqual(['GET /beta/departments: data[].members_count: schema: must be integer']);
		expect(unexplained(lines, VENDOR_DEVIATIONS).lines).toEqual(lines);
		// The same line is one the contract profile lists: the lists are per profile.
		expect(unexplained(lines, CONTRACT_DEVIATIONS).lines).toEqual([]);
	});

	test('an employee type rendered as the contract\'s string in a vendor user is reported and unexplained', async () => {
		const res = await client(sim).get('/users', { size: 50 });
		const injected = structuredClone(res.body) as { data: Array<Record<string, unknown>> };
		const typed = injected.data.find((u) => u.employee_type !== null)!;
		typed.employee_type = (typed.employee_type as { name: string }).name;
		const lines = vendor.differences('GET', '/beta/users', 200, injected).map((line) => `GET /beta/users: ${line}`);
		expect(lines).toEqual([
			'GET /beta/users: data[].employee_type: example: is string, the example has object',
			'GET /beta/users: data[].employee_type: schema: must be null or must be object',
		]);
		expect(unexplained(lines, VENDOR_DEVIATIONS).lines).toEqual(lines);
	});

	test('a key of the vendor example left out is reported', async () => {
		const res = await client(sim).get(`/users/${sim.store.adminId}`);
		const injected = structuredClone(res.body) as { data: Record<string, unknown> };
		delete injected.data.nickname;
		expect(vendor.differences('GET', '/beta/users/{id}', 200, injected)).toEqual(['data.nickname: example: missing']);
	});
});

test('ENGAGEDLY_SIMULATOR_PROFILE: unset or empty is the contract, a profile name picks it, anything else stops', () => {
	expect(profileFromEnvironment({})).toBe('contract');
	expect(profileFromEnvironment({ ENGAGEDLY_SIMULATOR_PROFILE: '' })).toBe('contract');
	expect(profileFromEnvironment({ ENGAGEDLY_SIMULATOR_PROFILE: 'vendor' })).toBe('vendor');
	expect(() => profileFromEnvironment({ ENGAGEDLY_SIMULATOR_PROFILE: 'openapi' })).toThrow('use contract or vendor');
});
