import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { DateTime } from 'luxon';

import { checkParameters } from '../../../parameters/readers';
import { refuse } from '../../../parameters/refuse';
import { trimmed } from '../../../parameters/values';
import { DEFAULT_SYNC_RATE_LIMIT_SHARE, MAX_DEACTIVATE_PERCENT, runFields } from './description';
import type { ManagersGivenBy } from '../fields/descriptions';
import type { UserDetail } from './items';
import { readUserDetail } from './items';

/** A run's settings as plain data, read and checked once before any request. */

/** A Rate Limit Share option's value as a part of the window (0 to 1), refused before any request when out of range. */
export function readRateLimitShare(this: IExecuteFunctions): number {
	const share = Number(this.getNodeParameter('options.rateLimitShare', 0, DEFAULT_SYNC_RATE_LIMIT_SHARE));
	if (!Number.isFinite(share) || share < 1 || share > 100) {
		refuse(this, 0, `Rate Limit Share (%) must be a number from 1 to 100 (got "${String(share)}")`, 'Set how much of the API key’s rate limit this run may use. Nothing was read or written.');
	}
	return share / 100;
}

export interface Settings {
	/** Today in the workflow's time zone (YYYY-MM-DD): leaving and joining dates are compared with it. */
	today: string;
	leftStatuses: Set<string>;
	/** Days before their joining date a new hire is created; undefined: at once. */
	daysBeforeJoining?: number;
	outputPlan: boolean;
	matchByEmployeeId: boolean;
	managersGivenBy: ManagersGivenBy;
	reactivateReturning: boolean;
	deactivateMissing: boolean;
	blockReasonCode: string;
	maxDeactivatePercent: number;
	dryRun: boolean;
	summary: boolean;
	userDetail: UserDetail;
	fullComparisonEvery: number;
	fullComparisonNow: boolean;
	/** The part of the key's window the run may spend (0 to 1). */
	rateLimitShare: number;
}

/** The run-wide settings, from item 0. */
export function readSettings(this: IExecuteFunctions): Settings {
	checkParameters.call(this, runFields, 0);
	const deactivateMissing = this.getNodeParameter('deactivateMissing', 0, false) === true;
	const percent = Number(this.getNodeParameter('maxDeactivatePercent', 0, 10));
	if (deactivateMissing && !(Number.isFinite(percent) && percent >= 0 && percent <= 100)) {
		throw new NodeOperationError(this.getNode(), `${MAX_DEACTIVATE_PERCENT} must be a number from 0 to 100`, {
			itemIndex: 0,
			description: 'Nothing was read or written.',
		});
	}
	const beforeJoining = this.getNodeParameter('createNewHires', 0, 'atOnce') === 'beforeJoining';
	const days = Number(this.getNodeParameter('daysBeforeJoining', 0, 0));
	if (beforeJoining && !(Number.isInteger(days) && days >= 0)) {
		refuse(this, 0, 'Days Before Joining must be a whole number from 0', 'Give how many days before their Joining Date a new employee is created. Nothing was read or written.');
	}
	const statuses = String(this.getNodeParameter('leftStatuses', 0, 'Terminated, Inactive, false'));
	return {
		// The run's own day: Engagedly's clock is not read for it (no request tells it).
		today: DateTime.now().setZone(this.getTimezone()).toISODate() ?? '',
		leftStatuses: new Set(statuses.split(',').map((status) => status.trim().toLowerCase()).filter(Boolean)),
		daysBeforeJoining: beforeJoining ? days : undefined,
		outputPlan: deactivateMissing && this.getNodeParameter('whenOverGuard', 0, 'refuse') === 'outputPlan',
		matchByEmployeeId: this.getNodeParameter('matchByEmployeeId', 0, true) === true,
		managersGivenBy: this.getNodeParameter('managersGivenBy', 0, 'idOrEmail') === 'employeeId' ? 'employeeId' : 'idOrEmail',
		reactivateReturning: this.getNodeParameter('reactivateReturning', 0, false) === true,
		deactivateMissing,
		blockReasonCode: trimmed(this.getNodeParameter('blockReasonCode', 0, '')),
		maxDeactivatePercent: percent,
		dryRun: this.getNodeParameter('dryRun', 0, false) === true,
		summary: this.getNodeParameter('output', 0, 'perEmployee') === 'summary',
		userDetail: readUserDetail.call(this),
		fullComparisonEvery: Number(this.getNodeParameter('fullComparisonEvery', 0, 7)),
		fullComparisonNow: this.getNodeParameter('fullComparisonNow', 0, false) === true,
		rateLimitShare: readRateLimitShare.call(this),
	};
}
