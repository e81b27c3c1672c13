#!/usr/bin/env bash
# Installs Debian's chromium for the report.html rendering test (test/eval-report.int.test.ts).
# Playwright's own browser download cannot work here (no network beyond the package registries),
# so the test drives the distribution's /usr/bin/chromium through playwright-core.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium present: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-chromium: apt-get not available; install chromium by hand (the HTML test will skip)" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
    echo "setup-chromium: not root and no sudo; the HTML test will skip" >&2
    exit 0
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || true
if $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null; then
  echo "chromium installed: $(/usr/bin/chromium --version 2>/dev/null || echo ok)"
else
  echo "setup-chromium: apt-get install chromium failed; the HTML test will skip" >&2
fi
