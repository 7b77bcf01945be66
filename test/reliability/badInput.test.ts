/**
 * Bad input gets a clear error that names the field, before any request: options outside their
 * list, objects where text or an id belongs, ids that would leave their URL segment, pictures
 * over the cap. Values an expression gives in another honest form (a number as text, a whole
 * record where its id is meant) are taken as meant.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { byId, loadPackage, runEngagedly } from '../helpers/engine';
import { createPoller } from '../helpers/poll';
import { requestsTo, useSimulator } from '../helpers/simulator';

const sim = useSimulator({ users: 80, seed: 'bad-input' });

const run = (parameters: IDataObject, input?: INodeExecutionData[]) =>
	runEngagedly({ parameters, credentials: sim.credentials(), ...(input ? { input } : {}) });

const someone = () => sim.store.sortedUsers()[5];

describe('an option outside its list is refused, naming the allowed values', () => {
	// Mode takes no expression; a workflow written by hand, imported or built by an agent can still hold any value.
	test.each(['Add', 'bogus'])('Update Permissions mode "%s" in a saved workflow drops nothing', async (mode) => {
		const user = someone();
		const held = sim.store.permissionsOf(user.id).map((p) => p.id);
		const { error } = await run({
			resource: 'user',
			operation: 'updatePermissions',
			userId: byId(user.id),
			mode,
			permissionIds: [String(sim.store.permissions.find((p) => !p.is_admin)!.id)],
		});

		expect(error?.message).toBe(`Mode must be one of "add", "remove", "replace" (got "${mode}")`);
		expect(error?.description).toMatch(/Nothing was sent to Engagedly/);
		expect(error?.context?.itemIndex).toBe(0);
		expect(sim.log).toHaveLength(0);
		expect(sim.store.permissionsOf(user.id).map((p) => p.id)).toEqual(held);
	});

	test('User Attribute kind "bogus" is refused instead of filtering nothing', async () => {
		const { items, error } = await run({
			resource: 'userAttribute',
			operation: 'getAll',
			returnAll: true,
			filters: { kind: '={{ "bogus" }}' },
		});

		expect(items).toEqual([]);
		expect(error?.message).toBe('Kind (under Filters) must be one of "custom", "system" (got "bogus")');
		expect(sim.log).toHaveLength(0);
	});
});

describe('an object where text or an id is expected', () => {
	const object = '={{ { "first": "Ada" } }}';

	test.each([
		['First Name', { resource: 'user', operation: 'create', email: 'ada@example.com', firstName: object, lastName: 'L' }],
		['Email (under Filters)', { resource: 'user', operation: 'getAll', limit: 5, filters: { email: object } }],
		['Name (under Update Fields)', { resource: 'location', operation: 'update', locationId: byId(1), updateFields: { name: object } }],
		['User', { resource: 'user', operation: 'get', userId: { __rl: true, mode: 'id', value: object } }],
		[
			'Job Title Name or ID (under Update Fields)',
			{ resource: 'user', operation: 'update', userId: byId('x'), updateFields: { jobTitle: object } },
		],
	])('%s holding an object is refused, naming the field, before any request', async (field, parameters) => {
		const { error } = await run(parameters);

		expect(error?.message).toMatch(new RegExp(`^${field.replace(/[()]/g, '\\$&')} must be`));
		expect(error?.message).not.toContain('[object Object]');
		expect(sim.log).toHaveLength(0);
	});

	test('a whole record where an id belongs stands for its id (user in the URL, job title and manager in the body)', async () => {
		const user = someone();
		const manager = sim.store.sortedUsers()[9];
		const [jobTitle] = sim.store.jobTitles.values();
		const { items, error } = await run(
			{
				resource: 'user',
				operation: 'update',
				userId: { __rl: true, mode: 'id', value: '={{ $json.user }}' },
				updateFields: {
					jobTitle: '={{ $json.jobTitle }}',
					manager: { __rl: true, mode: 'id', value: '={{ $json.manager }}' },
				},
			},
			[{ json: { user: { id: user.id, name: user.first_name }, jobTitle: { id: jobTitle.id, name: jobTitle.name }, manager: { id: manager.id } } }],
		);

		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(user.id);
		const [patch] = requestsTo(sim, 'PATCH /beta/users/:id');
		expect(patch.path).toBe(`/beta/users/${user.id}`);
		expect(patch.body).toEqual({ job_title: String(jobTitle.id), manager_id: manager.id });
		expect(sim.store.users.get(user.id)?.manager_id).toBe(manager.id);
	});
});

describe('numbers', () => {
	test('Limit "3" from an expression is the number 3', async () => {
		const { items, error } = await run({ resource: 'user', operation: 'getAll', returnAll: false, limit: '={{ "3" }}' });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(requestsTo(sim, 'GET /beta/users').map((entry) => entry.query.size)).toEqual(['3']);
	});

	test.each([
		['"three"', 'Limit must be a number (got "three")'],
		['0', 'Limit must be a whole number of 1 or more (got 0)'],
	])('Limit %s is refused, naming the field', async (limit, message) => {
		const { error } = await run({ resource: 'user', operation: 'getAll', returnAll: false, limit: `={{ ${limit} }}` });

		expect(error?.message).toBe(message);
		expect(sim.log).toHaveLength(0);
	});

	test('Max Rate-Limit Wait "abc" is refused, naming the option', async () => {
		const { error } = await run({ resource: 'user', operation: 'getAll', limit: 2, options: { maxRateLimitWait: '={{ "abc" }}' } });

		expect(error?.message).toBe('Max Rate-Limit Wait (Seconds) (under Options) must be a number (got "abc")');
		expect(sim.log).toHaveLength(0);
	});
});

describe('every id is exactly one path segment', () => {
	test.each([
		['..', { resource: 'user', operation: 'getPermissions' }, 'userId', 'user'],
		['.', { resource: 'user', operation: 'get' }, 'userId', 'user'],
		['%2e%2e', { resource: 'user', operation: 'activate' }, 'userId', 'user'],
		['%252E%252E', { resource: 'user', operation: 'deactivate' }, 'userId', 'user'],
		['a/b', { resource: 'user', operation: 'get' }, 'userId', 'user'],
		['..', { resource: 'department', operation: 'delete' }, 'departmentId', 'department'],
		['..', { resource: 'location', operation: 'get' }, 'locationId', 'location'],
	])('"%s" as the id of %o is refused before any request', async (id, parameters, locator, noun) => {
		const { items, error } = await run({ ...parameters, [locator]: byId(`={{ ${JSON.stringify(id)} }}`) });

		expect(items).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`^The ${noun} ID is not an ID: `));
		expect(sim.log).toHaveLength(0);
	});
});

describe('a praise filter that names no person is refused, naming it, before any request', () => {
	test.each([
		['Author', { author: { __rl: true, mode: 'email', value: 'not an address' } }, 'Author: "not an address" is not an email address'],
		['Recognized User', { recognizedUser: { __rl: true, mode: 'email', value: 'nobody' } }, 'Recognized User: "nobody" is not an email address'],
	])('%s', async (_name, filters, message) => {
		const { error } = await run({ resource: 'praise', operation: 'getAll', returnAll: true, filters });
		expect(error?.message).toBe(message);
		expect(error?.description).toContain('name@company.com');
		expect(sim.log).toHaveLength(0);
	});
});

test('a node saved with an operation this version does not know fails its item, naming the operation and its resource, before any request', async () => {
	const { error } = await run({ resource: 'user', operation: 'delete', userId: byId(someone().id) });

	expect(error?.message).toBe('The operation "delete" is not supported for the resource "user"');
	expect(error?.description).toBe('Pick the resource and operation again in the node.');
	expect(error?.context?.itemIndex).toBe(0);
	expect(sim.log).toHaveLength(0);
});

test('a trigger saved with an event this version does not know fails its poll, naming the event, before any request', async () => {
	const poller = await createPoller({ parameters: { event: 'userDeleted' }, credentials: sim.credentials() });
	const { items, error } = await poller.poll('trigger', 'activate');

	expect(items).toEqual([]);
	expect(error?.message).toBe('The event "userDeleted" is not supported');
	expect(error?.description).toBe('Pick the event again in the trigger.');
	expect(sim.log).toHaveLength(0);
});

describe('profile pictures', () => {
	test('a picture above 5 MB is refused before sending, naming its size and the cap', async () => {
		const png = Buffer.alloc(6 * 1024 * 1024);
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
		const { error } = await run({ resource: 'user', operation: 'updateProfilePicture', userId: byId(someone().id) }, [
			{ json: {}, binary: { data: { data: png.toString('base64'), mimeType: 'image/png', fileName: 'huge.png' } } },
		]);

		expect(error?.message).toBe('"huge.png" is 6.0 MB, more than the 5.0 MB a profile picture may have');
		expect(error?.description).toMatch(/Nothing was sent/);
		expect(sim.log).toHaveLength(0);
	});
});

describe('the credential warns when the Base URL is not https', () => {
	const shown = async (baseUrl: string) => {
		const { credentialTypes } = await loadPackage();
		const notice = credentialTypes.engagedlyApi.properties.find((p) => p.name === 'insecureBaseUrlNotice')!;
		return NodeHelpers.displayParameter({ baseUrl }, notice, { typeVersion: 1 } as never, null);
	};

	test.each([
		['http://api.engagedly.com', true],
		['http://proxy.internal:8080', true],
		['https://api.engagedly.com', false],
		['http://127.0.0.1:4010', false],
		['http://localhost:4010', false],
		['http://[::1]:4010', false],
	])('%s: warning shown %s', async (baseUrl, expected) => {
		expect(await shown(baseUrl)).toBe(expected);
	});
});
