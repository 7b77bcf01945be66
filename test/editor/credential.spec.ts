/**
 * The Engagedly API credential as a builder creates it: Save runs the credential's test against
 * Engagedly (the simulator); a wrong pair shows the message that names it, the right one passes.
 */
import { expect, test } from './fixtures';
import { screenshot } from './editor';

test('creating the credential: a wrong pair is named, the right pair passes the test', async ({ page, editor }, testInfo) => {
	await page.goto(`${editor.n8n.baseUrl}/home/credentials/create`);
	await page.getByTestId('new-credential-type-select').locator('input').fill('Engagedly');
	await page.getByTestId('new-credential-type-select-option').filter({ hasText: 'Engagedly API' }).click();
	await page.getByTestId('new-credential-type-button').click();
	const modal = page.getByTestId('editCredential-modal');
	const field = (name: string) => modal.getByTestId(`parameter-input-${name}`).locator('input');
	const keys = editor.demo.keys.demo;
	await field('clientKey').fill(keys.clientKey);
	await field('secretKey').fill('not-the-secret-key');
	await field('baseUrl').fill(editor.demo.baseUrl);

	const before = editor.demo.log.length;
	await modal.getByTestId('credential-save-button').click();
	await expect(modal.getByText('Couldn’t connect with these settings')).toBeVisible();
	await modal.getByText('More details').click();
	await expect(
		modal.getByText('Engagedly rejected the Client Key / Secret Key pair. Copy both keys again from Settings → Integrations → Engagedly API.'),
	).toBeVisible();
	// The test reached Engagedly with the pair typed (n8n may test more than once), and was refused.
	const tests = () => editor.demo.log.slice(before).filter((entry) => entry.route === 'GET /beta/users');
	expect(tests().length).toBeGreaterThan(0);
	expect(new Set(tests().map((entry) => `${entry.clientKey} ${entry.status}`))).toEqual(new Set([`${keys.clientKey} 401`]));

	await field('secretKey').fill(keys.secretKey);
	await modal.getByTestId('credential-save-button').click();
	await expect(modal.getByText('Connection tested successfully')).toBeVisible();
	await expect(modal.getByTestId('credential-save-button')).toHaveText('Saved');
	expect(tests().at(-1)?.status).toBe(200);
	await screenshot(page, testInfo, 'credential-test.png');
});
