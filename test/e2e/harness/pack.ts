/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * The package as users get it: `npm run build`, then `npm pack` (exactly the files npm would
 * publish), then `npm install <tarball>` inside `<N8N_USER_FOLDER>/.n8n/nodes`, the folder where
 * n8n's Community Nodes panel installs packages. Node types are then
 * `n8n-nodes-engagedly.engagedly` / `n8n-nodes-engagedly.engagedlyEventsTrigger`, as in users' workflows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { REPO_ROOT, node24Env, runSync } from './install';

export const PACKAGE_NAME = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string }).name;

const npm = (args: string[], cwd: string): string =>
	runSync('npm', args, { cwd, env: node24Env({ npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' }) });

export function build(): void {
	npm(['run', 'build', '--silent'], REPO_ROOT);
}

/**
 * `npm pack` of the built package into `destination` (created if missing; default: a fresh
 * folder under the system temp dir, for the caller to remove); returns the tarball's path.
 */
export function pack(destination = fs.mkdtempSync(path.join(os.tmpdir(), 'engagedly-pack-'))): string {
	fs.mkdirSync(destination, { recursive: true });
	const out = npm(['pack', '--json', '--pack-destination', destination], REPO_ROOT);
	const [info] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
	const tarball = path.join(destination, info.filename);
	if (!info.files.some((file) => file.path.startsWith('dist/nodes/Engagedly/Engagedly.node.js'))) {
		throw new Error(`${tarball} has no dist/nodes/Engagedly/Engagedly.node.js: run npm run build first`);
	}
	return tarball;
}

/**
 * Installs the tarball the way the Community Nodes panel does: into `.n8n/nodes`, no install
 * scripts, and without pulling in the `n8n-workflow` peer (n8n provides its own at run time).
 * No registry is needed: the package has no runtime dependencies.
 */
export function installInto(userFolder: string, tarball: string): void {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	const manifest = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(manifest)) {
		fs.writeFileSync(manifest, `${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2)}\n`);
	}
	npm(['install', tarball, '--ignore-scripts', '--legacy-peer-deps', '--omit=dev', '--offline', '--loglevel=error'], nodesDir);
	const installed = path.join(nodesDir, 'node_modules', PACKAGE_NAME, 'package.json');
	if (!fs.existsSync(installed)) throw new Error(`npm install ${tarball} did not install ${PACKAGE_NAME}`);
}
