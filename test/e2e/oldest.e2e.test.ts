/**
 * The example workflows in the oldest n8n the README claims (test/e2e/oldest/package.json):
 * the same scenarios as in the current n8n, see harness/scenarios.ts.
 */
import { exampleScenarios } from './harness/scenarios';
import { OLDEST } from './harness/versions';

exampleScenarios(OLDEST);
