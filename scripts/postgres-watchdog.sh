#!/usr/bin/env bash
# Stops a throwaway PostgreSQL cluster once the process that started it has ended, however it ended.
#
# Usage (started in a session of its own, so stopping the owner's process group leaves it running):
#   setsid bash scripts/postgres-watchdog.sh <owner pid> <PostgreSQL bin dir> <data dir> [dir to delete]
#
# pg_ctl starts the server in a session of its own (setsid), so neither a signal to the owner's
# process group nor the owner's death reaches it: a run stopped by SIGKILL, or a test worker that
# died, would leave it running with its port and its files. The owner's own cleanup (a trap on EXIT,
# an afterAll) stops the cluster when it can; this stops it when it cannot. Used by
# scripts/with-postgres.sh and the fault suite (apps/server/test/faults/support/postgres.ts).
set -u
owner=$1 pgbin=$2 data=$3 remove=${4:-}
# Waits for the owner's end: a check once a second of whether the process still exists.
while kill -0 "$owner" 2>/dev/null; do sleep 1; done
if [ -f "$data/postmaster.pid" ]; then
  # A server the fault suite froze (SIGSTOP) would not act on the stop: continue it and its backends.
  postmaster=$(head -n 1 "$data/postmaster.pid")
  if [ -n "$postmaster" ]; then
    kill -CONT "$postmaster" 2>/dev/null || true
    pkill -CONT -P "$postmaster" 2>/dev/null || true
  fi
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$pgbin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  else
    "$pgbin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
fi
[ -z "$remove" ] || rm -rf "$remove"
