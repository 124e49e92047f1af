#!/usr/bin/env bash
# The README's test command: every check CI runs, stopping at the first stage that fails, then a
# table of each stage's time. Independent checks run side by side (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

STAGES=()
TIMES=()
START=$(date +%s)

# Runs a stage, times it, and stops everything when it fails.
stage() {
  local name="$1"
  shift
  printf '\n== %s\n' "$name"
  local began
  began=$(date +%s)
  "$@"
  STAGES+=("$name")
  TIMES+=($(($(date +%s) - began)))
}

# Lint, format, types and unused code at once: four single-threaded tools on the machine's cores. Each keeps a
# cache under node_modules/.cache, so a second run checks only what changed. Their output is
# printed one after the other, and the stage fails if any of them does.
static_checks() {
  local dir
  dir=$(mktemp -d)
  mkdir -p node_modules/.cache
  npx eslint --max-warnings=0 --cache --cache-location node_modules/.cache/eslint/ . >"$dir/lint" 2>&1 &
  local lint=$!
  npx prettier --check --cache . >"$dir/format" 2>&1 &
  local format=$!
  (npx react-router typegen && npx tsc --noEmit --incremental \
    --tsBuildInfoFile node_modules/.cache/tsbuildinfo) >"$dir/typecheck" 2>&1 &
  local typecheck=$!
  # Exports, files and dependencies nothing uses (knip.json says what it cannot see by itself).
  npx knip --no-progress >"$dir/unused" 2>&1 &
  local unused=$!
  local failed=0
  for check in lint:$lint format:$format typecheck:$typecheck unused:$unused; do
    local name=${check%%:*} pid=${check##*:}
    if wait "$pid"; then
      echo "-- $name: ok"
    else
      echo "-- $name: FAILED"
      failed=1
    fi
    cat "$dir/$name"
  done
  rm -rf "$dir"
  return $failed
}

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  DB_STAGE="database tests (SQLite and PostgreSQL)"
else
  DB_STAGE="database tests (SQLite only: set TEST_DATABASE_URL to add PostgreSQL)"
fi

stage "lint, format, typecheck" static_checks
stage "unit tests" npx vitest run --project unit
stage "$DB_STAGE" npx vitest run --project 'db:*'
stage "build" npx react-router build
stage "end-to-end tests" npx playwright test

printf '\n== time by stage (%s, %s CPUs)\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$(nproc)"
for i in "${!STAGES[@]}"; do
  printf '%-72s %4ds\n' "${STAGES[$i]}" "${TIMES[$i]}"
done
printf '%-72s %4ds\n' "total" $(($(date +%s) - START))
