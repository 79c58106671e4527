#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server.
#
# Usage: bash scripts/with-postgres.sh <command> [args...]
#   e.g. bash scripts/with-postgres.sh npm run test:api
#
# Finds the PostgreSQL server binaries (Debian: /usr/lib/postgresql/<version>/bin, or PG_BIN to
# point elsewhere), creates a cluster in a temporary directory, starts it on a free loopback port,
# exports DATABASE_URL, runs the command, then stops the server and deletes the directory. Exits
# with the command's exit code. Where no binaries exist it prints a notice and exits 0, so
# `npm test` still passes on machines without PostgreSQL (the API suite has run on PGlite).
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

PGBIN="${PG_BIN:-}"
if [ -z "$PGBIN" ]; then
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      PGBIN="$dir"
      break
    fi
  done
fi
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "PostgreSQL binaries not found: skipping the PostgreSQL API run"
  exit 0
fi

PGTMP=$(mktemp -d "${TMPDIR:-/tmp}/talentloop-pg.XXXXXX")
# initdb refuses to run as root: run the server's binaries as the postgres user then.
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "running as root but there is no 'postgres' user to run PostgreSQL as" >&2
    rm -rf "$PGTMP"
    exit 1
  fi
  chown postgres:postgres "$PGTMP"
  chmod 700 "$PGTMP"
  asPg() { runuser -u postgres -- "$@"; }
else
  asPg() { "$@"; }
fi

# The server is stopped and its directory deleted whatever ends this script: the command's exit
# (passed or failed), an error here, Ctrl-C or SIGTERM (the traps), and SIGKILL or anything else
# no trap sees (the watchdog: pg_ctl starts the server in a session of its own, which outlives this
# script and its process group unless something stops it).
stop_server() {
  asPg "$PGBIN/pg_ctl" -D "$PGTMP/data" -m immediate -w stop >/dev/null 2>&1 || true
}
cleanup() {
  stop_server
  rm -rf "$PGTMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
setsid bash "$(dirname "$0")/postgres-watchdog.sh" "$$" "$PGBIN" "$PGTMP/data" "$PGTMP" </dev/null >/dev/null 2>&1 &

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

if ! asPg "$PGBIN/initdb" -D "$PGTMP/data" -U app --auth=trust -E UTF8 --locale=C.UTF-8 -N >"$PGTMP/initdb.log" 2>&1; then
  echo "initdb failed:" >&2
  cat "$PGTMP/initdb.log" >&2
  exit 1
fi

# The port is free when chosen; another process could take it before the server binds, so retry.
# pg_ctl -w waits for the server's state (accepting connections, or exited); its -t is a last-resort
# guard against a server that hangs, not a figure tuned to a machine's speed: a loaded machine
# starts the server in seconds, so ten minutes means something is wrong. A start that failed is
# stopped before the next try (a server still starting when pg_ctl gave up would keep running).
started=""
for _ in 1 2 3; do
  PORT=$(free_port)
  if asPg "$PGBIN/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/server.log" -w -t 600 \
    -o "-p $PORT -k $PGTMP -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null; then
    started=yes
    break
  fi
  stop_server
done
if [ -z "$started" ]; then
  echo "PostgreSQL did not start (waited for it to accept connections on 127.0.0.1, three ports tried):" >&2
  cat "$PGTMP/server.log" >&2
  exit 1
fi

asPg "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U app app
export DATABASE_URL="postgres://app@127.0.0.1:$PORT/app"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on port $PORT (DATABASE_URL=$DATABASE_URL)"

set +e
"$@"
code=$?
set -e
exit $code
