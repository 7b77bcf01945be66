import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemScope } from '../../../transport/request';
import { checkCode } from '../deactivation';
import type { Row } from './rows';
import type { Settings } from './settings';

/**
 * The block reason codes a run sends, checked against the organisation's list (read once) before
 * anything is written: the run's own refuses the run, a leaver's own fails that leaver.
 */

/** The run's Block Reason Code, checked before anything is written; then each leaver's own. */
export async function checkBlockReasonCodes(
	this: IExecuteFunctions,
	rows: Map<number, Row>,
	settings: Settings,
	scopeOf: (item: number | undefined) => ItemScope,
	failed: Map<number, Error>,
) {
	if (settings.blockReasonCode) await checkCode.call(this, 0, settings.blockReasonCode, scopeOf(undefined));
	// A leaver's own code is checked against the same list (read once): a wrong one fails that item only.
	for (const [item, row] of rows) {
		const code = row.blockReasonCode;
		if (!code || code === settings.blockReasonCode || failed.has(item)) continue;
		try {
			await checkCode.call(this, item, code, scopeOf(item));
		} catch (error) {
			failed.set(item, error as Error);
		}
	}
}
