#!/usr/bin/env bash
# Runs the unit suite a second time on an older ripgrep: Debian 12's `ripgrep` package, 13.0.0,
# the version older VS Code builds bundle (and what `rg` on PATH often is). Its messages differ
# from the packaged ripgrep 15's (no `rg: ` before a warning, other wording for a link loop, no
# nested `{a,{b,c}}`), and the engine must read both the same way. Another binary can be named in
# WORKSPACE_GLOB_TEST_RIPGREP. Debian's package is installed when missing (root or sudo).
set -euo pipefail

RIPGREP="${WORKSPACE_GLOB_TEST_RIPGREP:-/usr/bin/rg}"

if ! "$RIPGREP" --version >/dev/null 2>&1; then
  if [ "$RIPGREP" != /usr/bin/rg ] || ! command -v apt-get >/dev/null; then
    echo "!! no ripgrep at $RIPGREP: name one in WORKSPACE_GLOB_TEST_RIPGREP, or install Debian's ripgrep package" >&2
    exit 1
  fi
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "!! need root or sudo to install Debian's ripgrep package" >&2; exit 1; }
    SUDO="sudo"
  fi
  echo "== apt-get install ripgrep ..."
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends ripgrep >/dev/null
fi

echo "== the unit suite again, on $("$RIPGREP" --version | head -n 1) ($RIPGREP)"
WORKSPACE_GLOB_TEST_RIPGREP="$RIPGREP" exec mocha
