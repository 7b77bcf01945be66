/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * Sync's report stage (actions/user/sync/report.ts, items.ts) over plain steps: each step's item
 * (who leads, then what happened, then the detail asked for), the failures as error items, the
 * tally the router's error quotes, the Summary output, and the approval item with its signed plan.
 * No engine, no simulator: the engine suites prove that these reach n8n's output.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchResult } from '../../nodes/Engagedly/actions/types';
import type { Applied } from '../../nodes/Engagedly/actions/user/sync/apply';
import { personOf, readUserDetail, userDetailProperty, userItem } from '../../nodes/Engagedly/actions/user/sync/items';
import type { Compared } from '../../nodes/Engagedly/actions/user/sync/compare';
import { approval, confirmedDigests, report, summarise, summaryOf, tallyOf, unconfirmedUsers } from '../../nodes/Engagedly/actions/user/sync/report';
import type { Row } from '../../nodes/Engagedly/actions/user/sync/rows';
import type { Settings } from '../../nodes/Engagedly/actions/user/sync/settings';
import { isSignedBy, keyFor, keyIdOf } from '../../nodes/Engagedly/actions/user/sync/signature';
import type { Step } from '../../nodes/Engagedly/actions/user/sync/steps';
import type { UpsertStep } from '../../nodes/Engagedly/actions/user/upsert/write';

const ann = { id: 1, email: 'ann@example.com', name: 'Ann Lee', status: 'Active', first_name: 'Ann', last_name: 'Lee', job_title: { id: 3, name: 'Engineer' } };
const bob = { id: 2, email: 'bob@example.com', name: 'Bob Ode', status: 'Active' };
const cyd = { id: 3, email: 'cyd@example.com', name: null, first_name: 'Cyd', last_name: 'Vo', status: 'Active' };
const person = (user: IDataObject) => ({ id: String(user.id), email: String(user.email), name: (user.name as string | null) ?? null });
const upsert = (kind: UpsertStep['kind'], body: IDataObject = {}): UpsertStep => ({ kind, body, changes: {}, notCompared: [], existing: null, current: null });

