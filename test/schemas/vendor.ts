/**
 * The vendor profile's records checked against the vendor's OpenAPI description itself
 * (engagedly-openapi.yaml, through openapi.ts's validator, the one the simulator's suites use):
 * no second copy of the vendor's shapes to keep in step with the document.
 *
 * The document's schemas list no required keys and allow any other key, so the schema alone
 * would pass a record that lost a field. The check adds, read from the same document: every key
 * the record's schema documents is there, and no key anywhere is one the document does not list.
 *
 * `schemasFor(profile)` gives the contract's zod schemas or these checks under the same names,
 * so a suite that runs against both profiles validates with the right one.
 */
import * as contract from './engagedly';
import { VendorDescription } from './openapi';

type Check = { parse: (value: unknown) => unknown };

const description = new VendorDescription();

/** A check of one record against the component schema `name`: `parse` throws with every problem, one line each, and returns the record. */
function vendorRecord(name: string, { idsAsText = false } = {}): Check {
	return {
		parse(value: unknown): unknown {
			const record = value as Record<string, unknown>;
			// The node gives the ids of locations and job titles as text (docs/engagedly-node.md); the vendor, numbers.
			const problems = description.recordProblems(name, idsAsText && typeof record.id === 'string' ? { ...record, id: Number(record.id) } : record);
			if (problems.length > 0) throw new Error(`Not the vendor's ${name}:\n${problems.join('\n')}`);
			return value;
		},
	};
}

const vendor = {
	OrgUnitListItemSchema: vendorRecord('OrgUnitSummary'),
	DepartmentSchema: vendorRecord('OrgUnit'),
	BusinessSchema: vendorRecord('OrgUnit'),
	LocationSchema: vendorRecord('Location', { idsAsText: true }),
	JobTitleSchema: vendorRecord('JobTitle', { idsAsText: true }),
};

const contractSet: Record<keyof typeof vendor, Check> = {
	OrgUnitListItemSchema: contract.OrgUnitListItemSchema,
	DepartmentSchema: contract.DepartmentSchema,
	BusinessSchema: contract.BusinessSchema,
	LocationSchema: contract.LocationSchema,
	JobTitleSchema: contract.JobTitleSchema,
};

/** The checks of one profile's records, by the contract's schema names. */
export function schemasFor(profile: 'contract' | 'vendor'): Record<keyof typeof vendor, Check> {
	return profile === 'contract' ? contractSet : vendor;
}
