#!/usr/bin/env bash
# `npm test`: type check, lint, format check, the production build when the sources changed, unit +
# integration (PGlite, and PostgreSQL when DATABASE_URL is set), the resilience suite (when
# DATABASE_URL is set), then Playwright e2e against that build. Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json test-results/resilience.json test-results/playwright.json

if ! command -v chromium >/dev/null 2>&1 && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Installing Debian's chromium for the browser tests…"
  if [ "$(id -u)" -eq 0 ]; then (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null; else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
fi

failed_steps=()

echo "── Type check"
if ! (npx next typegen >/dev/null && npx tsc --noEmit); then failed_steps+=(typecheck); fi

echo "── Lint (ESLint)"
npm run --silent lint || failed_steps+=(lint)

echo "── Format check (Prettier)"
npm run --silent format:check || failed_steps+=(format)

# Before the tests, alone: the cluster suite (PostgreSQL) and the e2e run serve this build.
echo "── Production build (when the sources changed)"
node --input-type=module -e "(await import('./scripts/build-if-changed.mjs')).buildIfChanged()" || failed_steps+=(build)

echo "── Unit and integration tests${DATABASE_URL:+ (PGlite and PostgreSQL)}"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || failed_steps+=(vitest)

if [ -n "${DATABASE_URL:-}" ]; then
  echo "── Resilience (processes killed, PostgreSQL restarted)"
  npx vitest run --config vitest.resilience.config.ts --reporter=default --reporter=json --outputFile.json=test-results/resilience.json || failed_steps+=(resilience)
fi

echo "── End-to-end tests (production build, Chromium)"
npx playwright test || failed_steps+=(playwright)

node scripts/test-summary.mjs "${failed_steps[@]}"
