// Writes bench/MUTATION.md from StrykerJS's reports in bench/mutation/ (its incremental files, one
// per room and jest project, `npm run mutate`; not committed: they hold every test's name per
// mutant): the score per room, and every mutant that no test detected (survived, or covered by
// none) with where it is accounted for, a row of test/MUTATION-SURVIVORS.md's "StrykerJS survivors"
// table (same file, mutator and replacement). A row per file: the files measured here replace
// their rows, the others keep those of the runs before. Then the score per room (a folder of
// nodes/Engagedly with its own files), naming the files of it no run has measured yet. Exits 1
// when an undetected mutant is not accounted for.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dir = path.join(root, 'bench/mutation');
const NODES = 'nodes/Engagedly/';

const cell = (text) => String(text).replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
const key = (file, mutator, replacement) => [file, mutator, cell(replacement)].join(' ¦ ');

// The accounted survivors: rows of the table under "## StrykerJS survivors".
const survivorsDoc = readFileSync(path.join(root, 'test/MUTATION-SURVIVORS.md'), 'utf8');
const section = survivorsDoc.split(/^## StrykerJS survivors$/m)[1]?.split(/^## /m)[0] ?? '';
const accounted = new Set();
for (const line of section.split('\n')) {
	const cells = line.match(/^\|(.*)\|$/)?.[1].split(/(?<!\\)\|/).map((c) => c.trim());
	if (!cells || cells.length < 5 || cells[0] === 'File' || /^-+$/.test(cells[0])) continue;
	// A `|` in a replacement is written `\\|` in the table.
	accounted.add(key(cells[0].replace(/`/g, ''), cells[2].replace(/`/g, ''), cells[3].replace(/^`|`$/g, '').replace(/\\\|/g, '|')));
}

const rows = [];
const interrupted = [];
const undetected = [];
const measured = new Set();
const relativeOf = (file) => file.replace(/\\/g, '/').replace(/^.*?nodes\/Engagedly\//, '');
/** The folder every file is in ('.' for all of nodes/Engagedly). */
function commonFolder(files) {
	const parts = files.map((file) => file.split('/').slice(0, -1));
	const common = [];
	for (let i = 0; parts.every((p) => i < p.length && p[i] === parts[0][i]); i++) common.push(parts[0][i]);
	return common.join('/') || '.';
}
const baselines = (existsSync(dir) ? readdirSync(dir) : []).filter((f) => f.endsWith('.incremental.json')).sort();
const reports = new Map(baselines.map((name) => [name, JSON.parse(readFileSync(path.join(dir, name), 'utf8'))]));
const testsOf = (name) => name.replace(/\.incremental\.json$/, '').split('.').pop();
// A file two runs of one project measured (rooms that overlap) is the last run's: the other's
// result is of code or tests since changed.
const lastRunOf = new Map();
for (const name of [...baselines].sort((a, b) => statSync(path.join(dir, a)).mtimeMs - statSync(path.join(dir, b)).mtimeMs)) {
	for (const file of Object.keys(reports.get(name).files)) lastRunOf.set(`${relativeOf(file)} ${testsOf(name)}`, name);
}
// A row a file of each run, with the run's room (what it mutated: one file, or the folder its files share).
for (const name of baselines) {
	const report = reports.get(name);
	const tests = testsOf(name);
	const files = Object.keys(report.files).map(relativeOf);
	const room = files.length === 1 ? files[0] : commonFolder(files);
	const secondsFile = path.join(dir, name.replace(/\.incremental\.json$/, '.seconds'));
	if (!existsSync(secondsFile)) {
		interrupted.push(`\`${room}\` (${tests}): ${Object.values(report.files).flatMap((f) => f.mutants).length} mutants so far`);
		continue;
	}
	const suitesFile = path.join(dir, name.replace(/\.incremental\.json$/, '.suites'));
	const suites = existsSync(suitesFile) ? readFileSync(suitesFile, 'utf8').trim() : '';
	const took = `${readFileSync(secondsFile, 'utf8').trim()} s${suites ? `, against ${suites.split(',').join(', ')} only` : ''}`;
	const run = files.length === 1 ? took : `${took} (\`${room}\`)`;
	for (const [file, { source, mutants }] of Object.entries(report.files)) {
		const relative = relativeOf(file);
		// A baseline of a file since moved or removed says nothing of the code there is.
		if (!existsSync(path.join(root, NODES, relative)) || lastRunOf.get(`${relative} ${tests}`) !== name) continue;
		const lines = source.split('\n');
		const t = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, CompileError: 0, Ignored: 0, Static: 0 };
		for (const mutant of mutants) {
			// Left out: the editor's words (scripts/stryker-editor-words.mjs), or static in a node run.
			const status = mutant.status === 'Ignored' && /^Static/.test(mutant.statusReason ?? '') ? 'Static' : mutant.status;
			t[status] = (t[status] ?? 0) + 1;
			if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') continue;
			const line = mutant.location.start.line;
			const replacement = mutant.replacement ?? '';
			undetected.push({ tests, file: relative, line, status: mutant.status, mutator: mutant.mutatorName, replacement, original: lines[line - 1]?.trim() ?? '', ok: accounted.has(key(relative, mutant.mutatorName, replacement)) });
		}
		measured.add(`${relative} ${tests}`);
		const detected = t.Killed + t.Timeout;
		const valid = detected + t.Survived + t.NoCoverage;
		rows.push(`| \`${relative}\` | ${tests} | ${run} | ${valid} | ${t.Killed} | ${t.Timeout} | ${t.Survived} | ${t.NoCoverage} | ${t.CompileError} | ${t.Ignored} | ${t.Static} | ${valid ? ((100 * detected) / valid).toFixed(1) : 'n/a'} % |`);
	}
}

// The rows of files not measured here, as the last report has them (a file moved or removed since
// has none).
const previous = existsSync(path.join(root, 'bench/MUTATION.md')) ? readFileSync(path.join(root, 'bench/MUTATION.md'), 'utf8').split('\n') : [];
const inRoom = (file, tests) => measured.has(`${file} ${tests}`) || !existsSync(path.join(root, NODES, file));
for (const line of previous) {
	const row = line.match(/^\| `([^`]+)` \| (pure|node) \|/);
	if (row && !inRoom(row[1], row[2])) rows.push(line);
}
rows.sort();
const keptUndetected = previous.filter((line) => {
	const found = line.match(/^\| `([^`]+)` \| \d+ \| (pure|node) \|/);
	return found !== null && !inRoom(found[1], found[2]);
});
// A row kept from an earlier report that was not accounted for then still is not.

