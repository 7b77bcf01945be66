// Static assets n8n loads next to the compiled nodes: icons (referenced as file:../../icons/…)
// and codex files. `n8n-node build` compiles TypeScript; this copies what tsc does not emit, and
// removes what the package must not ship.
const fs = require('node:fs');
const path = require('node:path');
const { src, dest, series } = require('gulp');

/** The folders of dist/ that n8n loads (package.json's `n8n` section and the icon paths). */
const RUNTIME = ['credentials', 'icons', 'nodes'];

// `n8n-node build` copies every PNG and SVG under the tree into dist/, the README's screenshots
// (docs/*.png) included: dist/ keeps only what runs.
function pruneDist(done) {
	for (const entry of fs.readdirSync('dist')) {
		if (!RUNTIME.includes(entry)) fs.rmSync(path.join('dist', entry), { recursive: true, force: true });
	}
	done();
}

function copyIcons() {
	return src('icons/**/*.{png,svg}', { encoding: false }).pipe(dest('dist/icons'));
}

function copyNodeAssets() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:assets'] = series(pruneDist, copyIcons, copyNodeAssets);
exports.default = exports['build:assets'];
