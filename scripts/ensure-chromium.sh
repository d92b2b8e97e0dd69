#!/bin/sh
# The browser tests drive Debian's chromium headless (never a downloaded browser).
# Idempotent: does nothing when /usr/bin/chromium is there already.
set -e
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
echo "installing Debian's chromium for the browser tests (tests/web)"
$SUDO apt-get install -y chromium >/dev/null 2>&1 || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y chromium >/dev/null; }
