/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code runs in plain Node, not inside n8n: it runs npm, tar and the scanner as processes */
/**
 * The package as npm publishes it: `npm pack` of the build (`npm run test:package` and
 * `test:all` build first), its file list and size, and n8n's community package scanner on it
 * (scripts/scan-package.mjs).
 *
 * The expected files are derived from the sources, not from dist/: one `.js` per TypeScript file
 * of nodes/ and credentials/, the codex files, the icons, and the three files npm always adds.
 * Anything else (source maps, declarations, tsbuildinfo, README screenshots that `n8n-node build`
 * copies) fails here by name.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT, node24Env } from '../e2e/harness/install';
import { pack } from '../e2e/harness/pack';

/**
 * Outgrowing a budget is a question to ask (what got in?), not a number to raise blindly.
 * Set at 90 kB / 400 kB when the package measured 52 kB / 224 kB. Raised once, at 90.1 kB /
 * 387 kB, when Sync became a plan a person approves (actions/user/sync/, Apply Plan and the
 * single-user digests: 57 kB of compiled code, issues 29 and 30); nothing else had got in.
 * Raised again, at 100.2 kB packed, when decisions moved out of the engine code into files of
 * their own (issue 41: the trigger's praise scan and user entries, the transport's answers and
 * scan decisions, the upsert step, the picture check, Get Many's filter, the editor places): each
 * compiled file brings its module wrapper and tar entry; no behaviour got in.
 * Raised again, at 106.8 kB packed and 445 kB unpacked, when Sync came to know each person by
 * every key (issue 57: the identity table, people by Employee ID, Workday's dates) and Apply Plan
 * to apply each step once, of every plan (issue 58: what it wrote, kept per plan); with the
 * README and docs that say so.
 */
const BUDGET = { packedBytes: 115_000, unpackedBytes: 490_000 };

let tarball: string;
/** The tarball unpacked: <dir>/package/... */
let unpacked: string;
beforeAll(() => {
	tarball = pack();
	unpacked = fs.mkdtempSync(path.join(path.dirname(tarball), 'unpacked-'));
	const untar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked], { encoding: 'utf8' });
	if (untar.status !== 0) throw new Error(`tar could not unpack ${tarball}: ${untar.stderr}`);
}, 120_000);
afterAll(() => {
	if (tarball) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
	return fs
		.readdirSync(path.join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })
		.map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
		.filter((file) => fs.statSync(path.join(REPO_ROOT, file)).isFile());
}

/** package/<path> entries of the tarball, with their sizes. */
function tarEntries(file: string): Map<string, number> {
	const listing = spawnSync('tar', ['-tvzf', file], { encoding: 'utf8' });
	if (listing.status !== 0) throw new Error(`tar -tvzf ${file}: ${listing.stderr}`);
	const entries = new Map<string, number>();
	for (const line of listing.stdout.trim().split('\n')) {
		// -rw-r--r-- 0/0  1089 1985-10-26 08:15 package/LICENSE
		const [, , size, , , name] = line.split(/\s+/);
		entries.set(name.replace(/^package\//, ''), Number(size));
	}
	return entries;
}

const shipped = (entry: string) => fs.readFileSync(path.join(unpacked, 'package', entry), 'utf8');

function scan(file: string): { code: number | null; output: string } {
	// Without jest's NODE_ENV=test, under which eslint-plugin-n8n-nodes-base lints as in its own
	// tests (fixture file names) and fails every real node file.
	const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'scan-package.mjs'), file], {
		cwd: REPO_ROOT,
		env: node24Env(),
		encoding: 'utf8',
	});
	return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm pack', () => {
	test('the tarball holds exactly the compiled sources, codex files, icons, package.json, README and LICENSE', () => {
		const compiled = [...filesUnder('nodes'), ...filesUnder('credentials')]
			.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
			.map((file) => `dist/${file.replace(/\.ts$/, '.js')}`);
		const codex = filesUnder('nodes')
			.filter((file) => file.endsWith('.node.json'))
			.map((file) => `dist/${file}`);
		const icons = filesUnder('icons').map((file) => `dist/${file}`);
		const expected = ['LICENSE', 'README.md', 'package.json', ...compiled, ...codex, ...icons].sort();

		expect([...tarEntries(tarball).keys()].sort()).toEqual(expected);
	});

	test(`it stays within its size budget (${BUDGET.packedBytes / 1000} kB packed, ${BUDGET.unpackedBytes / 1000} kB unpacked)`, () => {
		const packed = fs.statSync(tarball).size;
		const unpacked = [...tarEntries(tarball).values()].reduce((sum, size) => sum + size, 0);
		expect(packed).toBeLessThanOrEqual(BUDGET.packedBytes);
		expect(unpacked).toBeLessThanOrEqual(BUDGET.unpackedBytes);
	});

	test('the compiled files point at no source map, and package.json names only files it ships', () => {
		const entries = tarEntries(tarball);
		const withMaps = [...entries.keys()].filter((entry) => entry.endsWith('.js') && /sourceMappingURL/.test(shipped(entry)));
		expect(withMaps).toEqual([]);

		const manifest = JSON.parse(shipped('package.json')) as {
			n8n: { nodes: string[]; credentials: string[] };
			dependencies?: Record<string, string>;
		};
		const missing = [...manifest.n8n.nodes, ...manifest.n8n.credentials].filter((file) => !entries.has(file));
		expect({ missing, dependencies: manifest.dependencies }).toEqual({ missing: [], dependencies: undefined });
	});
});

describe("n8n's community package scanner (@n8n/scan-community-package, offline)", () => {
	test('passes on the tarball and on the source it is built from', () => {
		const { code, output } = scan(tarball);
		expect(output).toMatch(/^passed: source /m);
		expect(output).toMatch(/^passed: tarball /m);
		expect(code).toBe(0);
	}, 120_000);

	test('fails a tarball whose compiled code reads the environment and logs to the console', () => {
		const work = fs.mkdtempSync(path.join(path.dirname(tarball), 'tampered-'));
		fs.cpSync(path.join(unpacked, 'package'), path.join(work, 'package'), { recursive: true });
		const node = path.join(work, 'package', 'dist', 'nodes', 'Engagedly', 'Engagedly.node.js');
		fs.appendFileSync(node, '\nconsole.log(process.env.HOME);\n');
		const tampered = path.join(work, 'tampered.tgz');
		expect(spawnSync('tar', ['-czf', tampered, '-C', work, 'package']).status).toBe(0);

		const { code, output } = scan(tampered);

		expect(output).toMatch(/^passed: source /m);
		expect(output).toMatch(/^FAILED: tarball /m);
		expect(output).toContain('no-console');
		expect(output).toContain('no-restricted-globals');
		expect(code).toBe(1);
	}, 120_000);
});
