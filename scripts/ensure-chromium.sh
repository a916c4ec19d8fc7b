#!/usr/bin/env bash
# The browser tests use Debian's Chromium (Playwright never downloads a browser here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests…" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
else
  echo "The browser tests need Debian's chromium at /usr/bin/chromium: sudo apt-get install chromium" >&2
  exit 1
fi
