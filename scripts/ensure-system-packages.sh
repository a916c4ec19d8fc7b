#!/usr/bin/env bash
# What the tests need from Debian, installed when missing: Chromium for the browser tests
# (Playwright never downloads a browser here), NumPy for the test that reads the dataset
# exporter's NPZ as a Python user would, and Redis for the shared rate limit's test.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
python3 -c 'import numpy' 2>/dev/null || missing+=(python3-numpy)
command -v redis-server >/dev/null || missing+=(redis-server)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the tests…" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "The tests need Debian's ${missing[*]}: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
