/**
 * People given by Employee ID (people/byEmployeeId.ts), as tables over users handed in: which one
 * user holds an HR system's id for a manager (the Employee ID Engagedly holds, compared trimmed and
 * in its case), or why none is taken (nobody holds it, or several do: never a guess), what the
 * item's error says, and the users as a run knows them after writing some. Reading the directory
 * once per execution, and the item failing with nothing written, is proven through the engine
 * (test/user/createOrUpdate.test.ts).
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { EmployeeIdMatch } from '../../nodes/Engagedly/people/byEmployeeId';
import { employeeIdError, employeeIdKey, latestUsers, userWithEmployeeId } from '../../nodes/Engagedly/people/byEmployeeId';

const context = { getNode: () => ({ name: 'Engagedly' }) as INode } as unknown as IExecuteFunctions;

const user = (id: string, employee_id: string | number | null, extra: IDataObject = {}): IDataObject => ({
	id,
	email: `${id}@example.com`,
	first_name: id.toUpperCase(),
	last_name: 'Doe',
	employee_id,
	...extra,
});

const ana = user('ana', '1042');
const raj = user('raj', 'E-17');
const lee = user('lee', 2077);
const kim = user('kim', ' HB 0042 ');
const noOne = user('none', null);
const blank = user('blank', '  ');
const DIRECTORY = [ana, raj, lee, kim, noOne, blank];

describe('the one user holding an Employee ID', () => {
	test.each<[string, string, IDataObject[], EmployeeIdMatch]>([
		['an employee number', '1042', DIRECTORY, { kind: 'one', user: ana }],
		['an id with a letter and a dash', 'E-17', DIRECTORY, { kind: 'one', user: raj }],
		['the value given with spaces around it', '  E-17 ', DIRECTORY, { kind: 'one', user: raj }],
		['held with spaces around it, and one inside', 'HB 0042', DIRECTORY, { kind: 'one', user: kim }],
		['held as a number in the answer', '2077', DIRECTORY, { kind: 'one', user: lee }],
		['another case is another id', 'e-17', DIRECTORY, { kind: 'nobody' }],
		['part of an id is not the id', '104', DIRECTORY, { kind: 'nobody' }],
		['an id with a leading zero is not the number', '01042', DIRECTORY, { kind: 'nobody' }],
		['nobody holds it', '9999', DIRECTORY, { kind: 'nobody' }],
		['blank names nobody, not the users without an Employee ID', ' ', DIRECTORY, { kind: 'nobody' }],
		['an empty directory', '1042', [], { kind: 'nobody' }],
		['two users hold it: both, in directory order, neither taken', '1042', [ana, raj, user('ann', ' 1042')], { kind: 'several', users: [ana, user('ann', ' 1042')] }],
		['the Engagedly id of a user, held as nobody’s Employee ID: nobody, and whose id it is', 'raj', DIRECTORY, { kind: 'nobody', engagedlyIdOf: raj }],
		['one user’s Engagedly id is another’s Employee ID: the Employee ID names the person', '7', [user('7', 'E-1'), user('b', '7')], { kind: 'one', user: user('b', '7') }],
	])('%s', (_name, value, users, match) => {
		expect(userWithEmployeeId(value, users)).toEqual(match);
	});

	test.each([
		['text, trimmed', ' E-17 ', 'E-17'],
		['a number', 1042, '1042'],
		['null', null, ''],
		['undefined', undefined, ''],
	])('the key of %s', (_name, value, key) => {
		expect(employeeIdKey(value)).toBe(key);
	});
});

describe('why none is taken: the error names the field and how to map it', () => {
	const refused = (value: string, match: Exclude<EmployeeIdMatch, { kind: 'one' }>) => {
		const error = employeeIdError(context, value, match, 'HR Managers', 3);
		expect(error).toBeInstanceOf(NodeOperationError);
		return { message: error.message, description: error.description, itemIndex: error.context.itemIndex };
	};

	test('nobody holds it: the manager’s Employee ID as Engagedly holds it, or their email', () => {
		expect(refused(' 9999 ', { kind: 'nobody' })).toEqual({
			message: 'No Engagedly user has the Employee ID "9999" (HR Managers)',
			description:
				"Managers Given By is Employee ID, so each manager is the Employee ID Engagedly holds for them (the Employee ID of their Engagedly profile): map the manager's Employee ID as Engagedly holds it, or their email address. Nothing was written for this item.",
			itemIndex: 3,
		});
	});

	test('it is someone’s Engagedly id: whose, and the other choice of Managers Given By', () => {
		expect(refused('raj', { kind: 'nobody', engagedlyIdOf: raj }).description).toBe(
			"Managers Given By is Employee ID, so each manager is the Employee ID Engagedly holds for them (the Employee ID of their Engagedly profile): map the manager's Employee ID as Engagedly holds it, or their email address. \"raj\" is the Engagedly user ID of RAJ Doe (raj@example.com): to give Engagedly IDs, set Managers Given By to Engagedly ID or Email. Nothing was written for this item.",
		);
	});

	test('several hold it: each named, none taken', () => {
		expect(refused('1042', { kind: 'several', users: [ana, user('ann', '1042')] })).toEqual({
			message: '2 Engagedly users have the Employee ID "1042" (HR Managers)',
			description:
				"They are ana@example.com (ID ana) and ann@example.com (ID ann): an Employee ID must name one user, so none of them is taken. Give each their own Employee ID in Engagedly, or map this manager's email address instead. Nothing was written for this item.",
			itemIndex: 3,
		});
	});
});

describe('the users as the run knows them: the directory, then what it wrote since', () => {
	test.each<[string, IDataObject[], IDataObject[], IDataObject[]]>([
		['nothing written', [ana, raj], [], [ana, raj]],
		['a user created after the directory was read is added', [ana], [user('new', 'E-99')], [ana, user('new', 'E-99')]],
		['a user written since replaces the one read, in its place', [ana, raj], [{ ...raj, employee_id: 'E-18' }], [ana, { ...raj, employee_id: 'E-18' }]],
		['written twice: the last', [ana], [user('new', 'E-1'), user('new', 'E-2')], [ana, user('new', 'E-2')]],
	])('%s', (_name, read, since, users) => {
		expect(latestUsers(read, since)).toEqual(users);
	});

	test('an Employee ID a write moved is found on its new holder only', () => {
		const users = latestUsers([ana, raj], [{ ...ana, employee_id: 'E-200' }]);
		expect(userWithEmployeeId('1042', users)).toEqual({ kind: 'nobody' });
		expect(userWithEmployeeId('E-200', users)).toEqual({ kind: 'one', user: { ...ana, employee_id: 'E-200' } });
	});
});
