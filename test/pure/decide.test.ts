/**
 * Sync's decision (actions/user/sync/decide.ts, `plan`) as a table: from what the read, match and
 * compare stages found (plain data), each item's and each unnamed user's step, in order, with what
 * it says. No n8n, no simulator, no request: the engine suites (test/user/sync*.test.ts) prove the
 * stages that read and write.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { SITE_ADMINISTRATOR_KEPT } from '../../nodes/Engagedly/actions/user/deactivation';
import type { Compared } from '../../nodes/Engagedly/actions/user/sync/compare';
import { decideSteps, guardRefusal, overTheGuard } from '../../nodes/Engagedly/actions/user/sync/decide';
import { newUserId } from '../../nodes/Engagedly/actions/user/sync/directory';
import type { Fate, Lifecycle } from '../../nodes/Engagedly/actions/user/sync/lifecycle';
import type { Match } from '../../nodes/Engagedly/actions/user/sync/match';
import type { Row } from '../../nodes/Engagedly/actions/user/sync/rows';
import type { Settings } from '../../nodes/Engagedly/actions/user/sync/settings';
import type { Step } from '../../nodes/Engagedly/actions/user/sync/steps';
import { fingerprintOf, personOf, stepJson } from '../../nodes/Engagedly/actions/user/sync/steps';
import type { UpsertReads } from '../../nodes/Engagedly/actions/user/upsert/write';

const reads: UpsertReads = {
	attributes: [],
	neverShown: new Set(),
	shown: new Set(),
	lists: {
		read: () => Promise.reject(new Error('plan reads nothing')),
		readAlready: () => Promise.resolve([]),
	},
	people: () => undefined,
};

const user = (id: string, extra: IDataObject = {}): IDataObject => ({ id, email: `${id}@example.com`, name: id.toUpperCase(), status: 'Active', first_name: id, last_name: 'X', ...extra });

/** One input item: its row and what the earlier stages found for it. */
interface Item {
	email: string;
	first?: string;
	user?: IDataObject;
	lifecycle?: Lifecycle;
	fate?: Fate;
	/** The body the write would send (a write fate). */
	body?: IDataObject;
	error?: Error;
	noRow?: boolean;
	heldWith?: IDataObject;
	blockReasonCode?: string;
}

interface Run {
	items: Item[];
	/** Users no item names whom the run would deactivate. */
	candidates?: IDataObject[];
	/** Users held as a lookalike of a creation: the item they look like. */
	heldUsers?: Array<[IDataObject, number]>;
	administrators?: Array<[string, boolean | Error]>;
	/** Every user read, for whose manager is leaving. */
	users?: IDataObject[];
	reactivateReturning?: boolean;
}

function planOf(run: Run): Step[] {
	const rows = new Map<number, Row>();
	const matches = new Map<number, Match>();
	const fates = new Map<number, Fate>();
	const compared = new Map<number, Compared>();
	const failed = new Map<number, Error>();
	const heldItems = new Map<number, IDataObject>();
	run.items.forEach((item, index) => {
		matches.set(index, { user: item.user ?? null, byEmployeeId: false });
		if (item.error) failed.set(index, item.error);
		// A row that could not be read is no row at all.
		if (item.noRow) return;
		const lifecycle = item.lifecycle ?? { state: 'active' };
		rows.set(index, {
			email: item.email,
			employeeId: '',
			fullName: '',
			lifecycle,
			blockReasonCode: item.blockReasonCode ?? '',
			person: { email: item.email, first_name: item.first ?? '', last_name: item.first ? 'New' : '' },
		} as unknown as Row);
		fates.set(index, item.fate ?? { action: 'write' });
		if (item.body) compared.set(index, { body: item.body, byEmployeeId: false, existing: item.user ?? null, current: item.user ?? null });
		if (item.heldWith) heldItems.set(index, item.heldWith);
	});
	const settings = { reactivateReturning: run.reactivateReturning ?? false, blockReasonCode: 'RUN' } as Settings;
	return decideSteps({
		itemCount: run.items.length,
		rows,
		matches,
		fates,
		compared,
		held: { items: heldItems, users: new Map(run.heldUsers ?? []) },
		candidates: run.candidates ?? [],
		administrators: new Map(run.administrators ?? []),
		failed,
		directory: { users: run.users ?? [], byEmail: new Map(), byEmployeeId: new Map(), byId: new Map() },
		settings,
		reads,
	});
}

