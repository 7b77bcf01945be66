import type { IDataObject, INode, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchFailure, BatchRun } from './types';

/**
 * What the router says of a failure, as plain functions of it: an item's error as Continue On
 * Fail outputs it, an error as a model reads it, and a batch run's failures as one error.
 */

/** What "Continue On Fail" outputs for a failed item: the message, and what the error adds to it. */
export function errorJson(error: unknown): IDataObject {
	const json: IDataObject = { error: (error as Error).message };
	const description = (error as NodeApiError).description;
	if (description) json.description = description;
	const httpCode = (error as NodeApiError).httpCode;
	if (httpCode) json.httpCode = httpCode;
	return json;
}

/**
 * n8n hands a tool's model only the error's message (its description is for the editor's error
 * panel), so a tool's error carries both: what went wrong, and what to give instead.
 */
export function forModel<E extends NodeApiError | NodeOperationError>(error: E): E {
	const description = typeof error.description === 'string' ? error.description.trim() : '';
	if (description && !error.message.includes(description)) error.message = `${error.message}. ${description}`;
	return error;
}

/**
 * What a tool answers for an item that found nothing: n8n gives a model an empty string for a
 * tool with no output, which it cannot tell from a failure; this says it in words.
 */
export function nothingFound(resource: string): IDataObject {
	const noun = resource.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
	return { result: `Nothing found: Engagedly has no ${noun} matching this request.` };
}

/** How many failures a run's error names; the rest are counted. */
export const NAMED_FAILURES = 5;

/** Where a failure of a batch run came from: its input item, or the record no item stood for. */
function failurePlace(result: BatchFailure): string {
	if ('item' in result) return `item ${result.item}`;
	return `user ${String(result.user.email ?? result.user.id)}`;
}

/** `item 3`, or `4 of them (item 0, item 1, item 2, item 3)` (the first five named). */
function placesText(places: string[]): string {
	if (places.length === 1) return places[0];
	const shown = places.slice(0, NAMED_FAILURES).join(', ');
	return `${places.length} of them (${shown}${places.length > NAMED_FAILURES ? ', …' : ''})`;
}

/**
 * A batch run in which something failed, without "Continue On Fail": the run's error, so the
 * execution fails and n8n's error workflow fires. The message counts what was written, says what
 * became of the rest (the operation's `rest`), and gives each reason once with its items.
 */
export function failedRun(node: INode, run: BatchRun): NodeOperationError {
	const failures = run.results.filter((result): result is BatchFailure => 'error' in result);
	const first = failures[0];
	// One line a reason: a mapping that names a missing column fails every item the same way.
	const byReason = new Map<string, string[]>();
	for (const failure of failures) byReason.set(failure.error.message, [...(byReason.get(failure.error.message) ?? []), failurePlace(failure)]);
	const named = [...byReason].slice(0, NAMED_FAILURES).map(([reason, places]) => `${placesText(places)}: ${reason}`);
	const more = byReason.size > NAMED_FAILURES ? `\n…and ${byReason.size - NAMED_FAILURES} more reasons.` : '';
	return new NodeOperationError(node, `${failures.length} failed: ${run.tally}`, {
		itemIndex: 'item' in first ? first.item : 0,
		description: `${run.rest} Why:\n${named.join('\n')}${more}\nTurn on Continue On Fail to get every failure as an item of its own.`,
	});
}
