#!/usr/bin/env bash
# The README's test command: every check CI runs, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$1"; }

step "lint"; npx eslint --max-warnings=0 .
step "format"; npx prettier --check .
step "typecheck"; npx react-router typegen && npx tsc --noEmit
step "unit tests"; npx vitest run --project unit
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "database tests (SQLite and PostgreSQL at TEST_DATABASE_URL)"
else
  step "database tests (SQLite only: set TEST_DATABASE_URL to add PostgreSQL)"
fi
npx vitest run --project db
step "build"; npx react-router build
step "end-to-end tests"; npx playwright test
