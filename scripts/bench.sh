#!/usr/bin/env bash
# `npm run bench` (issue 12): one table of figures, each against a control measured in the same run
# and a target. Figures, not pass/fail tests; the machine's load shows in them, compare ratios.
#   1. web: production build, first-load JS per page, Lighthouse mobile (scripts/bench-web.mjs)
#   2. server on embedded PGlite, then on a throwaway PostgreSQL (scripts/bench-api.mjs; the server
#      is a child process, the load comes from the bench process); on PGlite it also measures light
#      requests while a heavy statement runs, PGlite in-thread (PGLITE_IN_THREAD=1) vs its worker thread
#   3. the table: printed, written to bench-results.json, copied into README.md (scripts/bench-table.mjs)
# Exits 1 when a part failed to run (a missed target is a row, not a failure).
set -euo pipefail
cd "$(dirname "$0")/.."
# The Node the project pins (type stripping for the server), also when run without npm.
export PATH="$PWD/node_modules/.bin:$PATH"
mkdir -p .bench
rm -f .bench/api-pglite.json .bench/api-postgres.json .bench/web.json
status=0
printf '==> web: production build, first-load JS, Lighthouse\n'
node scripts/bench-web.mjs --json .bench/web.json --no-exit-code || status=1
printf '\n==> server on embedded PGlite\n'
node scripts/bench-api.mjs --db pglite --out .bench/api-pglite.json || status=1
printf '\n==> server on a throwaway PostgreSQL\n'
bash scripts/with-postgres.sh node scripts/bench-api.mjs --db postgres --out .bench/api-postgres.json || status=1
node scripts/bench-table.mjs --readme
exit $status
