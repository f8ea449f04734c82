#!/usr/bin/env bash
# npm test's vitest part. The browser tests run one file at a time (one Chromium, one app each),
# which vitest runs as a group of its own after every other file, leaving a core mostly idle for
# minutes. So two streams run side by side: the e2e project (still one file at a time) followed
# by the files in SOLO, and all the other files (two at a time). SOLO is the API fuzz run
# (schemathesis, ~150 s): in the other stream it made the tail on its own, while the browser
# stream ended minutes earlier (CI: 793 s against 545 s); run after the browser files the two
# streams end close together. The browser stream's output is printed whole after the other's;
# each run writes its counts and this script prints the one closing line
# 'tests: N passed, N failed, N skipped' for all. A failure in any fails the run, and so does a
# run that ends without counts. With arguments (a file, a --project) it is one plain
# `vitest run` with them, as before.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then exec npx vitest run "$@"; fi
out=$(mktemp -d)
e2e_pid=
cleanup() {
  if [ -n "$e2e_pid" ]; then pkill -TERM -P "$e2e_pid" 2>/dev/null; kill -- "$e2e_pid" 2>/dev/null; fi
  rm -rf "$out"
}
trap cleanup EXIT
SOLO=(tests/integration/fuzz-api.test.ts)
excludes=()
for f in "${SOLO[@]}"; do excludes+=(--exclude "$f"); done
(
  TEST_SUMMARY_FILE="$out/e2e.json" npx vitest run --project e2e >"$out/e2e.log" 2>&1
  echo $? >"$out/e2e.rc"
  TEST_SUMMARY_FILE="$out/solo.json" npx vitest run --project integration "${SOLO[@]}" >>"$out/e2e.log" 2>&1
  echo $? >"$out/solo.rc"
) &
e2e_pid=$!
TEST_SUMMARY_FILE="$out/rest.json" npx vitest run --project '!e2e' "${excludes[@]}"
rest_rc=$?
wait "$e2e_pid"
e2e_pid=
e2e_rc=$(cat "$out/e2e.rc" 2>/dev/null || echo 1)
solo_rc=$(cat "$out/solo.rc" 2>/dev/null || echo 1)
echo
echo "== vitest run --project e2e, then ${SOLO[*]} (ran alongside the above)"
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
' "$out/rest.json" "$out/e2e.json" "$out/solo.json"
if [ "$rest_rc" -ne 0 ] || [ "$e2e_rc" -ne 0 ] || [ "$solo_rc" -ne 0 ]; then
  echo "vitest misslyckades (exit: övriga $rest_rc, e2e $e2e_rc, ${SOLO[*]} $solo_rc)" >&2
  exit 1
fi