const created = { id: 9, email: 'new@example.com', name: 'Nia New', status: 'Active' };
const steps: Step[] = [
	{ kind: 'create', item: 0, person: { id: null, email: 'new@example.com', name: 'Nia New' }, upsert: upsert('create', { email: 'new@example.com' }), fingerprint: 'f0', lifecycle: { state: 'active' } },
	{ kind: 'update', item: 1, person: person(ann), record: ann, upsert: upsert('update', { first_name: 'Anne' }), fingerprint: 'f1', lifecycle: { state: 'onNotice', date: '2026-12-31' } },
	{ kind: 'update', item: 2, person: person(bob), record: bob, upsert: upsert('update', { first_name: 'Bobby' }), fingerprint: 'f2' },
	{ kind: 'pending', item: 3, person: { id: null, email: 'pre@example.com', name: 'Pia Pre' }, date: '2027-01-04', reason: 'Waits for new@example.com, a new hire created from 2026-12-28', fingerprint: 'f3', lifecycle: { state: 'active' } },
	{ kind: 'failed', item: 4, person: { id: null, email: 'bad@example.com', name: null }, error: new NodeOperationError({ name: 'Sync' } as never, 'Joining Date is not a date', { description: 'Give YYYY-MM-DD.' }), fingerprint: '', lifecycle: { state: 'onNotice', date: '2026-12-31' } },
	{ kind: 'leftAsIs', item: 5, person: { id: null, email: 'gone@example.com', name: null }, reason: 'Left: not in Engagedly, so not created', fingerprint: 'f5', lifecycle: { state: 'left' } },
	{ kind: 'held', item: 6, person: { id: null, email: 'nia@example.com', name: 'Nia Ode' }, heldWith: { id: '3', email: 'cyd@example.com', name: null }, fingerprint: 'f6' },
	{ kind: 'held', person: person(cyd), record: cyd, heldWith: { item: 6, email: 'nia@example.com' }, fingerprint: 'f7' },
	{ kind: 'deactivate', person: person(bob), record: bob, blockReasonCode: 'LEFT', withoutManager: [person(cyd)], fingerprint: 'f8' },
	{ kind: 'kept', person: { id: '7', email: 'admin@example.com', name: 'Site Admin' }, record: { id: 7, email: 'admin@example.com', name: 'Site Admin' }, reason: 'Site Administrator', fingerprint: 'f9' },
	{ kind: 'deactivate', person: { id: '8', email: 'eve@example.com', name: 'Eve' }, record: { id: 8, email: 'eve@example.com', name: 'Eve' }, blockReasonCode: '', fingerprint: 'f10' },
	// Not applied: a Blocked user left as they are, and (in a dry run) a reactivation.
	{ kind: 'blocked', item: 7, person: { id: '4', email: 'blo@example.com', name: 'Blo' }, record: { id: 4, email: 'blo@example.com', name: 'Blo', status: 'Blocked' }, upsert: upsert('blocked'), fingerprint: 'f11' },
	{ kind: 'reactivate', item: 8, person: { id: '5', email: 're@example.com', name: 'Rea' }, record: { id: 5, email: 're@example.com', name: 'Rea', status: 'Blocked' }, upsert: upsert('reactivate'), fingerprint: 'f12' },
];
const applied = new Map<Step, Applied>([
	[steps[0], { step: steps[0], result: { user: created, outcome: 'created', changes: { email: { from: null, to: 'new@example.com' } } as never } }],
	[steps[1], { step: steps[1], result: { user: { ...ann, first_name: 'Anne' }, outcome: 'updated', changes: { first_name: { from: 'Ann', to: 'Anne' } } as never, notCompared: ['hr_manager_ids'] } }],
	[steps[2], { step: steps[2], error: new Error('429 Too Many Requests') }],
	[steps[8], { step: steps[8], result: { user: { ...bob, status: 'Blocked' }, outcome: 'deactivated' } }],
	[steps[10], { step: steps[10], error: new Error('timed out') }],
]);
// An item with no user to show is shown as its row gives the employee.
const rows = new Map<number, Row>(
	(
		[
			[3, { email: 'pre@example.com', first_name: 'Pia', last_name: 'Pre' }],
			[5, { email: 'gone@example.com', first_name: 'Gus', last_name: '' }],
			[6, { email: 'nia@example.com', first_name: 'Nia', last_name: 'Ode' }],
		] as Array<[number, IDataObject]>
	).map(([item, given]) => [item, { person: given } as unknown as Row]),
);
const settings = (extra: Partial<Settings> = {}) => ({ userDetail: 'person', dryRun: false, summary: false, ...extra }) as Settings;

/** Ann (item 1) waits for her turn for the fields only her single answer carries. */
const waiting = { fields: ['birth_date', 'hr_managers'], turn: '2026-12-05' };
const compared = new Map<number, Compared>([[1, { body: {}, byEmployeeId: false, existing: null, current: null, waiting }]]);

const json = (result: BatchResult) => ('json' in result ? result.json : { error: result.error.message, ...('item' in result ? { item: result.item } : { user: result.user }) });

