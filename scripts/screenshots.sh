#!/usr/bin/env bash
# The README's screenshots (docs/*.png) from the running demo; needs `apt-get install chromium`.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/use-node24.sh
exec node node_modules/ts-node/dist/bin.js --transpile-only scripts/screenshots.ts "$@"
