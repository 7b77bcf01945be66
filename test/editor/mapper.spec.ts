/**
 * Custom Attributes when the credential fails: the section says why where the attributes would
 * be, and once a working credential is chosen they are back on opening the node again, as the
 * notice says.
 */
import { CREDENTIAL_ID } from '../e2e/harness/demo';
import { addEngagedlyAction, chooseCredential, fill, newWorkflow, openNode, openWorkflow, parameter, refreshMapper } from './editor';
import { expect, test } from './fixtures';
import { CREATE_WITH_BROKEN_CREDENTIAL } from './workflows';

test('Custom Attributes on a failing credential say why in their place, and come back with a working one', async ({ page, editor }) => {
	const { demo } = editor;
	const costCenter = demo.store.customAttributes().find((attribute) => attribute.name === 'Cost Center')!;
	const attributeReads = (since: number) => demo.log.slice(since).filter((entry) => entry.route === 'GET /beta/user-attributes');

	let since = demo.log.length;
	await openWorkflow(page, editor.n8n.baseUrl, CREATE_WITH_BROKEN_CREDENTIAL.id);
	let ndv = await openNode(page, CREATE_WITH_BROKEN_CREDENTIAL.node);
	const section = ndv.getByTestId('resource-mapper-container');
	const notice = section.getByTestId('empty-fields-notice');
	await expect(notice).toContainText('Custom attributes could not be loaded');
	await expect(notice).toContainText('The Client Key / Secret Key pair was rejected');
	await expect(notice).toContainText('close this node and open it again');
	expect(new Set(attributeReads(since).map((entry) => `${entry.clientKey} ${entry.status}`))).toEqual(new Set([`${demo.keys.demo.clientKey} 401`]));

	await chooseCredential(page, ndv, CREDENTIAL_ID);
	await ndv.getByTestId('ndv-close-button').click();
	await expect(ndv).toBeHidden();
	since = demo.log.length;
	ndv = await openNode(page, CREATE_WITH_BROKEN_CREDENTIAL.node);
	await expect(parameter(ndv.getByTestId('mapping-fields-container'), costCenter.attribute_key)).toBeVisible();
	await expect(ndv.getByTestId('empty-fields-notice')).toHaveCount(0);
	expect(attributeReads(since).map((entry) => entry.status)).toContain(200);
});

/**
 * n8n may load a new node's mapper before it has given the node its credential (a cold editor:
 * the request goes out with no credential), and loads it again only when the node opens. That
 * first answer says how the attributes come, never that they failed; on opening again, they are there.
 */
test('Custom Attributes asked for before the new node has its credential: no error, and there on opening again', async ({ page, editor }) => {
	const costCenter = editor.demo.store.customAttributes().find((attribute) => attribute.name === 'Cost Center')!;
	let first = true;
	await page.route(/\/rest\/dynamic-node-parameters\/resource-mapper-fields/, async (route) => {
		if (!first) return await route.continue();
		first = false;
		const body = route.request().postDataJSON() as Record<string, unknown>;
		delete body.credentials;
		await route.continue({ postData: JSON.stringify(body) });
	});
	await newWorkflow(page, editor.n8n.baseUrl);
	let ndv = await addEngagedlyAction(page, 'Create a user');
	const notice = ndv.getByTestId('empty-fields-notice');
	await expect(notice).toContainText("Custom attributes load from the node's credential when the node opens");
	await expect(ndv.getByTestId('resource-mapper-container')).not.toContainText('could not be loaded');

	await chooseCredential(page, ndv, CREDENTIAL_ID);
	await ndv.getByTestId('ndv-close-button').click();
	await expect(ndv).toBeHidden();
	const engagedly = page.locator('[data-test-id="canvas-node"]').filter({ hasText: 'Create a user' });
	ndv = await openNode(page, (await engagedly.getAttribute('data-node-name'))!);
	await expect(parameter(ndv.getByTestId('mapping-fields-container'), costCenter.attribute_key)).toBeVisible();
	await expect(ndv.getByTestId('empty-fields-notice')).toHaveCount(0);
});


/**
 * A mandatory custom attribute is shown at once, marked by its label; left empty, the run still
 * starts (n8n's own "required" would stop it before, naming the attribute by its key) and the
 * item's error names the attribute by its label and says what to map. Nothing is written.
 */
test('a mandatory custom attribute left empty: named by its label, and the run says what to map', async ({ page, editor }) => {
	const costCenter = editor.demo.store.customAttributes().find((attribute) => attribute.name === 'Cost Center')!;
	expect(costCenter.mandatory).toBe(true);
	await newWorkflow(page, editor.n8n.baseUrl);
	const ndv = await addEngagedlyAction(page, 'Create a user');
	await chooseCredential(page, ndv, CREDENTIAL_ID);
	await refreshMapper(page, ndv);
	const mapper = ndv.getByTestId('mapping-fields-container');
	await expect(mapper).toContainText('Cost Center (mandatory)');
	await fill(ndv, 'email', 'left.out@acme-demo.example');
	await fill(ndv, 'firstName', 'Left');
	await fill(ndv, 'lastName', 'Out');
	await ndv.getByTestId('node-execute-button').click();
	const output = ndv.getByTestId('output-panel');
	await expect(output).toContainText(`Custom attribute "Cost Center" (${costCenter.attribute_key}) is mandatory in Engagedly`);
	await expect(output).toContainText('map the input field that holds it');
	await expect(page.getByText(`"${costCenter.attribute_key}" is required`)).toHaveCount(0);
	expect(editor.demo.store.userByEmail('left.out@acme-demo.example')).toBeUndefined();
});
