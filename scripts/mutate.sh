#!/usr/bin/env bash
# `[ENGAGEDLY_MUTATE_SUITES=<test files or folders>] npm run mutate [-- <room> [pure|node] [--force|--survivors]]`
# (the suites: test/mutate/jest.config.js): StrykerJS over nodes/Engagedly (or one room
# of it, such as `actions/user/sync`, `parameters/values.ts` or `actions/user/*.ts` (its own files
# without its sub-rooms), or several joined by commas, which
# share one initial test run: `actions/business,actions/location`), its mutants run against one jest
# project: `node` (the engine suites, the default) or `pure` (the tables without the engine).
# Incremental: a room's report in bench/mutation/ (kept on this machine, not committed) is the
# baseline of its next run, so only the mutants of changed code or tests run again. Stryker knows
# a test by its name: after changing a test's body but not its name, add --force (every mutant
# of the room runs again) or --survivors (only those no test detected last time run again: the
# baseline forgets them), or an old result may stand for it. Each run then rewrites
# bench/MUTATION.md (the score per room, every survivor and where it is accounted for), via
# scripts/mutation-report.mjs, which fails when a survivor is in neither a test nor
# test/MUTATION-SURVIVORS.md. Not part of CI: the time each run took is in its own output.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh
room="${1:-}"
tests="${2:-node}"
force="${3:-}"
room="${room%/}"
slug="$(printf '%s' "${room:-all}" | sed 's#[/.]#-#g; s#[*]#+#g')"
# A list of files makes a name longer than a file name may be: its start and a digest of it.
if [ "${#slug}" -gt 120 ]; then slug="${slug:0:80}+$(printf '%s' "$slug" | sha256sum | cut -c1-16)"; fi
slug="$slug.$tests"
patterns=()
IFS=',' read -ra rooms <<<"${room:-.}"
for one in "${rooms[@]}"; do
	one="${one%/}"
	target="nodes/Engagedly/$one"
	if [ -d "$target" ]; then patterns+=("${target%/.}/**/*.ts"); elif [ -f "$target" ] || compgen -G "$target" >/dev/null; then patterns+=("$target"); else
		echo "No room $target under nodes/Engagedly" >&2
		exit 1
	fi
done
mkdir -p bench/mutation
config="$(mktemp --suffix=.json)"
trap 'rm -f "$config"' EXIT
node -e '
const [base, slug, tests, ...patterns] = process.argv.slice(1);
const config = JSON.parse(require("fs").readFileSync(base, "utf8"));
config.mutate = patterns;
// The engine suites load the node through a path jest cannot follow: related tests come from coverage.
config.jest.enableFindRelatedTests = tests === "pure";
// A static mutant (code run only when a file loads: a description, a table) needs the whole
// project run again; for the engine suites that is minutes a mutant, so the node runs leave them
// out (the report counts them), and what they hold is proven where a run reads it.
config.ignoreStatic = tests === "node";
// An engine suite spends most of a mutant waiting out the simulator'"'"'s real rate-limit windows
// and retry waits, not on the CPU: more runners than cores finish a node run in far less time
// (the mutants that hang until the timeout wait side by side). The timeout leaves a busy host a
// minute to spare, so a slow mutant is not taken for a hung one.
if (tests === "node") config.concurrency = Math.max(config.concurrency, 6);
config.incrementalFile = `bench/mutation/${slug}.incremental.json`;
process.stdout.write(JSON.stringify(config));
' stryker.config.json "$slug" "$tests" "${patterns[@]}" >"$config"
if [ "$force" = "--survivors" ]; then
	baseline="bench/mutation/$slug.incremental.json"
	[ -f "$baseline" ] && node -e '
const fs = require("fs");
const report = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
for (const file of Object.values(report.files)) file.mutants = file.mutants.filter((m) => m.status !== "Survived" && m.status !== "NoCoverage");
fs.writeFileSync(process.argv[1], JSON.stringify(report));
' "$baseline"
	force=""
fi
started=$SECONDS
# An interrupted run (Ctrl-C) saves what it tested as the baseline of the next; until a run of the
# room ends, it has no .seconds file, and the report leaves it out.
rm -f "bench/mutation/$slug.seconds" "bench/mutation/$slug.suites"
ENGAGEDLY_MUTATE_TESTS="$tests" node node_modules/@stryker-mutator/core/bin/stryker.js run "$config" ${force:+"$force"}
echo "npm run mutate ${room:-} ($tests): $((SECONDS - started)) s"
# The report says how long a room's last run took (a first run, or an incremental one).
echo "$((SECONDS - started))" >"bench/mutation/$slug.seconds"
echo "${ENGAGEDLY_MUTATE_SUITES:-}" >"bench/mutation/$slug.suites"
node scripts/mutation-report.mjs
