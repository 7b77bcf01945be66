#!/usr/bin/env bash
# `npm run test:editor [-- playwright args]`: the editor suite (test/editor), n8n's editor in
# Debian's Chromium driven by Playwright. Installs Chromium from Debian's packages when it is
# missing (as root, or through `sudo -n`); Playwright never downloads a browser.
# ENGAGEDLY_SCREENSHOTS=1 also writes the README's screenshots into docs/ (npm run screenshots).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/use-node24.sh
started=$SECONDS
# Debian's Chromium; elsewhere (GitHub's Ubuntu runners, whose `chromium` package is a snap
# wrapper) a Chrome already installed does the same.
if [ -z "${CHROMIUM:-}" ]; then
	CHROMIUM=/usr/bin/chromium
	if [ ! -x "$CHROMIUM" ] && ! grep -qi '^ID=debian' /etc/os-release 2>/dev/null; then
		for candidate in /usr/bin/google-chrome /usr/bin/google-chrome-stable; do
			if [ -x "$candidate" ]; then CHROMIUM="$candidate"; break; fi
		done
	fi
fi
export CHROMIUM
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ ! -x "$CHROMIUM" ]; then
	if [ "$(id -u)" -eq 0 ]; then sudo=""; elif sudo -n true 2>/dev/null; then sudo="sudo -n"; else
		echo "The editor suite needs Chromium at $CHROMIUM: apt-get install chromium (as root), or set CHROMIUM." >&2
		exit 1
	fi
	echo "[editor] installing Chromium from Debian's packages (apt-get, about 2 minutes)..."
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
	echo "[editor] $("$CHROMIUM" --version 2>/dev/null) installed in $((SECONDS - started)) s"
fi
export ENGAGEDLY_EDITOR_RESULTS="${ENGAGEDLY_EDITOR_RESULTS:-$PWD/test-results/editor}"
status=0
node node_modules/@playwright/test/cli.js test --config test/editor/playwright.config.ts "$@" || status=$?
echo "[editor] the editor suite took $((SECONDS - started)) s"
if [ "$status" -ne 0 ]; then
	echo "[editor] FAILED: each failed test's screenshot and Playwright trace are under $ENGAGEDLY_EDITOR_RESULTS"
	echo "[editor] (replay a trace: node node_modules/@playwright/test/cli.js show-trace <that folder>/<test>/trace.zip)"
fi
exit "$status"
