/**
 * Nothing silent: under every fault the simulator can stage, the node returns a complete result
 * or a clear error. Each row asserts the items, the message, the requests the simulator saw and,
 * for writes and the trigger, the state afterwards.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, pickedUsers, runEngagedly } from '../helpers/engine';
import { createPoller } from '../helpers/poll';
import { inFeedOrder, requestsTo, useSimulator } from '../helpers/simulator';
import { transportTiming } from '../helpers/transport';

/** 160 users: pages 1 to 3 full, page 4 holds 10. */
const USERS = 160;
const sim = useSimulator({ users: USERS, seed: 'reliability' });

const USER_LIST = 'GET /beta/users';
const getAllUsers = { resource: 'user', operation: 'getAll', returnAll: true };
const page = (n: number) => ({ path: '/beta/users', query: { page: String(n) } });

describe('a 200 that is not a well-formed answer is a fault, never the end of a list', () => {
	const malformed: Array<[string, string, RegExp]> = [
		['an empty body', '', /an empty body/],
		['{"success": false}', '{"success":false}', /with \{ success: false \} where/],
		['a body without data', '{"success":true}', /\{ success: true \}/],
		['data: null with has_more', '{"success":true,"data":null,"pagination":{"has_more":true}}', /data: null/],
		[
			'an empty page that says has_more: true',
			'{"success":true,"data":[],"pagination":{"page":2,"size":50,"has_more":true,"total_records":160}}',
			/an empty page that says has_more: true/,
		],
		[
			'an empty page inside the total',
			'{"success":true,"data":[],"pagination":{"page":2,"size":50,"has_more":false,"total_records":160}}',
			/an empty page 2 of a list of 160/,
		],
	];

	test.each(malformed)('Get Many fails on page 2 answering %s, after retrying it 3 times', async (_name, body, message) => {
		sim.faults.add({ kind: 'body', body, match: page(2), times: Infinity });
		const { items, error } = await runEngagedly({ parameters: getAllUsers, credentials: sim.credentials() });

		expect(items).toEqual([]);
		expect(error?.message).toMatch(message);
		expect(error?.message).toMatch(/^Engagedly answered 200 with .* where a page of records in "data" was due$/);
		expect(error?.description).toMatch(/no record is lost or made up; it was tried 4 times/);
		// Engagedly answered, so this is no connection failure (the contract's api_connection_error).
		expect((error as { errorResponse?: { error_type?: string } }).errorResponse?.error_type).toBe('api_fault');
		expect(requestsTo(sim, USER_LIST).map((entry) => entry.query.page)).toEqual(['1', '2', '2', '2', '2']);
	});

	test('a malformed page that comes right on a retry gives the complete list', async () => {
		sim.faults.add({ kind: 'body', body: '{"success":true}', match: page(2) });
		const { items, error } = await runEngagedly({ parameters: getAllUsers, credentials: sim.credentials() });

		expect(error).toBeUndefined();
		expect(new Set(items.map((item) => item.json.id)).size).toBe(USERS);
		expect(requestsTo(sim, USER_LIST).map((entry) => entry.query.page)).toEqual(['1', '2', '2', '3', '4']);
	});

	test.each([
		['a body without data', '{"success":true}'],
		['data: null', '{"success":true,"data":null}'],
		['a list where a record is due', '{"success":true,"data":[]}'],
	])('a single Get answered with %s fails instead of outputting an empty item', async (_name, body) => {
		const user = sim.store.sortedUsers()[3];
		sim.faults.add({ kind: 'body', body, match: { path: '/beta/users/:id' }, times: Infinity });
		const { items, error } = await runEngagedly({
			parameters: { resource: 'user', operation: 'get', userId: byId(user.id) },
			credentials: sim.credentials(),
		});

		expect(items).toEqual([]);
		expect(error?.message).toMatch(/where a record in "data" was due/);
		expect(requestsTo(sim, 'GET /beta/users/:id')).toHaveLength(4);
	});
});

