import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ListName } from '../../../people/userFields';
import { USER_FIELDS } from '../../../people/userFields';
import type { ItemScope } from '../../../transport/request';
import type { RecordKind } from '../../records/kinds';
import { business, department, jobTitle, location } from '../../records/kinds';
import type { Lists } from './lookups';

const LISTS: Record<ListName, RecordKind> = { jobTitle, location, department, business };

/** The user fields whose values are records of a list Engagedly has: wire name → that list. */
export const LISTED: Record<string, RecordKind> = Object.fromEntries(
	USER_FIELDS.filter((field) => field.list).map((field) => [field.wire, LISTS[field.list!]]),
);

/** The wire names of the fields Sync takes by name as well as by ID. */
export const NAMED_FIELDS: readonly string[] = Object.keys(LISTED);

const folded = (text: unknown) => String(text ?? '').trim().toLowerCase();

/**
 * An HR system knows its job titles, locations, departments and business units by name, not by
 * Engagedly's ids, so Sync takes either. A field's list is read once per run, and only when an
 * item gives that field (a few requests beside the directory's); a value is an id when a record
 * has it, else the name of exactly one record (any case). Anything else fails that item, naming
 * the field, before it is written. The ids are strings in the contract, so no shape tells an id
 * from a name: the list does.
 */
export async function idsForNames(this: IExecuteFunctions, body: IDataObject, request: ItemScope, lists: Lists): Promise<IDataObject> {
	const resolved: IDataObject = { ...body };
	for (const [wire, kind] of Object.entries(LISTED)) {
		const given = body[wire];
		if (given === undefined) continue;
		const records = await lists.read(kind, request);
		const idOf = (value: unknown): string => {
			const text = String(value).trim();
			if (records.some((record) => String(record.id) === text)) return text;
			const matches = records.filter((record) => folded(record.name) === folded(text));
			if (matches.length === 1) return String(matches[0].id);
			throw new NodeOperationError(
				this.getNode(),
				matches.length === 0
					? `No ${kind.noun} in Engagedly has the ID or name "${text}" (${wire})`
					: `${matches.length} ${kind.noun} records are named "${text}" (${wire})`,
				{
					itemIndex: request.itemIndex,
					description:
						matches.length === 0
							? `Engagedly has ${records.length} ${kind.noun} records; give one of their names or IDs (see its dropdown in the Create operation). Nothing was written for this employee.`
							: `Give this ${kind.noun} by its ID instead: ${matches.map((record) => String(record.id)).join(', ')}. Nothing was written for this employee.`,
				},
			);
		};
		resolved[wire] = Array.isArray(given) ? given.map(idOf) : idOf(given);
	}
	return resolved;
}
