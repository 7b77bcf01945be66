import { DateTime } from 'luxon';

/**
 * Where an employee is in their employment, as HR systems record it, and what Sync does about it.
 * Two pure functions and nothing else: `lifecycleOf` reads the row (status and dates) against
 * today, `fateOf` adds what Engagedly holds and the run's hiring window. The table in
 * docs/engagedly-node.md ("The lifecycle") is these two functions in words, and
 * test/pure/lifecycle.test.ts checks every row of it against them.
 */

/** What a row says of the employment: days as YYYY-MM-DD, the status folded to lower case; absent when empty. */
export interface Employment {
	status: string;
	joiningDate?: string;
	leavingDate?: string;
	rehireDate?: string;
}

export type LifecycleState = 'notYetJoined' | 'active' | 'onNotice' | 'left' | 'rejoining';

export interface Lifecycle {
	state: LifecycleState;
	/** notYetJoined, rejoining: the day they start; onNotice: their last day; left: their last day, when the row gives one. */
	date?: string;
}

/** What Engagedly holds for the employee: nobody, or their user's status. */
export type Holding = 'nobody' | 'active' | 'blocked';

/**
 * `write`: the employee is brought up to date (created, updated, reactivated or left blocked, as
 * the write decides); `deactivate`; `pending`: nothing is written before `from`; `none`: nothing
 * to do, `reason` says why.
 */
export type Fate =
	| { action: 'write' }
	| { action: 'deactivate' }
	| { action: 'pending'; from: string }
	| { action: 'none'; reason: string };

const latest = (...days: Array<string | undefined>) => days.filter((day): day is string => day !== undefined).sort().pop();

/** The employee's state from their row and today (YYYY-MM-DD, in the workflow's time zone). */
export function lifecycleOf(row: Employment, today: string, leftStatuses: ReadonlySet<string>): Lifecycle {
	const start = latest(row.joiningDate, row.rehireDate);
	const leaving = row.leavingDate;
	// A leaving date before the latest start belongs to an employment that came before it: a rehire.
	const former = leaving !== undefined && start !== undefined && leaving < start;
	const statusLeft = leftStatuses.has(row.status);
	// A leaving date on the very Rehire Date that starts them, with a status that is not left, ends the
	// former employment as the new one opens: no day between them, so they work here throughout. Read
	// as this one's (or as a return still ahead), it would deactivate someone who works here.
	if (leaving !== undefined && leaving === row.rehireDate && leaving === start && !statusLeft) return { state: 'active' };
	// The leaving date is their last day (the HR systems' termination date): they leave after it.
	if (former && leaving >= today) return { state: 'onNotice', date: leaving };
	if (start !== undefined && start > today) {
		// A left status on someone yet to start, with no date at all, is a hire withdrawn.
		if (statusLeft && leaving === undefined) return { state: 'left' };
		return { state: former ? 'rejoining' : 'notYetJoined', date: start };
	}
	if (leaving !== undefined && !former) return leaving < today ? { state: 'left', date: leaving } : { state: 'onNotice', date: leaving };
	return statusLeft ? { state: 'left' } : { state: 'active' };
}

/** A day `days` before `day`. */
export const daysBefore = (day: string, days: number) => DateTime.fromISO(day, { zone: 'utc' }).minus({ days }).toISODate() ?? day;

/**
 * What Sync does with an employee in this state, given what Engagedly holds. `daysBeforeJoining`
 * undefined is Create New Hires "At Once": whoever starts later is written now.
 */
export function fateOf(lifecycle: Lifecycle, holding: Holding, today: string, daysBeforeJoining?: number): Fate {
	switch (lifecycle.state) {
		case 'active':
		case 'onNotice':
			return { action: 'write' };
		case 'left':
			if (holding === 'active') return { action: 'deactivate' };
			return { action: 'none', reason: holding === 'nobody' ? 'Left: not in Engagedly, so not created' : 'Left, and already deactivated' };
		case 'notYetJoined':
		case 'rejoining': {
			const from = daysBeforeJoining === undefined ? undefined : daysBefore(lifecycle.date!, daysBeforeJoining);
			if (from === undefined || from <= today) return { action: 'write' };
			if (holding === 'nobody' || holding === 'blocked') return { action: 'pending', from };
			// An Active user: a hire already there is kept up to date; a former employee is between employments.
			return lifecycle.state === 'rejoining' ? { action: 'deactivate' } : { action: 'write' };
		}
	}
}
