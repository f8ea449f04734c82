#!/usr/bin/env bash
# Installs what `npm test` needs beyond npm packages: Debian's Chromium (browser tests),
# FerretDB (the MongoDB-wire server for the mongo adapter run), redis-server (scale-out tests) and schemathesis (API fuzzing). Runs as npm's pretest hook,
# so `npm test` on a fresh machine sets itself up. Idempotent and quick when all is there.
set -euo pipefail
cd "$(dirname "$0")/.."

# Both of Debian's Chromium builds: the browser tests run in the headless shell (lighter on CI's
# two cores), a file that needs the PDF viewer and the benches in the full browser.
chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
chromium_shell_bin="${CHROMIUM_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
if [ ! -x "$chromium_bin" ] || [ ! -x "$chromium_shell_bin" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installerar Chromium (Debian-paketen)…"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-headless-shell fonts-dejavu-core >/dev/null
  else
    echo "Chromium saknas ($chromium_bin eller $chromium_shell_bin). Installera Debians paket 'chromium' och 'chromium-headless-shell' (som root: apt-get install chromium chromium-headless-shell)." >&2
    exit 1
  fi
fi

# redis-server: the shared coordination of the scale-out tests (tests/integration/scale-out*.test.ts).
if ! command -v redis-server >/dev/null && [ -z "${REDIS_SERVER_BIN:-}" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installerar redis-server (Debian-paketet)…"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq redis-server >/dev/null
  else
    echo "redis-server saknas. Installera Debians paket 'redis-server' (som root: apt-get install redis-server) eller ange REDIS_SERVER_BIN." >&2
    exit 1
  fi
fi

if [ -z "${MONGODB_URI:-}" ]; then
  bash scripts/install-ferretdb.sh
fi

bash scripts/install-schemathesis.sh