describe('report: an item per step', () => {
	test('who, then what happened; errors as error items naming their item, or the user no item names', () => {
		expect(report(steps, applied, rows, settings(), compared).map(json)).toEqual([
			{ name: 'Nia New', email: 'new@example.com', id: '9', outcome: 'created', changes: { email: { from: null, to: 'new@example.com' } } },
			{ name: 'Ann Lee', email: 'ann@example.com', id: '1', lifecycle: 'onNotice', date: '2026-12-31', outcome: 'updated', changes: { first_name: { from: 'Ann', to: 'Anne' } }, notCompared: ['hr_manager_ids'], waitingForTurn: waiting },
			{ error: '429 Too Many Requests', item: 2 },
			{ name: 'Pia Pre', email: 'pre@example.com', id: null, outcome: 'pending', date: '2027-01-04', reason: 'Waits for new@example.com, a new hire created from 2026-12-28' },
			{ error: 'Joining Date is not a date', item: 4 },
			{ name: 'Gus', email: 'gone@example.com', id: null, lifecycle: 'left', date: null, outcome: 'unchanged', reason: 'Left: not in Engagedly, so not created' },
			{ name: 'Nia Ode', email: 'nia@example.com', id: null, outcome: 'held', heldWith: { id: '3', email: 'cyd@example.com', name: null } },
			{ name: 'Cyd Vo', email: 'cyd@example.com', id: '3', outcome: 'held', heldWith: { item: 6, email: 'nia@example.com' } },
			{ name: 'Bob Ode', email: 'bob@example.com', id: '2', outcome: 'deactivated', withoutManager: [person(cyd)] },
			{ name: 'Site Admin', email: 'admin@example.com', id: '7', outcome: 'kept', reason: 'Site Administrator' },
			{ error: 'timed out', user: { id: '8', email: 'eve@example.com' } },
			{ name: 'Blo', email: 'blo@example.com', id: '4', outcome: 'blocked', reason: null },
			{ name: 'Rea', email: 're@example.com', id: '5', outcome: 'reactivate', reason: null },
		]);
	});

	test('each item is paired with its input item; the users no item names with none', () => {
		expect(report(steps, applied, rows, settings(), compared).map((result) => ('item' in result ? result.item : '-'))).toEqual([0, 1, 2, 3, 4, 5, 6, '-', '-', '-', '-', 7, 8]);
	});
});

describe('what an item carries of its user (User Details)', () => {
	const outcome = { outcome: 'updated', changes: {} };
	test.each([
		['person', { name: 'Ann Lee', email: 'ann@example.com', id: '1', outcome: 'updated', changes: {} }],
		[
			'simplified',
			{
				name: 'Ann Lee',
				email: 'ann@example.com',
				id: '1',
				outcome: 'updated',
				changes: {},
				status: 'Active',
				job_title: 'Engineer',
				location: null,
				manager: null,
				departments: null,
				employee_id: null,
				joining_date: null,
			},
		],
		['full', { name: 'Ann Lee', email: 'ann@example.com', id: '1', outcome: 'updated', changes: {}, status: 'Active', first_name: 'Ann', last_name: 'Lee', job_title: { id: 3, name: 'Engineer' } }],
	] as const)('%s', (detail, item) => {
		const made = userItem(ann, detail, outcome);
		expect(made).toEqual(item);
		expect(Object.keys(made).slice(0, 5)).toEqual(['name', 'email', 'id', 'outcome', 'changes']);
	});

	test('the option: User Details, Name, Email and ID by default, shown where asked; the docs name each choice as the editor does', () => {
		const property = userDetailProperty({ operation: ['sync'] });
		expect(property).toMatchObject({ displayName: 'User Details', name: 'userDetail', type: 'options', default: 'person', displayOptions: { show: { operation: ['sync'] } } });
		expect(property.options?.map((option) => 'value' in option && option.value)).toEqual(['person', 'simplified', 'full']);
		const docs = readFileSync(join(__dirname, '../../docs/engagedly-node.md'), 'utf8').replace(/\s+/g, ' ');
		for (const option of property.options ?? []) expect(docs).toContain(`**${option.name}**`);
	});

	test.each([
		['simplified', 'simplified'],
		['full', 'full'],
		['person', 'person'],
		['something else', 'person'],
		[undefined, 'person'],
	])('User Details %j reads as %j', (given, detail) => {
		const asked: unknown[] = [];
		const context = { getNodeParameter: (...args: unknown[]) => (asked.push(args), given ?? args[2]) } as unknown as IExecuteFunctions;
		expect(readUserDetail.call(context)).toBe(detail);
		expect(asked).toEqual([['userDetail', 0, 'person']]);
	});

	test('what happened wins over a user field of the same name, and the id is text', () => {
		expect(userItem({ id: 5, email: 'x@example.com', outcome: 'theirs', name: 'X' }, 'full', { outcome: 'created' })).toEqual({ name: 'X', email: 'x@example.com', id: '5', outcome: 'created' });
	});

	test.each([
		[{ first_name: 'Ann', last_name: ' ', email: ' ', id: null }, { name: 'Ann', email: null, id: null }],
		[{ name: '', first_name: null, last_name: 'Lee' }, { name: 'Lee', email: null, id: null }],
		[{}, { name: null, email: null, id: null }],
	])('personOf(%j)', (user: IDataObject, who) => {
		expect(personOf(user)).toEqual(who);
	});
});

