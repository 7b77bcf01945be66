/**
 * A PUT of a structure record replaces it whole, so the node must send every field Engagedly
 * keeps for it, or a write clears the field it left out. The node's field list for each kind
 * (actions/records/kinds.ts, which every whole-record write is built from) is compared here with
 * the record's shape in the simulator (test/simulator/records.ts, itself checked against the
 * spec by the simulator's suites). A field added to one and not the other fails here, before any
 * workflow clears it; CONTRIBUTING.md's "An operation" recipe relies on it.
 */
import { business, department, jobTitle, location } from '../../nodes/Engagedly/actions/records/kinds';
import type { RecordKind } from '../../nodes/Engagedly/actions/records/kinds';
import { recordFields } from '../../nodes/Engagedly/actions/records/wholeRecord';
import {
	JobTitleRecordSchema,
	LocationRecordSchema,
	OrgUnitRecordSchema,
	writableFields,
} from '../simulator/records';

const sent = (kind: RecordKind) => recordFields(kind).map((field) => field.wire).sort();

test.each([
	[department.noun, department, [...writableFields(OrgUnitRecordSchema).fields, 'members']],
	[business.noun, business, [...writableFields(OrgUnitRecordSchema).fields, 'members']],
	[location.noun, location, writableFields(LocationRecordSchema).fields],
	[jobTitle.noun, jobTitle, writableFields(JobTitleRecordSchema).fields],
])('a whole %s write sends every field the record keeps, and only those', (_noun, kind, kept) => {
	expect(sent(kind)).toEqual([...kept].sort());
});