type Page = { pagination: IDataObject; data: IDataObject[] };

/** Every user-list answer replaced by what `rewrite` makes of it. */
const rewriteUserPages = (rewrite: (answer: Page) => unknown) =>
	sim.faults.add({ kind: 'rewrite', match: { path: '/beta/users' }, times: Infinity, rewrite: (body) => rewrite(body as Page) });

describe('paging is complete while the list changes', () => {
	test('a user deleted between pages 1 and 2 does not make Get Many skip the user who moves up', async () => {
		const sorted = sim.store.sortedUsers();
		const deleted = sorted[10];
		// The first user of page 2 moves to the end of page 1 once an earlier user is gone.
		const movesUp = sorted[50];
		sim.faults.add({ kind: 'mutate', mutate: (store) => store.removeUser(deleted.id), match: page(2) });
		const { items, error } = await runEngagedly({ parameters: getAllUsers, credentials: sim.credentials() });

		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.id as string);
		expect(ids).toContain(movesUp.id);
		expect(new Set(ids).size).toBe(ids.length);
		// Every user present for the whole scan, exactly once (the deleted one was read on page 1).
		for (const user of sim.store.sortedUsers()) expect(ids).toContain(user.id);
		expect(requestsTo(sim, USER_LIST).map((entry) => entry.query.page)).toEqual(['1', '2', '1', '2', '3', '4']);
	});

	test('users created between pages push the rest down: nobody is returned twice', async () => {
		sim.faults.add({
			kind: 'mutate',
			mutate: (store) => {
				for (let i = 0; i < 3; i++) store.addUser({ first_name: 'Aaron', last_name: `Early${i}` });
			},
			match: page(3),
		});
		const { items, error } = await runEngagedly({ parameters: getAllUsers, credentials: sim.credentials() });

		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.id as string);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids.length).toBe(USERS);
	});

	test('a list that shrinks before every second page fails after 20 step-backs instead of reading page 1 without end', async () => {
		sim.faults.add({ kind: 'mutate', mutate: (store) => store.removeUser(store.sortedUsers()[0].id), match: page(2), times: Infinity });
		const { items, error } = await runEngagedly({ parameters: getAllUsers, credentials: sim.credentials() });

		expect(items).toEqual([]);
		expect(error?.message).toMatch(/Engagedly's list \/users kept shrinking while it was read \(21 times\)/);
		// Page 1; page 2 finds one user fewer, so back to page 1, twenty times; the 21st shrink fails.
		expect(requestsTo(sim, USER_LIST).map((entry) => entry.query.page)).toEqual(['1', ...Array.from({ length: 20 }, () => ['2', '1']).flat(), '2']);
	});

	test('has_more: true forever fails after the total instead of paging without end, saying nothing was output', async () => {
		rewriteUserPages((answer) => {
			const n = Number(answer.pagination.page);
			// A proxy that keeps serving fresh-looking records and always says there is more.
			const data = n > 4 ? [{ ...sim.store.sortedUsers()[0], id: `fake-${n}` }] : answer.data;
			return { ...answer, data, pagination: { ...answer.pagination, has_more: true } };
		});
		const { items, error } = await runEngagedly({ parameters: getAllUsers, credentials: sim.credentials() });

		expect(items).toEqual([]);
		expect(error?.message).toMatch(/still said more records follow on page 5, past its total of 160/);
		expect(error?.description).toMatch(/^Nothing was output, so no record is lost or repeated\. Run the workflow again/);
		expect(requestsTo(sim, USER_LIST)).toHaveLength(5);
	});

	test('a page served again and again while saying more follow fails after three', async () => {
		rewriteUserPages((answer) => ({ ...answer, data: sim.store.sortedUsers().slice(0, 50), pagination: { has_more: true } }));
		const { items, error } = await runEngagedly({ parameters: getAllUsers, credentials: sim.credentials() });

		expect(items).toEqual([]);
		expect(error?.message).toMatch(/returned pages with nothing new while saying more follow \(page 4\)/);
		expect(requestsTo(sim, USER_LIST)).toHaveLength(4);
	});
});

