import type { IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { withParametersOnce } from '../../parameters/once';
import type { ItemRequest } from '../../transport/request';
import type { BatchRun } from '../types';
import { nextDigestState, planComparison, readDigestState, writeDigestState } from './singleUserDigests';
import { confirmedDigests, readForPlan } from './sync/compare';
import { overTheGuard, plan } from './sync/decide';
import { checkBlockReasonCodes, readIdentities } from './sync/items';
import { matchRun, readDirectory } from './sync/match';
import { applySteps } from './sync/plan';
import { approval, report, summarise } from './sync/report';
import { itemFields, readSettings, runFields } from './sync/settings';

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['sync'] } }, [
	runFields[0],
	...itemFields,
	...runFields.slice(1),
]);

/**
 * Sync: each input item is one employee (Create's fields, mapped per item). The run is stages
 * over data: read (the settings, every item's identity, the directory in ceil(N/50) pages, then
 * what each comparison needs), match (by email whatever the case, by employee ID first when
 * asked), plan (each employee's and each user's step, plain data), apply (or, in a dry run,
 * preview) and report. One employee's problem is their item's error; the rest of the sync goes
 * on, and the router ends the run in error afterwards unless Continue On Fail is on.
 */
export async function executeAll(this: IExecuteFunctions, itemCount: number, request: ItemRequest): Promise<BatchRun> {
	return await sync.call(withParametersOnce(this), itemCount, request);
}

async function sync(this: IExecuteFunctions, itemCount: number, request: ItemRequest): Promise<BatchRun> {
	const settings = readSettings.call(this);
	// Read once here and replaced once at the end: a run that stops before then saves nothing.
	const staticData = this.getWorkflowStaticData('node');
	const comparison = planComparison(readDigestState(staticData), {
		manual: this.getMode() === 'manual',
		dryRun: settings.dryRun,
		fullEveryDays: settings.fullComparisonEvery,
		fullNow: settings.fullComparisonNow,
		now: Date.now(),
	});
	const failed = new Map<number, Error>();
	const itemRequest = (item: number | undefined): ItemRequest => (item === undefined ? request : { ...request, itemIndex: item });

	// Read: every item's identity first, so that nobody is acted on for a bad row; then the directory.
	const { identities, unnamed } = readIdentities.call(this, itemCount, settings, failed);
	await checkBlockReasonCodes.call(this, identities, settings, itemRequest, failed);
	const users = await readDirectory.call(this, request);

	// Match, then the guard, before any comparison is read: a refused run should not spend them.
	const { matches, fates, named, candidates, held } = matchRun.call(this, identities, unnamed, users, settings, failed);
	const over = overTheGuard.call(this, candidates, users, named.size, settings);
	if (over && !settings.outputPlan) throw over;

	// Plan: every step decided as data, from what was read, before anything is written.
	const { reads, compared, administrators } = await readForPlan.call(this, identities, { matches, fates, held, candidates }, settings, comparison.trusted, request, itemRequest, failed);
	const steps = plan({ itemCount, identities, matches, fates, compared, held, candidates, administrators, failed, users, settings, reads });
	if (over) return approval(steps, over, itemCount);

	// Apply (a dry run previews), then save the digests the writes confirmed.
	const applied = await applySteps.call(this, steps, { reads, request: itemRequest, dryRun: settings.dryRun });
	if (comparison.save) writeDigestState(staticData, nextDigestState(comparison, confirmedDigests(applied, compared)));

	// Report.
	return summarise(report.call(this, steps, applied, settings), itemCount, settings, steps, comparison.comparison);
}
