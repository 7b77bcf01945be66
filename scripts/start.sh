#!/usr/bin/env bash
# `npm start`: n8n 2.x needs Node 24, which scripts/use-node24.sh provides; the rest is start.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/use-node24.sh
exec node node_modules/ts-node/dist/bin.js --transpile-only scripts/start.ts "$@"
