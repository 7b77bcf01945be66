/**
 * Sync's first stage over a context that only counts: n8n evaluates an expression each time a
 * parameter is read, so every field of every item is read exactly once per run, and the row holds
 * what the later stages need (people as given, the lifecycle, the body). No engine, no simulator.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Row } from '../../nodes/Engagedly/actions/user/sync/rows';
import { missingColumn, readRows } from '../../nodes/Engagedly/actions/user/sync/rows';
import type { Settings } from '../../nodes/Engagedly/actions/user/sync/settings';

const items: IDataObject[] = [
	{
		email: 'Ann.Lee@example.com',
		firstName: 'Ann',
		lastName: 'Lee',
		additionalFields: { employeeId: 'E1', manager: 'boss@example.com', hrManagers: 'u-7, hr@example.com', joiningDate: '0000-00-00' },
		leaverFields: { employmentStatus: 'Active', leavingDate: '2026-12-31', rehireDate: '' },
		customAttributes: null,
	},
	{ email: 'ben@example.com', firstName: 'Ben', lastName: 'Ode', additionalFields: { joiningDate: 'not a date' }, leaverFields: {}, customAttributes: null },
];

test('each field of each item is read once, into a row with people as given and the lifecycle decided', async () => {
	const reads = new Map<string, number>();
	const context = {
		getNode: () => ({ name: 'Engagedly', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters: {} }),
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
		[0, 1].flatMap((item) => ['email', 'firstName', 'lastName', 'additionalFields', 'customAttributes', 'leaverFields'].map((name) => `${item}:${name}`)).sort(),
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
