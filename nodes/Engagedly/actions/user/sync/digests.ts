import type { IDataObject } from 'n8n-workflow';

import type { UserAttribute } from '../../../people/attributeDefinitions';
import { digest, slot } from '../../../digest';
import { changesFor, fieldsNotCarried, wantedValue, withoutFields } from '../upsert/changes';
import type { UpsertReads } from '../upsert/write';
import { unreadFields } from '../upsert/write';

/**
 * What Sync remembers between runs so that no run need read every user on their own: for each
 * user, a digest of the values Engagedly was last confirmed to hold for the fields only a
 * single-user answer carries (a birth date, HR managers, secondary managers, a secondary phone
 * number, promotion and review dates, education...). Never the values, never a record.
 *
 * A digest only decides whether a user is read: when an item's values of those fields give the
 * digest saved for that user, Engagedly held exactly them when last read or written, and the read
 * is left out; when they give another (a new value, a field newly mapped, a write whose outcome was
 * not confirmed), the user is read and the write decided on what Engagedly holds. A change made in
 * Engagedly by hand is not seen by a digest: so each user has a turn, one day in every
 * `fullEveryDays` (their slot, from their id), on which they are read whatever their digest. A
 * user with no digest yet (the first run, a newcomer to the saved state) waits for that turn
 * like everyone else, their other fields compared meanwhile: so every run, the first and a manual
 * one included, reads about 1/period of the users on their turns plus those whose items changed,
 * and every user is compared once a period. The reconciliation rolls; no run reads everyone
 * unless asked to (Full Comparison This Run, a period of 0) or a whole period passed without a run.
 *
 * Plain data in, plain data out: the Sync reads the node's static data once at its start and
 * replaces it once at its end (never in a manual run nor a dry run: they use what the active
 * workflow saved, where n8n gives it, and leave it as it was).
 */

export const DIGESTS_VERSION = 2;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Saved for a user whose write was not confirmed: no item's values give it, so they are read next run. */
export const UNCONFIRMED = '';

export interface DigestState extends IDataObject {
	v: number;
	/** The day (since 1970, UTC) of the run that saved it: the turns up to it are taken. */
	day: number;
	/** User id → digest (base64url, 16 characters), or UNCONFIRMED. */
	users: Record<string, string>;
	/** The fields (wire names) a single-user answer has been seen to show: those a user can wait for their turn with. */
	shown?: string[];
}

export type Comparison = 'incremental' | 'full';

export interface DigestComparison {
	comparison: Comparison;
	/** The digests saved by the last run that saved any (none in a full comparison: nothing is trusted). */
	saved: Record<string, string>;
	/** The slots whose turn is in this run: the days since the last saving run (today's alone when none did). */
	turns: number[];
	/** Full Comparison Every, in whole days (at least 1 in an incremental comparison). */
	period: number;
	/** Whether the run's confirmed digests are saved at its end (not in a manual run, nor a dry run). */
	save: boolean;
	/** The run's day, saved with its digests. */
	day: number;
	/** The fields a single-user answer was seen to show, as saved. */
	shown: string[];
}

