#!/usr/bin/env bash
# The end-to-end suite runs in Debian's Chromium (Playwright cannot download browsers here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium for the end-to-end tests (apt-get install chromium)…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The end-to-end tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium'." >&2
exit 1
