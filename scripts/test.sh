#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what it needs (Debian Chromium), checks types
# and lint, runs the unit and backend tests (SQLite, and PostgreSQL when reachable), builds the
# production site and runs the end-to-end tests against it.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian chromium"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null;
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
fi

# PostgreSQL tests run when a server answers (CI and the dev machines have one on 127.0.0.1).
if [ -z "${TEST_DATABASE_URL:-}" ] && (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/test"
fi
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== backend tests run on SQLite and on PostgreSQL (${TEST_DATABASE_URL%%@*}@...)"
else
  echo "== PostgreSQL not reachable on 127.0.0.1:5432: backend tests run on SQLite only"
fi

echo "== typecheck"
npx next typegen >/dev/null
npx tsc --noEmit
echo "== lint"
npx eslint . --max-warnings=0
echo "== unit and backend tests"
npx vitest run
echo "== production build"
npx next build
echo "== end-to-end tests"
npx playwright test
