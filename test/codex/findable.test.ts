/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * What the editor shows about the nodes before anyone runs them: the codex (categories, search
 * aliases, documentation links) as n8n-core's loader reads it from dist/, the credential's
 * documentation link, and the canvas subtitle evaluated by n8n-workflow's expression engine as the
 * editor evaluates it. test/e2e/harness/scenarios.ts checks the aliases in a real n8n's nodes panel.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INode, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { SEARCH_TERMS } from '../helpers/codex';
import { CREDENTIAL_TYPE, NODE_TYPE, TRIGGER_TYPE, loadBuiltPackage, type LoadedPackage } from '../helpers/engine';

const REPO_ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
	name: string;
	homepage: string;
	bugs: { url: string };
	repository: { url: string };
};


/** The categories n8n's own nodes use (n8n-nodes-base 2.41); HITL is for send-and-wait nodes. */
const N8N_CATEGORIES = ['Analytics', 'Communication', 'Data & Storage', 'Development', 'Finance & Accounting', 'Marketing', 'Miscellaneous', 'Productivity', 'Sales', 'Utility'];

let pkg: LoadedPackage;
beforeAll(async () => {
	pkg = await loadBuiltPackage();
});

const description = (type: string) => pkg.nodeTypes.getByNameAndVersion(type, 1).description;

describe.each([
	['Engagedly', NODE_TYPE, 'engagedly-node.md'],
	['Engagedly Events Trigger', TRIGGER_TYPE, 'engagedly-events-trigger.md'],
])('the %s codex, as n8n loads it', (name, type, pageFile) => {
	test('the builder meets one name: the node list, the canvas, its page and the README', () => {
		expect(description(type).displayName).toBe(name);
		expect(description(type).defaults.name).toBe(name);
		expect(fs.readFileSync(path.join(REPO_ROOT, 'docs', pageFile), 'utf8').split('\n')[0]).toMatch(new RegExp(`^# ${name}( node)?$`));
		expect(readme()).toContain(`**${name}**`);
	});

	test('its categories are n8n categories that fit an HR service, and not HITL', () => {
		const categories = description(type).codex?.categories ?? [];
		expect(categories.length).toBeGreaterThan(0);
		expect(categories.filter((category) => !N8N_CATEGORIES.includes(category))).toEqual([]);
	});

	test('it carries an alias for each way people search for it', () => {
		const aliases = (description(type).codex?.alias ?? []).map((alias) => alias.toLowerCase());
		expect(SEARCH_TERMS.filter((term) => !aliases.includes(term.toLowerCase()))).toEqual([]);
	});

	test("its documentation links open the package's npm page", () => {
		const resources = description(type).codex?.resources ?? {};
		expect(Object.keys(resources).sort()).toEqual(['credentialDocumentation', 'primaryDocumentation']);
		const [primary] = resources.primaryDocumentation ?? [];
		const [credential] = resources.credentialDocumentation ?? [];
		expect(primary.url).toBe(npmPage());
		expect(credential.url).toBe(npmPage());
		// The README, which that page shows, links the node's own page.
		expect(readme()).toContain(`](docs/${pageFile})`);
	});
});

test("the credential's documentation link opens the package's npm page, whose README says where the keys come from", () => {
	expect(pkg.credentialTypes[CREDENTIAL_TYPE].documentationUrl).toBe(npmPage());
	expect(readme()).toContain('](docs/credentials.md)');
	expect(readme()).toContain('Settings → Integrations → Engagedly API');
});

test('package.json names one repository in repository, homepage and bugs', () => {
	const repository = repositoryUrl();
	expect(manifest.repository.url).toBe(`${repository}.git`);
	expect(manifest.homepage).toBe(`${repository}#readme`);
	expect(manifest.bugs.url).toBe(`${repository}/issues`);
});

function repositoryUrl(): string {
	const match = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)\.git$/.exec(manifest.repository.url);
	if (!match) throw new Error(`package.json repository.url is not a GitHub URL: ${manifest.repository.url}`);
	return `https://github.com/${match[1]}`;
}

