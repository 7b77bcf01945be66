/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * The n8n versions the end-to-end tests run, each pinned by its own package.json + lockfile:
 * the current one (test/e2e/) and the oldest the README claims (test/e2e/oldest/).
 */
import path from 'node:path';

import { CURRENT, E2E_DIR, pinnedVersion, type N8nInstall } from './install';

export const OLDEST = path.join(E2E_DIR, 'oldest');

export const MANIFESTS = [CURRENT, OLDEST];

/** The install global-setup prepared for a manifest folder. */
export function installOf(manifest = CURRENT): N8nInstall {
	const installs = JSON.parse(process.env.ENGAGEDLY_E2E_N8N ?? '[]') as N8nInstall[];
	const wanted = pinnedVersion(manifest);
	const found = installs.find((install) => install.version === wanted);
	if (!found) throw new Error(`n8n ${wanted} was not prepared: run the e2e tests with npm run test:e2e`);
	return found;
}

export function packedTarball(): string {
	const tarball = process.env.ENGAGEDLY_E2E_TARBALL;
	if (!tarball) throw new Error('The package was not packed: run the e2e tests with npm run test:e2e');
	return tarball;
}
