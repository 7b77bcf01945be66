/**
 * The Engagedly Events Trigger as a builder tries it: New Praise, "Fetch Test Event" shows the newest
 * praise of the organisation (one posted just before, as someone would in Engagedly's web app).
 */
import { CREDENTIAL_ID } from '../e2e/harness/demo';
import { addEngagedlyTrigger, chooseCredential, executeStep, newWorkflow, parameter, watchDynamicParameters } from './editor';
import { expect, test } from './fixtures';

test('Engagedly Events Trigger, New Praise: "Fetch Test Event" shows the newest praise', async ({ page, editor }) => {
	const store = editor.demo.store;
	const recognised = store.sortedUsers().find((user) => user.status === 'Active' && user.id !== store.adminId)!;
	const praise = store.addPraise({
		content: `<p>@${recognised.first_name} thank you for testing the editor, praise ${Date.now()}</p>`,
		recognized_ids: [recognised.id],
	});

	const dynamic = watchDynamicParameters(page);
	await newWorkflow(page, editor.n8n.baseUrl);
	const ndv = await addEngagedlyTrigger(page, 'On new praise');
	await chooseCredential(page, ndv, CREDENTIAL_ID);
	await expect(parameter(ndv, 'event').locator('input').first()).toHaveValue('New Praise');
	const output = await executeStep(ndv);
	await expect(output.getByText('1 item')).toBeVisible();
	await expect(output.getByTestId('ndv-data-container')).toContainText(String(praise.id));
	await expect(output.getByTestId('ndv-data-container')).toContainText(`${recognised.first_name} ${recognised.last_name}`);
	expect(dynamic.failures).toEqual([]);
});
