import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

// Every long-running app process starts with V8's heap capped (scripts/ts-node-args.mjs): the
// scripts a person runs spell the flags out (package.json cannot import), so they must say the same
// as the constant the project's own launchers (cluster, benches, the e2e server) spread.
const scripts = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
).scripts;

describe('the heap cap of app processes', () => {
  it.each(['start', 'worker'])('`npm run %s` starts node with it', (name) => {
    const args = scripts[name]!.split(/\s+/);
    expect(args[0]).toBe('node');
    for (const flag of APP_NODE_ARGS) expect(args).toContain(flag);
  });

  it('the e2e server starts with it, as `npm start` does', async () => {
    // The config makes a data folder unless one is named: a name keeps this test from making one.
    const named = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR ??= 'unused-by-this-test';
    const { default: config } = await import('../../playwright.config').finally(() => {
      if (named === undefined) delete process.env.E2E_DATA_DIR;
    });
    const server = [config.webServer].flat()[0]!;
    const args = server.command.split(/\s+/);
    expect(args[0]).toBe('node');
    for (const flag of APP_NODE_ARGS) expect(args).toContain(flag);
  });
});
