/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * What a builder does in n8n's editor, in the editor's own terms: the `data-test-id` attributes
 * n8n's Playwright suite uses (node creator, node details view, parameter inputs, output panel).
 */
import fs from 'node:fs';
import path from 'node:path';

import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

import { REPO_ROOT } from '../e2e/harness/install';

export async function newWorkflow(page: Page, baseUrl: string): Promise<void> {
	await page.goto(`${baseUrl}/workflow/new`);
	await expect(page.getByTestId('canvas-plus-button')).toBeVisible();
}

export async function openWorkflow(page: Page, baseUrl: string, id: string): Promise<void> {
	await page.goto(`${baseUrl}/workflow/${id}`);
	await expect(page.getByTestId('canvas-node').first()).toBeVisible();
}

/**
 * The node creator's entries for a search, typed as a builder would: opened from the empty
 * canvas's button, or from the canvas's "open nodes panel" button when the workflow has nodes.
 */
export async function searchNodeCreator(page: Page, text: string): Promise<Locator> {
	const empty = page.getByTestId('canvas-plus-button');
	await ((await empty.isVisible()) ? empty : page.getByTestId('node-creator-plus-button')).click();
	await page.getByTestId('node-creator-search-bar').fill(text);
	return page.getByTestId('node-creator').getByTestId('item-iterator-item');
}

/**
 * The two Engagedly entries of the node creator, found by their descriptions ("Engagedly" and,
 * for the trigger, "Engagedly Events": n8n drops " Trigger" from a trigger's name there).
 */
export const CREATOR_ENTRY = { node: 'Manage Engagedly users', trigger: 'Starts the workflow when' } as const;

async function openInNodeCreator(page: Page, entry: keyof typeof CREATOR_ENTRY): Promise<Locator> {
	const items = await searchNodeCreator(page, 'Engagedly');
	await items.filter({ hasText: CREATOR_ENTRY[entry] }).first().click();
	return page.getByTestId('node-creator');
}

/** Adds the Engagedly node with one of its actions ("Create a user") to an empty workflow. */
export async function addEngagedlyAction(page: Page, action: string): Promise<Locator> {
	const creator = await openInNodeCreator(page, 'node');
	// The actions may be folded under their heading (a chevron up; down once unfolded).
	const heading = creator.getByTestId('node-creator-category-item').filter({ hasText: /^\s*Actions \(\d+\)/ });
	await expect(heading.locator('[data-icon^="chevron-"]')).toBeVisible();
	if ((await heading.locator('[data-icon="chevron-up"]').count()) > 0) await heading.click();
	await expect(heading.locator('[data-icon="chevron-down"]')).toBeVisible();
	await creator.getByText(action, { exact: true }).click();
	return await nodeDetails(page);
}

/** Adds the Engagedly Events Trigger with one of its events ("On new praise"). */
export async function addEngagedlyTrigger(page: Page, trigger: string): Promise<Locator> {
	const creator = await openInNodeCreator(page, 'trigger');
	await creator.getByText(trigger, { exact: true }).click();
	return await nodeDetails(page);
}

export async function openNode(page: Page, name: string): Promise<Locator> {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	return await nodeDetails(page);
}

async function nodeDetails(page: Page): Promise<Locator> {
	const ndv = page.getByTestId('ndv');
	await expect(ndv.getByTestId('node-parameters')).toBeVisible();
	return ndv;
}

export async function chooseCredential(page: Page, ndv: Locator, credentialId: string): Promise<void> {
	await ndv.getByTestId('node-credentials-select').click();
	await page.getByTestId(`node-credentials-select-item-${credentialId}`).click();
}

export function parameter(ndv: Locator, name: string): Locator {
	return ndv.getByTestId(`parameter-input-${name}`);
}

/**
 * Opens a dropdown parameter and returns its options once loaded (the list the editor shows,
 * loaded from Engagedly for the load-options ones).
 */
export async function openDropdown(page: Page, ndv: Locator, name: string): Promise<Locator> {
	await parameter(ndv, name).locator('input').first().click();
	const options = page.locator('.el-popper:visible').getByRole('option');
	await expect(options.first()).toBeVisible();
	return options;
}

