/**
 * What one write of a user is to be (actions/user/upsert/write.ts), as tables: whether the user
 * must be read on their own, the step that makes them match the body, the digests a scheduled
 * Sync trusts instead of that read, which refused creation may have met a user created meanwhile,
 * and the fields an outcome adds to the item. The engine suites (test/user/createOrUpdate, sync,
 * syncNightly) prove the reads and writes.
 */
import type { IDataObject } from 'n8n-workflow';

import { listed, readsWith, single } from '../helpers/userWrite';
import { decideUpsert, mayBeTaken, needsSingleRead, outcomeFields } from '../../nodes/Engagedly/actions/user/upsert/write';


describe('needsSingleRead: a field the list does not carry is read from the single user', () => {
	test.each([
		['only fields the list carries', { first_name: 'Ada' }, [], false],
		['HR managers, which the list leaves out', { first_name: 'Ada', hr_managers: ['5'] }, [], true],
		['HR managers, which this run found the single user does not show either', { hr_managers: ['5'] }, ['hr_managers'], false],
		['one field never shown, another not yet asked', { hr_managers: ['5'], review_date: '2026-01-10' }, ['hr_managers'], true],
	])('%s', (_name, body, neverShown, read) => {
		expect(needsSingleRead(listed, body, readsWith(neverShown))).toBe(read);
	});
});

describe('decideUpsert: the step, before anything is written', () => {
	const nothing = { changes: {}, notCompared: [] };
	const blocked = { ...listed, status: 'Blocked' };
	test.each([
		['nobody: created with the whole body', { first_name: 'Ada' }, null, null, {}, { ...nothing, kind: 'create', body: { first_name: 'Ada' }, existing: null, current: null }],
		['a name that differs: only it is sent, with what it was', { first_name: 'Ada B', last_name: 'Lovelace' }, listed, listed, {}, { kind: 'update', body: { first_name: 'Ada B' }, changes: { first_name: { from: 'Ada', to: 'Ada B' } }, notCompared: [], existing: listed, current: listed }],
		['nothing differs: unchanged, nothing sent', { first_name: 'Ada' }, listed, listed, {}, { ...nothing, kind: 'unchanged', body: {}, existing: listed, current: listed }],
		['a field the single user does not show either: written, said uncompared', { first_name: 'Ada', review_date: '2026-02-01' }, listed, listed, {}, { kind: 'update', body: { review_date: '2026-02-01' }, changes: {}, notCompared: ['review_date'], existing: listed, current: listed }],
		['compared on the single user where it was read', { hr_managers: ['5'] }, listed, single, {}, { ...nothing, kind: 'unchanged', body: {}, existing: listed, current: single }],
		['a deactivated user, Returning reports: left as they are', { first_name: 'Ada B' }, blocked, blocked, { returning: 'report' }, { ...nothing, kind: 'blocked', body: {}, existing: blocked, current: blocked }],
		['a deactivated user, Returning reactivates: reactivated, even with nothing to change', { first_name: 'Ada' }, blocked, blocked, { returning: 'reactivate' }, { ...nothing, kind: 'reactivate', body: {}, existing: blocked, current: blocked }],
		['a deactivated user, Returning unset (Create or Update): updated like anyone', { first_name: 'Ada B' }, blocked, blocked, {}, { kind: 'update', body: { first_name: 'Ada B' }, changes: { first_name: { from: 'Ada', to: 'Ada B' } }, notCompared: [], existing: blocked, current: blocked }],
		['an active user, Returning reactivates: an update, not a reactivation', { first_name: 'Ada B' }, listed, listed, { returning: 'reactivate' }, { kind: 'update', body: { first_name: 'Ada B' }, changes: { first_name: { from: 'Ada', to: 'Ada B' } }, notCompared: [], existing: listed, current: listed }],
		['another address, matched by email: not an update', { email: 'ada.l@example.test' }, listed, listed, {}, { ...nothing, kind: 'unchanged', body: {}, existing: listed, current: listed }],
		['another address, matched by employee ID: brought up to date', { email: 'ada.l@example.test' }, listed, listed, { updateEmail: true }, { kind: 'update', body: { email: 'ada.l@example.test' }, changes: { email: { from: 'ada@example.test', to: 'ada.l@example.test' } }, notCompared: [], existing: listed, current: listed }],
	] as const)('%s', (_name, body, existing, current, options, step) => {
		expect(decideUpsert(body as IDataObject, existing, current, readsWith(), options)).toEqual(step);
	});
});

test.each([
	['no refusal of Engagedly\'s (a connection failure)', undefined, false],
	['409, a conflict with another request', { status: 409, codes: [] }, true],
	['422 without codes: cannot tell', { status: 422, codes: [] }, true],
	['422 duplicate_value', { status: 422, codes: ['duplicate_value'] }, true],
	['422 duplicate_value among others', { status: 422, codes: ['missing_field', 'duplicate_value'] }, true],
	['422 with another code', { status: 422, codes: ['missing_field'] }, false],
	['400 duplicate_value: not a refusal of a value', { status: 400, codes: ['duplicate_value'] }, false],
])('mayBeTaken: %s', (_name, refusal, taken) => {
	expect(mayBeTaken(refusal)).toBe(taken);
});

test.each([
	['what changed and what was written uncompared', { outcome: 'updated' as const, changes: { level: { from: '1', to: '2' } }, notCompared: ['review_date'] }, { outcome: 'updated', changes: { level: { from: '1', to: '2' } }, notCompared: ['review_date'] }],
	['nothing known to have changed: changes empty, every item has it', { outcome: 'unchanged' as const }, { outcome: 'unchanged', changes: {} }],
	['nothing written uncompared: no such field', { outcome: 'created' as const, notCompared: [] }, { outcome: 'created', changes: {} }],
])('outcomeFields: %s', (_name, upserted, fields) => {
	expect(outcomeFields({ user: {}, ...upserted })).toEqual(fields);
});