describe('the trigger moves its state only on a complete, well-formed scan', () => {
	const pageTwo = { path: '/beta/activities/praises', query: { page: '2' } };
	test.each([
		['is malformed', { kind: 'body' as const, body: '{"success":true}', match: pageTwo, times: Infinity }, /where a page of records in "data" was due/],
		[
			'lists a praise without its activity_date',
			{
				kind: 'rewrite' as const,
				match: pageTwo,
				times: Infinity,
				rewrite: (body: unknown) => ({ ...(body as Page), data: (body as Page).data.map((praise, i) => (i ? praise : { ...praise, activity_date: null })) }),
			},
			/Engagedly listed praise \d+ without a readable activity_date/,
		],
	])('a New Praise burst whose page 2 %s emits nothing and saves nothing; the next poll emits all of it once', async (_fault, fault, message) => {
		const poller = await createPoller({ parameters: { event: 'newPraise', options: {} }, credentials: sim.credentials() });
		expect((await poller.poll('trigger', 'activate')).error).toBeUndefined();
		const before = poller.state();
		const posted = Array.from({ length: 73 }, () => sim.store.addPraise().id);

		sim.faults.add(fault);
		const failed = await poller.poll();
		expect(failed.items).toEqual([]);
		expect(failed.error?.message).toMatch(message);
		expect(poller.state()).toEqual(before);

		sim.faults.clear();
		const next = await poller.poll();
		expect(next.error).toBeUndefined();
		expect(next.items.map((item) => item.id)).toEqual(inFeedOrder(sim, posted));
		expect((await poller.poll()).items).toEqual([]);
	});

	test('a praise on top without its activity_date fails New Praise’s activation, naming it and why, with no baseline; once it has its date, the baseline is taken', async () => {
		const undated = sim.store.addPraise({ pinned: true });
		sim.faults.add({
			kind: 'rewrite',
			match: { path: '/beta/activities/praises' },
			rewrite: (body: unknown) => ({ ...(body as Page), data: (body as Page).data.map((praise) => (praise.id === undated.id ? { ...praise, activity_date: null } : praise)) }),
		});
		const poller = await createPoller({ parameters: { event: 'newPraise', options: {} }, credentials: sim.credentials() });
		const failed = await poller.poll('trigger', 'activate');
		expect(failed.error?.message).toBe(`Engagedly listed praise ${undated.id} without a readable activity_date`);
		expect(failed.error?.description).toMatch(/^Without its date a praise cannot be placed among the others, so nothing was emitted or saved; the next poll tries again/);
		expect(poller.state()).toEqual({});

		expect((await poller.poll()).error).toBeUndefined();
		expect(poller.state()).toMatchObject({ at: Date.parse(undated.activity_date), ids: [undated.id] });
	});

	test.each([
		['null', (user: IDataObject) => ({ ...user, id: null })],
		[
			'absent',
			(user: IDataObject) => {
				const listed = { ...user };
				delete listed.id;
				return listed;
			},
		],
	])('a user listed with an id %s fails the poll, which emits nothing and saves nothing and says so; the next poll goes on', async (_form, withoutId) => {
		const poller = await createPoller({ parameters: { event: 'newUser' }, credentials: sim.credentials() });
		expect((await poller.poll('trigger', 'activate')).error).toBeUndefined();
		const before = poller.state();
		const hire = sim.store.addUser({ first_name: 'Ida', last_name: 'Nobody' });
		sim.faults.add({
			kind: 'rewrite',
			match: { path: '/beta/users' },
			rewrite: (body: unknown) => ({ ...(body as Page), data: (body as Page).data.map((user, i) => (i ? user : withoutId(user))) }),
		});

		const failed = await poller.poll();
		expect(failed.error?.message).toBe('Engagedly listed a user without an id');
		expect(failed.error?.description).toMatch(/so nothing was emitted or saved; the next poll tries again\.$/);
		expect(failed.items).toEqual([]);
		expect(poller.state()).toEqual(before);

		const next = await poller.poll();
		expect(next.items.map((item) => item.id)).toEqual([hire.id]);
	});

	test('a New User baseline is never taken from an empty directory: the poll fails saying why', async () => {
		const poller = await createPoller({ parameters: { event: 'newUser' }, credentials: sim.credentials() });
		sim.faults.add({
			kind: 'body',
			body: '{"success":true,"data":[],"pagination":{"page":1,"size":50,"has_more":false,"total_records":0}}',
			match: { path: '/beta/users' },
		});
		const first = await poller.poll('trigger', 'activate');
		expect(first.error?.message).toBe('Engagedly listed no users at all');
		expect(first.error?.description).toMatch(/^That cannot be a real answer \(the API key belongs to a user\), so nothing was emitted or saved; the next poll tries again/);
		expect(poller.state()).toEqual({});

		expect((await poller.poll()).items).toEqual([]);
		const hire = sim.store.addUser({ first_name: 'Nadia', last_name: 'New' });
		const next = await poller.poll();
		expect(next.items.map((item) => item.id)).toEqual([hire.id]);
	});
});

