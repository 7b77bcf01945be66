#!/usr/bin/env bash
# `[ENGAGEDLY_MUTATE_SUITES=<test files or folders>] npm run mutate [-- [<room>] [pure|node] [--force|--survivors]]`
# StrykerJS over what a change touches: without a room, the files under nodes/Engagedly that differ
# from main (committed since main, staged or not; on main itself, the last commit's); or one room
# (`actions/user/sync`, `parameters/values.ts`, `actions/user/*.ts`, several joined by commas).
# Its mutants run against one jest project (test/mutate/jest.config.js): `node` (the engine suites,
# the default) or `pure` (the tables without the engine). The baseline of each selection stays in
# bench/mutation/ on this machine (not committed), so a rerun tests only what changed; Stryker
# knows a test by its name: after changing only a test's body, add --force (every mutant again) or
# --survivors (only those no test detected). Stryker prints each survivor with its diff: answer it
# with a test, delete the code no test can tell from its absence, or, where no answer the contract
# allows can tell them apart, say so in a comment in that module's test file. Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh
room="${1:-}"
tests="${2:-node}"
force="${3:-}"
room="${room%/}"
if [ -z "$room" ]; then
	base="$(git merge-base HEAD main 2>/dev/null || true)"
	if [ -z "$base" ] || [ "$base" = "$(git rev-parse HEAD)" ]; then base="HEAD~1"; fi
	room="$({ git diff --name-only "$base" -- nodes/Engagedly; git ls-files --others --exclude-standard -- nodes/Engagedly; } | grep '\.ts$' | sort -u | sed 's#^nodes/Engagedly/##' | paste -sd, -)"
	if [ -z "$room" ]; then
		echo "No TypeScript file under nodes/Engagedly differs from $base: name a room (npm run mutate -- <room>)." >&2
		exit 1
	fi
	echo "npm run mutate: the files this change touches: ${room//,/ }"
fi
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
# An interrupted run (Ctrl-C) saves what it tested as the baseline of the next.
ENGAGEDLY_MUTATE_TESTS="$tests" node node_modules/@stryker-mutator/core/bin/stryker.js run "$config" ${force:+"$force"}
echo "npm run mutate ${room:-} ($tests): $((SECONDS - started)) s"
