#!/usr/bin/env bash
# `npm run test:e2e [-- jest args]`: the end-to-end tests in a real n8n, which needs Node 24.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/use-node24.sh
exec node node_modules/jest/bin/jest.js --config test/e2e/jest.config.js "$@"