/** What a step says, in one line a table can hold. */
function said(step: Step): string {
	const who = `${step.item ?? '-'} ${step.person.email} ${step.person.name ?? '(no name)'} ${step.person.id ?? '(no id)'}`;
	switch (step.kind) {
		case 'failed':
			return `failed ${who}: ${step.error?.message}`;
		case 'held':
			return `held ${who} with ${JSON.stringify(step.heldWith)}`;
		case 'kept':
			return `kept ${who}: ${step.reason === SITE_ADMINISTRATOR_KEPT ? 'Site Administrator' : step.reason}`;
		case 'deactivate':
			return `deactivate ${who} code ${step.blockReasonCode || '(none)'}${leavingOf(step)}`;
		case 'pending':
			return `pending ${who} ${step.date ?? '(no date)'}: ${step.reason}`;
		case 'leftAsIs':
			return `leftAsIs ${who}: ${step.reason}`;
		default:
			return `${step.kind} ${who} ${JSON.stringify(step.upsert.body)}${leavingOf(step)}`;
	}
}

/** Who a step says is left without a manager: only a deactivation names anyone, and only when there is someone. */
const leavingOf = (step: Step) => ('withoutManager' in step ? ` leaving ${JSON.stringify(step.withoutManager?.map((p) => p.email))}` : '');

const ann = user('ann');
const bob = user('bob');
const boss = user('boss');
const blocked = user('blo', { status: 'Blocked' });

