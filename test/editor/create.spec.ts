/**
 * User → Create as a builder fills it in: the identity, a job title from the dropdown, an HR
 * manager from the user picker (every people field is one: test/pure/peopleFields.test.ts), the
 * mandatory custom attribute and one more from the mapper; "Execute step" creates the user
 * and the output table shows them.
 */
import { CREDENTIAL_ID } from '../e2e/harness/demo';
import { addEngagedlyAction, addField, choose, chooseCredential, executeStep, fill, newWorkflow, refreshMapper, screenshot, watchDynamicParameters } from './editor';
import { expect, test } from './fixtures';

test('User Create with an HR manager picked from the list and a custom attribute from the mapper: executed, the output shows the new user', async ({ page, editor }, testInfo) => {
	const store = editor.demo.store;
	const attribute = (name: string) => {
		const found = store.customAttributes().find((candidate) => candidate.name === name);
		if (!found) throw new Error(`the demo organisation has no custom attribute ${name}`);
		return found;
	};
	const costCenter = attribute('Cost Center');
	const desk = attribute('Desk Number');
	expect(costCenter.mandatory).toBe(true);
	const email = 'rosa.delgado@acme-demo.example';
	expect(store.userByEmail(email)).toBeUndefined();
	const hr = store.sortedUsers().find((user) => user.status === 'Active')!;

	const dynamic = watchDynamicParameters(page);
	await newWorkflow(page, editor.n8n.baseUrl);
	const ndv = await addEngagedlyAction(page, 'Create a user');
	await chooseCredential(page, ndv, CREDENTIAL_ID);
	await refreshMapper(page, ndv);
	await fill(ndv, 'email', email);
	await fill(ndv, 'firstName', 'Rosa');
	await fill(ndv, 'lastName', 'Delgado');
	await addField(page, ndv, 0, 'Job Title Name or ID');
	await choose(page, ndv, 'jobTitle', 'Software Engineer');
	// HR Managers: an entry per person, each the picker every user field has; the first comes with the field.
	await addField(page, ndv, 0, 'HR Managers');
	const picker = ndv.locator('.duplicate-parameter').filter({ hasText: 'HR Managers' });
	await expect(picker.getByRole('button', { name: 'Add HR Manager' })).toBeVisible();
	await picker.getByTestId('rlc-mode-selector').click();
	// n8n writes the list mode's name in its own case ("From list").
	await expect(page.locator('.el-popper:visible').getByRole('option')).toHaveText([/^\s*From list\s*$/i, /^\s*By ID\s*$/i, /^\s*By Email\s*$/i], { useInnerText: true });
	await page.locator('.el-popper:visible').getByRole('option', { name: /From list/i }).click();
	await picker.getByTestId('rlc-input').click();
	await page.getByTestId('rlc-search').fill(hr.email);
	await page.getByTestId('rlc-item').filter({ hasText: hr.email }).click();

	// The credential chosen is another organisation's: its attributes are new to the mapper, which
	// n8n shows all; the mandatory one says so in its label. Blank ones are not sent.
	const mapper = ndv.getByTestId('mapping-fields-container');
	await expect(mapper).toContainText(`${costCenter.name} (mandatory)`);
	await fill(mapper, costCenter.attribute_key, 'CC-207');
	await fill(mapper, desk.attribute_key, 'B-4-17');
	await screenshot(page, testInfo, 'user-create.png');

	const output = await executeStep(ndv);
	await expect(output.getByText('1 item')).toBeVisible();
	await expect(output.locator('table')).toContainText(email);
	const created = store.userByEmail(email);
	expect(created).toBeDefined();
	await expect(output.locator('table')).toContainText(created!.id);
	expect(created!.custom[costCenter.attribute_key]).toBe('CC-207');
	expect(created!.custom[desk.attribute_key]).toBe('B-4-17');
	expect(store.jobTitles.get(created!.job_title_id!)?.name).toBe('Software Engineer');
	expect(created!.hr_manager_ids).toEqual([hr.id]);
	expect(dynamic.failures).toEqual([]);
});