describe('read-modify-write writes only after a complete read', () => {
	test('Location Update whose read lacks the data sends no PUT and says nothing changed', async () => {
		const [location] = sim.store.locations.values();
		const before = { ...location };
		sim.faults.add({ kind: 'body', body: '{"success":true}', match: { method: 'GET', path: '/beta/locations/:id' }, times: Infinity });
		const { error } = await runEngagedly({
			parameters: { resource: 'location', operation: 'update', locationId: byId(location.id), updateFields: { name: 'Renamed' } },
			credentials: sim.credentials(),
		});

		expect(error?.message).toMatch(/where a record in "data" was due/);
		expect(requestsTo(sim, 'PUT /beta/locations/:id')).toHaveLength(0);
		expect(sim.store.locations.get(location.id)).toEqual(before);
	});

	test('Job Title Update whose read leaves fields out sends no PUT, naming them', async () => {
		const [jobTitle] = sim.store.jobTitles.values();
		const before = { ...jobTitle };
		sim.faults.add({
			kind: 'body',
			body: JSON.stringify({ success: true, data: { id: jobTitle.id, name: jobTitle.name } }),
			match: { method: 'GET', path: '/beta/job_titles/:id' },
		});
		const { error } = await runEngagedly({
			parameters: { resource: 'jobTitle', operation: 'update', jobTitleId: byId(jobTitle.id), updateFields: { name: 'Renamed' } },
			credentials: sim.credentials(),
		});

		expect(error?.message).toBe(`Engagedly's answer for job title ${jobTitle.id} lacks description, responsibilities`);
		expect(error?.description).toMatch(/^Nothing was changed/);
		expect(requestsTo(sim, 'PUT /beta/job_titles/:id')).toHaveLength(0);
		expect(sim.store.jobTitles.get(jobTitle.id)).toEqual(before);
	});

	test.each([
		['Update (a rename)', (): IDataObject => ({ operation: 'update', updateFields: { name: 'Renamed' } })],
		['Remove Members', (members: string[]): IDataObject => ({ operation: 'removeMembers', members: pickedUsers(members[0]) })],
	])('Department %s whose read leaves the members out sends no PUT: the unit would be emptied', async (_operation, parameters) => {
		const [department] = sim.store.departments.values();
		const members = [...department.members.keys()];
		sim.faults.add({
			kind: 'body',
			body: JSON.stringify({ success: true, data: { id: department.id, name: department.name } }),
			match: { method: 'GET', path: '/beta/departments/:id' },
		});
		const { error } = await runEngagedly({
			parameters: { resource: 'department', departmentId: byId(String(department.id)), ...parameters(members) },
			credentials: sim.credentials(),
		});

		expect(error?.message).toBe('Engagedly did not list the members of the department');
		expect(error?.description).toBe('Nothing was changed: writing the department without its current members would remove them all.');
		expect(requestsTo(sim, 'PUT /beta/departments/:id')).toHaveLength(0);
		expect(sim.store.departments.get(department.id)?.name).toBe(department.name);
		expect([...department.members.keys()]).toEqual(members);
	});

	test('Business Add Members whose read leaves the name out sends no PUT, naming it: every write sends the whole record', async () => {
		const [business] = sim.store.businesses.values();
		const newcomer = sim.store.sortedUsers().find((user) => !business.members.has(user.id))!;
		sim.faults.add({
			kind: 'body',
			body: JSON.stringify({ success: true, data: { id: business.id, members: [...business.members.keys()] } }),
			match: { method: 'GET', path: '/beta/businesses/:id' },
		});
		const { error } = await runEngagedly({
			parameters: { resource: 'business', operation: 'addMembers', businessId: byId(String(business.id)), members: pickedUsers(newcomer.id) },
			credentials: sim.credentials(),
		});

		expect(error?.message).toBe(`Engagedly's answer for business ${business.id} lacks name`);
		// Add Members has no Update Fields: the advice names the operation that has them.
		expect(error?.description).toMatch(/Nothing was changed.*use Update with every field set under Update Fields/);
		expect(requestsTo(sim, 'PUT /beta/businesses/:id')).toHaveLength(0);
		expect(business.members.has(newcomer.id)).toBe(false);
	});

	test('Update Permissions (add) whose read of the current set is malformed keeps every permission', async () => {
		const user = sim.store.sortedUsers().find((u) => sim.store.permissionsOf(u.id).length >= 2 && u.id !== sim.store.adminId)!;
		const held = sim.store.permissionsOf(user.id).map((p) => p.id);
		const extra = sim.store.permissions.find((p) => !held.includes(p.id) && !p.is_admin)!;
		sim.faults.add({ kind: 'body', body: '{"success":true,"data":null}', match: { method: 'GET', path: '/beta/users/:id/permissions' }, times: Infinity });
		const { error } = await runEngagedly({
			parameters: { resource: 'user', operation: 'updatePermissions', userId: byId(user.id), mode: 'add', permissionIds: [String(extra.id)] },
			credentials: sim.credentials(),
		});

		expect(error?.message).toMatch(/where a list in "data" was due/);
		expect(requestsTo(sim, 'PUT /beta/users/:id/permissions')).toHaveLength(0);
		expect(sim.store.permissionsOf(user.id).map((p) => p.id)).toEqual(held);
	});
});