describe('summarise: the run output, its tally and the Summary', () => {
	const results = report(steps, applied, rows, settings(), compared);

	test('per employee: every item leads with the outcome fields any item has, blank where they do not apply, and the comparison', () => {
		const run = summarise(results, 7, settings(), steps, 'incremental');
		const items = run.results.filter((result) => 'json' in result).map(json);
		expect(items.map((item) => Object.keys(item).slice(0, 12))).toEqual(
			items.map(() => ['name', 'email', 'id', 'outcome', 'changes', 'notCompared', 'waitingForTurn', 'reason', 'heldWith', 'lifecycle', 'date', 'withoutManager']),
		);
		expect(items[2]).toStrictEqual({
			name: 'Pia Pre',
			email: 'pre@example.com',
			id: null,
			outcome: 'pending',
			changes: {},
			notCompared: [],
			waitingForTurn: null,
			reason: 'Waits for new@example.com, a new hire created from 2026-12-28',
			heldWith: null,
			lifecycle: null,
			date: '2027-01-04',
			withoutManager: [],
			comparison: 'incremental',
		});
		expect(items[0]).toEqual({
			name: 'Nia New',
			email: 'new@example.com',
			id: '9',
			outcome: 'created',
			changes: { email: { from: null, to: 'new@example.com' } },
			notCompared: [],
			waitingForTurn: null,
			reason: null,
			heldWith: null,
			lifecycle: null,
			date: null,
			withoutManager: [],
			comparison: 'incremental',
		});
		expect(run.results.filter((result) => 'error' in result)).toHaveLength(3);
		expect(run.tally).toBe('1 created, 1 updated, 0 rewritten, 1 unchanged, 0 reactivated, 1 blocked, 2 held, 1 deactivated, 1 kept, 3 failed, 1 pending, 1 reactivate');
		expect(run.rest).toBe('Everything else was applied.');
	});

	test('an item with only the person keeps them first and adds no outcome field no item has', () => {
		const only = [{ json: { name: 'A', email: 'a@example.com', id: '1', outcome: 'unchanged' } }];
		expect(summarise(only, 1, settings(), [], 'full').results).toEqual([{ json: { name: 'A', email: 'a@example.com', id: '1', outcome: 'unchanged', comparison: 'full' } }]);
	});

	test('a dry run says nothing was written; a run that may hold hires back counts pending before failed', () => {
		const run = summarise(results.slice(0, 2), 2, settings({ dryRun: true, daysBeforeJoining: 7 }), steps, 'full');
		expect(run.tally).toBe('1 created, 1 updated, 0 rewritten, 0 unchanged, 0 reactivated, 0 blocked, 0 held, 0 deactivated, 0 kept, 0 pending, 0 failed (dry run: nothing was written)');
		expect(run.rest).toBe('Nothing was written: this was a dry run.');
		// Each item says so on itself, last; a real run's items have no such key.
		expect(run.results.map((result) => Object.entries(json(result)).at(-1))).toEqual([
			['dryRun', true],
			['dryRun', true],
		]);
		expect(summarise(results.slice(0, 2), 2, settings(), steps, 'full').results.some((result) => 'dryRun' in json(result))).toBe(false);
	});

	test('Summary: one item paired with every input item (counts, addresses, who is on notice, who loses their manager), then the failures', () => {
		const run = summarise(results, 3, settings({ summary: true }), steps, 'full');
		expect(run.results.map(json)).toEqual([
			{
				dryRun: false,
				comparison: 'full',
				counts: { created: 1, updated: 1, rewritten: 0, unchanged: 1, reactivated: 0, blocked: 1, held: 2, deactivated: 1, kept: 1, failed: 3, pending: 1, reactivate: 1 },
				emails: {
					created: ['new@example.com'],
					updated: ['ann@example.com'],
					rewritten: [],
					unchanged: ['gone@example.com'],
					reactivated: [],
					blocked: ['blo@example.com'],
					held: ['nia@example.com', 'cyd@example.com'],
					deactivated: ['bob@example.com'],
					kept: ['admin@example.com'],
					failed: ['item 2', 'item 4', 'eve@example.com'],
					pending: ['pre@example.com'],
					reactivate: ['re@example.com'],
				},
				waitingForTurn: { users: 1, fields: ['birth_date', 'hr_managers'], everyoneComparedBy: '2026-12-05' },
				onNotice: [{ email: 'ann@example.com', date: '2026-12-31' }],
				withoutManager: ['cyd@example.com'],
			},
			{ error: '429 Too Many Requests', item: 2 },
			{ error: 'Joining Date is not a date', item: 4 },
			{ error: 'timed out', user: { id: '8', email: 'eve@example.com' } },
		]);
		expect(run.results[0]).toMatchObject({ item: [0, 1, 2] });
	});

	test('Summary of a run with nobody on notice or losing a manager leaves those out', () => {
		const run = summarise(results.slice(0, 1), 1, settings({ summary: true }), steps.slice(0, 1), 'full');
		expect(Object.keys(json(run.results[0]))).toEqual(['dryRun', 'comparison', 'counts', 'emails']);
	});

	test('summaryOf and tallyOf: the outcomes asked for first, 0 where none, then any other', () => {
		const some: BatchResult[] = [{ json: { outcome: 'applied', email: 'a@example.com' } }, { json: { outcome: 'stale' } }, { error: new Error('x'), item: 3 }];
		expect(summaryOf(some, ['applied', 'skipped'])).toEqual({
			counts: { applied: 1, skipped: 0, stale: 1, failed: 1 },
			emails: { applied: ['a@example.com'], skipped: [], stale: ['item ?'], failed: ['item 3'] },
		});
		expect(tallyOf(some, ['applied', 'skipped'])).toBe('1 applied, 0 skipped, 1 stale, 1 failed');
		expect(summaryOf([])).toEqual({ counts: {}, emails: {} });
		expect(tallyOf([])).toBe('');
	});
});

