/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
/** Removes the tarball global-setup packed (never one given through ENGAGEDLY_E2E_PACKAGE). */
import fs from 'node:fs';
import path from 'node:path';

export default function globalTeardown(): void {
	const tarball = process.env.ENGAGEDLY_E2E_TARBALL;
	if (tarball && !process.env.ENGAGEDLY_E2E_PACKAGE) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
}
