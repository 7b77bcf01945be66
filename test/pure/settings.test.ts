/**
 * Sync's run settings (actions/user/sync/settings.ts, readSettings) as a table, over a context
 * that only holds parameters: each setting as the editor gives it, the checks that refuse a run
 * before any request (a value of the wrong type is parameters/check.ts's, tested in
 * check.test.ts), and the reading's fallbacks, which must be the editor's own defaults.
 * Apply Plan reads Rate Limit Share the same way. test/user/sync.test.ts runs the settings through
 * n8n's engine, and proves a refused setting sends nothing.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { DateTime } from 'luxon';

import { runFields } from '../../nodes/Engagedly/actions/user/sync/description';
import { readRateLimitShare, readSettings } from '../../nodes/Engagedly/actions/user/sync/settings';

/** A node holding `parameters` (n8n hands a parameter it lacks as the fallback asked for). */
const contextOf = (parameters: IDataObject, timezone = 'UTC') =>
	({
		getNodeParameter: (name: string, _item: number, fallback?: unknown) => {
			const value = name.split('.').reduce<unknown>((held, key) => (held as IDataObject | undefined)?.[key], parameters);
			return value === undefined ? fallback : value;
		},
		getNode: () => ({ name: 'Sync', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters }),
		getTimezone: () => timezone,
	}) as unknown as IExecuteFunctions;

const settingsOf = (parameters: IDataObject, timezone?: string) => readSettings.call(contextOf(parameters, timezone));

/** Every run parameter at the default its description gives (a collection's options at theirs). */
function editorDefaults(properties: INodeProperties[]): IDataObject {
	const defaults: IDataObject = {};
	for (const property of properties) {
		if (property.type === 'notice') continue;
		defaults[property.name] =
			property.type === 'collection' ? editorDefaults((property.options ?? []) as INodeProperties[]) : (property.default as IDataObject[keyof IDataObject]);
	}
	return defaults;
}

test('a parameter the node does not hold reads as the editor’s default', () => {
	const defaults = editorDefaults(runFields);
	expect(Object.keys(defaults).sort()).toEqual(
		['blockReasonCode', 'createNewHires', 'daysBeforeJoining', 'deactivateMissing', 'dryRun', 'fullComparisonEvery', 'fullComparisonNow', 'leftStatuses', 'managersGivenBy', 'matchByEmployeeId', 'maxDeactivatePercent', 'options', 'output', 'reactivateReturning', 'userDetail', 'whenOverGuard'].sort(),
	);
	expect(settingsOf({})).toEqual(settingsOf(defaults));
	// ...and with each choice turned the other way, the fallbacks of the settings it reveals.
	expect(settingsOf({ deactivateMissing: true, createNewHires: 'beforeJoining' })).toEqual(settingsOf({ ...defaults, deactivateMissing: true, createNewHires: 'beforeJoining' }));
});

test('a run given nothing: the editor’s defaults, every switch off but matching by Employee ID', () => {
	expect(settingsOf({})).toEqual({
		today: DateTime.utc().toISODate(),
		leftStatuses: new Set(['terminated', 'inactive', 'false']),
		daysBeforeJoining: undefined,
		outputPlan: false,
		matchByEmployeeId: true,
		managersGivenBy: 'idOrEmail',
		reactivateReturning: false,
		deactivateMissing: false,
		blockReasonCode: '',
		maxDeactivatePercent: 10,
		dryRun: false,
		summary: false,
		userDetail: 'person',
		fullComparisonEvery: 7,
		fullComparisonNow: false,
		rateLimitShare: 0.75,
	});
});

test('each setting as given', () => {
	expect(
		settingsOf({
			matchByEmployeeId: false,
			managersGivenBy: 'employeeId',
			reactivateReturning: true,
			deactivateMissing: true,
			blockReasonCode: '  LEFT ',
			maxDeactivatePercent: 25,
			whenOverGuard: 'outputPlan',
			leftStatuses: ' Terminated ,, Retired,FALSE , ',
			createNewHires: 'beforeJoining',
			daysBeforeJoining: 14,
			fullComparisonEvery: 3,
			fullComparisonNow: true,
			dryRun: true,
			output: 'summary',
			userDetail: 'full',
			options: { rateLimitShare: 40 },
		}),
	).toEqual({
		today: DateTime.utc().toISODate(),
		leftStatuses: new Set(['terminated', 'retired', 'false']),
		daysBeforeJoining: 14,
		outputPlan: true,
		matchByEmployeeId: false,
		managersGivenBy: 'employeeId',
		reactivateReturning: true,
		deactivateMissing: true,
		blockReasonCode: 'LEFT',
		maxDeactivatePercent: 25,
		dryRun: true,
		summary: true,
		userDetail: 'full',
		fullComparisonEvery: 3,
		fullComparisonNow: true,
		rateLimitShare: 0.4,
	});
});

