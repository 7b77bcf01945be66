/**
 * A user field of any kind is one row of the table in people/userFields.ts (CONTRIBUTING.md,
 * "Adding a user field"). Each test adds rows as the recipe says, loads the rooms that build on
 * the table afresh, and checks every place the field must reach: the editor's collection and
 * Clear Fields, what differs (in the compared form), names for ids, Dry Run's answer key, and the
 * trigger's watchable fields and their comparison. Nothing else is edited.
 */
import type { IDataObject } from 'n8n-workflow';

import type * as UserFields from '../../nodes/Engagedly/people/userFields';

const ROOT = '../../nodes/Engagedly';

/** The rooms, loaded after `rows` were added to the table. */
function withRows(rows: UserFields.UserField[]) {
	let loaded!: {
		descriptions: typeof import('../../nodes/Engagedly/actions/user/fields/descriptions');
		changes: typeof import('../../nodes/Engagedly/actions/user/upsert/changes');
		names: typeof import('../../nodes/Engagedly/actions/user/upsert/names');
		listFields: typeof import('../../nodes/Engagedly/people/listFields');
		trigger: typeof import('../../nodes/Engagedly/trigger/fields');
	};
	jest.isolateModules(() => {
		const table = jest.requireActual<typeof UserFields>(`${ROOT}/people/userFields`);
		table.USER_FIELDS.push(...rows);
		loaded = {
			descriptions: jest.requireActual(`${ROOT}/actions/user/fields/descriptions`),
			changes: jest.requireActual(`${ROOT}/actions/user/upsert/changes`),
			names: jest.requireActual(`${ROOT}/actions/user/upsert/names`),
			listFields: jest.requireActual(`${ROOT}/people/listFields`),
			trigger: jest.requireActual(`${ROOT}/trigger/fields`),
		};
	});
	return loaded;
}

const ALL: UserFields.UserWrite[] = ['create', 'update', 'replace'];

describe('a user field is one row of the table', () => {
	it('a date, watchable: shown by every write and Clear Fields, compared as a day, watched by the trigger', () => {
		const { descriptions, changes, listFields, trigger } = withRows([
			{
				wire: 'anniversary_date',
				kind: 'date',
				on: ALL,
				watch: {},
				property: { displayName: 'Anniversary Date', name: 'anniversaryDate', type: 'dateTime', default: '' },
			},
		]);
		for (const write of ALL) {
			expect(descriptions.userFieldsCollection(write).options!.map((option) => option.name)).toContain('anniversaryDate');
		}
		expect(descriptions.clearFieldsProperty.options!.map((option) => (option as unknown as IDataObject).value)).toContain('anniversaryDate');
		// The API's three forms of one day are one value, so nothing differs.
		expect(changes.changesFor({ anniversary_date: '2024-01-15T00:00:00.000Z' }, { anniversary_date: 'Jan 15, 2024' }, [])).toEqual({});
		expect(changes.changesFor({ anniversary_date: '15-01-2024' }, { anniversary_date: '2024-02-01' }, [])).toEqual({
			anniversary_date: { from: '2024-01-15', to: '2024-02-01' },
		});
		expect(listFields.SYSTEM_FIELDS).toContainEqual({ value: 'anniversary_date', name: 'Anniversary Date' });
		expect(listFields.isCustomAttributeKey('anniversary_date')).toBe(false);
		expect(trigger.sameValue('2024-01-15', '2024-01-15T00:00:00.000Z')).toBe(true);
	});

	it('a reference to a list, watchable under its answer key: compared by id, named from its list, by name in Sync, watched as {id, name}', () => {
		const { changes, names, listFields, trigger } = withRows([
			{
				wire: 'work_location_id',
				answer: 'work_location',
				kind: 'id',
				list: 'location',
				on: ALL,
				watch: {},
				property: { displayName: 'Work Location Name or ID', name: 'workLocation', type: 'options', typeOptions: { loadOptionsMethod: 'getLocations' }, default: '' },
			},
		]);
		const user = { work_location: { id: 5, name: 'Pune' } };
		expect(changes.changesFor(user, { work_location_id: '5' }, [])).toEqual({});
		const changed = changes.changesFor(user, { work_location_id: '7' }, []);
		expect(changed).toEqual({ work_location_id: { from: '5', to: '7' } });
		// Named from the users before and after the write: every answer names its records.
		const after = { work_location: { id: 7, name: 'Austin' } };
		expect(changes.namedChanges(changed, [after, user], () => undefined)).toEqual({
			work_location_id: { from: { id: '5', name: 'Pune' }, to: { id: '7', name: 'Austin' } },
		});
		expect(names.LISTED.work_location_id.path).toBe('/locations');
		expect(names.NAMED_FIELDS).toContain('work_location_id');
		expect(listFields.SYSTEM_FIELDS).toContainEqual({ value: 'work_location', name: 'Work Location' });
		expect(trigger.readField({ work_location: { id: 5, name: 'Pune' } }, 'work_location')).toEqual({ id: '5', name: 'Pune' });
	});

	it('people: compared as sorted ids, named with their address, not watchable unless marked', () => {
		const { changes, listFields } = withRows([
			{
				wire: 'mentors',
				kind: 'users',
				on: ALL,
				property: { displayName: 'Mentors', name: 'mentors', type: 'fixedCollection', default: {} },
			},
		]);
		const user = { mentors: [{ id: 2, name: 'B', email: 'b@example.test' }, { id: 1, name: 'A', email: 'a@example.test' }] };
		expect(changes.changesFor(user, { mentors: ['1', '2'] }, [])).toEqual({});
		const changed = changes.changesFor(user, { mentors: ['1'] }, []);
		expect(changes.namedChanges(changed, [user], () => undefined)).toEqual({
			mentors: { from: [{ id: '1', name: 'A', email: 'a@example.test' }, { id: '2', name: 'B', email: 'b@example.test' }], to: [{ id: '1', name: 'A', email: 'a@example.test' }] },
		});
		expect(listFields.SYSTEM_FIELDS.map((field) => field.value)).not.toContain('mentors');
	});
});
