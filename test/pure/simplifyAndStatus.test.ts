/**
 * Two plain functions of a user record, as tables: Simplify's ten fields from the odd and empty
 * forms an answer may hold (actions/user/simplify.ts), and the check that an activation or a
 * deactivation answered with the state and reason asked for (actions/user/status.ts). The engine
 * suites (test/user/simplify, status) show them on real answers.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeHelpers, NodeOperationError } from 'n8n-workflow';

import { readSimplify, simplifyProperties, simplifyUser, userOutput } from '../../nodes/Engagedly/actions/user/simplify';
import { checkStatus } from '../../nodes/Engagedly/actions/user/status';

const full: IDataObject = {
	id: 'u-1',
	name: 'Ann Lee',
	first_name: 'Ann',
	last_name: 'Lee',
	email: 'ann@example.com',
	status: 'Active',
	job_title: { id: 3, name: 'Engineer' },
	location: { id: 4, name: 'Pune' },
	primary_reporter: { id: 'u-9', name: 'Bo Chen', email: 'bo@example.com', title: 'CTO' },
	departments: [{ id: 1, name: 'R&D' }, { id: 2, name: 'Ops' }],
	employee_id: 'E-17',
	joining_date: '2024-01-15T00:00:00.000Z',
	phone: '+1 555',
};

describe('Simplify: the ten fields, names for references, null for what the answer does not say', () => {
	test('a full user', () => {
		expect(simplifyUser(full)).toStrictEqual({
			id: 'u-1',
			name: 'Ann Lee',
			email: 'ann@example.com',
			status: 'Active',
			job_title: 'Engineer',
			location: 'Pune',
			manager: { name: 'Bo Chen', email: 'bo@example.com' },
			departments: ['R&D', 'Ops'],
			employee_id: 'E-17',
			joining_date: '2024-01-15',
		});
	});

	test.each<[string, IDataObject, IDataObject]>([
		['a blank name: the first and last names', { name: '  ', first_name: 'Ann', last_name: 'Lee' }, { name: 'Ann Lee' }],
		['a blank name and a blank last name: the first name alone', { name: null, first_name: 'Ann', last_name: ' ' }, { name: 'Ann' }],
		['no names at all: null', { name: '', first_name: null, last_name: undefined }, { name: null }],
		['no job title or location, or one without a name: null', { job_title: null, location: { id: 4, name: ' ' } }, { job_title: null, location: null }],
		['a reference that is not a record: null', { job_title: 'Engineer', location: ['Pune'] }, { job_title: null, location: null }],
		['no manager: null', { primary_reporter: null }, { manager: null }],
		['a manager given as an id or a list, not a record: null', { primary_reporter: 'u-9' }, { manager: null }],
		['a manager given as a list: null', { primary_reporter: [{ name: 'Bo Chen' }] }, { manager: null }],
		['a manager without name or address: both null', { primary_reporter: { id: 'u-9' } }, { manager: { name: null, email: null } }],
		['no departments in the answer: null, not "none"', { departments: undefined }, { departments: null }],
		['no departments: an empty list', { departments: [] }, { departments: [] }],
		['a department without a name is left out', { departments: [{ id: 1, name: '' }, { id: 2, name: 'Ops' }] }, { departments: ['Ops'] }],
		['a blank employee id: null', { employee_id: '  ' }, { employee_id: null }],
		['a joining date as Engagedly words it: the day', { joining_date: 'Jan 15, 2024' }, { joining_date: '2024-01-15' }],
		['no joining date, or one that is no day: null', { joining_date: 'soon' }, { joining_date: null }],
	])('%s', (_case, change, expected) => {
		expect(simplifyUser({ ...full, ...change })).toMatchObject(expected);
	});

	test('a record with nothing: every field null', () => {
		expect(simplifyUser({})).toStrictEqual({
			id: null,
			name: null,
			email: null,
			status: null,
			job_title: null,
			location: null,
			manager: null,
			departments: null,
			employee_id: null,
			joining_date: null,
		});
	});
});

describe('Simplify is off in a workflow and on for an agent (n8n names the tool variant `@tool`)', () => {
	const shown = (asTool: boolean) =>
		simplifyProperties.filter((property) =>
			NodeHelpers.displayParameter({}, property, { typeVersion: 1 } as never, { name: asTool ? 'engagedlyTool' : 'engagedly' } as never),
		);

	test.each([
		['in a workflow', false, false],
		['as a tool', true, true],
	])('%s: one Simplify field, by default %s', (_case, asTool, byDefault) => {
		expect(shown(asTool).map(({ name, type, default: value }) => ({ name, type, value }))).toEqual([{ name: 'simplify', type: 'boolean', value: byDefault }]);
	});

	test.each<[unknown, boolean]>([
		[true, true],
		[false, false],
		['true', false],
		[undefined, false],
	])('the value %p reads as %p', (value, simplify) => {
		const values: IDataObject = value === undefined ? {} : { simplify: value };
		const context = { getNodeParameter: (name: string, _item: number, fallback: unknown) => (name in values ? values[name] : fallback) };
		expect(readSimplify.call(context as unknown as IExecuteFunctions, 0)).toBe(simplify);
	});
});

describe('the output of a user: what the operation adds comes first and wins', () => {
	test.each([
		['the raw user', false, Object.keys(full)],
		['the simplified user', true, ['id', 'name', 'email', 'status', 'job_title', 'location', 'manager', 'departments', 'employee_id', 'joining_date']],
	])('%s', (_case, simplify, fields) => {
		const output = userOutput({ ...full, outcome: 'from the user' }, simplify, { outcome: 'updated', changes: { level: { from: 1, to: 2 } } });
		expect(Object.keys(output)).toEqual(['outcome', 'changes', ...fields.filter((field) => field !== 'outcome')]);
		expect(output.outcome).toBe('updated');
	});

	test('nothing added: the user alone', () => {
		expect(userOutput(full, false)).toStrictEqual(full);
	});
});

describe('an activation or deactivation is believed only when the answer shows what was asked', () => {
	const node = { name: 'Engagedly' } as INode;
	const context = { getNode: () => node } as unknown as IExecuteFunctions;
	const check = (user: IDataObject, wanted: Parameters<typeof checkStatus>[2]) => () => checkStatus.call(context, 4, user, wanted);

	test.each<[string, IDataObject, Parameters<typeof checkStatus>[2]]>([
		['active, as asked', { id: 'u-1', status: 'Active' }, { status: 'Active' }],
		['blocked with the reason asked', { id: 'u-1', status: 'Blocked', block_reason_code: 'resigned' }, { status: 'Blocked', blockReasonCode: 'resigned' }],
		['blocked, no reason asked', { id: 'u-1', status: 'Blocked', block_reason_code: 'resigned' }, { status: 'Blocked' }],
	])('%s: the user', (_case, user, wanted) => {
		expect(check(user, wanted)()).toBe(user);
	});

	test.each<[string, IDataObject, Parameters<typeof checkStatus>[2], string, string]>([
		[
			'another status',
			{ id: 'u-1', status: 'Blocked' },
			{ status: 'Active' },
			'Engagedly answered with user u-1 Blocked, not Active',
			'The request was accepted but the user it returned is not Active. Check the user in Engagedly before running the workflow again.',
		],
		[
			'already blocked for another reason',
			{ id: 'u-1', status: 'Blocked', block_reason_code: 'retired' },
			{ status: 'Blocked', blockReasonCode: 'resigned' },
			'User u-1 was already deactivated with the reason "retired", which Engagedly kept',
			'Engagedly does not change the reason of a user who is already deactivated. To give the reason "resigned", activate the user, then deactivate them again.',
		],
		[
			'already blocked without a reason',
			{ id: 'u-1', status: 'Blocked' },
			{ status: 'Blocked', blockReasonCode: 'resigned' },
			'User u-1 was already deactivated without a reason, which Engagedly kept',
			'Engagedly does not change the reason of a user who is already deactivated. To give the reason "resigned", activate the user, then deactivate them again.',
		],
	])('%s: refused, for its item', (_case, user, wanted, message, description) => {
		let error: NodeOperationError | undefined;
		try {
			check(user, wanted)();
		} catch (thrown) {
			error = thrown as NodeOperationError;
		}
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe(message);
		expect(error?.description).toBe(description);
		expect(error?.context.itemIndex).toBe(4);
	});
});
