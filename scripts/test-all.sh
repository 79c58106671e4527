#!/usr/bin/env bash
# Every check, shaped for a 2-core machine. The API suites mostly wait (on HTTP, databases, mail and
# timers), the others mostly compute, so each job starts as soon as what it needs is there:
#   - at once: typecheck, lint, unit tests, the production builds (web and server bundle), the API
#     suite on embedded PGlite and the PostgreSQL files on a throwaway server;
#   - once both builds are done: the browser suite in headless Chromium (it serves those builds);
#   - once the browser suite is done: the fault suite (real server processes from the bundle; its
#     timed scenarios do not share the cores with Chromium), beside what is left of the API runs.
# Files run at once in each suite (Vitest's workers, Playwright's): one per core (two for the API
# suites, whose files mostly wait), fewer when the machine is already loaded (scripts/workers.mjs,
# decisions 183, 268): the load is measured once here before the jobs start and passed to every
# suite as TEST_LOAD (set TEST_WORKERS to choose the figure yourself).
# Each job's output is kept and printed whole when it ends (all of it when it failed), with its wall
# and CPU time. The first failure stops the run (every other job is stopped). Runs on the project's
# pinned Node (npm puts node_modules/.bin first).
# SERIAL=1 runs the jobs one after another (to read one suite's timings on a quiet machine).
set -euo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
declare -A pid began ended
cleanup() {
  # SIGINT first: Playwright then stops the servers it started for the browser suite (they run in
  # process groups of their own, which the kill below would not reach, and would keep their ports
  # for the next run). Each job gets up to 15 s to end; whatever is left is then stopped.
  for p in "${pid[@]}"; do kill -INT -- "-$p" 2>/dev/null || true; done
  for p in "${pid[@]}"; do timeout 15 tail --pid="$p" -f /dev/null 2>/dev/null || true; done
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
  # bash's `time` adds the job's wall and CPU time (its own and every waited-for descendant's) to the log.
  setsid bash -c 'TIMEFORMAT="took: %R s, CPU %U s user + %S s system"; time "$@"' "$name" "$@" >"$logs/$name.log" 2>&1 &
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
    # The job's own wall time (it may have ended long before this wait), and its CPU time.
    echo "ok: $name ($(grep '^took: ' "$logs/$name.log" | tail -n 1 | cut -c7-))"
    [ "$lines" -eq 0 ] || tail -n "$lines" "$logs/$name.log"
  else
    echo "FAILED: $name (${took} s, exit $status)"
    cat "$logs/$name.log"
    return 1
  fi
}

step "node $(node --version)"
# The machine's load now (processes running or ready, not the 1-minute average that still counts
# the install just before), measured once before the jobs start and handed to every suite.
TEST_LOAD=$(node scripts/workers.mjs --load --explain)
export TEST_LOAD
web_dist="$PWD/e2e/.output/web-prebuilt"
server_dist="$PWD/apps/server/dist/prebuilt"
step "static checks, unit tests, builds and the API suites; the browser suite once the builds are done"
start web-build npx vite build apps/web --logLevel warn --outDir "$web_dist" --emptyOutDir
start server-build node scripts/build-server.mjs --outdir "$server_dist"
start api npm run -s test:api
start api-pg npm run -s test:api:pg
# The static checks and the unit tests end within the first minutes whatever their priority: lowered,
# they take the cores the API and browser suites leave idle while those wait, rather than theirs.
start typecheck nice -n 10 npm run -s typecheck
start lint nice -n 10 npm run -s lint
start unit nice -n 10 npm run -s test:unit
finish web-build || exit 1
finish server-build || exit 1
start e2e env E2E_WEB_DIST="$web_dist" E2E_SERVER_DIST="$server_dist" npm run -s test:e2e
finish typecheck || exit 1
finish lint || exit 1
finish unit 4 || exit 1
finish e2e 3 || exit 1
start faults env FAULT_SERVER_ENTRY="$server_dist/main.js" npm run -s test:faults
finish api 6 || exit 1
finish api-pg 6 || exit 1
finish faults 30 || exit 1
printf '\nAll checks passed.\n'
