/**
 * Sync's match stage (actions/user/sync/match.ts) as a table: which user each item stands for,
 * which items fail and why, the users the run would deactivate as missing, each item's fate and
 * the lookalikes held. Plain data over a context that only names the node; no engine, no simulator.
 */
import type { IDataObject, IExecuteFunctions, NodeOperationError } from 'n8n-workflow';

import { directoryOf } from '../../nodes/Engagedly/actions/user/sync/directory';
import type { Lifecycle } from '../../nodes/Engagedly/actions/user/sync/lifecycle';
import { deactivating, isCreation, matchRun, runPeople } from '../../nodes/Engagedly/actions/user/sync/match';
import type { Row } from '../../nodes/Engagedly/actions/user/sync/rows';
import { fullNameOf } from '../../nodes/Engagedly/actions/user/sync/rows';
import type { Settings } from '../../nodes/Engagedly/actions/user/sync/settings';

const context = { getNode: () => ({ name: 'Sync', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters: {} }) } as unknown as IExecuteFunctions;

const user = (id: string, extra: IDataObject = {}): IDataObject => ({ id, email: `${id}@example.com`, status: 'Active', first_name: id, last_name: 'Doe', ...extra });

interface Given {
	email: string;
	employeeId?: string;
	name?: [string, string];
	lifecycle?: Lifecycle;
	/** The row failed before the match. */
	failed?: boolean;
}

interface Case {
	users: IDataObject[];
	items: Given[];
	matchByEmployeeId?: boolean;
	deactivateMissing?: boolean;
	unnamed?: number;
	daysBeforeJoining?: number;
}

function runOf(run: Case) {
	const rows = new Map<number, Row>(
		run.items.map((given, item) => [
			item,
			{ email: given.email, employeeId: given.employeeId ?? '', fullName: fullNameOf(...(given.name ?? ['', ''])), lifecycle: given.lifecycle ?? { state: 'active' } } as unknown as Row,
		]),
	);
	const failed = new Map<number, Error>(run.items.flatMap((given, item): Array<[number, Error]> => (given.failed ? [[item, new Error('bad row')]] : [])));
	const settings = { today: '2026-11-28', matchByEmployeeId: run.matchByEmployeeId ?? false, deactivateMissing: run.deactivateMissing ?? true, daysBeforeJoining: run.daysBeforeJoining } as Settings;
	return { rows, failed, ...matchRun.call(context, rows, run.unnamed ?? 0, directoryOf(run.users), settings, failed) };
}

/** What the stage found, one line an item and one a user it would deactivate or holds. */
function matched(run: Case): string[] {
	const { failed, matches, fates, named, candidates, held } = runOf(run);
	const lines = run.items.map((_given, item) => {
		const error = failed.get(item);
		if (error) {
			const { description, context: about } = error as NodeOperationError;
			return `${item}: failed: ${error.message}${description ? ` (${description}; item ${String(about.itemIndex)})` : ''}`;
		}
		const match = matches.get(item)!;
		const fate = fates.get(item)!;
		const how = match.user ? `${String(match.user.id)}${match.byEmployeeId ? ' by employee ID' : ''}` : 'nobody';
		const heldWith = held.items.get(item);
		return `${item}: ${how}, ${fate.action}${isCreation(match, fate) ? ' (a creation)' : ''}${heldWith ? `, held with ${JSON.stringify(heldWith)}` : ''}`;
	});
	return [
		...lines,
		`named: ${[...named].join(' ')}`,
		`deactivate: ${candidates.map((u) => u.id).join(' ')}`,
		`held users: ${[...held.users].map(([u, item]) => `${String(u.id)} for ${item}`).join(' ')}`,
	];
}