test.each<[string, Run, string[]]>([
	['a new hire is created with the body given, named as the item names them', { items: [{ email: 'new@example.com', first: 'Nia', body: { email: 'new@example.com' } }] }, ['create 0 new@example.com Nia New (no id) {"email":"new@example.com"}']],
	['a changed user is updated with only what changed', { items: [{ email: 'ann@example.com', user: ann, body: { first_name: 'Anne', last_name: 'X' } }] }, ['update 0 ann@example.com ANN ann {"first_name":"Anne"}']],
	['a user as the item gives them is unchanged', { items: [{ email: 'ann@example.com', user: ann, body: { first_name: 'ann' } }] }, ['unchanged 0 ann@example.com ANN ann {}']],
	['a Blocked user is left blocked and reported', { items: [{ email: 'blo@example.com', user: blocked, body: { first_name: 'blo' } }] }, ['blocked 0 blo@example.com BLO blo {}']],
	[
		'a Blocked user is reactivated when asked',
		{ items: [{ email: 'blo@example.com', user: blocked, body: { first_name: 'blo' } }], reactivateReturning: true },
		['reactivate 0 blo@example.com BLO blo {}'],
	],
	['an item whose row failed fails, named by its user', { items: [{ email: 'ann@example.com', user: ann, error: new Error('bad date') }] }, ['failed 0 ann@example.com ANN ann: bad date']],
	['an item whose row failed with no user is named as given', { items: [{ email: 'new@example.com', first: 'Nia', error: new Error('bad date') }] }, ['failed 0 new@example.com Nia New (no id): bad date']],
	['an item with no name and no user has no name', { items: [{ email: 'new@example.com', error: new Error('no') }] }, ['failed 0 new@example.com (no name) (no id): no']],
	['an item whose row could not be read is named by nothing', { items: [{ email: 'new@example.com', first: 'Nia', error: new Error('no'), noRow: true }] }, ['failed 0  (no name) (no id): no']],
	[
		'a write that names a hire created in this run does not wait (the apply stage creates them first)',
		{ items: [{ email: 'ann@example.com', user: ann, body: { manager_id: newUserId('new@example.com') } }, { email: 'new@example.com', first: 'Nia', body: { email: 'new@example.com' } }] },
		[`update 0 ann@example.com ANN ann {"manager_id":"${newUserId('new@example.com')}"}`, 'create 1 new@example.com Nia New (no id) {"email":"new@example.com"}'],
	],
	[
		'a leaver is deactivated with their own code',
		{ items: [{ email: 'ann@example.com', user: ann, fate: { action: 'deactivate' }, blockReasonCode: 'OWN' }] },
		['deactivate 0 ann@example.com ANN ann code OWN'],
	],
	[
		'a leaver who is the Site Administrator is kept',
		{ items: [{ email: 'ann@example.com', user: ann, fate: { action: 'deactivate' } }], administrators: [['ann', true]] },
		['kept 0 ann@example.com ANN ann: Site Administrator'],
	],
	[
		'a leaver whose administrator check failed fails',
		{ items: [{ email: 'ann@example.com', user: ann, fate: { action: 'deactivate' } }], administrators: [['ann', new Error('429')]] },
		['failed 0 ann@example.com ANN ann: 429'],
	],
	[
		'a pre-hire waits for their window',
		{ items: [{ email: 'new@example.com', first: 'Nia', lifecycle: { state: 'notYetJoined', date: '2027-01-04' }, fate: { action: 'pending', from: '2026-12-28' } }] },
		['pending 0 new@example.com Nia New (no id) 2027-01-04: Created from 2026-12-28'],
	],
	[
		'a rehire held in Engagedly waits for their window',
		{ items: [{ email: 'blo@example.com', user: blocked, lifecycle: { state: 'rejoining', date: '2027-01-04' }, fate: { action: 'pending', from: '2027-01-04' } }] },
		['pending 0 blo@example.com BLO blo 2027-01-04: Reactivated from 2027-01-04'],
	],
	[
		'a leaver Engagedly does not have is left as is',
		{ items: [{ email: 'gone@example.com', lifecycle: { state: 'left' }, fate: { action: 'none', reason: 'Left; not in Engagedly' } }] },
		['leftAsIs 0 gone@example.com (no name) (no id): Left; not in Engagedly'],
	],
	[
		'a creation held as a lookalike, and the user it looks like after every item',
		{ items: [{ email: 'new@example.com', first: 'Nia', heldWith: { id: 'ann' } }, { email: 'bob@example.com', user: bob, body: {} }], heldUsers: [[ann, 0]] },
		['held 0 new@example.com Nia New (no id) with {"id":"ann"}', 'unchanged 1 bob@example.com BOB bob {}', 'held - ann@example.com ANN ann with {"item":0,"email":"new@example.com"}'],
	],
	[
		'users no item names are deactivated after the items, with the run code, the Site Administrator kept',
		{ items: [{ email: 'bob@example.com', user: bob, body: {} }], candidates: [ann, boss], administrators: [['boss', true]] },
		['unchanged 0 bob@example.com BOB bob {}', 'deactivate - ann@example.com ANN ann code RUN', 'kept - boss@example.com BOSS boss: Site Administrator'],
	],
	[
		'a write that names a pending hire waits for them',
		{
			items: [
				{ email: 'new@example.com', first: 'Nia', lifecycle: { state: 'notYetJoined', date: '2027-01-04' }, fate: { action: 'pending', from: '2026-12-28' } },
				{ email: 'ann@example.com', user: ann, body: { manager_id: newUserId('New@Example.com') } },
				{ email: 'bob@example.com', user: bob, body: { first_name: 'Bobby' } },
			],
		},
		[
			'pending 0 new@example.com Nia New (no id) 2027-01-04: Created from 2026-12-28',
			'pending 1 ann@example.com ANN ann 2027-01-04: Waits for new@example.com, a new hire created from 2026-12-28',
			'update 2 bob@example.com BOB bob {"first_name":"Bobby"}',
		],
	],
	[
		'a pending rehire (who has an id) is not waited for',
		{
			items: [
				{ email: 'blo@example.com', user: blocked, lifecycle: { state: 'rejoining', date: '2027-01-04' }, fate: { action: 'pending', from: '2027-01-04' } },
				{ email: 'ann@example.com', user: ann, body: { manager_id: newUserId('blo@example.com') } },
			],
		},
		['pending 0 blo@example.com BLO blo 2027-01-04: Reactivated from 2027-01-04', `update 1 ann@example.com ANN ann {"manager_id":"${newUserId('blo@example.com')}"}`],
	],
])('%s', (_name, run, steps) => {
	expect(planOf(run).map(said)).toEqual(steps);
});

