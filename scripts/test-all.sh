#!/usr/bin/env bash
# Every check, shaped for a 2-core machine whose suites mostly wait (on the network, databases,
# browsers and timers) rather than compute:
#   1. side by side: typecheck, lint, unit tests, and the production builds (web and server bundle)
#      the browser suite runs;
#   2. side by side: the API suite on embedded PGlite, the same suite on a PostgreSQL server, and the
#      browser suite in headless Chromium; the fault suite (real processes) once both API runs are done.
# Each job's output is kept and printed whole when it ends (all of it when it failed). Stops at the
# first stage with a failure. Runs on the project's pinned Node (npm puts node_modules/.bin first).
# SERIAL=1 runs the jobs one after another (to read one suite's timings on a quiet machine).
set -euo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
declare -A pid began ended
cleanup() {
  for p in "${pid[@]}"; do kill -- "-$p" 2>/dev/null || true; done
  rm -rf "$logs"
}
trap cleanup EXIT
step() { printf '\n==> %s\n' "$*"; }

# start NAME COMMAND...: the command in its own process group (so a failure elsewhere can stop it).
start() {
  local name=$1
  shift
  began[$name]=$SECONDS
  setsid "$@" >"$logs/$name.log" 2>&1 &
  pid[$name]=$!
  if [ "${SERIAL:-0}" = 1 ]; then
    local status=0
    wait "${pid[$name]}" || status=$?
    ended[$name]=$status
  fi
}

# finish NAME [LINES]: waits for the job; prints its last LINES lines, or its whole log when it failed.
finish() {
  local name=$1 lines=${2:-0} status=0
  if [ -n "${ended[$name]:-}" ]; then status=${ended[$name]}; else wait "${pid[$name]}" || status=$?; fi
  unset "pid[$name]"
  local took=$((SECONDS - began[$name]))
  if [ "$status" -eq 0 ]; then
    echo "ok: $name (${took} s)"
    [ "$lines" -eq 0 ] || tail -n "$lines" "$logs/$name.log"
  else
    echo "FAILED: $name (${took} s, exit $status)"
    cat "$logs/$name.log"
    return 1
  fi
}

step "node $(node --version)"
web_dist="$PWD/e2e/.output/web-prebuilt"
server_dist="$PWD/apps/server/dist/prebuilt"
step "typecheck, lint, unit tests and the production builds (side by side)"
start typecheck npm run -s typecheck
start lint npm run -s lint
start unit npm run -s test:unit
start web-build npx vite build apps/web --logLevel warn --outDir "$web_dist" --emptyOutDir
start server-build node scripts/build-server.mjs --outdir "$server_dist"
failed=0
finish typecheck || failed=1
finish lint || failed=1
finish unit 4 || failed=1
finish web-build || failed=1
finish server-build || failed=1
[ "$failed" -eq 0 ] || exit 1

step "API tests on PGlite and on PostgreSQL, then the fault suite; the browser suite alongside"
start e2e env E2E_WEB_DIST="$web_dist" E2E_SERVER_DIST="$server_dist" npm run -s test:e2e
start api npm run -s test:api
start api-pg npm run -s test:api:pg
finish api 6 || exit 1
finish api-pg 6 || exit 1
start faults npm run -s test:faults
finish faults 30 || exit 1
finish e2e 3 || exit 1
printf '\nAll checks passed.\n'