describe('writes report an unknown outcome as such', () => {
	const someone = () => sim.store.sortedUsers()[7];
	const setLevel = (id: string) => ({ resource: 'user', operation: 'update', userId: byId(id), updateFields: { level: 'L9' } });

	const mayBeApplied = 'The PATCH may already have been applied, so it was not sent again';
	// `applied`: whether the simulator made the change before the fault (a cut-off answer comes after it).
	test.each([
		[
			'a 503',
			{ kind: 'status' as const, status: 503 },
			/^Engagedly answered 503: 503: Something went wrong on our end$/,
			'Engagedly had a server error. ',
			false,
		],
		['an empty 200', { kind: 'body' as const, body: '' }, /an empty body where a record in "data" was due/, '', false],
		['{"success": false}', { kind: 'body' as const, body: '{"success":false}' }, /success: false/, '', false],
		[
			'a cut-off answer',
			{ kind: 'truncated' as const },
			/not JSON/,
			'The answer was cut off or came from something other than the API. ',
			true,
		],
		['a dropped connection', { kind: 'drop' as const }, /^Could not reach Engagedly at .*\(ECONNRESET\)$/, '', false],
	])('a PATCH answered with %s is sent once and said to be possibly applied', async (_name, fault, message, cause, applied) => {
		const user = someone();
		const before = user.level;
		expect(before).not.toBe('L9');
		sim.faults.add({ ...fault, match: { method: 'PATCH' }, times: Infinity });
		const { items, error } = await runEngagedly({ parameters: setLevel(user.id), credentials: sim.credentials() });

		expect(items).toEqual([]);
		expect(error?.message).toMatch(message);
		// The description begins with what is known of the outcome.
		expect(error?.description?.slice(0, cause.length + mayBeApplied.length)).toBe(cause + mayBeApplied);
		expect(error?.description).not.toMatch(/Run the workflow again later/);
		expect(requestsTo(sim, 'PATCH /beta/users/:id')).toHaveLength(1);
		expect(sim.store.users.get(user.id)?.level).toBe(applied ? 'L9' : before);
	});

	test('a Delete answered with {"success": false} is not reported as deleted', async () => {
		const [department] = sim.store.departments.values();
		sim.faults.add({ kind: 'body', body: '{"success":false}', match: { method: 'DELETE' } });
		const { items, error } = await runEngagedly({
			parameters: { resource: 'department', operation: 'delete', departmentId: byId(department.id) },
			credentials: sim.credentials(),
		});

		expect(items).toEqual([]);
		expect(error?.message).toMatch(/success: false/);
		expect(error?.description).toMatch(/The DELETE may already have been applied/);
	});
});