describe('a deactivation names the Active users left without a manager', () => {
	const reportsTo = (id: string, manager: IDataObject | string | null, extra: IDataObject = {}) => user(id, { primary_reporter: manager, ...extra });
	const bossLeaves = (items: Item[], users: IDataObject[]) => planOf({ items: [{ email: 'boss@example.com', user: boss, fate: { action: 'deactivate' } }, ...items], users: [boss, ...users] });

	test.each<[string, Item[], IDataObject[], string[] | undefined]>([
		['reports by { id } and by id alone, in the directory order', [], [reportsTo('r1', { id: 'boss' }), reportsTo('r2', 'boss'), reportsTo('r3', { id: 'ann' })], ['r1@example.com', 'r2@example.com']],
		['not the reports of a manager who stays', [{ email: 'ann@example.com', user: ann, body: {} }], [ann, reportsTo('r3', { id: 'ann' })], undefined],
		['not a Blocked report', [], [reportsTo('r1', { id: 'boss' }, { status: 'Blocked' })], undefined],
		['not a report with no manager', [], [reportsTo('r1', null), reportsTo('r2', { id: '' }), reportsTo('r3', { name: 'x' })], undefined],
		['not a report whose step gives another manager', [{ email: 'r1@example.com', user: reportsTo('r1', { id: 'boss' }), body: { manager_id: 'ann' } }], [reportsTo('r1', { id: 'boss' })], undefined],
		[
			'a report whose step makes the leaver their manager',
			[{ email: 'r1@example.com', user: reportsTo('r1', { id: 'ann' }), body: { manager_id: 'boss' } }],
			[reportsTo('r1', { id: 'ann' })],
			['r1@example.com'],
		],
		['a report whose step changes something else', [{ email: 'r1@example.com', user: reportsTo('r1', { id: 'boss' }), body: { first_name: 'Ray' } }], [reportsTo('r1', { id: 'boss' })], ['r1@example.com']],
		['not a report who is leaving too', [{ email: 'r1@example.com', user: reportsTo('r1', { id: 'boss' }), fate: { action: 'deactivate' } }], [reportsTo('r1', { id: 'boss' })], undefined],
		[
			'not a report on notice',
			[{ email: 'r1@example.com', user: reportsTo('r1', { id: 'boss' }), lifecycle: { state: 'onNotice', date: '2026-12-31' }, body: {} }],
			[reportsTo('r1', { id: 'boss' })],
			undefined,
		],
		['not a report held as a lookalike', [{ email: 'r1@example.com', user: reportsTo('r1', { id: 'boss' }), heldWith: { id: 'x' } }], [reportsTo('r1', { id: 'boss' })], undefined],
	])('%s', (_name, items, users, leaving) => {
		const steps = bossLeaves(items, users);
		expect(steps.map(leavingOf)).toEqual([leaving ? ` leaving ${JSON.stringify(leaving)}` : '', ...items.map(() => '')]);
	});
});

test('each step carries the user as read and the fingerprint Apply Plan checks: of the fields a write sends, else of status and address alone', () => {
	const steps = planOf({
		items: [
			{ email: 'ann@example.com', user: ann, body: { first_name: 'Anne', last_name: 'X' } },
			{ email: 'new@example.com', body: { email: 'new@example.com', first_name: 'Nia' } },
			{ email: 'bob@example.com', user: bob, fate: { action: 'deactivate' } },
			{ email: 'boss@example.com', user: boss, fate: { action: 'none', reason: 'why' } },
			{ email: 'x@example.com', error: new Error('x') },
		],
		candidates: [blocked],
		heldUsers: [[user('old'), 1]],
	});
	expect(steps.map((step) => [step.kind, step.record, step.fingerprint])).toEqual([
		['update', ann, fingerprintOf(ann, ['first_name'], reads)],
		['create', undefined, fingerprintOf(null, [], reads)],
		['deactivate', bob, fingerprintOf(bob, [], reads)],
		['leftAsIs', boss, fingerprintOf(boss, [], reads)],
		['failed', undefined, ''],
		['held', user('old'), fingerprintOf(user('old'), [], reads)],
		['deactivate', blocked, fingerprintOf(blocked, [], reads)],
	]);
});

