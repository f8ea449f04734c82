#!/usr/bin/env bash
# npm test's runner, after gen:check (the others read the generated types). CI has two cores and
# no job below needs another's output except the browser tests, which need the build (dist/); so
# all run side by side and no core idles while one long job runs alone (the checks before the
# tests used to leave one core to the last of them, and the tests waited for all of them):
#   - the type check and lint;
#   - the build, then the e2e project in a vitest process of its own (two files at a time, one
#     Chromium: run as a group after every other file, it left a core mostly idle for minutes);
#   - all the other projects (unit, unit-dom, unit-mocking, integration), two files at a time, printed live.
# The others' output is printed whole afterwards, in a fixed order. Each vitest process writes its
# counts and this script prints the one closing line 'tests: N passed, N failed, N skipped' for
# both. Any failure fails the run, and so does a vitest process that ends without counts. With
# arguments (a file, a --project) it is one plain `vitest run` with them.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then exec npx vitest run "$@"; fi
out=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -- "$pid" 2>/dev/null; done
  rm -rf "$out"
}
trap cleanup EXIT
checks=(typecheck lint)
for name in "${checks[@]}"; do
  npm run --silent "$name" >"$out/$name.log" 2>&1 &
  pids+=($!)
done
(
  npm run --silent build >"$out/build.log" 2>&1 || exit 1
  # The browser tests, then the files that read the build (project after-build): one of them
  # measures a median under load, so it runs after the browsers and the type check and lint
  # have ended, beside the other tests only, as it did before the build moved here.
  TEST_SUMMARY_FILE="$out/e2e.json" npx vitest run --project e2e >"$out/e2e.log" 2>&1
  e2e=$?
  TEST_SUMMARY_FILE="$out/after-build.json" npx vitest run --project after-build >"$out/after-build.log" 2>&1
  ab=$?
  [ "$ab" -eq 0 ] || exit 1
  exit "$e2e"
) &
pids+=($!)
TEST_SUMMARY_FILE="$out/rest.json" npx vitest run --project unit --project unit-dom --project unit-mocking --project integration
rest_rc=$?
failed=()
for i in "${!checks[@]}"; do
  if ! wait "${pids[$i]}"; then failed+=("${checks[$i]}"); fi
done
e2e_rc=0
wait "${pids[${#checks[@]}]}" || e2e_rc=$?
pids=()
for name in "${checks[@]}" build; do
  echo
  echo "== npm run $name (ran alongside the tests)"
  cat "$out/$name.log"
done
if [ -f "$out/e2e.log" ]; then
  echo
  echo "== vitest run --project after-build (ran alongside the tests, after the build)"
  cat "$out/after-build.log" 2>/dev/null
  echo
  echo "== vitest run --project e2e (ran alongside the tests, after the build)"
  cat "$out/e2e.log"
else
  failed+=(build)
fi
node -e '
  const { existsSync, readFileSync } = require("node:fs");
  const sum = { passed: 0, failed: 0, skipped: 0 };
  const failures = [];
  let missing = 0;
  for (const f of process.argv.slice(1)) {
    if (!existsSync(f)) { missing++; continue; }
    const c = JSON.parse(readFileSync(f, "utf8"));
    for (const k of Object.keys(sum)) sum[k] += c[k];
    failures.push(...(c.failures ?? []));
  }
  // A process that ended without counts (crashed, or never started: the build failed) is one failure, never a silent pass.
  sum.failed += missing;
  process.stdout.write(`\ntests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped\n`);
  for (const line of failures) process.stdout.write(`  ✗ ${line}\n`);
' "$out/rest.json" "$out/after-build.json" "$out/e2e.json"
if [ ${#failed[@]} -gt 0 ]; then echo "misslyckades: ${failed[*]}" >&2; fi
if [ "$rest_rc" -ne 0 ] || [ "$e2e_rc" -ne 0 ]; then echo "vitest misslyckades (exit: övriga $rest_rc, e2e $e2e_rc)" >&2; fi
if [ ${#failed[@]} -gt 0 ] || [ "$rest_rc" -ne 0 ] || [ "$e2e_rc" -ne 0 ]; then exit 1; fi
