import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');

describe('README', () => {
  it('documents every variable lib/config/env.ts reads in its configuration table', () => {
    const variables = [...readFileSync('lib/config/env.ts', 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+): (?:z\.|boolish)/gm)].map((m) => m[1]!);
    expect(variables).toContain('API_RATE_LIMIT_PER_MINUTE');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Commands'));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    // NODE_ENV is Node's own; APP_ENV is what the app documents.
    const missing = variables.filter((name) => name !== 'NODE_ENV' && !rows.some((row) => row.split('|')[1]!.includes(`\`${name}\``)));
    expect(missing).toEqual([]);
  });

  it('links only to files a reader of the repository has', () => {
    expect(readme).not.toContain('../shared');
    for (const [, target] of readme.matchAll(/\]\((?!https?:|#)([^)]+)\)/g)) expect(existsSync(target!), target).toBe(true);
    expect(readme).toContain('docs/design.md');
  });
});
