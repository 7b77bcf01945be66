# Sourced by the scripts that run from a fresh clone (start.sh, tarball.sh): Node 24 first on PATH
# (scripts/use-node24.sh installs it from the npm registry once), then the project's dependencies
# when they are missing or package-lock.json changed since they were installed.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/use-node24.sh
# npm writes node_modules/.package-lock.json at each install: older than package-lock.json means
# the lock changed since (a pull, another branch).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	echo "Installing the project's dependencies (npm ci: about 1 GB, a minute or two)..."
	# Without Node's compile cache, which npm would leave in the system temp dir.
	NODE_DISABLE_COMPILE_CACHE=1 npm ci --no-audit --no-fund
fi
