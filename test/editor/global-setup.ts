/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/**
 * Once per run: the pinned n8n (from the cache, or installed into it) and the package built and
 * packed, handed to the worker through its environment (fixtures.ts starts n8n with them).
 */
import fs from 'node:fs';
import path from 'node:path';

import { CURRENT, ensureN8n } from '../e2e/harness/install';
import { build, pack } from '../e2e/harness/pack';

export default async function globalSetup(): Promise<() => void> {
	const started = Date.now();
	const manifest = process.env.ENGAGEDLY_EDITOR_N8N ? path.resolve(process.env.ENGAGEDLY_EDITOR_N8N) : CURRENT;
	const install = await ensureN8n(manifest);
	const given = process.env.ENGAGEDLY_E2E_PACKAGE;
	if (!given) build();
	const tarball = given ? path.resolve(given) : pack();
	process.env.ENGAGEDLY_EDITOR_TARBALL = tarball;
	process.env.ENGAGEDLY_EDITOR_INSTALL = JSON.stringify(install);
	process.stdout.write(`[editor] n8n ${install.version} ready, package packed in ${Math.round((Date.now() - started) / 1000)} s\n`);
	return () => {
		if (!given) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	};
}
