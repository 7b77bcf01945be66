// Static assets n8n loads next to the compiled nodes: icons (referenced as file:../../icons/…)
// and codex files. `n8n-node build` compiles TypeScript; this copies what tsc does not emit.
const { src, dest, series } = require('gulp');

function copyIcons() {
	return src('icons/**/*.{png,svg}', { encoding: false }).pipe(dest('dist/icons'));
}

function copyNodeAssets() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:assets'] = series(copyIcons, copyNodeAssets);
exports.default = exports['build:assets'];
