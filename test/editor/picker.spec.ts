/**
 * The user picker ("From list") at 10,000 users: a part of a name, then an e-mail address, typed
 * into its search box. The right people are listed, and the simulator's request log shows what
 * each search cost: a few pages, not the 200 a scan of the directory reads.
 */
import type { RequestLogEntry } from '../simulator';
import { addEngagedlyAction, chooseCredential, executeStep, newWorkflow, parameter, screenshot, watchDynamicParameters } from './editor';
import { expect, LARGE_CREDENTIAL, test } from './fixtures';

/** The most pages one search may read (the node's budget per call is 10; a scan would read 200). */
const FEW_PAGES = 10;

test('the user picker finds people by part of a name and by e-mail at 10,000 users, reading a few pages', async ({ page, editor }, testInfo) => {
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

	const userReads = (since: number): RequestLogEntry[] => large.log.slice(since).filter((entry) => entry.route === 'GET /beta/users');
	let since = large.log.length;
	let calls = dynamic.calls('resource-locator-results');
	await search.fill(typed);
	await expect(items).toHaveText(expected.map((text) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`)), { useInnerText: true });
	const byName = userReads(since);
	const nameCalls = dynamic.calls('resource-locator-results') - calls;
	testInfo.annotations.push({ type: 'name search', description: `"${typed}": ${nameCalls} search(es), ${byName.length} pages of ${Math.ceil(users.length / 50)}` });
	expect(nameCalls).toBeGreaterThan(0);
	expect(byName.length).toBeGreaterThan(0);
	expect(byName.length).toBeLessThanOrEqual(FEW_PAGES * nameCalls);
	await screenshot(page, testInfo, 'user-picker-search.png');

	since = large.log.length;
	calls = dynamic.calls('resource-locator-results');
	await search.fill(target.email);
	await expect(items).toHaveText([label(target)], { useInnerText: true });
	const byEmail = userReads(since);
	const emailCalls = dynamic.calls('resource-locator-results') - calls;
	expect(emailCalls).toBeGreaterThan(0);
	// An address is looked up, not searched for: one request per search, with Engagedly's email filter.
	expect(byEmail.map((entry) => entry.query.email)).toEqual(Array(emailCalls).fill(target.email));

	await items.first().click();
	const output = await executeStep(ndv);
	await expect(output.getByText(target.email).first()).toBeVisible();
	expect(dynamic.failures).toEqual([]);
});
