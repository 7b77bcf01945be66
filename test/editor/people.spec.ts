/**
 * People fields as a builder fills them: HR Managers stays in Additional Fields when another
 * field is added before its first person, and a blank picker entry is ignored in every operation
 * (Department → Create as in User → Create), never blocking the run with n8n's generic message.
 */
import { CREDENTIAL_ID } from '../e2e/harness/demo';
import { addEngagedlyAction, addField, chooseCredential, executeStep, fill, newWorkflow } from './editor';
import { expect, test } from './fixtures';

test('HR Managers stays in Additional Fields when another field is added before its first person', async ({ page, editor }) => {
	await newWorkflow(page, editor.n8n.baseUrl);
	const ndv = await addEngagedlyAction(page, 'Create a user');
	await chooseCredential(page, ndv, CREDENTIAL_ID);
	await addField(page, ndv, 0, 'HR Managers');
	await expect(ndv.getByRole('button', { name: 'Add HR Manager' })).toBeVisible();
	await addField(page, ndv, 0, 'Job Title Name or ID');
	await expect(ndv.getByRole('button', { name: 'Add HR Manager' })).toBeVisible();
	await addField(page, ndv, 0, 'Phone Number');
	await expect(ndv.getByRole('button', { name: 'Add HR Manager' })).toBeVisible();
});

test('a blank member entry is ignored in Department → Create: the department is created with the people given', async ({ page, editor }) => {
	const store = editor.demo.store;
	const name = 'People Fields Test Department';
	await newWorkflow(page, editor.n8n.baseUrl);
	const ndv = await addEngagedlyAction(page, 'Create a department');
	await chooseCredential(page, ndv, CREDENTIAL_ID);
	await fill(ndv, 'name', name);
	await ndv.getByRole('button', { name: 'Add Member' }).click();
	await expect(ndv).not.toContainText('is required');
	const output = await executeStep(ndv);
	await expect(output.getByText('1 item')).toBeVisible();
	await expect(ndv).not.toContainText('Parameter "User" is required');
	const created = [...store.departments.values()].find((department) => department.name === name);
	expect(created?.members.size).toBe(0);
});