describe('the keys never leave the credential’s host', () => {
	test.each([302, 307])('a %i redirect is not followed: the error names the host it pointed to', async (status) => {
		const user = someone();
		const before = user.level;
		sim.faults.add({ kind: 'redirect', status, location: 'https://collector.example.net/steal', times: Infinity });
		const { items, error } = await runEngagedly({
			parameters: { resource: 'user', operation: 'update', userId: byId(user.id), updateFields: { level: 'L2' } },
			credentials: sim.credentials(),
		});

		expect(items).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`answered ${status}, a redirect to collector.example.net, which the node does not follow`));
		expect(requestsTo(sim, 'PATCH /beta/users/:id')).toHaveLength(1);
		expect(sim.store.users.get(user.id)?.level).toBe(before);
	});

	// The contract promises `errors` as a list of {field, message, code} for "most" errors only.
	test.each([
		[
			'the list of {field, message, code}',
			(c: string, s: string) => ({
				error_type: `bad key ${c}`,
				message: `Rejected SecretKey ${s}`,
				errors: [{ field: 'SecretKey', message: `got ${s} with ${c}`, code: 'invalid' }],
			}),
			'bad key ***: Rejected SecretKey ***',
			'SecretKey: got *** with *** (invalid)\n\n',
		],
		['a list of texts', (c: string, s: string) => ({ error_type: 'invalid_request_error', errors: [`bad ${s}`, `also ${c}`] }), 'invalid_request_error: bad ***; also ***', ''],
		['an object of lists', (c: string, s: string) => ({ errors: { [s]: ['is wrong', `with ${c}`], base: ['refused'] } }), '***: is wrong; ***: with ***; base: refused', ''],
		// A key echoed twice in one text: every occurrence is redacted, not the first only.
		['one text', (c: string) => ({ error_type: 'invalid_request_error', errors: `key ${c} rejected, ${c} unknown` }), 'invalid_request_error: key *** rejected, *** unknown', ''],
		['a message only', (c: string) => ({ message: `key ${c} rejected` }), 'key *** rejected', ''],
	])('an error body with %s gives the status and its words, the keys redacted everywhere, errorResponse included', async (_shape, body, words, fields) => {
		const { clientKey, secretKey } = sim.keys.demo;
		sim.faults.add({ kind: 'rewrite', status: 400, match: { path: '/beta/users/:id' }, rewrite: () => body(clientKey, secretKey) });
		const { error } = await runEngagedly({
			parameters: { resource: 'user', operation: 'get', userId: byId(someone().id) },
			credentials: sim.credentials(),
		});

		expect(error?.message).toBe(`Engagedly answered 400: ${words}`);
		// The field errors, if the body lists them, then what to do.
		expect(error?.description).toBe(`${fields}Engagedly could not read the request: check the values of the fields named above.`);
		// Engagedly's answer is kept for the user to read, the keys in it redacted.
		const errorResponse = (error as unknown as { errorResponse?: unknown }).errorResponse;
		expect(JSON.stringify(errorResponse)).toContain('***');
		const everything = JSON.stringify({ ...error, errorResponse, message: error?.message, description: error?.description });
		expect(everything).not.toContain(secretKey);
		expect(everything).not.toContain(clientKey);
	});

	function someone() {
		return sim.store.sortedUsers()[9];
	}
});

