/**
 * The jest config StrykerJS runs (stryker.config.json): one project of the root config, chosen by
 * ENGAGEDLY_MUTATE_TESTS (`pure`, the default, or `node`), flattened, since Stryker's per-test
 * coverage reads one config. scripts/mutate.sh sets it.
 */
const root = require('../../jest.config.js');

const wanted = process.env.ENGAGEDLY_MUTATE_TESTS || 'pure';
const project = root.projects.find((p) => p.displayName === wanted);
if (!project) throw new Error(`No jest project "${wanted}" (jest.config.js)`);
const { displayName, ...config } = project;

module.exports = { ...config, testTimeout: root.testTimeout };
