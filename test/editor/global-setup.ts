/** Once per run: the current n8n and the packed package, as for the e2e tests (fixtures.ts starts n8n with them). */
import { CURRENT } from '../e2e/harness/install';
import globalTeardown from '../e2e/harness/global-teardown';
import { prepare } from '../e2e/harness/global-setup';

export default async function globalSetup(): Promise<() => void> {
	await prepare([CURRENT]);
	return globalTeardown;
}
