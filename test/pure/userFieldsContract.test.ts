/**
 * The user field table (people/userFields.ts) against Engagedly's API contract
 * (docs/engagedly-api.md, "User write fields" and "User"): the expectations below are the contract's tables, typed from it,
 * so a row whose wire name, answer key, kind, writes or list drifts from what Engagedly takes and
 * answers fails here, before any engine suite sends it.
 */
import { LISTED } from '../../nodes/Engagedly/actions/user/upsert/names';
import type { UserWrite } from '../../nodes/Engagedly/people/userFields';
import { PERSON_FIX } from '../../nodes/Engagedly/descriptions/common';
import { answerKey, USER_FIELDS } from '../../nodes/Engagedly/people/userFields';
import { clearable, editorPlace, plainName, userFieldNames } from '../../nodes/Engagedly/people/editorPlaces';

/**
 * The contract's user write fields (and the system attributes with fixed keys whose values are
 * options, `title` and `gender`): what each takes, and the note on which writes take it.
 */
const WRITE_FIELDS: Record<string, { takes: 'text' | 'date' | 'an id' | 'ids' | 'a person' | 'people'; note?: 'create only' | 'accepted in partial update' }> = {
	first_name: { takes: 'text' },
	middle_name: { takes: 'text' },
	last_name: { takes: 'text' },
	email: { takes: 'text' },
	employee_id: { takes: 'text' },
	joining_date: { takes: 'date' },
	birth_date: { takes: 'date' },
	location: { takes: 'an id' },
	job_title: { takes: 'an id' },
	employee_type: { takes: 'an id', note: 'create only' },
	level: { takes: 'text' },
	phone_number: { takes: 'text' },
	secondary_phone_number: { takes: 'text' },
	// "string" on the write table; the user answers them as ISO 8601 timestamps, compared as days.
	promotion_date: { takes: 'date' },
	review_date: { takes: 'date' },
	departments: { takes: 'ids' },
	businesses: { takes: 'ids' },
	hr_managers: { takes: 'people' },
	secondary_managers: { takes: 'people' },
	manager_id: { takes: 'a person' },
	education: { takes: 'text', note: 'accepted in partial update' },
	title: { takes: 'an id' },
	gender: { takes: 'an id' },
};

/** Where the contract's user answer shows a write field (its "naming differences" and the manager). */
const ANSWERED_AS: Record<string, string> = { birth_date: 'birthdate', businesses: 'business_unit', manager_id: 'primary_reporter' };

/** The lists whose ids the contract's reference fields take, by their paths. */
const LIST_OF: Record<string, string> = { location: '/locations', job_title: '/job_titles', departments: '/departments', businesses: '/businesses' };

const KIND: Record<string, string> = { text: 'text', date: 'date', 'an id': 'id', ids: 'ids', 'a person': 'user', people: 'users' };

/** The writes a field is on: the identity is required on Create and Replace, so only Update's collection has it. */
function writesOf(wire: string): UserWrite[] {
	const note = WRITE_FIELDS[wire].note;
	if (note === 'create only') return ['create'];
	if (note === 'accepted in partial update' || ['first_name', 'last_name', 'email'].includes(wire)) return ['update'];
	return ['create', 'update', 'replace'];
}

test('every row is a field the contract takes, and every field it takes has a row (the identity: Update\'s)', () => {
	expect(USER_FIELDS.map((field) => field.wire).sort()).toEqual(Object.keys(WRITE_FIELDS).sort());
});

test.each(USER_FIELDS.map((field) => [field.wire, field] as const))('%s: its kind, writes, answer key and list are the contract\'s', (wire, field) => {
	expect(field.kind).toBe(KIND[WRITE_FIELDS[wire].takes]);
	expect([...field.on].sort()).toEqual(writesOf(wire).sort());
	expect(answerKey(field)).toBe(ANSWERED_AS[wire] ?? wire);
	expect(LISTED[wire]?.path).toBe(LIST_OF[wire]);
});

describe('where the editor takes each field, for messages that name it', () => {
	test.each([
		['the identity on Create: its own parameter', 'email', 'create', 'Email'],
		['the identity on Replace', 'first_name', 'replace', 'First Name'],
		['the last name on Create', 'last_name', 'create', 'Last Name'],
		['the identity on Update: one of Update Fields', 'email', 'update', 'Email under Update Fields'],
		['a field of Create', 'hr_managers', 'create', 'HR Managers under Additional Fields'],
		['a field of Update', 'job_title', 'update', 'Job Title Name or ID under Update Fields'],
		['a create-only field on Update: nowhere', 'employee_type', 'update', undefined],
		['an update-only field on Create: nowhere', 'education', 'create', undefined],
		['no such field', 'nickname', 'create', undefined],
	] as const)('editorPlace: %s', (_name, wire, write, place) => {
		expect(editorPlace(wire, write)).toBe(place);
	});

	test("userFieldNames: each field a write sends, by its place; people's fields say how to give a person", () => {
		const names = userFieldNames('create');
		expect(names.email).toEqual({ label: 'Email' });
		expect(names.job_title).toEqual({ label: 'Job Title Name or ID under Additional Fields' });
		expect(names.hr_managers).toEqual({ label: 'HR Managers under Additional Fields', fix: PERSON_FIX });
		expect(names.manager_id).toEqual({ label: 'Manager under Additional Fields', fix: PERSON_FIX });
		expect(names.education).toBeUndefined();
		expect(Object.keys(names).sort()).toEqual(['email', 'first_name', 'last_name', ...USER_FIELDS.filter((f) => f.on.includes('create')).map((f) => f.wire)].sort());
	});

	test("clearable: Update's fields less the identity", () => {
		expect(clearable().map((field) => field.wire).sort()).toEqual(
			Object.keys(WRITE_FIELDS)
				.filter((wire) => writesOf(wire).includes('update') && !['email', 'first_name', 'last_name'].includes(wire))
				.sort(),
		);
	});
});

test.each([
	['job_title', 'Job Title'],
	['departments', 'Department'],
	['hr_managers', 'HR Managers'],
	['employee_id', 'Employee ID'],
])("plainName: %s's editor name without the dropdown's tail: %s", (wire, name) => {
	expect(plainName(USER_FIELDS.find((field) => field.wire === wire)!)).toBe(name);
});