describe('approval: the plan for a person to approve, signed', () => {
	const key = keyFor('secret');
	const over = new NodeOperationError({ name: 'Sync' } as never, 'Refused: this sync would deactivate 2 of 10 Active users (20.0 %), more than Max Deactivate Percent (10 %)');
	const run = approval(steps, over, 3, key, new Date('2026-11-28T06:00:00Z'), false);
	const item = json(run.results[0]);

	test('one item paired with every input item; nothing written', () => {
		expect(run.results).toHaveLength(1);
		expect(run.results[0]).toMatchObject({ item: [0, 1, 2] });
		expect(run.tally).toBe('approval needed: 2 deactivated, nothing written');
		expect(run.rest).toBe('Nothing was written: the plan waits for approval.');
		expect(item).toMatchObject({
			outcome: 'approvalNeeded',
			reason: over.message,
			dryRun: false,
			counts: { create: 1, update: 2, reactivate: 1, deactivate: 2, kept: 1, held: 2, pending: 1, unchanged: 1, blocked: 1, failed: 1 },
			names: { create: ['Nia New <new@example.com>'], update: ['Ann Lee <ann@example.com>', 'Bob Ode <bob@example.com>'], reactivate: ['Rea <re@example.com>'], deactivate: ['Bob Ode <bob@example.com>', 'Eve <eve@example.com>'] },
			withoutManager: ['cyd@example.com'],
			failed: [{ item: 4, email: 'bad@example.com', error: 'Joining Date is not a date', description: 'Give YYYY-MM-DD.' }],
		});
	});

	test('the message names who goes, who loses their manager, who else is written and what failed', () => {
		expect(item.message).toBe(
			[
				`Engagedly Sync waits for approval. ${over.message}.`,
				'To deactivate (2):',
				'- Bob Ode <bob@example.com>',
				'- Eve <eve@example.com>',
				'Left without a manager (1):',
				'- cyd@example.com',
				'To create (1):',
				'- Nia New <new@example.com>',
				'To update (2):',
				'- Ann Lee <ann@example.com>',
				'- Bob Ode <bob@example.com>',
				'To reactivate (1):',
				'- Rea <re@example.com>',
				'Rows that failed, not in the plan (1):',
				'- item 4 bad@example.com: Joining Date is not a date',
				'Nothing has been written.',
			].join('\n'),
		);
	});

	test('the plan carries the writing steps only, when it was made, the id of its key, that it is no dry run, the failures, and a signature of all that by the key', () => {
		const { signature, ...content } = item.plan as IDataObject;
		expect((content.steps as IDataObject[]).map((step) => step.kind)).toEqual(['create', 'update', 'update', 'deactivate', 'deactivate', 'reactivate']);
		expect(content).toMatchObject({ version: 3, plannedAt: '2026-11-28T06:00:00.000Z', keyId: keyIdOf(key), dryRun: false, failed: item.failed });
		expect(Object.keys(content)).toEqual(['version', 'plannedAt', 'keyId', 'dryRun', 'steps', 'failed']);
		expect(isSignedBy(key, content, signature)).toBe(true);
		expect(isSignedBy(keyFor('another'), content, signature)).toBe(false);
		// The key's id names the key and nothing more: another key, another id; neither key in it.
		expect(keyIdOf(keyFor('another'))).not.toBe(keyIdOf(key));
		expect(keyIdOf(key)).toMatch(/^[\w-]{12}$/);
	});

	test('a dry run’s plan says so inside what is signed, and its item, message, tally and rest say it is a preview', () => {
		const preview = approval(steps, over, 3, key, new Date('2026-11-28T06:00:00Z'), true);
		const previewed = json(preview.results[0]);
		const { signature, ...content } = previewed.plan as IDataObject;
		expect(content.dryRun).toBe(true);
		expect(isSignedBy(key, content, signature)).toBe(true);
		// Marked a real run's plan instead, its signature no longer holds.
		expect(isSignedBy(key, { ...content, dryRun: false }, signature)).toBe(false);
		expect(previewed.dryRun).toBe(true);
		expect(String(previewed.message).split('\n').slice(0, 2)).toEqual([
			`Engagedly Sync waits for approval. ${over.message}.`,
			'This was a dry run: the plan is a preview, and Apply Plan refuses it. Run Sync without Dry Run for a plan to approve.',
		]);
		expect(preview.tally).toBe('approval needed: 2 deactivated, nothing written (dry run: the plan is a preview)');
		expect(preview.rest).toBe('Nothing was written: this was a dry run, and its plan is a preview Apply Plan refuses.');
	});

	test.each<[string, { item?: number; email: string }, IDataObject, string[], string]>([
		['no item', { email: 'eve@example.com' }, {}, ['email', 'error'], '- eve@example.com: x'],
		['no address', { item: 3, email: '' }, {}, ['item', 'email', 'error'], '- item 3: x'],
		['an empty description', { item: 3, email: 'a@example.com' }, { description: '' }, ['item', 'email', 'error'], '- item 3 a@example.com: x'],
		['a description that is not text', { item: 3, email: 'a@example.com' }, { description: 5 }, ['item', 'email', 'error'], '- item 3 a@example.com: x'],
	])('a failure with %s: only what it has, said plainly, in a message of nothing else', (_name, { item, email }, extra, keys, line) => {
		const failed: Step = { kind: 'failed', item, person: { id: null, email, name: null }, error: Object.assign(new Error('x'), extra), fingerprint: '' };
		const plain = json(approval([failed], over, 0, key, new Date(0), false).results[0]);
		expect(Object.keys((plain.failed as IDataObject[])[0])).toEqual(keys);
		// The lists with nobody in them are left out.
		expect(plain.message).toBe(`Engagedly Sync waits for approval. ${over.message}.\nRows that failed, not in the plan (1):\n${line}\nNothing has been written.`);
	});
});

