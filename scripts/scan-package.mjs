/**
 * n8n's community package scanner (@n8n/scan-community-package, the gate a package passes before
 * n8n lists it), run offline: `node scripts/scan-package.mjs <tarball> [<source dir>]`.
 *
 * The published scanner downloads the package and the GitHub source its npm provenance names,
 * then lints both with its own ESLint set-up. Here the two legs get what they would download: the
 * packed tarball, unpacked (compiled `.js` and package.json), and this clone as the source
 * (package.json and nodes/, credentials/). Only the provenance check needs the registry: it is
 * the publish workflow's job (.github/workflows/publish.yml). Exit 0 when both legs pass.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [tarballArg, sourceArg] = process.argv.slice(2);
if (!tarballArg) {
	process.stderr.write('usage: node scripts/scan-package.mjs <tarball> [<source dir>]\n');
	process.exit(2);
}
const tarball = path.resolve(tarballArg);
const source = path.resolve(sourceArg ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));

// The scanner makes a temp folder when it is loaded and never removes it: give it one of ours.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'engagedly-scan-'));
process.env.TMPDIR = work;
let passed = false;
try {
	const unpacked = path.join(work, 'package');
	fs.mkdirSync(unpacked);
	const tar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'], { encoding: 'utf8' });
	if (tar.status !== 0) throw new Error(`tar could not unpack ${tarball}: ${tar.stderr}`);

	const { analyzePackage, SOURCE_FILE_PATTERNS } = await import('@n8n/scan-community-package/scanner/scanner.mjs');
	// The same two calls, with the same file patterns, as the scanner's analyzePackageByName.
	const legs = [
		{ name: `source (${source})`, result: await analyzePackage(source, SOURCE_FILE_PATTERNS) },
		{ name: `tarball (${path.basename(tarball)})`, result: await analyzePackage(unpacked, ['**/*.js', 'package.json']) },
	];
	for (const { name, result } of legs) {
		process.stdout.write(`${result.passed ? 'passed' : 'FAILED'}: ${name}${result.message ? `: ${result.message}` : ''}\n`);
		if (result.details) process.stdout.write(`${result.details}\n`);
	}
	passed = legs.every((leg) => leg.result.passed);
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
process.exit(passed ? 0 : 1);
