#!/usr/bin/env bash
# Builds FerretDB v1.24.2 (pure Go, SQLite backend) into .tools/bin/ferretdb through the Go
# module proxy, from our small wrapper in scripts/ferretdb-server (see main.go there for why
# not `go install …/cmd/ferretdb`). Idempotent: a working binary is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/.tools/bin/ferretdb"
if [ -x "$out" ] && "$out" --version >/dev/null 2>&1; then exit 0; fi
command -v go >/dev/null || { echo "Go saknas: FerretDB kan inte byggas" >&2; exit 1; }
mkdir -p .tools/bin
echo "Bygger FerretDB v1.24.2 (en till ett par minuter första gången)…"
(cd scripts/ferretdb-server && CGO_ENABLED=0 go build -trimpath -o "$out" .)
"$out" --version
