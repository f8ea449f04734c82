#!/usr/bin/env bash
# npm test's vitest part. The browser tests run one file at a time (one Chromium, one app each),
# which vitest runs as a group of its own after every other file, leaving a core mostly idle for
# minutes. So two vitest processes run side by side: the e2e project (still one file at a time)
# and all the other projects (two files at a time). The e2e output is printed whole after the
# other's; each process writes its counts and this script prints the one closing line
# 'tests: N passed, N failed, N skipped' for both. A failure in either fails the run, and so
# does a process that ends without counts. With arguments (a file, a --project) it is one
# plain `vitest run` with them, as before.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then exec npx vitest run "$@"; fi
out=$(mktemp -d)
e2e_pid=
cleanup() {
  if [ -n "$e2e_pid" ]; then kill -- "$e2e_pid" 2>/dev/null; fi
  rm -rf "$out"
}
trap cleanup EXIT
TEST_SUMMARY_FILE="$out/e2e.json" npx vitest run --project e2e >"$out/e2e.log" 2>&1 &
e2e_pid=$!
TEST_SUMMARY_FILE="$out/rest.json" npx vitest run --project '!e2e'
rest_rc=$?
wait "$e2e_pid"
e2e_rc=$?
e2e_pid=
echo
echo "== vitest run --project e2e (ran alongside the above)"
cat "$out/e2e.log"
node -e '
  const { existsSync, readFileSync } = require("node:fs");
  const sum = { passed: 0, failed: 0, skipped: 0 };
  let missing = 0;
  for (const f of process.argv.slice(1)) {
    if (!existsSync(f)) { missing++; continue; }
    const c = JSON.parse(readFileSync(f, "utf8"));
    for (const k of Object.keys(sum)) sum[k] += c[k];
  }
  // A process that ended without counts (crashed) is one failure, never a silent pass.
  sum.failed += missing;
  process.stdout.write(`\ntests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped\n`);
' "$out/rest.json" "$out/e2e.json"
if [ "$rest_rc" -ne 0 ] || [ "$e2e_rc" -ne 0 ]; then
  echo "vitest misslyckades (exit: övriga $rest_rc, e2e $e2e_rc)" >&2
  exit 1
fi
