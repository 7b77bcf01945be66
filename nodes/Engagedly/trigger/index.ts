import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { knownCooldownMs } from '../transport/cooldowns';
import { asNodeError } from '../transport/errors';
import { cooldownEndOf } from '../transport/request';
import { seconds } from '../transport/retry';
import { connectionFor } from '../transport/send';
import { DEFAULT_RATE_LIMIT_SHARE, TRIGGER_MAX_RATE_LIMIT_WAIT_SECONDS } from './description';
import { pollTiming } from './budget';
import { newPraise } from './praises';
import type { OnReactivation } from './reactivation';
import { isReactivation, ON_REACTIVATION } from './reactivation';
import type { SavedState } from './state';
import { writeState } from '../staticData';
import { readState } from './state';
import type { EventFamily, PollRequest } from './types';
import { userEvents } from './users';

export { triggerProperties } from './description';

const families: Record<string, EventFamily<SavedState>> = { newPraise, ...userEvents };

function familyFor(context: IPollFunctions): EventFamily<SavedState> {
	const event = context.getNodeParameter('event', 'newPraise') as string;
	const family = families[event];
	if (!family) {
		throw new NodeOperationError(context.getNode(), `The event "${event}" is not supported`, {
			description: 'Pick the event again in the trigger.',
		});
	}
	return family;
}

function requestFor(context: IPollFunctions, counter: PollCounter): PollRequest {
	const givenWait = context.getNodeParameter('options.maxRateLimitWait', TRIGGER_MAX_RATE_LIMIT_WAIT_SECONDS);
	const wait = Number(givenWait);
	// An expression can give what the number field cannot: refused, as the action node refuses it.
	if (givenWait === '' || givenWait === null || !Number.isFinite(wait) || wait < 0) {
		throw new NodeOperationError(context.getNode(), `Max Rate-Limit Wait (Seconds) must be a number of 0 or more, not "${String(givenWait)}"`, {
			description: 'Set “Max Rate-Limit Wait (Seconds)” in the trigger’s options to how long a poll may wait out a cooldown Engagedly announces.',
		});
	}
	const share = Number(context.getNodeParameter('options.rateLimitShare', DEFAULT_RATE_LIMIT_SHARE));
	if (!Number.isFinite(share) || share < 1 || share > 100) {
		throw new NodeOperationError(context.getNode(), `Rate Limit Share must be a percentage from 1 to 100, not "${String(share)}"`, {
			description: 'Set “Rate Limit Share (%)” in the trigger’s options to the part of the key’s 200 requests a minute its polls may use.',
		});
	}
	return {
		maxRateLimitWaitSeconds: wait,
		deadlineMs: Date.now() + pollTiming.budgetMs,
		onPage: () => counter.pages++,
		onCooldown: (waitMs) => {
			counter.cooldownMs = waitMs;
		},
		pacing: { share: share / 100 },
	};
}

/**
 * The poll contexts that have polled in this process: n8n hands every poll of one activation the
 * same context in its default scheduler, so the first poll of a context is its activation's
 * (trigger/reactivation.ts). Weak, so a context goes with its activation.
 */
const polledContexts = new WeakSet<object>();

function firstPollOf(context: object): boolean {
	if (polledContexts.has(context)) return false;
	polledContexts.add(context);
	return true;
}

function onReactivation(context: IPollFunctions): OnReactivation {
	const chosen = context.getNodeParameter('options.onReactivation', 'skip');
	if (!ON_REACTIVATION.includes(chosen as OnReactivation)) {
		throw new NodeOperationError(context.getNode(), `On Reactivation must be "skip" or "emit", not "${String(chosen)}"`, {
			description: 'Set “On Reactivation” in the trigger’s options to what the first poll after the workflow is activated again does with what came while it was inactive.',
		});
	}
	return chosen as OnReactivation;
}

/** A state to write, without what only a poll in progress needs (the state it replaces may hold them). */
function settled(state: IDataObject): IDataObject {
	const copy = { ...state };
	delete copy.reactivatedAt;
	delete copy.cooldownUntil;
	return copy;
}

/** How long the key's known cooldown lasts: the one this trigger saved, or one another run here met (transport/cooldowns.ts). */
async function cooldownLeftMs(context: IPollFunctions, staticData: IDataObject): Promise<number> {
	const now = Date.now();
	const saved = typeof staticData.cooldownUntil === 'number' ? staticData.cooldownUntil - now : 0;
	const { keyId } = await connectionFor(context);
	return Math.max(saved, knownCooldownMs(keyId, now), 0);
}

/** What a poll did, for its log lines. */
interface PollCounter {
	pages: number;
	/** The cooldown Engagedly asked for that the poll stopped for instead of waiting, if any. */
	cooldownMs?: number;
}

/**
 * One poll. The saved state is read at the start and replaced only at the end, after every
 * request succeeded: a poll that fails half-way leaves it exactly as it was, so the next poll
 * sees the same changes again and emits them then.
 *
 * Failures are thrown in both modes. In the editor that shows the error; in an active workflow
 * n8n records a failed execution (and runs the error workflow) but keeps the workflow active and
 * polls again on schedule. It is also logged with the reason, for instances that only keep logs.
 */
