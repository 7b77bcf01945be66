/**
 * What the user-write tables share (write.test.ts, digests.test.ts): a run's reads that read
 * nothing, and one user as the list and as the single-user answer give them.
 */
import type { IDataObject } from 'n8n-workflow';

import type { UpsertReads } from '../../nodes/Engagedly/actions/user/upsert/write';

/** A run's reads with no attribute definitions and no list: `neverShown` and `shown` as a single-user answer of the run found them. */
export const readsWith = (neverShown: string[] = [], shown: string[] = []): UpsertReads => ({
	attributes: [],
	neverShown: new Set(neverShown),
	shown: new Set(shown),
	lists: { read: () => Promise.reject(new Error('reads nothing')), readAlready: () => Promise.resolve([]) },
	people: () => undefined,
});

/** A user as the list gives them: no HR managers, no review date. */
export const listed: IDataObject = { id: '7', email: 'ada@example.test', first_name: 'Ada', last_name: 'Lovelace', status: 'Active' };

/** The same user as the single-user answer gives them. */
export const single: IDataObject = { ...listed, hr_managers: [{ id: '5', name: 'Grace' }], review_date: '2026-01-10' };
