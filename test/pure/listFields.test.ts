/**
 * The fields the User Updated trigger can watch (people/listFields.ts), as built from the user
 * field table: their keys, labels and order, which are records compared by id, which are custom
 * attributes, and which a list element carries. Pure, milliseconds.
 */
import { carriedBy, isCustomAttributeKey, isWatchedReference, SYSTEM_FIELDS } from '../../nodes/Engagedly/people/listFields';

test('the watchable fields, by label, sorted: the table rows marked watch, and the two no write sets', () => {
	expect(SYSTEM_FIELDS.map((field) => field.name)).toEqual([...SYSTEM_FIELDS.map((field) => field.name)].sort((a, b) => a.localeCompare(b)));
	expect(SYSTEM_FIELDS).toContainEqual({ value: 'status', name: 'Status', description: 'Active or Blocked (deactivated)' });
	expect(SYSTEM_FIELDS).toContainEqual({ value: 'block_reason_code', name: 'Block Reason Code' });
	// Watched by the answer's key (birthdate, not the wire's birth_date), or the row's own key and name.
	expect(SYSTEM_FIELDS).toContainEqual({ value: 'birthdate', name: 'Birth Date' });
	expect(SYSTEM_FIELDS).toContainEqual({ value: 'manager', name: 'Manager', description: 'The primary reporter' });
	expect(SYSTEM_FIELDS).toContainEqual({ value: 'departments', name: 'Departments', description: 'Which departments, and whether as administrator' });
	expect(SYSTEM_FIELDS.map((field) => field.value)).not.toContain('hr_manager_ids');
});

test.each([
	['job_title', true],
	['location', true],
	['employee_type', true],
	['manager', false],
	['departments', false],
	['first_name', false],
	['custom-attribute-1', false],
])('%s is a record compared by id: %s', (key, reference) => {
	expect(isWatchedReference(key)).toBe(reference);
});

test.each([
	['custom-attribute-1', true],
	['anything_not_a_system_field', true],
	['status', false],
	['manager', false],
	['birthdate', false],
])('%s is a custom attribute: %s', (key, custom) => {
	expect(isCustomAttributeKey(key)).toBe(custom);
});

test.each([
	['the manager, always (it is included)', {}, 'manager', true],
	['a custom attribute, always (from custom_attributes)', {}, 'custom-attribute-1', true],
	['a field the element has', { departments: [] }, 'departments', true],
	['a field the element has as null', { birthdate: null }, 'birthdate', true],
	['a field the element lacks (the contract list has no departments)', { email: 'a@example.com' }, 'departments', false],
])('carried by a list element: %s', (_name, user, key, carried) => {
	expect(carriedBy(user, key)).toBe(carried);
});
