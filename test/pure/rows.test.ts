/**
 * Sync's first stage over a context that only counts: n8n evaluates an expression each time a
 * parameter is read, so every field of every item is read exactly once per run, and the row holds
 * what the later stages need (people as given, the lifecycle, the body). No engine, no simulator.
 */
import type { IDataObject, IExecuteFunctions, NodeOperationError } from 'n8n-workflow';

import type { UserAttribute } from '../../nodes/Engagedly/people/attributeDefinitions';

import type { Row } from '../../nodes/Engagedly/actions/user/sync/rows';
import { missingColumn, readRows } from '../../nodes/Engagedly/actions/user/sync/rows';
import type { Settings } from '../../nodes/Engagedly/actions/user/sync/settings';

const items: IDataObject[] = [
	{
		email: 'Ann.Lee@example.com',
		firstName: 'Ann',
		lastName: 'Lee',
		additionalFields: { employeeId: 'E1', manager: 'boss@example.com', hrManagers: 'u-7, hr@example.com', joiningDate: '0000-00-00' },
		employmentFields: { employmentStatus: 'Active', leavingDate: '2026-12-31', rehireDate: '' },
		customAttributes: null,
	},
	{ email: 'ben@example.com', firstName: 'Ben', lastName: 'Ode', additionalFields: { joiningDate: 'not a date' }, employmentFields: {}, customAttributes: null },
];

test('each field of each item is read once, into a row with people as given and the lifecycle decided', async () => {
	const reads = new Map<string, number>();
	const context = {
		getNode: () => ({ name: 'Engagedly', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters: {} }),
		getTimezone: () => 'Europe/Berlin',
		getNodeParameter: (name: string, item: number, fallback: unknown) => {
			const key = `${item}:${name}`;
			reads.set(key, (reads.get(key) ?? 0) + 1);
			return name in items[item] ? items[item][name] : fallback;
		},
	} as unknown as IExecuteFunctions;
	const settings = { today: '2026-11-28', leftStatuses: new Set(['terminated']), blockReasonCode: '', matchByEmployeeId: false, deactivateMissing: false } as Settings;
	const failed = new Map<number, Error>();

	const { rows, unnamed } = await readRows.call(context, items.length, settings, { attributes: [], request: (itemIndex) => ({ itemIndex, maxRateLimitWaitSeconds: 0 }), failed });

	expect([...reads.values()].every((count) => count === 1)).toBe(true);
	expect([...reads.keys()].sort()).toEqual(
		[0, 1].flatMap((item) => ['email', 'firstName', 'lastName', 'additionalFields', 'customAttributes', 'employmentFields'].map((name) => `${item}:${name}`)).sort(),
	);
	expect(unnamed).toBe(0);
	expect(rows.get(0)).toEqual<Row>({
		email: 'ann.lee@example.com',
		employeeId: 'E1',
		fullName: 'ann lee',
		lifecycle: { state: 'onNotice', date: '2026-12-31' },
		blockReasonCode: '',
		person: { email: 'Ann.Lee@example.com', first_name: 'Ann', last_name: 'Lee', employee_id: 'E1' },
		body: { email: 'Ann.Lee@example.com', first_name: 'Ann', last_name: 'Lee', employee_id: 'E1' },
		people: [
			{ wire: 'hr_managers', label: 'HR Managers', many: true, refs: ['u-7', 'hr@example.com'] },
			{ wire: 'manager_id', label: 'Manager', many: false, refs: ['boss@example.com'] },
		],
	});
	// A date that is not one fails its item, which still names its user.
	expect(failed.get(1)?.message).toBe('Joining Date "not a date" is not a date');
	expect(rows.get(1)?.email).toBe('ben@example.com');
});

describe('missingColumn: an Email mapping that reads a field the item lacks says which it has', () => {
	test.each([
		['another case of the name', '={{ $json.Email }}', { email: 'a@example.com', name: 'A' }, ': the Email expression reads "Email", which the input item does not have. It has "email": map Email to that field.'],
		[
			'a name in brackets with spaces: the fields that look like an address',
			'={{ $json[ "Work Email" ] }}',
			{ EmailAddress: 'a@example.com', 'E-Mail': 'b@example.com', name: 'A' },
			': the Email expression reads "Work Email", which the input item does not have. It has "EmailAddress", "E-Mail": map Email to that field.',
		],
		['the same name in another case wins over lookalikes', "={{ $json['e_mail2'] }}", { E_MAIL2: 'a', email: 'b' }, ': the Email expression reads "e_mail2", which the input item does not have. It has "E_MAIL2": map Email to that field.'],
		['nothing like an address', '={{ $json.work }}', { name: 'A' }, ': the Email expression reads "work", which the input item does not have. Map Email to the field that holds the address.'],
		['the field is there (empty): nothing to add', '={{ $json.email }}', { email: '' }, ''],
		['no $json in the expression (another node\'s output)', '={{ $("HR").item.json.email }}', { name: 'A' }, ''],
		['a fixed value, not an expression of the item', undefined, { name: 'A' }, ''],
	])('%s', (_name, expression, json, words) => {
		expect(missingColumn(expression, json)).toBe(words);
	});
});

