#!/usr/bin/env bash
# `npm test`: type check, lint, format check, the production build when the sources changed, unit +
# integration (PGlite, and PostgreSQL when DATABASE_URL is set), the resilience suite (when
# DATABASE_URL is set), then Playwright e2e against that build. Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json test-results/resilience.json test-results/playwright.json

# Debian packages the tests use: chromium drives the e2e suite; poppler-utils (pdftotext, pdftoppm)
# and zbar-tools (zbarimg) read the invoice PDFs back, as a person would, to check their text and QR.
missing=()
command -v chromium >/dev/null 2>&1 || [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages for the tests: ${missing[*]}…"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  ($sudo apt-get update -qq && $sudo apt-get install -y -qq "${missing[@]}") >/dev/null
fi

failed_steps=()

# The three checks are single-threaded: side by side they take the time of the longest.
(npx next typegen >/dev/null && npx tsc --noEmit) >test-results/typecheck.log 2>&1 &
typecheck=$!
npm run --silent lint >test-results/lint.log 2>&1 &
lint=$!
npm run --silent format:check >test-results/format.log 2>&1 &
format=$!
for check in "typecheck:Type check:$typecheck" "lint:Lint (ESLint):$lint" "format:Format check (Prettier):$format"; do
  IFS=: read -r name title pid <<<"$check"
  wait "$pid" || failed_steps+=("$name")
  echo "── $title"
  cat "test-results/$name.log"
done

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