export interface ComparisonInput {
	/** Run by hand from the editor: n8n never saves its static data, so it saves nothing. */
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

/** The saved state, or none when it is absent, of another version or malformed (hand-edited): then nobody's digest is known. */
export function readDigestState(staticData: IDataObject): DigestState | undefined {
	const { v, day, users } = staticData;
	if (v !== DIGESTS_VERSION || typeof day !== 'number' || !Number.isInteger(day) || !isMap(users)) return undefined;
	if (!Object.values(users).every((digest) => typeof digest === 'string')) return undefined;
	const shown = Array.isArray(staticData.shown) ? staticData.shown.filter((wire): wire is string => typeof wire === 'string') : [];
	return { v, day, users: users as Record<string, string>, shown };
}

/** A user's turn: the day in every `period` on which their digest is not trusted. Spread evenly by their id. */
export const slotOf = (userId: string, period: number): number => slot(userId, period);

const slotOfDay = (day: number, period: number) => ((day % period) + period) % period;

/**
 * Full when asked for (Full Comparison This Run, or every run: a period of 0) or when every slot's
 * turn came since the last saving run (a whole period or more); incremental otherwise: the turns
 * of the days since the last saving run, or today's alone when there is none (a first run, a state
 * of another version) or the clock went back.
 */
export function comparisonFor(saved: DigestState | undefined, input: ComparisonInput): DigestComparison {
	const save = !input.manual && !input.dryRun;
	const day = Math.floor(input.now / DAY_MS);
	const period = Math.floor(input.fullEveryDays);
	const shown = saved?.shown ?? [];
	if (input.fullNow || !(period >= 1)) return { comparison: 'full', saved: {}, turns: [], period: Math.max(period, 1), save, day, shown };
	const since = !saved || day < saved.day ? 1 : day - saved.day;
	if (since >= period) return { comparison: 'full', saved: {}, turns: [], period, save, day, shown };
	const turns = Array.from({ length: since }, (_, back) => slotOfDay(day - back, period));
	return { comparison: 'incremental', saved: saved?.users ?? {}, turns, period, save, day, shown };
}

/**
 * What a comparison does about the fields only a single user's answer carries, given the digest of
 * what the item gives for them: `read` the user (a full comparison, their turn, or their item
 * gives other values than those confirmed), `trust` the saved digest (nothing to read, nothing to
 * write), or `wait` for their turn (never compared yet: those fields are neither read nor written
 * this run).
 */
export function singleRead(comparison: DigestComparison, userId: string, digest: string): 'read' | 'trust' | 'wait' {
	if (comparison.comparison === 'full' || comparison.turns.includes(slotOf(userId, comparison.period))) return 'read';
	const saved = comparison.saved[userId];
	if (saved === undefined) return 'wait';
	return saved === digest ? 'trust' : 'read';
}

/** The next day after this run's that is the user's turn, as an ISO date (UTC). */
export function nextTurn(comparison: DigestComparison, userId: string): string {
	const ahead = slotOfDay(slotOf(userId, comparison.period) - comparison.day, comparison.period) || comparison.period;
	return new Date((comparison.day + ahead) * DAY_MS).toISOString().slice(0, 10);
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

/**
 * The state to save after a run: the digests it confirmed (users read and found or written as their
 * items give, and users whose trusted digest still held), UNCONFIRMED for the users it compared
 * without confirming (a failed write, one whose outcome is unknown): those are read next run; and
 * the fields single-user answers have shown, so that no later run reads a user to find that out.
 * Every other user is left out, so one no longer in the input, or waiting for their turn, is
 * compared on their turn.
 */
export function nextDigestState(comparison: DigestComparison, confirmed: Map<string, string>, unconfirmed: string[], shown: Iterable<string>): DigestState {
	const users: Record<string, string> = Object.fromEntries(unconfirmed.map((id) => [id, UNCONFIRMED]));
	for (const [id, digest] of confirmed) users[id] = digest;
	return { v: DIGESTS_VERSION, day: comparison.day, users, shown: [...new Set([...comparison.shown, ...shown])].sort() };
}

/**
 * The saved digests in place of the single-user read, where they decide
 * it: the user's item gives the digest saved for them (Engagedly held exactly those values when
 * last read or written), or they wait for their turn (never compared yet, and nothing the list
 * carries changes: a user written anyway is read, and compared in full, for one request more;
 * and one read a run finds out which of those fields Engagedly shows at all).
 * Either way the fields the list does not carry are left out of the body, unread and unwritten.
 * Undefined: the user is read as needsSingleRead says.
 */
export function notRead(existing: IDataObject, body: IDataObject, reads: UpsertReads, comparison: DigestComparison, updateEmail = false) {
	const unread = unreadFields(existing, body, reads);
	if (!unread.length) return undefined;
	const digest = digestOf(body, unread, reads.attributes);
	const decision = singleRead(comparison, String(existing.id), digest);
	if (decision === 'read') return undefined;
	const left = withoutFields(body, unread);
	if (decision === 'trust') return { body: left, digest };
	// Read anyway: a user written whatever waits, or the first who waits for a field no answer of
	// this run has shown yet (whether Engagedly shows it at all decides whether it can wait).
	const written = existing.status === 'Blocked' || Object.keys(changesFor(existing, left, reads.attributes, updateEmail)).length > 0;
	const unknown = unread.some((wire) => !reads.shown.has(wire));
	return written || unknown ? undefined : { body: left, waiting: { fields: unread, turn: nextTurn(comparison, String(existing.id)) } };
}

/**
 * The digest of what a single-user read (readCurrent) found for the fields the list does not
 * carry, when it read any (none when `current` is the list record: it carries none of them).
 */
export function readDigest(existing: IDataObject, current: IDataObject, body: IDataObject, reads: UpsertReads): string | undefined {
	const notCarried = fieldsNotCarried(current, body, reads.attributes);
	const read = fieldsNotCarried(existing, body, reads.attributes).filter((wire) => !notCarried.includes(wire));
	return read.length ? digestOf(body, read, reads.attributes) : undefined;
}
