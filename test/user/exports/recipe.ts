/**
 * What every HR system's recipe is made of (test/user/recipes.test.ts runs them, the "Recipes: HR
 * systems" section of docs/engagedly-node.md gives the same mapping in words): the vendor's answer
 * as it arrives, dated relative to the run's today so the fixtures never rot; the items the
 * workflow hands Sync (n8n's Split Out node, for Finch the Code node the docs give, for Workday
 * n8n's XML node then Split Out); and Sync's parameters, expressions exactly as the docs print them.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

/** The day `offset` days from `today` (both YYYY-MM-DD). */
export const dayFrom = (today: string, offset: number): string => DateTime.fromISO(today, { zone: 'utc' }).plus({ days: offset }).toISODate()!;

export interface Recipe<Answer> {
	system: string;
	/** The vendor's answer on `today` (YYYY-MM-DD, the workflow's time zone). */
	answer(today: string): Answer;
	/** One JSON per employee, as the workflow hands them to Sync. */
	items(answer: Answer): IDataObject[];
	/** Sync's parameters (resource and operation apart), as the docs give them. */
	parameters: IDataObject;
	/** Custom Attributes → Cost Center (the organisation's mandatory attribute): an expression or a constant. */
	costCenter: string;
}
