import { runEngagedly } from '../helpers/engine';
import { useSimulator } from '../helpers/simulator';

/** Users in the organisation, the admin included. */
const USERS = 1234;

const sim = useSimulator({ users: USERS, seed: 'pagination' });
const userListRequests = () => sim.log.filter((entry) => entry.route === 'GET /beta/users');

describe('paging through a list', () => {
	test('Return All over 1,234 users returns each user exactly once in ceil(1234/50) requests', async () => {
		const { items, error } = await runEngagedly({
			parameters: { resource: 'user', operation: 'getAll', returnAll: true },
			credentials: sim.credentials(),
		});

		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.id as string);
		expect(new Set(ids).size).toBe(USERS);
		expect(ids.sort()).toEqual(sim.store.sortedUsers().map((user) => user.id).sort());
		const requests = userListRequests();
		expect(requests).toHaveLength(Math.ceil(USERS / 50));
		expect(requests.every((entry) => entry.query.size === '50')).toBe(true);
		expect(requests.map((entry) => Number(entry.query.page))).toEqual(
			Array.from({ length: Math.ceil(USERS / 50) }, (_, i) => i + 1),
		);
	});

	test('a limit above one page stops paging as soon as it is reached', async () => {
		const { items } = await runEngagedly({
			parameters: { resource: 'user', operation: 'getAll', returnAll: false, limit: 120 },
			credentials: sim.credentials(),
		});

		expect(items).toHaveLength(120);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(120);
		expect(userListRequests()).toHaveLength(3);
	});
});
