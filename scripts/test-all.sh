#!/usr/bin/env bash
# Every check, in order of speed: typecheck, lint, unit, API (PGlite, then a PostgreSQL server),
# browser (headless Chromium). Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s\n' "$*"; }
step "typecheck"; npm run -s typecheck
step "lint"; npm run -s lint
step "unit tests"; npm run -s test:unit
step "API tests (embedded PGlite)"; npm run -s test:api
step "API tests (PostgreSQL server)"; npm run -s test:api:pg
step "browser tests (Chromium)"; npm run -s test:e2e
printf '\nAll checks passed.\n'
