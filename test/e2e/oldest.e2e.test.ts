/**
 * The oldest n8n the README claims (test/e2e/oldest/package.json): the package installed as the
 * Community Nodes panel installs it loads there (both node types and the credential served, the
 * nodes panel finding it, every example imported and the ones meant to run on their own active),
 * and one example runs through it: onboarding, whose nodes use the most kinds of parameter (the
 * Custom Attributes mapper, resource locators, a multi-select, Create or Update), with n8n's output
 * and the simulator's state asserted. Every other scenario runs in the current n8n
 * (examples.e2e.test.ts, harness/scenarios.ts): the node's code is the same in both.
 */
import { exampleScenarios } from './harness/scenarios';
import { OLDEST } from './harness/versions';

exampleScenarios(OLDEST, { only: ['onboarding'] });
