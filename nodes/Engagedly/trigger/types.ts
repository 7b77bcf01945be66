import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { OnReactivation } from './reactivation';


export interface PollRequest {
	/** How long a 429 cooldown may hold the poll (the trigger's "Max Rate-Limit Wait" option). */
	maxRateLimitWaitSeconds: number;
	/** The part (0 to 1) of the key's requests a minute a poll may use: the "Rate Limit Share" option. */
	pacing: { share: number };
	/** Epoch ms by which the poll must be done: its start and its time budget (pollTiming). */
	deadlineMs: number;
	/** Counts the pages this poll read, for its log lines. */
	onPage: () => void;
	/** Notes a rate-limit cooldown the poll stopped for rather than wait past its deadline (ms asked), for its log lines. */
	onCooldown: (waitMs: number) => void;
}

export interface PollResult {
	/** Records to emit, oldest or list order first. */
	items: IDataObject[];
	/** The state to save; undefined when nothing changed (nothing is written then). */
	state?: IDataObject;
	/** What this poll would have emitted but skipped, as On Reactivation asks; undefined when it skips nothing. */
	skipped?: number;
}

export interface EventFamily<S> {
	/** Identifies the event and settings the saved state belongs to. */
	config(context: IPollFunctions): string;
	/** "Fetch Test Event": a real recent record, the saved state left alone. */
	sample(context: IPollFunctions, request: PollRequest, saved: S | undefined): Promise<IDataObject[]>;
	/** Active poll: what happened since `saved`, or a baseline when there is none. */
	poll(context: IPollFunctions, request: PollRequest, saved: S | undefined, config: string): Promise<PollResult>;
	/** The state a poll goes on from after the workflow was activated again at `at` (this host's clock), as On Reactivation chose. */
	reactivated(saved: S, choice: OnReactivation, at: number): S;
}