describe('messages that say what happened', () => {
	test('after the 429 retry cap the error says Engagedly kept answering 429, not that it asked for too long', async () => {
		sim.faults.add({
			kind: 'body',
			status: 429,
			body: '{"error_type":"rate_limit_exceeded","message":"Too many requests"}',
			headers: { 'Retry-After': '0' },
			match: { path: '/beta/users/:id' },
			times: Infinity,
		});
		const { error } = await runEngagedly({
			parameters: { resource: 'user', operation: 'get', userId: byId(sim.store.sortedUsers()[0].id) },
			credentials: sim.credentials(),
		});

		expect(error?.message).toBe('Engagedly still answered 429 (too many requests) after 6 waits for its rate limit');
		expect(requestsTo(sim, 'GET /beta/users/:id')).toHaveLength(7);
	});

	describe('with a 1 s request timeout', () => {
		beforeEach(() => (transportTiming.requestTimeoutMs = 1000));
		afterEach(() => (transportTiming.requestTimeoutMs = 60_000));

		test('a read that times out says Engagedly did not answer in time, after 4 tries', async () => {
			const hung = sim.faults.add({ kind: 'latency', ms: 30_000, match: { path: '/beta/users/:id' }, times: Infinity });
			const { error } = await runEngagedly({
				parameters: { resource: 'user', operation: 'get', userId: byId(sim.store.sortedUsers()[0].id) },
				credentials: sim.credentials(),
			});

			expect(error?.message).toBe(`Engagedly at ${sim.baseUrl}/beta did not answer within 1 s`);
			expect(error?.description).toMatch(/The request was tried 4 times/);
			// Hung requests are logged only when they end; the fault counts them as they arrive.
			expect(hung.hits).toBe(4);
		});
	});

	test.each([
		['a read', { resource: 'user', operation: 'get', userId: byId('abc') }],
		['a write', { resource: 'user', operation: 'update', userId: byId('abc'), updateFields: { level: 'L8' } }],
	])('%s refused before it reached the server (connection refused) is tried 4 times, the address named', async (_kind, parameters) => {
		const { error } = await runEngagedly({ parameters, credentials: { ...sim.credentials(), baseUrl: 'http://127.0.0.1:1' } });

		expect(error?.message).toMatch(/^Could not reach Engagedly at http:\/\/127\.0\.0\.1:1\/beta \(ECONNREFUSED\)$/);
		expect(error?.description).toMatch(/The request was tried 4 times/);
		expect(error?.description).not.toMatch(/write|may already have been applied/);
		// The error type the contract gives a connection failure, for error workflows that sort by it.
		expect((error as { errorResponse?: { error_type?: string } }).errorResponse?.error_type).toBe('api_connection_error');
	});
});
