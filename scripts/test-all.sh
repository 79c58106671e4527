#!/usr/bin/env bash
# Every check: first the quick static ones side by side (typecheck, lint, unit), then the API suite
# on embedded PGlite and on a PostgreSQL server side by side, the fault suite, then the browser suite
# in headless Chromium.
# Stops at the first failure. Runs on the project's pinned Node (npm puts node_modules/.bin first).
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s\n' "$*"; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

step "node $(node --version)"
step "typecheck, lint and unit tests (in parallel)"
pids=()
for name in typecheck lint test:unit; do
  (npm run -s "$name" >"$logs/$name.log" 2>&1) &
  pids+=("$!:$name")
done
failed=0
for entry in "${pids[@]}"; do
  pid=${entry%%:*}; name=${entry#*:}
  if wait "$pid"; then echo "ok: $name"; else echo "FAILED: $name"; cat "$logs/$name.log"; failed=1; fi
done
[ "$failed" -eq 0 ] || exit 1
tail -n 4 "$logs/test:unit.log"

# The two API runs wait on the network, the database and timers far more than they compute (about
# half a core each): side by side they take little longer than one of them alone.
step "API tests on embedded PGlite and on a PostgreSQL server (in parallel)"
(npm run -s test:api >"$logs/api.log" 2>&1) &
api_pid=$!
(npm run -s test:api:pg >"$logs/api-pg.log" 2>&1) &
api_pg_pid=$!
failed=0
for entry in "$api_pid:api" "$api_pg_pid:api-pg"; do
  pid=${entry%%:*}; name=${entry#*:}
  if wait "$pid"; then echo "ok: $name"; tail -n 5 "$logs/$name.log"; else echo "FAILED: $name"; cat "$logs/$name.log"; failed=1; fi
done
[ "$failed" -eq 0 ] || exit 1

step "fault suite (real processes: SMTP down, PostgreSQL stopped, SIGTERM, kill -9, two instances)"; npm run -s test:faults
step "browser tests (Chromium)"; npm run -s test:e2e
printf '\nAll checks passed.\n'
