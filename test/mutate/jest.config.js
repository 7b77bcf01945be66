/**
 * The jest config StrykerJS runs (stryker.config.json): one project of the root config, chosen by
 * ENGAGEDLY_MUTATE_TESTS (`pure`, the default, or `node`), flattened, since Stryker's per-test
 * coverage reads one config. scripts/mutate.sh sets it.
 *
 * ENGAGEDLY_MUTATE_SUITES (comma-separated test files or folders) narrows the project to those
 * suites: Stryker runs a mutant's tests by name only, so jest loads every suite of the project for
 * each mutant, and each engine suite loads n8n-core. A room measured against its own suites costs
 * seconds a mutant instead of a minute; what only other suites would kill shows as survived.
 */
const root = require('../../jest.config.js');

const wanted = process.env.ENGAGEDLY_MUTATE_TESTS || 'pure';
const project = root.projects.find((p) => p.displayName === wanted);
if (!project) throw new Error(`No jest project "${wanted}" (jest.config.js)`);
const { displayName, ...config } = project;

const suites = (process.env.ENGAGEDLY_MUTATE_SUITES || '').split(',').map((s) => s.trim().replace(/\/$/, '')).filter(Boolean);
const testMatch = suites.length ? suites.map((s) => (s.endsWith('.ts') ? `<rootDir>/${s}` : `<rootDir>/${s}/**/*.test.ts`)) : config.testMatch;

// Suites named run whatever project keeps them: a node run can count a pure table (which the
// node project leaves out) beside the engine suites, as one measure of the room.
const testPathIgnorePatterns = suites.length ? ['/node_modules/'] : config.testPathIgnorePatterns;

module.exports = { ...config, testMatch, testPathIgnorePatterns, testTimeout: root.testTimeout };
