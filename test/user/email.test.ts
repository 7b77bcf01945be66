/**
 * People by email: every user picker's `email` mode, through n8n's engine against the simulator.
 * An address is looked up with `GET /users?email=` once per execution, however many items name
 * it; an unknown one fails its item, naming the address, before anything is written.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch, runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import { mandatoryValues, mapperSchema, mapping, ordinaryUsers, writes } from './helpers';

const sim = useSimulator({ seed: 12, users: 60 });

const byEmail = (value: string) => ({ __rl: true, mode: 'email', value });

const run = async (parameters: Record<string, unknown>, input?: Array<{ json: IDataObject }>, continueOnFail = false) =>
	await runEngagedly({ parameters: { resource: 'user', ...parameters }, credentials: sim.credentials(), input, continueOnFail });

/** The addresses the node looked up, in order, as the simulator saw them. */
const lookups = () => requestsTo(sim, 'GET /beta/users').map((entry) => entry.query.email);

describe('the email mode of the user picker', () => {
	test('Get finds the user by address: one lookup, then the user', async () => {
		const target = ordinaryUsers(sim)[5];
		const { items, error } = await run({ operation: 'get', userId: byEmail(target.email.toUpperCase()) });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual([target.id]);
		expect(lookups()).toEqual([target.email.toUpperCase()]);
		expect(requestsTo(sim, 'GET /beta/users/:id').map((entry) => entry.path)).toEqual([`/beta/users/${target.id}`]);
	});

	test('one address is looked up once per execution, however many items use it', async () => {
		const [a, b, manager] = ordinaryUsers(sim);
		const { items, error } = await run(
			{
				operation: 'update',
				userId: byEmail('={{ $json.who }}'),
				updateFields: { manager: byEmail(manager.email), level: '={{ $json.level }}' },
			},
			[
				{ json: { who: a.email, level: 'L1' } },
				{ json: { who: b.email, level: 'L2' } },
				{ json: { who: a.email, level: 'L3' } },
			],
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual([a.id, b.id, a.id]);
		expect([...lookups()].sort()).toEqual([a.email, b.email, manager.email].sort());
		expect(writes(sim).map((entry) => [entry.path, (entry.body as IDataObject).manager_id])).toEqual([
			[`/beta/users/${a.id}`, manager.id],
			[`/beta/users/${b.id}`, manager.id],
			[`/beta/users/${a.id}`, manager.id],
		]);
		expect(sim.store.getUser(a.id)).toMatchObject({ manager_id: manager.id, level: 'L3' });
		expect(sim.store.getUser(b.id)).toMatchObject({ manager_id: manager.id, level: 'L2' });
	});

	test('a person listed without an id fails the item that names them, with nothing written', async () => {
		const [a, manager] = ordinaryUsers(sim);
		sim.faults.add({
			kind: 'rewrite',
			match: { path: '/beta/users', query: { email: manager.email } },
			rewrite: (body) => ({ ...(body as object), data: (body as { data: IDataObject[] }).data.map((user) => ({ ...user, id: null })) }),
		});
		const { error } = await run({ operation: 'update', userId: byEmail(a.email), updateFields: { manager: byEmail(manager.email) } });
		expect(error?.message).toBe(`Engagedly listed the user with the address "${manager.email}" without an id`);
		expect(error?.context?.itemIndex).toBe(0);
		expect(writes(sim)).toEqual([]);
	});

	test('with Continue On Fail, only the items with an unknown address fail, each naming it; one lookup for it', async () => {
		const [a, b] = ordinaryUsers(sim);
		const { items, error } = await run(
			{ operation: 'activate', userId: byEmail('={{ $json.who }}') },
			[{ json: { who: 'ghost@example.test' } }, { json: { who: a.email } }, { json: { who: 'ghost@example.test' } }, { json: { who: b.email } }],
			true,
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id ?? item.json.error)).toEqual([
			'No Engagedly user has the email address "ghost@example.test" (User)',
			a.id,
			'No Engagedly user has the email address "ghost@example.test" (User)',
			b.id,
		]);
		expect(lookups().filter((email) => email === 'ghost@example.test')).toHaveLength(1);
		expect(requestsTo(sim, 'PUT /beta/users/:id/activate')).toHaveLength(2);
	});

	test('text that is not an address is refused before any request', async () => {
		const { error } = await run({ operation: 'get', userId: byEmail('not-an-address') });
		expect(error?.message).toBe('User: "not-an-address" is not an email address');
		const mapped = await run({ operation: 'get', userId: byEmail('={{ "not-an-address" }}') });
		expect(mapped.error?.message).toBe('User: "not-an-address" is not an email address');
		expect(sim.log).toEqual([]);
	});

	test('the praise filters and the certificate user take an address too', async () => {
		const author = sim.store.getUser([...sim.store.praises.values()][0].author_id);
		const praises = await runEngagedly({
			parameters: { resource: 'praise', operation: 'getAll', returnAll: true, filters: { author: byEmail(author.email) } },
			credentials: sim.credentials(),
		});
		expect(praises.error).toBeUndefined();
		expect(praises.items.length).toBeGreaterThan(0);
		for (const item of praises.items) expect((item.json.author as IDataObject).id).toBe(author.id);
		const certificates = await runEngagedly({
			parameters: { resource: 'certificate', operation: 'getAll', returnAll: true, filters: { user: byEmail(author.email) } },
			credentials: sim.credentials(),
		});
		expect(certificates.error).toBeUndefined();
		expect(requestsTo(sim, 'GET /beta/certificates').map((entry) => entry.query.user_id)).toEqual([author.id]);
		expect(lookups()).toEqual([author.email, author.email]);
	});
});

