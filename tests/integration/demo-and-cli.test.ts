import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db';
import { getWorkspace } from '@/lib/workspaces';

// The embedded database only: the demo and the control socket exist when DATABASE_URL is unset.
const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-demo-cli-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  APP_ENV: 'demo',
  RUNNER_LEASE_MS: '5000',
};
const node = ['--import', 'tsx', '--import', './scripts/server-only.mjs'];

interface Demo {
  workspaceId: string;
  workflowId: string;
  apiKey: string;
  password: string;
  link?: string;
}

/** The app's services on `dataDir`, until stopped. */
async function startApp(): Promise<{ demo: Demo; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...node, 'tests/integration/support/app-services.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const demo = await new Promise<Demo>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Demo);
    });
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}: ${out}`)));
  });
  return {
    demo,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function cli(
  script: string,
  args: string[],
): Promise<{ code: number; json: Record<string, unknown> }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...node, `scripts/cli/${script}.ts`, ...args, '--json'],
      { env, timeout: 60_000 },
      (error, stdout) => {
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          json: JSON.parse(stdout || '{}') as Record<string, unknown>,
        });
      },
    );
  });
}

function restore(file: string, into: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...node, 'scripts/cli/db-restore.ts', file],
      { env: { ...env, DATA_DIR: into }, timeout: 120_000 },
      (error, _stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo and the CLI on the embedded database', () => {
  it(
    'keeps the demo key and password across starts, and runs CLI commands while the app runs',
    { timeout: 240_000 },
    async () => {
      const first = await startApp();
      try {
        expect(first.demo).toMatchObject({
          workspaceId: expect.any(String),
          workflowId: expect.any(String),
          apiKey: expect.stringMatching(/^arca_/),
          password: expect.any(String),
        });
        expect(first.demo.link).toMatch(/\/reg\/[A-Za-z0-9_-]{32}$/);
        expect(statSync(path.join(dataDir, 'control.sock')).mode & 0o777).toBe(0o600);
        expect(statSync(path.join(dataDir, 'demo-credentials.sealed')).mode & 0o777).toBe(0o600);

        const workspace = await cli('workspace-create', [
          '--name',
          'While running',
          '--env',
          'sandbox',
        ]);
        expect(workspace).toMatchObject({
          code: 0,
          json: {
            workspace_id: expect.any(String),
            environment: 'sandbox',
            api_key: expect.stringMatching(/^arca_/),
          },
        });
        const id = String(workspace.json.workspace_id);
        expect(await cli('app-connect', ['--workspace', id])).toMatchObject({
          code: 0,
          json: { workspace_id: id, app: 'gov-ar', connected: true },
        });
        expect(await cli('workflow-create', ['--workspace', id])).toMatchObject({
          code: 0,
          json: { workflow_id: expect.any(String) },
        });
        expect(
          await cli('user-create', ['--workspace', id, '--email', 'ops@example.com']),
        ).toMatchObject({
          code: 0,
          json: { email: 'ops@example.com', password: expect.any(String) },
        });
        // Refusals come back as the CLI prints them on its own.
        expect(
          await cli('user-create', ['--workspace', id, '--email', 'ops@example.com']),
        ).toMatchObject({ code: 1, json: { error: expect.stringContaining('already exists') } });
        expect(
          await cli('app-connect', ['--workspace', '00000000-0000-4000-8000-000000000000']),
        ).toMatchObject({
          code: 1,
          json: { error: 'No workspace 00000000-0000-4000-8000-000000000000.' },
        });
        expect(await cli('workspace-create', ['--env', 'sandbox'])).toMatchObject({
          code: 1,
          json: { error: expect.stringContaining('--name is required') },
        });
        // A backup through the running app, restored into a fresh data folder (the app keeps running).
        const backup = path.join(dataDir, '..', `${path.basename(dataDir)}-backup.tar.gz`);
        expect(await cli('db-backup', [backup])).toMatchObject({
          code: 0,
          json: { file: backup, bytes: expect.any(Number) },
        });
        expect(await cli('db-backup', [backup])).toMatchObject({
          code: 1,
          json: { error: expect.stringContaining('never overwrites') },
        });
        const restoredDir = mkdtempSync(path.join(tmpdir(), 'arca-restored-'));
        try {
          const restored = await restore(backup, restoredDir);
          expect(restored.code).toBe(0);
          const database = await openDatabase({ dataDir: path.join(restoredDir, 'pglite') });
          try {
            expect(await getWorkspace(database.db, id)).toMatchObject({
              id,
              environment: 'sandbox',
            });
          } finally {
            await database.close();
          }
          // Never over a database, and never beside a running app on the same folder.
          expect((await restore(backup, restoredDir)).stderr).toContain('already holds a database');
          expect((await restore(backup, dataDir)).stderr).toContain('is in use');
        } finally {
          rmSync(restoredDir, { recursive: true, force: true });
          rmSync(backup, { force: true });
        }
      } finally {
        await first.stop();
      }

      const second = await startApp();
      try {
        expect(second.demo).toEqual(first.demo);
      } finally {
        await second.stop();
      }
      // With the app stopped the CLI opens the database itself, and finds what it made through the app.
      expect(
        await cli('user-create', [
          '--workspace',
          second.demo.workspaceId,
          '--email',
          'second@example.com',
        ]),
      ).toMatchObject({ code: 0, json: { email: 'second@example.com' } });
    },
  );
});