test.each<[string, IDataObject, Partial<ReturnType<typeof settingsOf>>]>([
	['the plan is output only for a run that deactivates', { whenOverGuard: 'outputPlan' }, { outputPlan: false }],
	['a run that deactivates and refuses over the guard', { deactivateMissing: true, whenOverGuard: 'refuse' }, { outputPlan: false }],
	['Days Before Joining counts only when new hires wait for it', { createNewHires: 'atOnce', daysBeforeJoining: 5 }, { daysBeforeJoining: undefined }],
	['on their joining day', { createNewHires: 'beforeJoining', daysBeforeJoining: 0 }, { daysBeforeJoining: 0 }],
	['Max Deactivate Percent at its edges', { deactivateMissing: true, maxDeactivatePercent: 0 }, { maxDeactivatePercent: 0 }],
	['Max Deactivate Percent 100', { deactivateMissing: true, maxDeactivatePercent: '100' }, { maxDeactivatePercent: 100 }],
	['Max Deactivate Percent is not checked for a run that deactivates nobody', { deactivateMissing: false, maxDeactivatePercent: 500 }, { maxDeactivatePercent: 500 }],
	['no left statuses', { leftStatuses: ' , ' }, { leftStatuses: new Set() }],
])('%s', (_name, parameters, expected) => {
	expect(settingsOf(parameters)).toMatchObject(expected);
});

test('today is the workflow’s day in its time zone, not the server’s', () => {
	// Kiritimati is UTC+14 and Niue UTC-11: one of the two is on another day than UTC at any instant.
	const days = ['Pacific/Kiritimati', 'Pacific/Niue'].map((zone) => settingsOf({}, zone).today);
	expect(days).toEqual(['Pacific/Kiritimati', 'Pacific/Niue'].map((zone) => DateTime.now().setZone(zone).toISODate()));
	expect(new Set(days).size).toBe(2);
});

const refusal = (message: string, description: string) => expect.objectContaining({ message, description, context: expect.objectContaining({ itemIndex: 0 }) });
test.each<[string, IDataObject, ReturnType<typeof refusal>]>([
	...[-1, 100.5].map((percent): [string, IDataObject, ReturnType<typeof refusal>] => [
		`Max Deactivate Percent ${String(percent)}`,
		{ deactivateMissing: true, maxDeactivatePercent: percent },
		refusal('Max Deactivate Percent must be a number from 0 to 100', 'Nothing was read or written.'),
	]),
	...[-1, 2.5].map((days): [string, IDataObject, ReturnType<typeof refusal>] => [
		`Days Before Joining ${String(days)}`,
		{ createNewHires: 'beforeJoining', daysBeforeJoining: days },
		refusal('Days Before Joining must be a whole number from 0', 'Give how many days before their Joining Date a new employee is created. Nothing was read or written.'),
	]),
	['a choice the node does not offer', { whenOverGuard: 'ask' }, refusal('When Over The Guard must be one of "refuse", "outputPlan" (got "ask")', 'Fix the value (or the expression that gives it) in the node. Nothing was sent to Engagedly.')],
])('refused before any request: %s', (_name, parameters, error) => {
	let thrown: unknown;
	try {
		settingsOf(parameters);
	} catch (caught) {
		thrown = caught;
	}
	expect(thrown).toEqual(error);
});

/** Sync's and Apply Plan's Rate Limit Share: the part of the key's window a run may spend, 1 to 100 %. */
const readShare = (share: unknown) =>
	readRateLimitShare.call({
		getNodeParameter: () => share,
		getNode: () => ({ name: 'Engagedly', type: 'n8n-nodes-engagedly.engagedly', typeVersion: 1, position: [0, 0], parameters: {} }),
	} as unknown as IExecuteFunctions);

test.each([
	[1, 0.01],
	[100, 1],
	[25, 0.25],
	['40', 0.4],
])('%j %% is %d of the window', (share, part) => {
	expect(readShare(share)).toBe(part);
});

test.each([0, 0.5, 100.5, 101, 'half', Number.NaN, Number.POSITIVE_INFINITY])('%j is refused, saying the range', (share) => {
	expect(() => readShare(share)).toThrow(`Rate Limit Share (%) must be a number from 1 to 100 (got "${String(Number(share))}")`);
});

test('the refusal says what to set, on item 0', () => {
	expect(() => readShare(0)).toThrow(
		expect.objectContaining({ description: 'Set how much of the API key’s rate limit this run may use. Nothing was read or written.', context: expect.objectContaining({ itemIndex: 0 }) }),
	);
});