describe('confirmedDigests: what a scheduled Sync saves of the fields only single users carry', () => {
	const existing = (id: number) => ({ ...upsert('update'), existing: { id, email: `u${id}@example.com` } });
	const write = (kind: 'update' | 'unchanged' | 'blocked', item: number, id: number): Step => ({ kind, item, person: { id: String(id), email: `u${id}@example.com`, name: null }, upsert: { ...existing(id), kind }, fingerprint: '' });
	const compared = (digests: Record<number, string | undefined>) => new Map<number, Compared>(Object.entries(digests).map(([item, digest]) => [Number(item), { body: {}, byEmployeeId: false, existing: null, current: null, digest }]));
	const ok = (step: Step): [Step, Applied] => [step, { step, result: { user: {}, outcome: 'updated' } }];

	test('an employee written or found unchanged, by their user id; not one who failed, was left blocked, created, compared without a digest, or has no result', () => {
		const updated = write('update', 0, 10);
		const unchanged = write('unchanged', 1, 11);
		const failedWrite = write('update', 2, 12);
		const blocked = write('blocked', 3, 13);
		const noDigest = write('update', 4, 14);
		const noResult = write('update', 5, 15);
		const creation: Step = { kind: 'create', item: 6, person: { id: null, email: 'new@example.com', name: null }, upsert: upsert('create'), fingerprint: '' };
		const deactivation: Step = { kind: 'deactivate', item: 7, person: { id: '17', email: 'u17@example.com', name: null }, blockReasonCode: '', fingerprint: '' };
		const noItem: Step = { ...write('update', 0, 18), item: undefined };
		const applied = new Map<Step, Applied>([
			ok(updated),
			ok(unchanged),
			[failedWrite, { step: failedWrite, result: { user: {}, outcome: 'updated' }, error: new Error('refused') }],
			ok(blocked),
			ok(noDigest),
			[noResult, { step: noResult }],
			ok(creation),
			ok(deactivation),
			ok(noItem),
		]);
		const digests = compared({ 0: 'd0', 1: 'd1', 2: 'd2', 3: 'd3', 4: undefined, 5: 'd5', 6: 'd6', 7: 'd7' });
		expect([...confirmedDigests(applied, digests)]).toEqual([
			['10', 'd0'],
			['11', 'd1'],
		]);
	});

	test('unconfirmedUsers: users compared with a digest but not confirmed (read next run); not those confirmed, created, or compared without a digest or waiting for their turn', () => {
		const entry = (id: string | null, digest?: string, turn?: string): Compared => ({ body: {}, byEmployeeId: false, existing: id === null ? null : { id }, current: null, digest, ...(turn ? { waiting: { fields: ['birth_date'], turn } } : {}) });
		const all = new Map<number, Compared>([
			[0, entry('10', 'd0')],
			[1, entry('12', 'd2')],
			[2, entry(null, 'd3')],
			[3, entry('14')],
			[4, entry('15', undefined, '2026-12-05')],
		]);
		expect(unconfirmedUsers(all, new Map([['10', 'd0']]))).toEqual(['12']);
	});
});
