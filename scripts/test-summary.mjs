// Adds up vitest's and Playwright's JSON reports into the one closing line CI reads.
import { existsSync, readFileSync } from 'node:fs';

const failedSteps = process.argv.slice(2);
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} else failed += 1;

// The resilience suite runs only when DATABASE_URL is set (scripts/test.sh): no report, nothing to
// add; a run that failed without one counts below as an unexplained step.
const resilience = read('test-results/resilience.json');
if (resilience) {
  passed += resilience.numPassedTests;
  failed += resilience.numFailedTests;
  skipped += resilience.numPendingTests + (resilience.numTodoTests ?? 0);
}

const playwright = read('test-results/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
} else failed += 1;

// A step that failed without a failing test (type errors, lint, formatting, a server that never
// started) still fails.
const unexplained = failedSteps.filter((s) =>
  s === 'vitest'
    ? !vitest?.numFailedTests
    : s === 'resilience'
      ? !resilience?.numFailedTests
      : s === 'playwright'
        ? !playwright?.stats.unexpected
        : true,
);
failed += unexplained.length;
if (unexplained.length) console.log(`Failed steps: ${unexplained.join(', ')}`);

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