describe('the guard: how many Active users a run may deactivate as missing', () => {
	const active = (count: number, blocked = 0) => [...Array.from({ length: count }, (_, i) => user(`a${i}`)), ...Array.from({ length: blocked }, (_, i) => user(`b${i}`, { status: 'Blocked' }))];
	test.each([
		['1 of 10 at 10 %', 1, active(10), 10, undefined],
		['2 of 10 at 10 %', 2, active(10), 10, { candidates: 2, active: 10, share: 20 }],
		['1 of 10 at 9 %', 1, active(10), 9, { candidates: 1, active: 10, share: 10 }],
		['Blocked users are not counted', 1, active(4, 6), 20, { candidates: 1, active: 4, share: 25 }],
		['none of nobody', 0, [], 0, undefined],
		['none at 0 %', 0, active(3), 0, undefined],
	])('%s', (_name, candidates, directory, maxDeactivatePercent, over) => {
		expect(overTheGuard(active(candidates), directory, { maxDeactivatePercent })).toEqual(over);
	});

	test('the refusal says how many of how many, the limit, and what to check', () => {
		const node = { name: 'Sync', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters: {} };
		const refusal = guardRefusal.call({ getNode: () => node } as unknown as IExecuteFunctions, { candidates: 3, active: 7, share: (3 / 7) * 100 }, 4, { maxDeactivatePercent: 10 });
		expect(refusal.message).toBe('Refused: this sync would deactivate 3 of 7 Active users (42.9 %), more than Max Deactivate Percent (10 %)');
		expect(refusal.description).toBe(
			'Nothing was written. Check that the input holds every employee: it names 4 users, Engagedly has 7 Active users. If so many leavers are expected, raise Max Deactivate Percent for this run, or set When Over The Guard to output the plan for approval; Dry Run with a raised percentage lists who they are.',
		);
		expect(refusal.context.itemIndex).toBe(0);
	});
});

describe('what an approval carries of a step (stepJson): who, what, the body, the fingerprint, never the record', () => {
	test('a write: its item, the body and the changes; fields written uncompared when there are any', () => {
		const [update] = planOf({ items: [{ email: 'ann@example.com', user: ann, body: { first_name: 'Anne' } }] });
		expect(update.kind === 'update' && stepJson(update)).toEqual({
			kind: 'update',
			item: 0,
			user: { id: 'ann', email: 'ann@example.com', name: 'ANN' },
			body: { first_name: 'Anne' },
			changes: { first_name: { from: 'ann', to: 'Anne' } },
			fingerprint: update.fingerprint,
		});
		const [uncompared] = planOf({ items: [{ email: 'ann@example.com', user: ann, body: { hr_manager_ids: ['boss'] } }] });
		expect(uncompared.kind === 'update' && stepJson(uncompared)).toMatchObject({ body: { hr_manager_ids: ['boss'] }, notCompared: ['hr_manager_ids'] });
	});

	test('a deactivation of a user no item names: no item; the code, and who is left without a manager when anyone is', () => {
		const [alone] = planOf({ items: [], candidates: [ann] });
		expect(alone.kind === 'deactivate' && stepJson(alone)).toEqual({ kind: 'deactivate', user: personOf(ann), blockReasonCode: 'RUN', fingerprint: alone.fingerprint });
		expect(alone.kind === 'deactivate' && Object.keys(stepJson(alone))).toEqual(['kind', 'user', 'blockReasonCode', 'fingerprint']);
		const [leaving] = planOf({ items: [], candidates: [boss], users: [boss, user('r1', { primary_reporter: { id: 'boss' } })] });
		expect(leaving.kind === 'deactivate' && stepJson(leaving)).toMatchObject({ withoutManager: [{ id: 'r1', email: 'r1@example.com', name: 'R1' }] });
	});
});

describe('a fingerprint: the user as the step saw them', () => {
	test.each([
		['another status', { status: 'Blocked' }, [], false],
		['another address', { email: 'ann2@example.com' }, [], false],
		['the address in other case', { email: 'ANN@example.com' }, [], true],
		['another value of a field the step writes', { first_name: 'Anna' }, ['first_name'], false],
		['another value of a field it does not write', { first_name: 'Anna' }, ['last_name'], true],
	])('%s: the same: %s', (_name, change, wires, same) => {
		expect(fingerprintOf({ ...ann, ...change }, wires, reads) === fingerprintOf(ann, wires, reads)).toBe(same);
	});

	test('nobody (a creation) is one fingerprint, not that of any user', () => {
		expect(fingerprintOf(null, [], reads)).toBe(fingerprintOf(null, ['first_name'], reads));
		expect(fingerprintOf(null, [], reads)).not.toBe(fingerprintOf({}, [], reads));
	});

	test.each([
		[{ id: 7, email: 'a@example.com', name: 'A' }, { id: '7', email: 'a@example.com', name: 'A' }],
		[{ id: null, email: null, name: null }, { id: null, email: '', name: null }],
		[{}, { id: null, email: '', name: null }],
	])('personOf(%j)', (record: IDataObject, person) => {
		expect(personOf(record)).toEqual(person);
	});
});