describe('readRows: who each item names, and why one names nobody or fails', () => {
	/** Reads `items` as Sync's rows; a parameter given as `THROWS` fails as a broken expression does. */
	const THROWS = '{{ an expression that fails }}';
	async function rowsOf(given: IDataObject[], settings: Partial<Settings> = {}, { attributes = [] as UserAttribute[], emailExpression = '={{ $json.email }}' } = {}) {
		const context = {
			getNode: () => ({ name: 'Sync', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters: { email: emailExpression } }),
			getNodeParameter: (name: string, item: number, fallback: unknown) => {
				// Email is the expression `emailExpression`: n8n gives undefined for an item that lacks the field it reads.
				const value = name in given[item] || name === 'email' ? given[item][name] : fallback;
				if (value === THROWS) throw new Error(`Cannot read ${name}`);
				return value;
			},
			getInputData: () => given.map((json) => ({ json })),
			// The workflow's time zone, east of UTC: a Date's UTC day is the day before its own here.
			getTimezone: () => 'Europe/Berlin',
		} as unknown as IExecuteFunctions;
		const failed = new Map<number, Error>();
		const run = { today: '2026-11-28', leftStatuses: new Set(['terminated']), blockReasonCode: 'LEFT', matchByEmployeeId: false, deactivateMissing: false, ...settings } as Settings;
		const { rows, unnamed } = await readRows.call(context, given.length, run, { attributes, request: (itemIndex) => ({ itemIndex, maxRateLimitWaitSeconds: 0 }), failed });
		const errors = [...failed].map(([item, error]) => [item, error.message, (error as NodeOperationError).description, (error as NodeOperationError).context?.itemIndex]);
		return { rows, unnamed, errors };
	}
	const person = (email: string, extra: IDataObject = {}): IDataObject => ({ email, firstName: 'Ann', lastName: 'Lee', ...extra });

	test('an address is trimmed and kept as given, folded to match; an item that names nobody says why, and with Deactivate Missing Users that the run deactivates nobody', async () => {
		const { rows, unnamed, errors } = await rowsOf(
			[
				person('  Ann.Lee@Example.com '),
				person('', { email: null }),
				person('', { email: { address: 'x@example.com' } }),
				person('', { email: '   ' }),
				person('not-an-address'),
				{ Email: 'e@example.com', firstName: 'E' },
				person('', { email: THROWS }),
			],
			{ deactivateMissing: true },
		);
		expect([...rows.keys()]).toEqual([0]);
		expect(rows.get(0)).toMatchObject({ email: 'ann.lee@example.com', person: { email: 'Ann.Lee@Example.com', first_name: 'Ann', last_name: 'Lee', employee_id: null } });
		expect(unnamed).toBe(6);
		const description = '6 input items named nobody (items 1, 2, 3, 4, 5, 6). So that nobody is deactivated for a row that lost its address, this run deactivated nobody. Give every employee their email address and run again.';
		expect(errors).toEqual([
			[1, 'Names nobody: its Email is empty', description, 1],
			[2, 'Names nobody: its Email is empty', description, 2],
			[3, 'Names nobody: its Email is empty', description, 3],
			[4, 'Names nobody: its Email "not-an-address" is not an email address', description, 4],
			[5, 'Names nobody: its Email is empty: the Email expression reads "email", which the input item does not have. It has "Email": map Email to that field.', description, 5],
			[6, 'Names nobody: its Email expression failed (Cannot read email)', description, 6],
		]);
	});

	test('one item that names nobody, in a run that deactivates nobody anyway', async () => {
		const { unnamed, errors } = await rowsOf([person('a@example.com'), person('')]);
		expect(unnamed).toBe(1);
		expect(errors).toEqual([[1, 'Names nobody: its Email is empty', '1 input item named nobody (item 1). Give every employee their email address and run again.', 1]]);
	});

	test('an address (in any case) two items give fails both; an employee ID two give fails them only when matching by it', async () => {
		const items = [person('a@example.com', { additionalFields: { employeeId: 'E1' } }), person('A@EXAMPLE.com'), person('b@example.com', { additionalFields: { employeeId: ' E1 ' } }), person('c@example.com')];
		const shared = (what: string, value: string, at: number[]) =>
			at.map((item) => [item, `The ${what} "${value}" is in ${at.length} input items (${at.join(', ')})`, 'Each employee must be one item: none of these items was applied. Remove the duplicates in the source and run again.', item]);
		expect((await rowsOf(items)).errors).toEqual(shared('email address', 'a@example.com', [0, 1]));
		expect((await rowsOf(items, { matchByEmployeeId: true })).errors.sort()).toEqual([...shared('employee ID', 'E1', [0, 2]), shared('email address', 'a@example.com', [0, 1])[1]].sort());
	});

	test('an item whose fields cannot be read fails on its own, and still names its user (with nothing else of them to share or match)', async () => {
		const { rows, errors } = await rowsOf([person('a@example.com', { firstName: THROWS }), person('b@example.com', { firstName: THROWS })], { matchByEmployeeId: true });
		expect(errors.map(([item, message]) => [item, message])).toEqual([
			[0, 'Cannot read firstName'],
			[1, 'Cannot read firstName'],
		]);
		expect(rows.get(1)).toEqual<Row>({ email: 'b@example.com', employeeId: '', fullName: '', lifecycle: { state: 'active' }, blockReasonCode: 'LEFT', person: { email: 'b@example.com' }, body: {}, people: [] });
	});

	test('an item’s fields checked before they are read: a name that is not text, a name left out', async () => {
		const { errors } = await rowsOf([person('a@example.com', { firstName: { given: 'Ann' } }), { email: 'b@example.com' }, { email: 'c@example.com', firstName: 'Cy' }]);
		expect(errors.map(([item, message]) => [item, message])).toEqual([
			[0, 'First Name must be text, not a list or an object'],
			[1, 'First Name is empty'],
			[2, 'Last Name is empty'],
		]);
	});

	test('the employment status, in any case, decides a leaver', async () => {
		const { rows } = await rowsOf([person('a@example.com', { employmentFields: { employmentStatus: ' TERMINATED ' } })]);
		expect(rows.get(0)?.lifecycle).toEqual({ state: 'left' });
	});

	test.each([
		['Joining Date', { additionalFields: { joiningDate: 'soon' } }, 'Joining Date "soon" is not a date'],
		['Leaving Date', { employmentFields: { leavingDate: '31/31/2026' } }, 'Leaving Date "31/31/2026" is not a date'],
		['Rehire Date', { employmentFields: { rehireDate: 'next year' } }, 'Rehire Date "next year" is not a date'],
	])('%s that is not a date fails the item, saying the form to give', async (_name, fields, message) => {
		expect((await rowsOf([person('a@example.com', fields)])).errors).toEqual([[0, message, 'Give the date as YYYY-MM-DD (e.g. 2024-01-15). Nothing was written for this employee.', 0]]);
	});

	test('dates in the forms HR exports give: Workday’s XML Schema dates decide the lifecycle; a Date from an expression is the workflow’s day, in the lifecycle and in the body alike', async () => {
		// Local midnight of 1 December in Berlin, the workflow's zone: 30 November in UTC.
		const berlinMidnight = new Date('2026-11-30T23:00:00Z');
		const { rows, errors } = await rowsOf([
			person('workday@example.com', { employmentFields: { employmentStatus: 'Active', leavingDate: '2026-11-20-08:00' } }),
			person('ahead@example.com', { employmentFields: { leavingDate: '2026-12-01+05:30' } }),
			person('date@example.com', { additionalFields: { joiningDate: berlinMidnight } }),
			person('rehire@example.com', { employmentFields: { employmentStatus: 'Active', leavingDate: '2026-11-01Z', rehireDate: '2026-11-01Z' } }),
		]);
		expect(errors).toEqual([]);
		expect([...rows.values()].map((row) => [row.email, row.lifecycle])).toEqual([
			['workday@example.com', { state: 'left', date: '2026-11-20' }],
			['ahead@example.com', { state: 'onNotice', date: '2026-12-01' }],
			['date@example.com', { state: 'notYetJoined', date: '2026-12-01' }],
			['rehire@example.com', { state: 'active' }],
		]);
		expect((rows.get(2)?.body as IDataObject).joining_date).toBe('2026-12-01');
	});

	test('a leaver’s own code, else the run’s; people given count for a mandatory system attribute that names them', async () => {
		const hrManagers: UserAttribute = { name: 'HR Managers', attribute_key: 'hr_managers', preset: true, mandatory: true, data_type: 'multiple-select', attribute_options: null };
		const { rows, errors } = await rowsOf(
			[person('a@example.com', { employmentFields: { blockReasonCode: ' OWN ' }, additionalFields: { hrManagers: 'hr@example.com' } }), person('b@example.com')],
			{},
			{ attributes: [hrManagers] },
		);
		expect(errors).toEqual([]);
		expect([rows.get(0)?.blockReasonCode, rows.get(1)?.blockReasonCode]).toEqual(['OWN', 'LEFT']);
		expect(rows.get(0)?.body).not.toBeInstanceOf(Error);
		expect(rows.get(1)?.body).toEqual(new Error('"HR Managers" (hr_managers) is mandatory in Engagedly: set HR Managers under Additional Fields'));
	});
});
