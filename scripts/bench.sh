#!/usr/bin/env bash
# Benchmarks (figures, not pass/fail tests): search latency on the embedded database, then the
# landing page's bundle size and Lighthouse score.
set -euo pipefail
cd "$(dirname "$0")/.."
printf '==> search latency\n'
npx tsx scripts/bench-search.ts
if [ -f scripts/bench-web.mjs ]; then
  printf '\n==> landing page: bundle size and Lighthouse\n'
  node scripts/bench-web.mjs
fi
