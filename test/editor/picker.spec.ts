/**
 * The user picker ("From list") at 10,000 users: a part of a name, then an e-mail address, typed
 * into its search box list the right people, and the one chosen runs. What each search costs in
 * requests is test/user/pickerScale.test.ts's.
 */
import { addEngagedlyAction, chooseCredential, executeStep, newWorkflow, parameter, screenshot, watchDynamicParameters } from './editor';
import { expect, LARGE_CREDENTIAL, test } from './fixtures';

test('the user picker finds people by part of a name and by e-mail at 10,000 users', async ({ page, editor }, testInfo) => {
	const { large } = editor;
	const users = large.store.sortedUsers();
	expect(users).toHaveLength(10_000);
	// Someone deep in the directory (two thirds down the name order), and everyone sharing the
	// start of their name.
	const target = users[Math.floor(users.length * 0.6)];
	const typed = `${target.first_name} ${target.last_name.slice(0, 3)}`;
	const label = (user: (typeof users)[number]) => `${user.first_name} ${user.last_name} (${user.email})`;
	const expected = users.filter((user) => `${user.first_name} ${user.last_name}`.toLowerCase().includes(typed.toLowerCase())).map(label);
	expect(expected.length).toBeGreaterThan(0);

	const dynamic = watchDynamicParameters(page);
	await newWorkflow(page, editor.n8n.baseUrl);
	const ndv = await addEngagedlyAction(page, 'Get a user');
	await chooseCredential(page, ndv, LARGE_CREDENTIAL.id);
	await parameter(ndv, 'userId').getByTestId('rlc-input').click();
	const search = page.getByTestId('rlc-search');
	const items = page.getByTestId('rlc-item');
	// The list opens on the first page of the directory.
	await expect(items.first()).toBeVisible();

	await search.fill(typed);
	await expect(items).toHaveText(expected.map((text) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`)), { useInnerText: true });
	await screenshot(page, testInfo, 'user-picker-search.png');

	await search.fill(target.email);
	await expect(items).toHaveText([label(target)], { useInnerText: true });

	await items.first().click();
	const output = await executeStep(ndv);
	await expect(output.getByText(target.email).first()).toBeVisible();
	expect(dynamic.failures).toEqual([]);
});
