/**
 * User → Sync on three employees from a Code node (one as Engagedly has them, one promoted, one
 * new hire): with Dry Run the output says what would happen, a row each a person can scan, and
 * nothing is written; with Dry Run switched off in the editor, the same step writes it.
 */
import { executeStep, openNode, openWorkflow, outputColumn, outputColumns, parameter, screenshot, watchDynamicParameters } from './editor';
import { expect, test } from './fixtures';
import { SYNC_WORKFLOW, THREE_EMPLOYEES } from './workflows';

test('Sync on three items: Dry Run shows the outcomes and writes nothing, then the real run writes them', async ({ page, editor }, testInfo) => {
	const store = editor.demo.store;
	const jobTitleOf = (email: string) => {
		const user = store.userByEmail(email);
		return user?.job_title_id ? store.jobTitles.get(user.job_title_id)?.name : undefined;
	};
	expect(store.userByEmail(THREE_EMPLOYEES.newHire)).toBeUndefined();
	expect(jobTitleOf(THREE_EMPLOYEES.promoted)).not.toBe('Engineering Manager');

	const dynamic = watchDynamicParameters(page);
	await openWorkflow(page, editor.n8n.baseUrl, SYNC_WORKFLOW.id);
	const ndv = await openNode(page, SYNC_WORKFLOW.node);
	const dryRun = parameter(ndv, 'dryRun').locator('.el-switch');
	await expect(dryRun).toHaveClass(/\bis-checked\b/);

	const writesBefore = editor.demo.log.filter((entry) => entry.method !== 'GET').length;
	let output = await executeStep(ndv);
	await expect(output.getByText('3 items')).toBeVisible();
	await output.getByRole('radio', { name: 'Table' }).click();
	// A row per employee a person can scan: who, what happened, what changed, that it was a dry run; no user record.
	expect(await outputColumns(output)).toEqual(['name', 'email', 'id', 'outcome', 'changes', 'comparison', 'dryRun']);
	expect(await outputColumn(output, 'email')).toContain(THREE_EMPLOYEES.newHire);
	const outcomes = await outputColumn(output, 'outcome');
	expect(outcomes).toContain('created');
	expect(outcomes).toContain('updated');
	// The editor takes the job titles given by name (as the Sync accepts them) for valid values.
	await expect(ndv.getByTestId('parameter-issues')).toHaveCount(0);
	await screenshot(page, testInfo, 'sync-dry-run.png');
	expect(editor.demo.log.filter((entry) => entry.method !== 'GET')).toHaveLength(writesBefore);
	expect(store.userByEmail(THREE_EMPLOYEES.newHire)).toBeUndefined();

	await dryRun.click();
	await expect(dryRun).not.toHaveClass(/\bis-checked\b/);
	output = await executeStep(ndv);
	await expect.poll(() => store.userByEmail(THREE_EMPLOYEES.newHire)?.status).toBe('Active');
	const newHire = store.userByEmail(THREE_EMPLOYEES.newHire)!;
	// The real run's output carries the id Engagedly gave the new hire.
	await expect.poll(() => outputColumn(output, 'id')).toContain(newHire.id);
	expect(await outputColumn(output, 'outcome')).toContain('created');
	expect(jobTitleOf(THREE_EMPLOYEES.promoted)).toBe('Engineering Manager');
	expect(dynamic.failures).toEqual([]);
});
