/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code runs in plain Node, not inside n8n: it runs the workflow linters as processes */
/**
 * The GitHub workflows (.github/workflows: CI on pull requests, publishing with npm provenance on a
 * version tag) pass scripts/lint-workflows.mjs, the YAML + schema + action-input lint `npm run
 * lint:workflows` runs; and that lint fails a workflow with the mistakes it is there to catch.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../..');
const WORKFLOWS = path.join(REPO_ROOT, '.github', 'workflows');

function lint(root: string): { code: number | null; output: string } {
	const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'lint-workflows.mjs'), root], { encoding: 'utf8' });
	return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A copy of the repository's workflows with one file changed, in a folder of its own. */
function withChangedWorkflow(file: string, change: (text: string) => string): string {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'engagedly-workflows-'));
	fs.cpSync(WORKFLOWS, path.join(root, '.github', 'workflows'), { recursive: true });
	const target = path.join(root, '.github', 'workflows', file);
	fs.writeFileSync(target, change(fs.readFileSync(target, 'utf8')));
	return root;
}

const made: string[] = [];
afterAll(() => {
	for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

test('CI on pull requests and the publish workflow are there, and pass the lint', () => {
	const ci = fs.readFileSync(path.join(WORKFLOWS, 'ci.yml'), 'utf8');
	const publish = fs.readFileSync(path.join(WORKFLOWS, 'publish.yml'), 'utf8');
	expect(ci).toMatch(/^ {2}pull_request:/m);
	expect(ci).toMatch(/run: npm run check$/m);
	expect(publish).toMatch(/^ {6}- '\*\.\*\.\*'$/m);
	expect(publish).toMatch(/^ {6}id-token: write$/m);
	expect(publish).toMatch(/run: npm run release$/m);

	const { code, output } = lint(REPO_ROOT);

	expect(output).toContain('passed: action-validator ci.yml');
	expect(output).toContain('passed: action-validator publish.yml');
	expect(output).toContain('passed: actionlint ci.yml, publish.yml');
	expect(code).toBe(0);
}, 60_000);

test('the lint fails a misspelled action input, a misspelled context property and a key the schema does not allow', () => {
	const root = withChangedWorkflow('publish.yml', (text) =>
		text
			.replace('registry-url:', 'registry-ulr:')
			.replace('$GITHUB_REF_NAME', '${{ github.ref_nmae }}')
			.replace('timeout-minutes: 30', 'timeout-minutes: 30\n    retries: 2'),
	);
	made.push(root);

	const { code, output } = lint(root);

	expect(output).toContain('passed: action-validator ci.yml');
	expect(output).toContain('FAILED: action-validator publish.yml');
	expect(output).toContain("Additional property 'retries' is not allowed");
	expect(output).toContain('FAILED: actionlint');
	expect(output).toContain('input "registry-ulr" is not defined in action "actions/setup-node@v4"');
	expect(output).toContain('property "ref_nmae" is not defined');
	expect(code).toBe(1);
}, 60_000);
