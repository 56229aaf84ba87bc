import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-user-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };

function run(script: string, args: string[]): { code: number; json: Record<string, unknown> } {
  try {
    const out = execFileSync(
      'node',
      [...TS_NODE_ARGS, `scripts/cli/${script}.ts`, ...args, '--json'],
      { encoding: 'utf8', env, timeout: 60_000 },
    );
    return { code: 0, json: JSON.parse(out) };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { code: e.status, json: JSON.parse(e.stdout) };
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run user:create', () => {
  it(
    'creates an operator in a workspace and prints its generated password once',
    { timeout: 120_000 },
    () => {
      const workspace = run('workspace-create', ['--name', 'CLI', '--env', 'sandbox']);
      expect(workspace.code).toBe(0);
      const created = run('user-create', [
        '--workspace',
        String(workspace.json.workspace_id),
        '--email',
        'Ops@Example.com',
      ]);
      expect(created.code).toBe(0);
      expect(created.json).toMatchObject({
        workspace_id: workspace.json.workspace_id,
        email: 'ops@example.com',
        password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      });
      const again = run('user-create', [
        '--workspace',
        String(workspace.json.workspace_id),
        '--email',
        'ops@example.com',
      ]);
      expect(again.code).toBe(1);
      expect(String(again.json.error)).toContain('already exists');
      const missing = run('user-create', ['--email', 'x@example.com']);
      expect(missing).toMatchObject({ code: 1, json: { error: '--workspace <id> is required' } });
    },
  );
});
