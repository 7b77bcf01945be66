import type { IDataObject } from 'n8n-workflow';

import type { UserAttribute } from '../../api/userAttributes';
import { shortHash } from '../../trigger/state';
import { wantedValue } from './changes';

/** The trigger's way of replacing a saved state in place (n8n saves the object it handed out). */
export { writeState as writeDigestState } from '../../trigger/state';

/**
 * What a scheduled Sync remembers between runs so that it need not read every user on their own:
 * for each user, a digest of the values Engagedly was last confirmed to hold for the fields only a
 * single-user answer carries (a birth date, HR managers, secondary managers, a secondary phone
 * number, promotion and review dates, education...). Never the values, never a record.
 *
 * A digest only decides whether a user is read: when an item's values of those fields give the
 * digest saved for that user, Engagedly held exactly them when last read or written, and the read
 * is left out; otherwise (a new value, a user new to the state, a field newly mapped) the user is
 * read and the write decided on what Engagedly holds. A change made in Engagedly by hand is not
 * seen by a digest: a full comparison, which trusts none, finds it, every `fullEveryDays` days or
 * when asked.
 *
 * Plain data in, plain data out: the Sync reads the node's static data once at its start and
 * replaces it once at its end, with only the digests of this run's confirmed outcomes.
 */

export const DIGESTS_VERSION = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DigestState extends IDataObject {
	v: number;
	/** When the last full comparison that saved its outcomes started, in epoch milliseconds. */
	fullAt: number;
	/** User id → digest (two 32-bit hashes in base 36, at most 15 characters). */
	users: Record<string, string>;
}

export type Comparison = 'incremental' | 'full';

export interface DigestPlan {
	comparison: Comparison;
	/** The digests this run may trust: none in a full comparison. */
	trusted: Record<string, string>;
	/** Whether the run's confirmed digests are saved at its end (not in a manual run, nor a dry run). */
	save: boolean;
	/** When the run started: a full run saves it as `fullAt`, an incremental one keeps the last. */
	fullAt: number;
}

export interface PlanInput {
	/** Run by hand from the editor: n8n does not keep static data for it, so it compares in full and saves nothing. */
	manual: boolean;
	dryRun: boolean;
	/** Full Comparison Every (days). */
	fullEveryDays: number;
	/** Full Comparison This Run. */
	fullNow: boolean;
	now: number;
}

const isMap = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** The saved state, or none when it is absent, of another version or malformed (hand-edited): then every user is read. */
export function readDigestState(staticData: IDataObject): DigestState | undefined {
	const { v, fullAt, users } = staticData;
	if (v !== DIGESTS_VERSION || typeof fullAt !== 'number' || !Number.isFinite(fullAt) || !isMap(users)) return undefined;
	if (!Object.values(users).every((digest) => typeof digest === 'string')) return undefined;
	return { v, fullAt, users: users as Record<string, string> };
}

/**
 * Incremental when there is a saved state, its last full comparison is less than `fullEveryDays`
 * old (a clock set back counts as due), and no full comparison is asked for; full otherwise.
 */
export function planComparison(saved: DigestState | undefined, input: PlanInput): DigestPlan {
	const save = !input.manual && !input.dryRun;
	const age = saved ? input.now - saved.fullAt : Infinity;
	const incremental = !input.manual && !input.fullNow && saved !== undefined && age >= 0 && age < input.fullEveryDays * DAY_MS;
	return incremental
		? { comparison: 'incremental', trusted: saved.users, save, fullAt: saved.fullAt }
		: { comparison: 'full', trusted: {}, save, fullAt: input.now };
}

/**
 * The digest of what `body` gives for `fields` (wire names), in the form they are compared in
 * (ids sorted, dates as days...), so a value Engagedly shows in another form digests the same.
 * The field names are part of it: a field mapped or unmapped since makes another digest.
 */
export function digestOf(body: IDataObject, fields: string[], attributes: UserAttribute[]): string {
	const text = JSON.stringify([...fields].sort().map((wire) => [wire, wantedValue(wire, body[wire], attributes)]));
	// Two hashes of differently salted text: a changed value taken for the old one would go unread until the next full comparison.
	return `${shortHash(text)}.${shortHash(`#${text}`)}`;
}

/** Whether a user must be read: unless the digest saved for them is this one. */
export const mustRead = (trusted: Record<string, string> | undefined, userId: string, digest: string): boolean =>
	trusted?.[userId] !== digest;

/**
 * The state to save after a run: the digests it confirmed (users read and found or written as their
 * items give, and users whose trusted digest still held), keyed by user id. Every other user is
 * left out, so a failed item, an unknown write outcome or a user no longer in the input is read
 * again next time.
 */
export function nextDigestState(plan: DigestPlan, confirmed: Map<string, string>): DigestState {
	return { v: DIGESTS_VERSION, fullAt: plan.fullAt, users: Object.fromEntries(confirmed) };
}
