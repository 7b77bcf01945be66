/**
 * Sync takes a job title, location, department or business unit by name as well as by ID
 * (actions/user/upsert/names.ts), as a table over lists handed in: an id a record has, else the
 * name of exactly one record in any case; anything else fails the employee's item, naming the
 * field, with what to give instead.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { idsForNames, LISTED, NAMED_FIELDS } from '../../nodes/Engagedly/actions/user/upsert/names';
import type { Lists } from '../../nodes/Engagedly/actions/user/upsert/lookups';
import type { RecordKind } from '../../nodes/Engagedly/actions/records/kinds';

const context = { getNode: () => ({ name: 'Engagedly' }) as INode } as unknown as IExecuteFunctions;

const RECORDS: Record<string, IDataObject[]> = {
	'job title': [
		{ id: 'jt-1', name: 'Engineer' },
		{ id: 'jt-2', name: 'Designer' },
		{ id: 'jt-3', name: 'designer ' },
	],
	location: [{ id: '7', name: 'Pune' }],
	department: [
		{ id: 'd-1', name: 'R&D' },
		{ id: 'd-2', name: 'Ops' },
	],
	business: [{ id: 'b-1', name: 'EMEA' }],
};

/** The lists, and which were read. */
function lists() {
	const read: string[] = [];
	const handed: Lists = {
		read: async (kind: RecordKind) => {
			read.push(kind.noun);
			return RECORDS[kind.noun];
		},
		readAlready: async () => [],
	};
	return { handed, read };
}

const resolve = async (body: IDataObject) => {
	const { handed, read } = lists();
	return { resolved: await idsForNames.call(context, body, { itemIndex: 3, maxRateLimitWaitSeconds: 0 }, handed), read };
};

test('the fields taken by name are the ones whose values are records of a list', () => {
	expect(Object.fromEntries(Object.entries(LISTED).map(([wire, kind]) => [wire, kind.noun]))).toEqual({
		job_title: 'job title',
		location: 'location',
		departments: 'department',
		businesses: 'business',
	});
	expect(NAMED_FIELDS).toEqual(Object.keys(LISTED));
});

test.each<[string, IDataObject, IDataObject]>([
	['an id a record has stays', { job_title: 'jt-2' }, { job_title: 'jt-2' }],
	['an id with spaces around it', { location: ' 7 ' }, { location: '7' }],
	['a name, any case and spaces', { location: ' pune' }, { location: '7' }],
	['a list of names and ids, in the order given', { departments: ['ops', 'd-1'] }, { departments: ['d-2', 'd-1'] }],
	['fields not taken by name are left as they are', { first_name: 'Engineer', job_title: 'Engineer' }, { first_name: 'Engineer', job_title: 'jt-1' }],
])('%s', async (_case, body, expected) => {
	expect((await resolve(body)).resolved).toEqual(expected);
});

test('a list is read only for a field the body gives', async () => {
	expect((await resolve({ location: '7', first_name: 'Ann' })).read).toEqual(['location']);
	expect((await resolve({ first_name: 'Ann' })).read).toEqual([]);
});

test.each([
	[
		'a name nobody has',
		{ location: 'Paris' },
		'No location in Engagedly has the ID or name "Paris" (location)',
		'Engagedly has 1 location records; give one of their names or IDs (see its dropdown in the Create operation). Nothing was written for this employee.',
	],
	[
		'a name two records share, whatever their case and spaces',
		{ job_title: 'DESIGNER' },
		'2 job title records are named "DESIGNER" (job_title)',
		'Give this job title by its ID instead: jt-2, jt-3. Nothing was written for this employee.',
	],
])('%s fails the item, naming the field and what to give', async (_case, body, message, description) => {
	const error = await resolve(body).catch((thrown: NodeOperationError) => thrown);
	expect(error).toBeInstanceOf(NodeOperationError);
	expect((error as NodeOperationError).message).toBe(message);
	expect((error as NodeOperationError).description).toBe(description);
	expect((error as NodeOperationError).context.itemIndex).toBe(3);
});
