import type { PraiseState, UserState } from './state';

/**
 * A workflow activated again after a pause, as plain data. n8n keeps the trigger's saved state
 * while the workflow is inactive, so without asking, the first poll after a week goes on from the
 * last one and emits the week. n8n (2.x) tells a poll how its workflow was activated: 'activate'
 * when a builder activates it (the first time or again), 'init' when n8n starts, 'update' when an
 * active workflow is published again, 'leadershipChange' when another main instance takes over.
 * It hands every poll of one activation the same context and mode in its default scheduler; its
 * durable scheduler gives each later poll a context of its own, with 'update'. So the first poll
 * of a context activated with 'activate' is the builder's activation, and with a saved state it
 * is a reactivation. n8n restarting is none: the workflow stayed active, and the trigger catches
 * up with what came while n8n was down.
 */

/** On Reactivation: skip what came while the workflow was inactive (counted in the log), or emit it. */
export type OnReactivation = 'skip' | 'emit';
export const ON_REACTIVATION: OnReactivation[] = ['skip', 'emit'];

/** Whether this poll is a reactivation: the first of a context n8n activated with 'activate', with a state saved before. */
export const isReactivation = (activationMode: string, firstPollOfContext: boolean, stateSaved: boolean): boolean =>
	activationMode === 'activate' && firstPollOfContext && stateSaved;

/**
 * New Praise after a reactivation that skips: praises dated before it (`at`, this host's clock)
 * are counted, not emitted; the place still moves past them. Emitting: the state as it was.
 */
export const reactivatedPraises = (saved: PraiseState, choice: OnReactivation, at: number): PraiseState =>
	choice === 'skip' ? { ...saved, skipBefore: at } : { ...saved };

/**
 * The user events after a reactivation that skips: a pass from the first page that counts what
 * it finds instead of emitting it, and saves every user as they are (a pass in progress starts
 * again, so no page keeps its week). A first pass still in progress is silent already.
 */
export function reactivatedUsers(saved: UserState, choice: OnReactivation): UserState {
	const copy: UserState = { ...saved };
	if (choice === 'emit' || saved.first === true) return copy;
	delete copy.pass;
	return { ...copy, quiet: true };
}
