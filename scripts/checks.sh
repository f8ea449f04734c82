#!/usr/bin/env bash
# The checks alone, without the tests: generated types first (the others read them), then the
# type check, lint and the build side by side (each is one process on one core; one after another
# they cost their sum, side by side on CI's two cores about the longest). Each one's output is
# printed whole, in a fixed order, and any failure fails the run. `npm test` runs the same
# checks alongside the tests instead (scripts/vitest-all.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
npm run --silent gen:check || exit 1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
names=(typecheck lint build)
pids=()
for name in "${names[@]}"; do
  npm run --silent "$name" >"$out/$name.log" 2>&1 &
  pids+=($!)
done
failed=()
for i in "${!names[@]}"; do
  if ! wait "${pids[$i]}"; then failed+=("${names[$i]}"); fi
done
for name in "${names[@]}"; do
  echo "== npm run $name"
  cat "$out/$name.log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "misslyckades: ${failed[*]}" >&2
  exit 1
fi
