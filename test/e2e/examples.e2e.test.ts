/**
 * The example workflows in the current n8n (test/e2e/package.json): see harness/scenarios.ts.
 */
import { CURRENT } from './harness/install';
import { exampleScenarios } from './harness/scenarios';

exampleScenarios(CURRENT);