test.each<[string, Case, string[]]>([
	[
		'by address, whatever its case; nobody for an address no user has; the rest deactivated',
		{ users: [user('ann', { email: 'Ann@Example.com' }), user('bob'), user('cyd')], items: [{ email: 'ann@example.com' }, { email: 'new@example.com' }] },
		['0: ann, write', '1: nobody, write (a creation)', 'named: ann', 'deactivate: bob cyd', 'held users: '],
	],
	[
		'Blocked users are not deactivated again',
		{ users: [user('ann'), user('blo', { status: 'Blocked' })], items: [{ email: 'ann@example.com' }] },
		['0: ann, write', 'named: ann', 'deactivate: ', 'held users: '],
	],
	['nobody is deactivated unless asked', { users: [user('ann'), user('bob')], items: [{ email: 'ann@example.com' }], deactivateMissing: false }, ['0: ann, write', 'named: ann', 'deactivate: ', 'held users: ']],
	[
		'nobody is deactivated when an item names nobody',
		{ users: [user('ann'), user('bob')], items: [{ email: 'ann@example.com' }], unnamed: 1 },
		['0: ann, write', 'named: ann', 'deactivate: ', 'held users: '],
	],
	[
		'two users at one address fail the item, and neither is deactivated',
		{ users: [user('a1', { email: 'same@example.com' }), user('a2', { email: 'SAME@example.com' }), user('bob')], items: [{ email: 'same@example.com' }] },
		[
			'0: failed: 2 Engagedly users have the email address "same@example.com" (They are same@example.com (ID a1) and SAME@example.com (ID a2): addresses that differ only in case are one address, and an address must name one user. Give each their own address in Engagedly (or pick the user by ID), then run again. Nothing was written for this item.; item 0)', 'named: a1 a2', 'deactivate: bob', 'held users: '],
	],
	[
		'an item whose row failed is not matched, but its user is not deactivated',
		{ users: [user('ann'), user('bob')], items: [{ email: 'ann@example.com', failed: true }] },
		['0: failed: bad row', 'named: ann', 'deactivate: bob', 'held users: '],
	],
	[
		'by employee ID first when asked, trimmed in Engagedly',
		{ users: [user('ann', { employee_id: ' E1 ' }), user('bob')], items: [{ email: 'ann.new@example.com', employeeId: 'E1' }], matchByEmployeeId: true },
		['0: ann by employee ID, write', 'named: ann', 'deactivate: bob', 'held users: '],
	],
	[
		'by employee ID and address naming the same user',
		{ users: [user('ann', { employee_id: 'E1' })], items: [{ email: 'ann@example.com', employeeId: 'E1' }], matchByEmployeeId: true },
		['0: ann by employee ID, write', 'named: ann', 'deactivate: ', 'held users: '],
	],
	[
		'by address when no user has the employee ID',
		{ users: [user('ann', { employee_id: 'E1' })], items: [{ email: 'ann@example.com', employeeId: 'E9' }], matchByEmployeeId: true },
		['0: ann, write', 'named: ann', 'deactivate: ', 'held users: '],
	],
	[
		'not by employee ID unless asked',
		{ users: [user('ann', { employee_id: 'E1' }), user('bob')], items: [{ email: 'bob@example.com', employeeId: 'E1' }] },
		['0: bob, write', 'named: bob', 'deactivate: ann', 'held users: '],
	],
	[
		'two users with the employee ID fail the item',
		{ users: [user('a1', { employee_id: 'E1' }), user('a2', { employee_id: 'E1' })], items: [{ email: 'x@example.com', employeeId: 'E1' }], matchByEmployeeId: true },
		[
			'0: failed: 2 Engagedly users have the employee ID "E1" (They are a1@example.com (ID a1) and a2@example.com (ID a2): give each their own employee ID in Engagedly, then run again. Nothing was written for this employee.; item 0)', 'named: a1 a2', 'deactivate: ', 'held users: '],
	],
	[
		'an employee ID of one user and the address of another fail the item',
		{ users: [user('ann', { employee_id: 'E1' }), user('bob')], items: [{ email: 'bob@example.com', employeeId: 'E1' }], matchByEmployeeId: true },
		[
			"0: failed: The employee ID \"E1\" is ann@example.com's, the address bob@example.com is another user's (Engagedly holds two users for what this item (bob@example.com, employee ID E1) says is one employee: ann@example.com (ID ann) and bob@example.com (ID bob). Merge or correct them in Engagedly, then run again. Nothing was written for this employee.; item 0)", 'named: bob ann', 'deactivate: ', 'held users: '],
	],
	[
		'one user named by two items (a rehire’s new profile by the address, the old profile by its employee ID): both fail, naming the user; nobody created or deactivated',
		{
			users: [user('ann', { employee_id: 'P17' }), user('bob')],
			items: [
				{ email: 'ann_x7k2q@example.com', employeeId: 'P17', lifecycle: { state: 'left', date: '2026-10-31' } },
				{ email: 'ann@example.com', employeeId: 'P42' },
			],
			matchByEmployeeId: true,
		},
		[
			'0: failed: 2 input items name one Engagedly user, ann@example.com (ID ann) (They are item 0 (ann_x7k2q@example.com, employee ID P17) and item 1 (ann@example.com, employee ID P42): one account is one employee\'s. If one is a former profile of the same person (a rehire\'s new profile, a transfer between systems), give the user in Engagedly the Employee ID of the row that is them now, or leave the old row out; otherwise correct the addresses or employee IDs in the HR system. Nothing was written, created or deactivated for these items.; item 0)',
			'1: failed: 2 input items name one Engagedly user, ann@example.com (ID ann) (They are item 0 (ann_x7k2q@example.com, employee ID P17) and item 1 (ann@example.com, employee ID P42): one account is one employee\'s. If one is a former profile of the same person (a rehire\'s new profile, a transfer between systems), give the user in Engagedly the Employee ID of the row that is them now, or leave the old row out; otherwise correct the addresses or employee IDs in the HR system. Nothing was written, created or deactivated for these items.; item 1)',
			'named: ann',
			'deactivate: bob',
			'held users: ',
		],
	],
	[
		'a user named by a failed row and by another row: the other fails too',
		{ users: [user('ann', { employee_id: 'E1' })], items: [{ email: 'ann@example.com', failed: true }, { email: 'new@example.com', employeeId: 'E1' }], matchByEmployeeId: true },
		[
			'0: failed: bad row',
			"1: failed: 2 input items name one Engagedly user, ann@example.com (ID ann) (They are item 0 (ann@example.com) and item 1 (new@example.com, employee ID E1): one account is one employee's. If one is a former profile of the same person (a rehire's new profile, a transfer between systems), give the user in Engagedly the Employee ID of the row that is them now, or leave the old row out; otherwise correct the addresses or employee IDs in the HR system. Nothing was written, created or deactivated for these items.; item 1)",
			'named: ann',
			'deactivate: ',
			'held users: ',
		],
	],
	[
		'a transfer: a leaver the export names and a creation of the same name are held together, neither written',
		{
			users: [user('old', { first_name: 'Nia', last_name: 'Ode', employee_id: 'A-1' }), user('bob')],
			items: [
				{ email: 'old@example.com', employeeId: 'A-1', name: ['Nia', 'Ode'], lifecycle: { state: 'left', date: '2026-11-01' } },
				{ email: 'nia@example.com', employeeId: 'B-9', name: ['Nia', 'Ode'] },
			],
			matchByEmployeeId: true,
			deactivateMissing: false,
		},
		[
			'0: old by employee ID, deactivate, held with {"item":1,"email":"nia@example.com"}',
			'1: nobody, write (a creation), held with {"id":"old","email":"old@example.com","name":null}',
			'named: old',
			'deactivate: ',
			'held users: ',
		],
	],
	[
		'not matching by employee ID, a creation whose employee ID a user holds is held, naming that user (Blocked or not)',
		{ users: [user('ann', { employee_id: 'E1', status: 'Blocked' }), user('bob')], items: [{ email: 'ann.new@example.com', employeeId: 'E1', name: ['Ann', 'New'] }, { email: 'bob@example.com' }], matchByEmployeeId: false },
		['0: nobody, write (a creation), held with {"id":"ann","email":"ann@example.com","name":null}', '1: bob, write', 'named: bob', 'deactivate: ', 'held users: '],
	],
	[
		'each fate from the lifecycle and what Engagedly holds',
		{
			users: [user('ann'), user('blo', { status: 'Blocked' }), user('cyd')],
			items: [
				{ email: 'ann@example.com', lifecycle: { state: 'left' } },
				{ email: 'blo@example.com', lifecycle: { state: 'rejoining', date: '2027-01-10' } },
				{ email: 'new@example.com', lifecycle: { state: 'notYetJoined', date: '2027-01-10' } },
				{ email: 'cyd@example.com', lifecycle: { state: 'onNotice', date: '2026-12-31' } },
			],
			daysBeforeJoining: 7,
		},
		['0: ann, deactivate', '1: blo, pending', '2: nobody, pending (a creation)', '3: cyd, write', 'named: ann blo cyd', 'deactivate: ', 'held users: '],
	],
	[
		'a creation that looks like a user to deactivate (same name, or same employee ID): both held, each user held once',
		{
			users: [user('old', { first_name: 'Nia', last_name: 'Ode' }), user('old2', { employee_id: 'E7', name: 'Old Two' }), user('bob')],
			items: [
				{ email: 'nia@example.com', name: ['NIA', ' ode'] },
				{ email: 'nia2@example.com', name: ['Nia', 'Ode'] },
				{ email: 'e7@example.com', employeeId: 'E7', name: ['Eve', 'Sev'] },
			],
		},
		[
			'0: nobody, write (a creation), held with {"id":"old","email":"old@example.com","name":null}',
			'1: nobody, write (a creation)',
			'2: nobody, write (a creation), held with {"id":"old2","email":"old2@example.com","name":"Old Two"}',
			'named: ',
			'deactivate: bob',
			'held users: old for 0 old2 for 2',
		],
	],
	[
		'a pending creation is held too; a write to a user is not',
		{
			users: [user('old', { first_name: 'Nia', last_name: 'Ode' }), user('ann', { first_name: 'Ann', last_name: 'Lee' }), user('lee', { first_name: 'Ann', last_name: 'Lee' })],
			items: [
				{ email: 'nia@example.com', name: ['Nia', 'Ode'], lifecycle: { state: 'notYetJoined', date: '2027-01-10' } },
				{ email: 'ann@example.com', name: ['Ann', 'Lee'] },
			],
			daysBeforeJoining: 7,
		},
		['0: nobody, pending (a creation), held with {"id":"old","email":"old@example.com","name":null}', '1: ann, write', 'named: ann', 'deactivate: lee', 'held users: old for 0'],
	],
	[
		'a creation with an employee ID no user has, and a name of its own, holds nobody',
		{ users: [user('bob'), user('old', { employee_id: 'E7' })], items: [{ email: 'e8@example.com', employeeId: 'E8', name: ['Eve', 'Sev'] }] },
		['0: nobody, write (a creation)', 'named: ', 'deactivate: bob old', 'held users: '],
	],
	[
		'an item whose row failed keeps its error, is not matched and holds nobody',
		{
			users: [user('a1', { email: 'same@example.com' }), user('a2', { email: 'same@example.com' }), user('old', { first_name: 'Nia', last_name: 'Ode' })],
			items: [
				{ email: 'same@example.com', failed: true },
				{ email: 'nia@example.com', name: ['Nia', 'Ode'], failed: true },
			],
		},
		['0: failed: bad row', '1: failed: bad row', 'named: a1 a2', 'deactivate: old', 'held users: '],
	],
	[
		'a leaver not in Engagedly is not a creation and holds nobody',
		{ users: [user('old', { first_name: 'Nia', last_name: 'Ode' })], items: [{ email: 'nia@example.com', name: ['Nia', 'Ode'], lifecycle: { state: 'left' } }] },
		['0: nobody, none', 'named: ', 'deactivate: old', 'held users: '],
	],
])('%s', (_name, run, lines) => {
	expect(matched(run)).toEqual(lines);
});

