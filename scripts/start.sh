#!/usr/bin/env bash
# `npm start`, from a fresh clone on a machine with only its stock Node: Node 24 and the
# dependencies (scripts/setup.sh), then the demo (scripts/start.ts: build, the pinned n8n, the
# simulator and the examples).
set -euo pipefail
# The demo reports its whole time, installs included, from here.
export ENGAGEDLY_START_TIME="${ENGAGEDLY_START_TIME:-$(date +%s)}"
. "$(dirname "$0")/setup.sh"
# ts-node would keep a compile cache in the system temp dir (v8-compile-cache-<uid>): the demo
# leaves nothing there.
DISABLE_V8_COMPILE_CACHE=1 exec node node_modules/ts-node/dist/bin.js --transpile-only scripts/start.ts "$@"
