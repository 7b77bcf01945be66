import type { IDataObject } from 'n8n-workflow';

import type { UserAttribute } from '../../../people/attributeDefinitions';
import { digest, slot } from '../../../digest';
import { wantedValue } from './changes';


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
 * seen by a digest: so each user has a turn, one day in every `fullEveryDays` (their slot, from
 * their id), on which their digest is not trusted and they are read. Each night therefore reads
 * about 1/period of the users, those compared longest ago, and every user is compared once a
 * period: the reconciliation rolls, instead of reading everyone on one night.
 *
 * Plain data in, plain data out: the Sync reads the node's static data once at its start and
 * replaces it once at its end, with only the digests of this run's confirmed outcomes.
 */

export const DIGESTS_VERSION = 2;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DigestState extends IDataObject {
	v: number;
	/** The day (since 1970, UTC) of the run that saved it: the turns up to it are taken. */
	day: number;
	/** User id → digest (base64url, 16 characters). */
	users: Record<string, string>;
}

export type Comparison = 'incremental' | 'full';

export interface DigestComparison {
	comparison: Comparison;
	/** The digests this run may trust: none in a full comparison, nobody's whose turn it is in an incremental one. */
	trusted: Record<string, string>;
	/** Whether the run's confirmed digests are saved at its end (not in a manual run, nor a dry run). */
	save: boolean;
	/** The run's day, saved with its digests. */
	day: number;
}

export interface ComparisonInput {
	/** Run by hand from the editor: n8n does not keep static data for it, so it compares in full and saves nothing. */
	manual: boolean;
	dryRun: boolean;
	/** Full Comparison Every (days): the period in which every user has their turn. */
	fullEveryDays: number;
	/** Full Comparison This Run. */
	fullNow: boolean;
	now: number;
}

const isMap = (value: unknown): value is Record<string, unknown> =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** The saved state, or none when it is absent, of another version or malformed (hand-edited): then every user is read. */
export function readDigestState(staticData: IDataObject): DigestState | undefined {
	const { v, day, users } = staticData;
	if (v !== DIGESTS_VERSION || typeof day !== 'number' || !Number.isInteger(day) || !isMap(users)) return undefined;
	if (!Object.values(users).every((digest) => typeof digest === 'string')) return undefined;
	return { v, day, users: users as Record<string, string> };
}

/** A user's turn: the day in every `period` on which their digest is not trusted. Spread evenly by their id. */
export const slotOf = (userId: string, period: number): number => slot(userId, period);

/**
 * Full when there is no saved state, a full comparison is asked for (or every run: a period of
 * 0), a whole period or more has passed since the last saving run, or the clock went back;
 * incremental otherwise, trusting every saved digest but those of the users whose turn came on a
 * day since the last run.
 */
export function comparisonFor(saved: DigestState | undefined, input: ComparisonInput): DigestComparison {
	const save = !input.manual && !input.dryRun;
	const day = Math.floor(input.now / DAY_MS);
	const period = Math.floor(input.fullEveryDays);
	const since = saved ? day - saved.day : Infinity;
	if (input.manual || input.fullNow || !saved || !(period >= 1) || since < 0 || since >= period) return { comparison: 'full', trusted: {}, save, day };
	const turns = new Set(Array.from({ length: since }, (_, back) => (((day - back) % period) + period) % period));
	const trusted = Object.fromEntries(Object.entries(saved.users).filter(([id]) => !turns.has(slotOf(id, period))));
	return { comparison: 'incremental', trusted, save, day };
}

/**
 * The digest of what `body` gives for `fields` (wire names), in the form they are compared in
 * (ids sorted, dates as days...), so a value Engagedly shows in another form digests the same.
 * The field names are part of it: a field mapped or unmapped since makes another digest.
 */
export function digestOf(body: IDataObject, fields: string[], attributes: UserAttribute[]): string {
	const text = JSON.stringify([...fields].sort().map((wire) => [wire, wantedValue(wire, body[wire], attributes)]));
	return digest(text, 16);
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
export function nextDigestState(plan: DigestComparison, confirmed: Map<string, string>): DigestState {
	return { v: DIGESTS_VERSION, day: plan.day, users: Object.fromEntries(confirmed) };
}
