import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { APP_NODE_ARGS } from './scripts/ts-node-args.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// A fresh embedded database for every run: e2e tests make their own data and start from nothing.
// Workers re-read this file; the variable makes them all use the folder the main process made.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'arca-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // Two workers on the one server: tests make their own data (per-project workspaces for the
  // journeys, random CUITs for registrations), and while one worker's browser renders or runs axe
  // the other's waits on the server. Fully parallel so the long journeys spread over both workers.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Three times Playwright's default: the same suite takes 4.4 min on a quiet machine and 14–20 on a
  // slow one, where two tests took 35 s and were stopped at 30. Long journeys set their own.
  timeout: 90_000,
  // Room for a step that generates an RSA key on the server while the other worker's browser runs
  // axe, on two busy cores; a passing assertion returns as soon as it holds.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    locale: 'es-AR',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], locale: 'es-AR' } },
    { name: 'phone', use: { ...devices['Pixel 7'], locale: 'es-AR' } },
  ],
  webServer: {
    command: ['node', ...APP_NODE_ARGS, 'tests/e2e/support/start-server.mjs'].join(' '),
    url: `${baseURL}/openapi.json`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Every test browses and posts from 127.0.0.1 (a browser reaching 127.0.0.3 still arrives from
    // 127.0.0.1): the per-address limits would stop the suite, most of all once wizard-no-js.spec.ts
    // spends a link's 60 posts on each project at once. The per-link limits stay (that spec reaches
    // one); the limits themselves are tested in tests/integration/ratelimit.test.ts,
    // registration-pages.test.ts and public-requests.test.ts.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_ENV: 'demo',
      LOG_LEVEL: 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
      REG_PAGE_VIEWS_PER_MINUTE: '100000',
      REG_ACTIONS_PER_ADDRESS_PER_MINUTE: '100000',
      PAGE_REQUESTS_PER_MINUTE: '100000',
    },
  },
});