export async function poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const manual = this.getMode() === 'manual';
	const staticData = this.getWorkflowStaticData('node');
	const counter: PollCounter = { pages: 0 };
	const startGeneration = staticData.gen;
	let items: IDataObject[];
	// Noted before anything is sent, a cooldown included: the poll that goes on after it still knows.
	if (!manual && isReactivation(this.getActivationMode(), firstPollOf(this), typeof staticData.config === 'string') && typeof staticData.reactivatedAt !== 'number') {
		staticData.reactivatedAt = Date.now();
	}
	let skipped: { count: number; again: boolean } | undefined;
	// Inside a cooldown Engagedly announced on this key (to this trigger's last poll, or to anything
	// in this process), a request would lengthen it for everyone: the poll waits for the next one,
	// emitting nothing and keeping its state as it is. "Fetch Test Event" says it must wait.
	const waitMs = await cooldownLeftMs(this, staticData);
	if (waitMs > 0 && manual) {
		throw new NodeOperationError(this.getNode(), `Engagedly's rate limit is cooling down on this key: ${seconds(waitMs)} left`, {
			description: `Engagedly answered 429 on this key and asked everyone on it to wait; a request sent inside the wait would lengthen it, so nothing was sent. Fetch the test event again in ${seconds(waitMs)}.`,
		});
	}
	if (waitMs > 0) {
		this.logger.info(`Engagedly Events Trigger "${this.getNode().name}": Engagedly's rate-limit cooldown on this key has ${seconds(waitMs)} left; nothing sent, the next poll goes on`, {
			node: this.getNode().name,
			cooldownMs: waitMs,
		});
		return null;
	}
	try {
		const family = familyFor(this);
		const request = requestFor(this, counter);
		const choice = onReactivation(this);
		const config = family.config(this);
		const reactivatedAt = typeof staticData.reactivatedAt === 'number' ? staticData.reactivatedAt : undefined;
		let saved = readState<SavedState>(staticData, config);
		if (manual) {
			items = await family.sample(this, request, saved);
		} else {
			if (saved && reactivatedAt !== undefined) saved = family.reactivated(saved, choice, reactivatedAt);
			const result = await family.poll(this, request, saved, config);
			if (staticData.gen !== startGeneration) {
				// Another poll of this node finished first and already emitted what this one found.
				return null;
			}
			// The reactivation goes into the state once: this poll's, or the one it went on from.
			const state = result.state ?? (reactivatedAt !== undefined ? saved : undefined);
			if (state) {
				const generation = typeof startGeneration === 'number' ? startGeneration + 1 : 1;
				writeState(staticData, { ...settled(state), gen: generation });
			}
			items = result.items;
			if (result.skipped !== undefined && (result.skipped > 0 || reactivatedAt !== undefined)) {
				skipped = { count: result.skipped, again: reactivatedAt !== undefined };
			}
		}
	} catch (error) {
		const cooldownEnd = cooldownEndOf(error);
		if (!manual && cooldownEnd !== undefined) {
			// A cooldown longer than the poll may wait (its Max Rate-Limit Wait): no failure. Nothing is
			// emitted and the state stays as it was, but for the cooldown's end, kept so that the next
			// poll, in this process or after a restart in another, sends nothing before it.
			staticData.cooldownUntil = Math.max(cooldownEnd, typeof staticData.cooldownUntil === 'number' ? staticData.cooldownUntil : 0);
			this.logger.info(
				`Engagedly Events Trigger "${this.getNode().name}": stopped for Engagedly's rate-limit cooldown (${seconds(cooldownEnd - Date.now())} left) after ${counter.pages} page(s): ${asNodeError(this.getNode(), error).message}. Nothing emitted; the cooldown's end is saved, no poll sends before it, and the next poll after it goes on from the last saved place`,
				{ node: this.getNode().name, pagesRead: counter.pages, cooldownMs: Math.max(cooldownEnd - Date.now(), 0) },
			);
			return null;
		}
		const failure = asNodeError(this.getNode(), error);
		if (!manual) {
			const workflow = this.getWorkflow();
			this.logger.warn(
				`Engagedly Events Trigger "${this.getNode().name}" in workflow ${String(workflow.id)}: the poll failed (${counter.pages} page(s) read before the failure) and saved nothing; the next poll catches up. Reason: ${failure.message}`,
				{ workflowId: workflow.id, node: this.getNode().name, pagesRead: counter.pages },
			);
		}
		throw failure;
	}
	if (skipped) {
		this.logger.info(
			skipped.again
				? `Engagedly Events Trigger "${this.getNode().name}": the workflow was activated again; ${skipped.count} item(s) from while it was inactive were skipped (On Reactivation)`
				: `Engagedly Events Trigger "${this.getNode().name}": ${skipped.count} more item(s) from while the workflow was inactive were skipped (On Reactivation)`,
			{ node: this.getNode().name, skipped: skipped.count },
		);
	}
	if (!manual && counter.cooldownMs !== undefined) {
		// Kept with the state, so that the next poll (in this process or, after a restart, another) waits it out too.
		staticData.cooldownUntil = Date.now() + counter.cooldownMs;
		this.logger.info(
			`Engagedly Events Trigger "${this.getNode().name}": ${items.length} new, ${counter.pages} page(s) read, then stopped for Engagedly's rate-limit cooldown (${seconds(counter.cooldownMs)}), longer than is left of the poll's ${seconds(pollTiming.budgetMs)}; its place is saved and the next poll goes on from there`,
			{ node: this.getNode().name, pagesRead: counter.pages, cooldownMs: counter.cooldownMs },
		);
	} else if (!manual) {
		this.logger.debug(`Engagedly Events Trigger "${this.getNode().name}": ${items.length} new, ${counter.pages} page(s) read`);
	}
	return items.length > 0 ? [this.helpers.returnJsonArray(items)] : null;
}
