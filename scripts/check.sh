#!/usr/bin/env bash
# `npm run check`: everything CI checks (.ci/run and .github/workflows/ci.yml run exactly this),
# from a fresh clone on a machine with only its stock Node. Node 24 from the npm registry
# (scripts/use-node24.sh), npm ci (skipped when node_modules matches the lockfile), build, lint,
# typecheck, the workflow lint; then the end-to-end suite in real n8n processes (the two pinned n8n
# releases are installed once into ~/.cache and reused; the first run installs them, a few GB
# each, saying how long it takes), side by
# side with the jest suites followed by the editor suite in Chromium (installed from Debian's
# packages when missing).
# The last line is `N passed, N failed`, the totals of the jest runs and the editor suite.
set -euo pipefail
cd "$(dirname "$0")/.."
check_started=$SECONDS
# Into a log (CI, a pipe, a file): plain lines. CI=true stops the spinners of n8n-node's build
# and lint (clack, also in the test scripts' builds); `plain` drops the colour and cursor codes
# they still print. (NO_COLOR would only make Node warn: npm sets FORCE_COLOR for them.)
if [ ! -t 1 ]; then export CI="${CI:-true}"; fi
plain() {
	if [ -t 1 ]; then "$@"; else "$@" 2>&1 | sed -u $'s/\x1b\\[[0-9;?]*[A-Za-z]//g'; fi
}
# Node 24 and the dependencies (npm ci, unless node_modules already matches package-lock.json).
. scripts/setup.sh
echo "node $(node --version), npm $(npm --version)"

plain npm run build
plain npm run lint
npm run typecheck
npm run lint:workflows

# Every jest suite: `npm run test:all` where package.json splits the suites (npm test is then the
# fast part), otherwise `npm test`. Jest's own summaries are not read by CI, so the totals of all
# runs are printed once more as one plain line from jest's JSON reports.
suite="$(node -p 'require("./package.json").scripts["test:all"] ? "test:all" : "test"')"
reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT
# The end-to-end and editor suites install the package from one tarball of that build
# (ENGAGEDLY_E2E_PACKAGE), instead of each building and packing it again.
ENGAGEDLY_E2E_PACKAGE="$reports/$(npm pack --silent --pack-destination "$reports" | tail -n 1)"
export ENGAGEDLY_E2E_PACKAGE
# The pinned n8n releases, installed into the cache (when missing) before the two lanes below
# start n8n side by side, so that they never install one into the same folder at once.
node node_modules/ts-node/dist/bin.js --transpile-only -e \
	'require("./test/e2e/harness/global-setup").default().catch((error) => { console.error(error); process.exit(1); })'

# Two lanes, side by side: most of the end-to-end suite's time is n8n waiting for its real
# once-a-minute polls (60 % of one core measured on 2026-11-26), so the jest suites and then the
# editor suite run meanwhile. No test asserts a duration; each lane's lines keep their suite's
# prefix ([e2e] is added to the end-to-end lane's, whose jest output would read like the unit run's).
status=0
(npm run test:e2e -- --json --outputFile="$reports/e2e.json" 2>&1 | sed -u $'s/\x1b\\[[0-9;?]*[A-Za-z]//g; /^\\[e2e\\]/!s/^/[e2e] /') &
e2e_lane=$!
# `test:all` includes the `vendor` project (the suites whose outcome depends on the answers' shape,
# against the simulator's vendor profile). --ignore-scripts skips its pretest build: dist/ was
# built above, and nothing since has changed it.
npm run "$suite" --ignore-scripts -- --json --outputFile="$reports/unit.json" || status=$?
# The editor suite (test/editor): n8n's editor in Chromium, through Playwright's JSON reporter.
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/editor.json" npm run test:editor || status=$?
wait "$e2e_lane" || status=$?
CHECK_SECONDS=$((SECONDS - check_started)) node -e '
const fs = require("fs");
let passed = 0, failed = 0;
for (const file of process.argv.slice(1)) {
	if (!fs.existsSync(file)) { failed += 1; console.log(`no report from ${file}: counted as one failure`); continue; }
	const r = JSON.parse(fs.readFileSync(file, "utf8"));
	if (r.stats) {
		// Playwright: expected = passed; unexpected, flaky (none: no retries) and skipped (a test
		// that did not run did not pass) are failures, and so is an error outside the tests (setup).
		passed += r.stats.expected;
		failed += r.stats.unexpected + r.stats.flaky + r.stats.skipped + (r.errors?.length ?? 0);
		continue;
	}
	passed += r.numPassedTests;
	failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
}
console.log(`npm run check took ${Math.round(Number(process.env.CHECK_SECONDS) / 60)} min`);
console.log(`${passed} passed, ${failed} failed`);
' "$reports/unit.json" "$reports/e2e.json" "$reports/editor.json" || { echo "0 passed, 1 failed"; status=1; }
exit "$status"
