/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * Once per `npm run test:e2e` (and `npm run test:editor`, for the current n8n only): the pinned
 * n8n (from the cache, or installed into it), and the package built and packed. The test files
 * read both from the environment (versions.ts).
 */
import path from 'node:path';

import { ensureN8n, pruneOldInstalls } from './install';
import { build, pack } from './pack';
import { MANIFESTS } from './versions';

export async function prepare(manifests: string[]): Promise<void> {
	const started = Date.now();
	const installs = [];
	for (const manifest of manifests) installs.push(await ensureN8n(manifest));
	pruneOldInstalls(MANIFESTS);
	// ENGAGEDLY_E2E_PACKAGE=<tarball> tests a given package (a release candidate, or a build of
	// another branch) instead of building and packing this clone.
	const given = process.env.ENGAGEDLY_E2E_PACKAGE;
	if (!given) build();
	const tarball = given ? path.resolve(given) : pack();
	process.env.ENGAGEDLY_E2E_TARBALL = tarball;
	process.env.ENGAGEDLY_E2E_N8N = JSON.stringify(installs);
	process.stderr.write(
		`\n[e2e] n8n ${installs.map((i) => i.version).join(', ')} ready, package packed (${tarball}) in ${Math.round((Date.now() - started) / 1000)} s\n`,
	);
}

export default async function globalSetup(): Promise<void> {
	await prepare(MANIFESTS);
}
