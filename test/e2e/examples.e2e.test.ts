/**
 * The example workflows in the current n8n (test/e2e/package.json): see harness/scenarios.ts, and
 * harness/agent.ts for the HR chat agent with its scripted chat model (this n8n only).
 */
import { agentScenarios } from './harness/agent';
import { CURRENT } from './harness/install';
import { exampleScenarios } from './harness/scenarios';

agentScenarios(exampleScenarios(CURRENT));
