#!/usr/bin/env bash
# Installs schemathesis (the API fuzzer, from PyPI) into .tools/py, a virtualenv of the
# project's own, for tests/integration/fuzz-api.test.ts. Idempotent: a working one is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
st="$PWD/.tools/py/bin/st"
version="4.32.5"
if [ -x "$st" ] && "$st" --version 2>/dev/null | grep -q "$version"; then exit 0; fi
command -v python3 >/dev/null || { echo "Python 3 saknas: schemathesis kan inte installeras" >&2; exit 1; }
echo "Installerar schemathesis $version…"
python3 -m venv .tools/py
.tools/py/bin/pip install --quiet --disable-pip-version-check "schemathesis==$version"
"$st" --version
