/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- asks git which files are tracked and reads them (fs, __dirname) to check what they cite */
/**
 * A clone from the package's public home must hold its design: the API contract and the
 * architecture are docs/engagedly-api.md and docs/architecture.md, and nothing tracked may send a
 * contributor to a folder beside the clone or to a copy on one machine. So every tracked text
 * file cites those two documents only by a path to them under docs/ that exists (a path relative
 * to the file, as a Markdown link has it, or to the repository's root, as a comment has it), and
 * names no shared folder outside the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The repository's root even when a copy of the tree runs the tests (StrykerJS's sandbox lies inside it).
const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: __dirname, encoding: 'utf8' }).trim();

/** Lockfiles name thousands of packages and nothing of ours. */
const isLockfile = (file: string) => /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)$/.test(file);

const texts: Array<[string, string]> = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
	.split('\0')
	.filter((file) => file && !isLockfile(file) && !file.split('/').includes('node_modules'))
	.map((file): [string, Buffer] => [file, readFileSync(path.join(ROOT, file))])
	.filter(([, bytes]) => !bytes.subarray(0, 8000).includes(0))
	.map(([file, bytes]) => [file, bytes.toString('utf8')]);

// The folders the contract and the design were once read from, beside the clone or on one
// machine; built from parts, so this file does not name them itself.
const OUTSIDE = [['..', 'shared'].join('/'), ['', 'work', 'shared'].join('/'), ['shared', 'spec', ''].join('/'), ['shared', 'design', ''].join('/')];

/** A path to either document as any file may write it, in any case (an upper-case name cites one too). */
const CITATION = /[\w./-]*(?:engagedly-api|architecture)\.md/gi;
const DOCUMENTS = ['docs/engagedly-api.md', 'docs/architecture.md'];

/** Where a cited path leads, from the citing file's folder or from the root: one of the two documents, or nowhere. */
function document(file: string, cited: string): string | undefined {
	return [path.posix.join(path.posix.dirname(file), cited), path.posix.normalize(cited)].find(
		(target) => DOCUMENTS.includes(target) && existsSync(path.join(ROOT, target)),
	);
}

describe('the repository stands alone', () => {
	it('reads the tracked text files, these two documents among them', () => {
		expect(texts.length).toBeGreaterThan(300);
		expect(texts.map(([file]) => file)).toEqual(expect.arrayContaining(DOCUMENTS));
	});

	it('no file names a shared folder outside the repository', () => {
		expect(texts.filter(([, text]) => OUTSIDE.some((outside) => text.includes(outside))).map(([file]) => file)).toEqual([]);
	});

	it('every citation of the contract or the architecture is a path to docs/ that exists', () => {
		const stray = texts.flatMap(([file, text]) =>
			[...text.matchAll(CITATION)].filter(([cited]) => !document(file, cited)).map(([cited]) => `${file}: ${cited}`),
		);
		expect(stray).toEqual([]);
	});
});
