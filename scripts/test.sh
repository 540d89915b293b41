#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what it needs (Debian Chromium, nginx), checks types
# and lint, runs the unit and backend tests (SQLite, and PostgreSQL when reachable), builds the
# production site and runs the end-to-end tests against it.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/sbin/nginx ]; then
  echo "== installing Debian chromium and nginx"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium nginx >/dev/null;
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium nginx >/dev/null; fi
fi
# The W3C Nu HTML checker (npm vnu-jar, e2e/quality/html-validity.spec.ts) runs on Java.
if ! command -v java >/dev/null; then
  echo "== installing Debian default-jre-headless"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq default-jre-headless >/dev/null;
  else sudo apt-get update -qq && sudo apt-get install -y -qq default-jre-headless >/dev/null; fi
fi

# npm run backup / restore on PostgreSQL (backend/test/backup.test.ts) run pg_dump, pg_restore and psql.
if ! command -v pg_dump >/dev/null; then
  echo "== installing Debian postgresql-client"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq postgresql-client >/dev/null;
  else sudo apt-get update -qq && sudo apt-get install -y -qq postgresql-client >/dev/null; fi
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
echo "== architecture (.dependency-cruiser.cjs: arrows one way, one door into the backend)"
npm run --silent architecture
echo "== unit and backend tests"
npx vitest run
# Each end-to-end server gets its own build, made with the configuration it is served with: the
# site, and the site whose API is unreachable (that build must succeed too).
port="${E2E_PORT:-3100}"
build_data="$(mktemp -d)"
trap 'rm -rf "$build_data"' EXIT
export FESTIVAL_BUILD_SKIP_TYPECHECK=1 # checked above
echo "== production build"
SITE_URL="http://127.0.0.1:${port}" DATA_DIR="$build_data/site" npx next build
echo "== production build with the API unreachable"
NEXT_DIST_DIR="${NEXT_DIST_DIR:-.next}-api-down" SITE_URL="http://127.0.0.1:$((port + 1))" API_BASE_URL="http://127.0.0.1:2" \
  DATA_DIR="$build_data/api-down" npx next build
echo "== route smoke test: next start, next dev, standalone output in an empty folder"
npx tsx e2e/smoke/run.ts start
npx tsx e2e/smoke/run.ts dev
npx tsx e2e/smoke/run.ts standalone
echo "== two instances behind nginx on one PostgreSQL: registration rush, shared rate limit, content"
# On the production build above (the sitemap and feed render per request, so nothing it does stays
# in the build for the end-to-end tests); skipped, and said so, when PostgreSQL is not reachable.
npx playwright test --config e2e/instances/playwright.config.ts
echo "== vercel build"; node scripts/vercel-check.mjs
echo "== end-to-end tests"
npx playwright test