export async function choose(page: Page, ndv: Locator, name: string, option: string): Promise<void> {
	const options = await openDropdown(page, ndv, name);
	// An option's text is its name, then its description if it has one. The list may still be
	// the one of the value before (a resource just changed): wait for it to offer the option.
	let index = -1;
	await expect(async () => {
		const names = await optionNames(options);
		index = names.indexOf(option);
		expect(index, `${name} offers no option "${option}": ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
	}).toPass({ timeout: 10_000 });
	await options.nth(index).click();
	await expect(parameter(ndv, name).locator('input').first()).toHaveValue(option);
}

export async function fill(ndv: Locator, name: string, value: string): Promise<void> {
	const input = parameter(ndv, name).locator('input, textarea').first();
	await input.fill(value);
	await expect(input).toHaveValue(value);
}

/** Adds an optional field of a collection ("Additional Fields", "Options") by its label. */
export async function addField(page: Page, ndv: Locator, collection: number, label: string): Promise<void> {
	await ndv.getByTestId('collection-parameter-add').nth(collection).click();
	await page.getByRole('option', { name: label, exact: true }).click();
}

/** The option texts of an open dropdown, without the descriptions some carry. */
export async function optionNames(options: Locator): Promise<string[]> {
	const texts = await options.allInnerTexts();
	return texts.map((text) => text.split('\n')[0].trim());
}

export async function closeDropdown(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	await expect(page.locator('.el-popper:visible').getByRole('option')).toHaveCount(0);
}

/** Executes the open node ("Execute step") and waits for its output panel to show items. */
export async function executeStep(ndv: Locator): Promise<Locator> {
	await ndv.getByTestId('node-execute-button').click();
	const output = ndv.getByTestId('output-panel');
	await expect(output.getByTestId('ndv-data-container')).toBeVisible();
	return output;
}

/**
 * Every answer the editor got from n8n's dynamic-parameter endpoints (dropdowns, searches, the
 * mapper): a failed one is a dropdown that errors, whatever the page then shows.
 */
export function watchDynamicParameters(page: Page): { failures: string[] } {
	const failures: string[] = [];
	page.on('response', (response) => {
		const match = /\/rest\/dynamic-node-parameters\/([\w-]+)/.exec(response.url());
		if (!match) return;
		if (!response.ok()) failures.push(`${response.status()} ${match[1]}`);
		else
			void response
				.json()
				.then((body: { data?: unknown }) => {
					if (body?.data === undefined) failures.push(`${match[1]}: no data in ${JSON.stringify(body).slice(0, 300)}`);
				})
				.catch(() => undefined);
	});
	return { failures };
}

/**
 * A picture of the page for the README and docs: written to docs/<file> by `npm run screenshots`
 * (ENGAGEDLY_SCREENSHOTS=1), otherwise kept with the test's results.
 */
export async function screenshot(page: Page, testInfo: TestInfo, file: string): Promise<void> {
	const target = process.env.ENGAGEDLY_SCREENSHOTS === '1' ? path.join(REPO_ROOT, 'docs', file) : testInfo.outputPath(file);
	fs.mkdirSync(path.dirname(target), { recursive: true });
	// The spinner of a dropdown that is still loading would end up in the picture.
	await expect(page.getByText('Loading options')).toHaveCount(0);
	await page.screenshot({ path: target });
	if (process.env.ENGAGEDLY_SCREENSHOTS === '1') process.stdout.write(`[editor] wrote docs/${file}\n`);
}

/** The column names of the output table, in order (n8n's own unnamed columns left out). */
export async function outputColumns(output: Locator): Promise<string[]> {
	const table = output.getByTestId('ndv-data-container').locator('table').first();
	await expect(table.locator('thead th').first()).toBeVisible();
	return (await table.locator('thead th').allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '');
}

/** The values of one column of the output table ("outcome"), row by row. */
export async function outputColumn(output: Locator, column: string): Promise<string[]> {
	const table = output.getByTestId('ndv-data-container').locator('table').first();
	await expect(table.locator('thead th').filter({ hasText: new RegExp(`^\\s*${column}\\s*$`) })).toHaveCount(1);
	const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
	const index = headers.indexOf(column);
	return (await table.locator('tbody tr').evaluateAll((rows, at) => rows.map((row) => row.children[at]?.textContent?.trim() ?? ''), index));
}

/**
 * The mapper's "Refresh … List": the editor loads the mapper's fields once, with the credential
 * the node had then, and keeps them when the credential is changed.
 */
export async function refreshMapper(page: Page, ndv: Locator): Promise<void> {
	const menu = ndv.getByTestId('columns-parameter-input-options-container');
	await menu.hover();
	await menu.getByTestId('action-toggle').click();
	await page.getByText(/^Refresh .* List$/).click();
	await expect(page.getByText('Loading options')).toHaveCount(0);
}