/** Whom the run creates (a field naming them waits for their id), whose address it changes, and whom it deactivates (each read for the Site Administrator first). */
test.each<[string, Case, { creating: string[]; deactivating: string[]; newAddresses?: Array<[string, string]> }]>([
	[
		'a user matched by employee ID under a new address is known by it; one whose address is the same, or matched by address, is not',
		{
			users: [user('ann', { employee_id: 'E1' }), user('bob', { employee_id: 'E2' }), user('cyd', { employee_id: 'E3' })],
			items: [{ email: 'ann.wed@example.com', employeeId: 'E1' }, { email: 'bob@example.com', employeeId: 'E2' }, { email: 'cyd@example.com', employeeId: 'E9' }],
			matchByEmployeeId: true,
			deactivateMissing: false,
		},
		{ creating: [], deactivating: [], newAddresses: [['ann.wed@example.com', 'ann']] },
	],
	[
		'a new hire now, and one in their window; not a user brought up to date, a leaver nobody holds, a failed row, nor a creation held as a lookalike',
		{
			users: [user('ann'), user('old', { first_name: 'Nia', last_name: 'Ode' })],
			items: [
				{ email: 'new@example.com' },
				{ email: 'pre@example.com', lifecycle: { state: 'notYetJoined', date: '2026-12-01' } },
				{ email: 'ann@example.com' },
				{ email: 'gone@example.com', lifecycle: { state: 'left' } },
				{ email: 'bad@example.com', failed: true },
				{ email: 'nia@example.com', name: ['Nia', 'Ode'] },
			],
			daysBeforeJoining: 7,
		},
		{ creating: ['new@example.com', 'pre@example.com'], deactivating: [] },
	],
	[
		'a leaver whose user is Active, and the users no item names',
		{ users: [user('ann'), user('bob'), user('cyd')], items: [{ email: 'ann@example.com', lifecycle: { state: 'left' } }, { email: 'cyd@example.com' }] },
		{ creating: [], deactivating: ['ann', 'bob'] },
	],
	[
		'a leaver with no user is nobody to deactivate',
		{ users: [user('ann')], items: [{ email: 'gone@example.com', lifecycle: { state: 'left' } }, { email: 'ann@example.com' }], deactivateMissing: false },
		{ creating: [], deactivating: [] },
	],
])('%s', (_name, run, expected) => {
	const { rows, ...found } = runOf(run);
	const people = runPeople(rows, found);
	expect({ creating: [...people.creating], deactivating: deactivating(found).map((u) => u.id), newAddresses: [...people.newAddresses] }).toEqual({ newAddresses: [], ...expected });
});
