/**
 * The page a scan asks for, and what it tells the pacer (transport/scan.ts): before each
 * page, how many pages it has left (pages.ts counts them; test/pure/pages.test.ts has that
 * arithmetic), its caller's share and deadline while it runs, and nothing once it is over, so a
 * request after it is not spread for pages that are never read. How the pacer spreads what it is
 * told is test/transport/sharedKey.test.ts. Here the pacer only notes what it was told at each
 * request, over a list answered as the contract pages it.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import type { ScanOptions } from '../../nodes/Engagedly/transport/scan';
import { scanPages } from '../../nodes/Engagedly/transport/scan';
import { perContext } from '../../nodes/Engagedly/transport/perExecution';
import type { PacingBudget } from '../../nodes/Engagedly/transport/rateLimit';
import { RateLimitPacer } from '../../nodes/Engagedly/transport/rateLimit';
import type { EngagedlyContext } from '../../nodes/Engagedly/transport/request';

/** A pacer that sends at once and notes the budget in force at each request. */
class NotingPacer extends RateLimitPacer {
	told: PacingBudget = {};
	readonly atRequests: PacingBudget[] = [];

	setBudget(budget: PacingBudget): void {
		this.told = { ...this.told, ...budget };
		super.setBudget(budget);
	}

	async beforeRequest(): Promise<void> {
		this.atRequests.push({ ...this.told });
	}
}

/** A list of `total` records ({ id }), paged as the contract pages it, in a run whose pacer notes its budget. */
function listOf(total: number) {
	const records = Array.from({ length: total }, (_, index) => ({ id: index + 1 }));
	const sizes: number[] = [];
	const context = {
		getNode: () => ({ name: 'Engagedly' }),
		getCredentials: async () => ({
			baseUrl: 'https://acme.engagedly.example',
			clientKey: 'client-1',
			secretKey: 'secret-1',
		}),
		helpers: {
			async httpRequestWithAuthentication(_type: string, request: IHttpRequestOptions) {
				const { page, size } = request.qs as { page: number; size: number };
				sizes.push(size);
				const data = records.slice((page - 1) * size, page * size);
				const pagination = { page, size, has_more: page * size < total, total_records: total };
				return { statusCode: 200, headers: {}, body: { success: true, data, pagination } };
			},
		},
	} as unknown as EngagedlyContext;
	const pacer = perContext(context, 'pacer', () => new NotingPacer());
	return { context, pacer, sizes };
}

const OVER = { need: undefined, share: undefined, deadlineMs: undefined };
/** A poll's deadline, as the trigger sets it: its budget from now. */
const deadline = () => Date.now() + 30_000;

describe('a scan tells the pacer the pages it has left, and forgets it when it is over', () => {
	test.each<[string, number, ScanOptions, Array<number | undefined>]>([
		[
			'a whole list: none before the first page gives the total, then each page left',
			160,
			{},
			[undefined, 3, 2, 1],
		],
		[
			'a limit every record counts toward: only the pages the limit needs',
			160,
			{ limit: 60 },
			[2, 1],
		],
		[
			'a filter with a limit: the limit may take any number of pages, so the total tells (here 60 are kept by page 3)',
			160,
			{ limit: 60, keep: (record) => Number(record.id) % 2 === 0 },
			[undefined, 3, 2],
		],
		[
			'a scan that stops at a record it cannot foresee: no count',
			160,
			{ stopAt: (record: IDataObject) => record.id === 140 },
			[undefined, undefined, undefined],
		],
	])('%s', async (_name, total, options, needs) => {
		const { context, pacer } = listOf(total);
		await scanPages.call(context, '/users', options);

		expect(pacer.atRequests.map((budget) => budget.need)).toEqual(needs);
		expect(pacer.told).toEqual(OVER);
	});

	test("a poll's share and deadline hold for every page of its scan, and no longer", async () => {
		const { context, pacer } = listOf(120);
		const pacing = { share: 0.5, deadlineMs: deadline() };
		await scanPages.call(context, '/users', { pacing, proceed: () => true });

		expect(pacer.atRequests).toEqual([
			{ ...pacing, need: undefined },
			{ ...pacing, need: 2 },
			{ ...pacing, need: 1 },
		]);
		expect(pacer.told).toEqual(OVER);
	});

	test('a scan that fails forgets its budget too', async () => {
		const { context, pacer } = listOf(120);
		await expect(
			scanPages.call(context, '/users', {
				pacing: { share: 0.5 },
				stopAt: () => {
					throw new Error('a stop condition that fails');
				},
			}),
		).rejects.toThrow('a stop condition that fails');

		expect(pacer.atRequests).toHaveLength(1);
		expect(pacer.told).toEqual(OVER);
	});
});

describe('the page a scan asks for: the limit, unless records may not count toward it', () => {
	test.each<[string, ScanOptions, number[]]>([
		['a limit every record counts toward', { limit: 7 }, [7]],
		['a filter: the largest page', { limit: 7, keep: (record) => Number(record.id) > 20 }, [50]],
		[
			'records that do not count toward the limit: the largest page',
			{ limit: 7, counts: (record) => Number(record.id) > 20 },
			[50],
		],
		[
			'a stop condition: the largest page',
			{ limit: 7, stopAt: (record) => record.id === 30 },
			[50],
		],
	])('%s', async (_name, options, sizes) => {
		const list = listOf(160);
		await scanPages.call(list.context, '/users', options);

		expect(list.sizes).toEqual(sizes);
	});
});
