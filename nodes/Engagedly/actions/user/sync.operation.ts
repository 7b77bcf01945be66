import type { IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ItemScope } from '../../transport/request';
import type { BatchRun } from '../types';
import { upsertReads } from './upsert/upsert';
import { writeState } from '../../staticData';
import { nextDigestState, comparisonFor, readDigestState } from './sync/digests';
import { liveUserAttributes } from './fields/customAttributes';
import { readAdministrators, readComparisons } from './sync/compare';
import { decideSteps, guardRefusal, overTheGuard } from './sync/decide';
import { readDirectory } from './sync/directory';
import { deactivating, matchRun, runPeople } from './sync/match';
import { checkBlockReasonCodes } from './sync/codes';
import { readRows } from './sync/rows';
import { applySteps } from './sync/apply';
import { approval, confirmedDigests, report, summarise, unconfirmedUsers } from './sync/report';
import { planKey } from './sync/signature';
import { itemFields, runFields } from './sync/description';
import { readSettings } from './sync/settings';
import { userFieldNames } from '../../people/editorPlaces';

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['sync'] } }, [
	runFields[0],
	...itemFields,
	...runFields.slice(1),
]);

/**
 * Sync: each input item is one employee (Create's fields, mapped per item). The run is stages
 * over data, and every input of the steps is named here: read (the settings, every item's row,
 * the directory in ceil(N/50) pages), match (by email whatever the case, by employee ID first when
 * asked; each employee's fate from their lifecycle), guard, compare (what each write needs), decide
 * (each employee's and each user's step, plain data), apply (or, in a dry run, preview) and report. One
 * employee's problem is their item's error; the rest of the sync goes on, and the router ends the
 * run in error afterwards unless Continue On Fail is on.
 */
export async function executeAll(this: IExecuteFunctions, itemCount: number, itemZero: ItemScope): Promise<BatchRun> {
	const settings = readSettings.call(this);
	// Every request of the run spends only its share of the key's rate, leaving the rest to the key's other executions.
	const request: ItemScope = { ...itemZero, rateLimitShare: settings.rateLimitShare };
	// Read once here and replaced once at the end: a run that stops before then saves nothing.
	const staticData = this.getWorkflowStaticData('node');
	const comparison = comparisonFor(readDigestState(staticData), {
		manual: this.getMode() === 'manual',
		dryRun: settings.dryRun,
		fullEveryDays: settings.fullComparisonEvery,
		fullNow: settings.fullComparisonNow,
		now: Date.now(),
	});
	const failed = new Map<number, Error>();

	// Read: every item's row first, so that nobody is acted on for a bad row; then the directory.
	const attributes = await liveUserAttributes.call(this, request);
	// Engagedly's words about a field sent name the editor's field, a custom attribute its label.
	const named: ItemScope = { ...request, fieldNames: userFieldNames('create', { attributes }) };
	const scopeOf = (item: number | undefined): ItemScope => (item === undefined ? named : { ...named, itemIndex: item });
	const { rows, unnamed } = await readRows.call(this, itemCount, settings, { attributes, request: scopeOf, failed });
	await checkBlockReasonCodes.call(this, rows, settings, scopeOf, failed);
	const directory = await readDirectory.call(this, request);

	// Match, then the guard, before any comparison is read: a refused run should not spend them.
	const matched = matchRun.call(this, rows, unnamed, directory, settings, failed);
	const over = overTheGuard(matched.candidates, directory.users, settings);
	const refusal = over && guardRefusal.call(this, over, matched.named.size, settings);
	if (refusal && !settings.outputPlan) throw refusal;

	// Compare: what the steps are decided on, read before them. What comparisons share is read once and
	// handed on: the attribute definitions, the lists read for names, the people by id.
	const reads = await upsertReads.call(this, request, { attributes, people: (id) => directory.byId.get(id), shown: new Set(comparison.shown) });
	const people = runPeople(rows, matched);
	const compared = await readComparisons.call(this, { ...matched, rows, directory, people }, settings, reads, comparison, scopeOf, failed);
	const administrators = await readAdministrators.call(this, deactivating(matched), request);

	// Decide: every step as data, from what was read, before anything is written. Over the guard,
	// the steps are the plan a person approves.
	const steps = decideSteps({ ...matched, itemCount, rows, compared, administrators, failed, directory, settings, reads });
	if (refusal) return approval(steps, refusal, itemCount, await planKey(this), new Date(), settings.dryRun);

	// Apply (a dry run previews), then save the digests the writes confirmed.
	const applied = await applySteps.call(this, steps, { reads, request: scopeOf, dryRun: settings.dryRun });
	if (comparison.save) {
		const confirmed = confirmedDigests(applied, compared);
		writeState(staticData, nextDigestState(comparison, confirmed, unconfirmedUsers(compared, confirmed), reads.shown));
	}

	// Report.
	return summarise(report(steps, applied, rows, settings, compared), itemCount, settings, steps, comparison.comparison);
}