/**
 * The contract does not say how `GET /users?email=` matches: the simulator's default matches any
 * address that contains the text, case aside. Only the address asked for counts, however many
 * pages the filter answers, and two users with it are an error rather than a guess.
 */
describe('an email filter that matches loosely', () => {
	const address = 'ann@loose.example';
	/** Ann, and sixty users whose addresses contain hers, listed before her (the list is in name order): two pages. */
	function annAndLookalikes() {
		for (let n = 0; n < 60; n++) sim.store.addUser({ first_name: 'Aaron', last_name: `Look${n}`, email: `${String.fromCharCode(97 + (n % 26))}${n}ann@loose.example` });
		return sim.store.addUser({ first_name: 'Ann', last_name: 'Exact', email: address });
	}
	const createOrUpdate = async (email: string) =>
		await run({
			operation: 'createOrUpdate',
			email,
			firstName: 'Ann',
			lastName: 'Exact',
			additionalFields: { level: 'L5' },
			customAttributes: mapping(mandatoryValues(sim), (await mapperSchema(sim, 'create')).fields),
		});

	test('Create or Update finds the user with that very address, past the first page of the answer, and updates them', async () => {
		const ann = annAndLookalikes();
		const size = sim.store.users.size;
		const { items, error } = await createOrUpdate(address.toUpperCase());
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: ann.id, outcome: 'updated', changes: { level: { to: 'L5' } } });
		expect(writes(sim).map((entry) => [entry.route, entry.path])).toEqual([['PATCH /beta/users/:id', `/beta/users/${ann.id}`]]);
		expect(sim.store.users.size).toBe(size);
		expect(requestsTo(sim, 'GET /beta/users').map((entry) => [entry.query.email, entry.query.page])).toEqual([
			[address.toUpperCase(), '1'],
			[address.toUpperCase(), '2'],
		]);
	});

	test('two users with the address (in different cases) fail the item, and the user picker, naming both in the list order; nothing is written', async () => {
		const ann = annAndLookalikes();
		const twin = sim.store.addUser({ first_name: 'Ann', last_name: 'Twin', email: 'Ann@Loose.example' });
		const { error } = await createOrUpdate(address);
		expect(error?.message).toBe(`2 Engagedly users have the email address "${address}"`);
		// In the list's name order: Ann Exact, then Ann Twin.
		expect(error?.description?.startsWith(`They are ${address} (ID ${ann.id}) and Ann@Loose.example (ID ${twin.id}): `)).toBe(true);
		expect(writes(sim)).toEqual([]);
		await expect(listSearch('searchUsers', sim.credentials(), address)).rejects.toThrow(`2 Engagedly users have the email address "${address}"`);
	});

	test('the user picker (spaces around the address ignored) and Get Many keep only that address; Get Many sends it as given, in the API\'s email filter', async () => {
		const ann = annAndLookalikes();
		const { results } = await listSearch('searchUsers', sim.credentials(), `  ${address} `);
		expect(results).toEqual([{ name: `${ann.first_name} ${ann.last_name} (${ann.email})`, value: ann.id }]);
		sim.clearLog();
		const { items, error } = await run({ operation: 'getAll', returnAll: true, filters: { email: address.toUpperCase() } });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual([ann.id]);
		expect(new Set(lookups())).toEqual(new Set([address.toUpperCase()]));
	});
});