// The score per room: its files' rows summed (a file measured against both projects counts once,
// by the project that leaves fewer mutants undetected, and only that run's are listed), and the
// files of it not measured yet.
function sourcesUnder(folder) {
	return readdirSync(path.join(root, NODES, folder)).flatMap((entry) => {
		const relative = folder ? `${folder}/${entry}` : entry;
		if (statSync(path.join(root, NODES, relative)).isDirectory()) return sourcesUnder(relative);
		return entry.endsWith('.ts') ? [relative] : [];
	});
}
const byFile = new Map();
for (const line of rows) {
	const [file, tests, , valid, killed, timeout] = line.split(/(?<!\\)\|/).slice(1, 7).map((c) => c.trim().replace(/`/g, ''));
	const counts = { tests, valid: Number(valid), detected: Number(killed) + Number(timeout) };
	const before = byFile.get(file);
	const left = (c) => c.valid - c.detected;
	if (!before || left(counts) < left(before) || (left(counts) === left(before) && counts.detected > before.detected)) byFile.set(file, counts);
}
const counted = (file, tests) => byFile.get(file)?.tests === tests;
const listed = undetected.filter((u) => counted(u.file, u.tests));
const keptListed = keptUndetected.filter((line) => {
	const [, file, tests] = line.match(/^\| `([^`]+)` \| \d+ \| (pure|node) \|/);
	return counted(file, tests);
});
const keptMissing = keptListed.filter((line) => line.includes('**NOT ACCOUNTED**'));
const missing = listed.filter((u) => !u.ok);
const folderOf = (file) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.');
// A file of types alone has nothing to mutate (no run lists it): it is not waiting to be measured.
const ts = createRequire(import.meta.url)('typescript');
const hasCode = (file) =>
	ts
		.transpileModule(readFileSync(path.join(root, NODES, file), 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, removeComments: true } })
		.outputText.replace(/^export \{\};?$/m, '')
		.trim() !== '';
const rooms = new Map();
for (const file of sourcesUnder('').filter(hasCode)) {
	const room = rooms.get(folderOf(file)) ?? { files: [], open: [], valid: 0, detected: 0 };
	room.files.push(file);
	const counts = byFile.get(file);
	if (counts) {
		room.valid += counts.valid;
		room.detected += counts.detected;
	} else room.open.push(file.slice(file.lastIndexOf('/') + 1));
	rooms.set(folderOf(file), room);
}
const roomRows = [...rooms.entries()]
	.sort(([a], [b]) => a.localeCompare(b))
	.map(([room, r]) => `| \`${room}\` | ${r.files.length - r.open.length} of ${r.files.length} | ${r.valid} | ${r.valid ? `${((100 * r.detected) / r.valid).toFixed(1)} %` : 'n/a'} | ${r.open.join(', ')} |`);
const out = [
	'# Mutation testing (StrykerJS)',
	'',
	`Written by \`npm run mutate\` (scripts/mutate.sh, scripts/mutation-report.mjs) from the reports in \`bench/mutation/\`, each from one run over a room of \`${NODES}\` against one jest project. The score is detected (killed or timed out) over valid mutants (also survived and covered by no test); mutants the TypeScript checker refused are left out, and so are those of the editor’s words (labels, descriptions, placeholders, hints, option names: scripts/stryker-editor-words.mjs), which no run reads, and, in runs against the node project, static mutants (code run only as a file loads, such as a description's parameters: each would rerun every engine suite; what they hold is proven where a run reads it). A file measured against both projects counts once, by the run that leaves fewer mutants undetected, whose undetected mutants alone are listed. Every undetected mutant is in test/MUTATION-SURVIVORS.md, "StrykerJS survivors", with its reason, or marked NOT ACCOUNTED below.`,
	'',
	'## Score per room',
	'',
	'A room is a folder of `nodes/Engagedly` with its own files (`.` is the top; files of types alone, with nothing to mutate, are not counted). Its score is that of its files measured so far; the last column names those no run has measured yet.',
	'',
	'| room | files measured | valid mutants | score | not measured yet |',
	'|---|---|---|---|---|',
	...roomRows,
	'',
	...(interrupted.length ? ['Interrupted runs, left out until a run of the same rooms ends (it resumes them): ' + interrupted.join('; ') + '.', ''] : []),
	'## Score per file',
	'',
	'| file | jest project | its last run took (the room it ran over) | valid mutants | killed | timed out | survived | no coverage | compile errors (left out) | editor’s words (left out) | static, node runs (left out) | score |',
	'|---|---|---|---|---|---|---|---|---|---|---|---|',
	...rows,
	'',
	'## Undetected mutants',
	'',
	'| file | line | jest project | status | mutator | replacement | accounted for |',
	'|---|---|---|---|---|---|---|',
	...keptListed,
	...listed.map((u) => `| \`${u.file}\` | ${u.line} | ${u.tests} | ${u.status} | ${u.mutator} | \`${cell(u.replacement).slice(0, 80)}\` | ${u.ok ? 'test/MUTATION-SURVIVORS.md' : '**NOT ACCOUNTED**'} |`),
	'',
].join('\n');
writeFileSync(path.join(root, 'bench/MUTATION.md'), out);
console.log(
	`bench/MUTATION.md: ${rows.length} files, ${listed.length + keptListed.length} undetected, ${missing.length + keptMissing.length} not accounted for`,
);
for (const m of missing) console.log(`  not accounted: ${m.file}:${m.line} ${m.mutator} → ${cell(m.replacement).slice(0, 80)}   (was: ${m.original.slice(0, 80)})`);
for (const line of keptMissing) console.log(`  not accounted (an earlier run's): ${line}`);
process.exit(missing.length + keptMissing.length ? 1 : 0);
