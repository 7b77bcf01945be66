# Source this file (`. scripts/use-node24.sh`): n8n 2.x needs Node.js 24, and the npm registry
# serves it as the `node` package. It is installed once into .tools/node24 and put first on PATH.
_n8n_engagedly_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_n8n_engagedly_node="$_n8n_engagedly_root/.tools/node24/node_modules/node/bin"
if ! "$_n8n_engagedly_node/node" --version 2>/dev/null | grep -q '^v24\.'; then
	echo "Installing Node 24 from the npm registry into .tools/node24 (once: about 200 MB, under a minute)..." >&2
	npm install --prefix "$_n8n_engagedly_root/.tools/node24" --no-save --no-audit --no-fund --loglevel=error node@24 >&2
fi
case ":$PATH:" in
	*":$_n8n_engagedly_node:"*) ;;
	*) export PATH="$_n8n_engagedly_node:$PATH" ;;
esac
unset _n8n_engagedly_root _n8n_engagedly_node
