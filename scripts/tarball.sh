#!/usr/bin/env bash
# `npm run tarball`: the package as npm would publish it, n8n-nodes-engagedly-<version>.tgz in the
# clone's folder, for `npm install <tarball>` in an n8n's ~/.n8n/nodes (README, Installation).
set -euo pipefail
. "$(dirname "$0")/setup.sh"
npm run build --silent >/dev/null
tarball="$(npm pack --silent)"
echo "$(pwd)/$tarball"