/**
 * The Docs links go to the package's npm page: it exists exactly when the package is published
 * (a page of a repository exists only if someone created it, which nothing here can check). No
 * fragment or query: the editor appends `?utm_source=…` to codex links by string concatenation.
 */
const npmPage = () => `https://www.npmjs.com/package/${manifest.name}`;
const readme = () => fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

describe('the subtitle under the node on the canvas reads as words', () => {
	/** What the editor does: the node's parameters with their defaults, then the subtitle expression. */
	function subtitle(type: string, parameters: Record<string, string>): unknown {
		const nodeType = pkg.nodeTypes.getByNameAndVersion(type, 1);
		const node: INode = { id: 'n', name: 'Engagedly', type, typeVersion: 1, position: [0, 0], parameters };
		const described = nodeType.description as INodeTypeDescription;
		node.parameters = NodeHelpers.getNodeParameters(described.properties, parameters, true, false, node, described) ?? {};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: pkg.nodeTypes });
		return workflow.expression.getSimpleParameterValue(node, described.subtitle, 'internal', {});
	}

	test.each([
		[{ resource: 'user', operation: 'create' }, 'Create user'],
		[{ resource: 'department', operation: 'addMembers' }, 'Add members to department'],
		[{ resource: 'business', operation: 'removeMembers' }, 'Remove members from business'],
		[{ resource: 'jobTitle', operation: 'getAll' }, 'Get many job titles'],
		[{ resource: 'user', operation: 'getPermissions' }, 'Get permissions of user'],
		[{ resource: 'learningResource', operation: 'getContents' }, 'Get contents of learning resource'],
		[{}, 'Get many users'],
	])('Engagedly %j: "%s"', (parameters, expected) => {
		expect(subtitle(NODE_TYPE, parameters)).toBe(expected);
	});

	test.each([
		[{ event: 'newPraise' }, 'New praise'],
		[{ event: 'userDeactivated' }, 'User deactivated'],
		[{}, 'New praise'],
	])('Engagedly Events Trigger %j: "%s"', (parameters, expected) => {
		expect(subtitle(TRIGGER_TYPE, parameters)).toBe(expected);
	});

	test('every operation of every resource has words, not its raw value', () => {
		const operationPickers = description(NODE_TYPE).properties.filter((property) => property.name === 'operation');
		const raw: string[] = [];
		for (const picker of operationPickers) {
			for (const resource of (picker.displayOptions?.show?.resource ?? []) as string[]) {
				for (const option of picker.options ?? []) {
					const operation = String((option as { value: string }).value);
					const words = String(subtitle(NODE_TYPE, { resource, operation }));
					if (!/^[A-Z][a-z]+( [a-z()]+)+$/.test(words)) raw.push(`${resource}/${operation}: ${words}`);
				}
			}
		}
		expect(operationPickers.length).toBeGreaterThan(5);
		expect(raw).toEqual([]);
	});
});

test("the node page's operation table names every operation of every resource, as the pickers show them", () => {
	const properties = description(NODE_TYPE).properties;
	const resources = (properties.find((property) => property.name === 'resource')?.options ?? []) as Array<{ name: string; value: string }>;
	const page = fs.readFileSync(path.join(REPO_ROOT, 'docs/engagedly-node.md'), 'utf8');
	const missing: string[] = [];
	for (const resource of resources) {
		const row = page.split('\n').find((line) => line.startsWith(`| ${resource.name} |`));
		if (!row) {
			missing.push(`${resource.name}: no row`);
			continue;
		}
		const picker = properties.find(
			(property) => property.name === 'operation' && ((property.displayOptions?.show?.resource ?? []) as string[]).includes(resource.value),
		);
		for (const option of (picker?.options ?? []) as Array<{ name: string }>) {
			if (!row.includes(option.name)) missing.push(`${resource.name}: ${option.name}`);
		}
	}
	expect(resources.length).toBeGreaterThan(5);
	expect(missing).toEqual([]);
});
