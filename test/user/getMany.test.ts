/**
 * User → Get Many's Name filter. Engagedly has no name search, so the node reads the user list
 * page by page and keeps the users whose name holds every word of the text (any case, any order),
 * stopping once Limit users are found. The expected users are the simulator's own, by its names.
 */
import type { IDataObject } from 'n8n-workflow';

import { runEngagedly } from '../helpers/engine';
import { requestsTo, useSimulator } from '../helpers/simulator';
import type { UserRecord } from '../simulator';

const sim = useSimulator({ seed: 'get-many-name', users: 180 });

const run = async (parameters: IDataObject) =>
	await runEngagedly({ parameters: { resource: 'user', operation: 'getAll', ...parameters }, credentials: sim.credentials() });

const nameWords = (user: UserRecord) => [user.first_name, user.middle_name ?? '', user.last_name].join(' ').toLowerCase();

test('every user whose name holds each word, in any case and order, from the whole list; a name nobody has gives no user, after reading it all', async () => {
	// A first name several users share, and the last name of one of them.
	const counts = new Map<string, number>();
	for (const user of sim.store.users.values()) counts.set(user.first_name, (counts.get(user.first_name) ?? 0) + 1);
	const shared = sim.store.sortedUsers().find((user) => counts.get(user.first_name)! > 1)!;
	const text = `  ${shared.last_name.toUpperCase()}   ${shared.first_name.toLowerCase()} `;
	const expected = sim.store
		.sortedUsers()
		.filter((user) => nameWords(user).includes(shared.first_name.toLowerCase()) && nameWords(user).includes(shared.last_name.toLowerCase()));
	const byFirstName = sim.store.sortedUsers().filter((user) => nameWords(user).includes(shared.first_name.toLowerCase()));
	expect(byFirstName.length).toBeGreaterThan(expected.length);
	sim.clearLog();

	const { items, error } = await run({ returnAll: true, filters: { name: text } });

	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.id)).toEqual(expected.map((user) => user.id));
	expect(requestsTo(sim, 'GET /beta/users')).toHaveLength(Math.ceil(sim.store.users.size / 50));

	sim.clearLog();
	const nobody = await run({ returnAll: true, filters: { name: 'Zebedee Nobodyhere' } });
	expect({ error: nobody.error, items: nobody.items }).toEqual({ error: undefined, items: [] });
	expect(requestsTo(sim, 'GET /beta/users')).toHaveLength(Math.ceil(sim.store.users.size / 50));
});

test('reading stops once Limit users are found; a middle name, which the list\'s name leaves out, is found too', async () => {
	// A user of the first page with a middle name, whose whole name no one before them holds.
	const users = sim.store.sortedUsers();
	const holds = (user: UserRecord, wanted: UserRecord) => nameWords(user).includes(wanted.first_name.toLowerCase()) && nameWords(user).includes(wanted.last_name.toLowerCase());
	const wanted = users.slice(10, 50).find((user, i) => user.middle_name && !users.slice(0, 10 + i).some((before) => holds(before, user)))!;

	const { items, error } = await run({ limit: 1, filters: { name: `${wanted.first_name} ${wanted.middle_name} ${wanted.last_name}` } });

	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.id)).toEqual([wanted.id]);
	expect(requestsTo(sim, 'GET /beta/users')).toHaveLength(1);
});
