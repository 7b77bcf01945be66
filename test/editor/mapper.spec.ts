/**
 * Custom Attributes when the credential fails: the section says why where the attributes would
 * be, and once a working credential is chosen they are back on opening the node again, as the
 * notice says.
 */
import { CREDENTIAL_ID } from '../e2e/harness/demo';
import { chooseCredential, openNode, openWorkflow, parameter } from './editor';
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
