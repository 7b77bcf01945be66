/**
 * The transport's timing and the trigger's time budget, from the same source modules the node and
 * the trigger import (test/helpers/engine.ts builds them from the sources, in the test file's
 * module registry): tests shorten the retry waits, the request timeout where a timeout is what
 * they check, and a poll's budget to cut a pass by time.
 */
import { pollTiming } from '../../nodes/Engagedly/trigger/budget';

export { transportTiming } from '../../nodes/Engagedly/transport/retry';
export { pollTiming };

/** Runs `body` with a poll's time budget at `ms`, then, however it ends, restores the budget and runs `after`. */
export async function withPollBudget(ms: number, body: () => Promise<void>, after: () => void): Promise<void> {
	const budget = pollTiming.budgetMs;
	pollTiming.budgetMs = ms;
	try {
		await body();
	} finally {
		pollTiming.budgetMs = budget;
		after();
	}
}
