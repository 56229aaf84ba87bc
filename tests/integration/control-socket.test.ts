import { mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { controlSocketPath, startControlSocket } from '@/lib/admin';
import { parseEnv, resolveMasterKey } from '@/lib/config';
import type { Db } from '@/lib/db';

function post(socketPath: string, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: urlPath, method: 'POST' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end('{}');
  });
}

describe('the control socket', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'control-socket-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('creates DATA_DIR readable by this user only, before any socket or key is in it', () => {
    const dataDir = path.join(parent, 'fresh', 'data');
    const previous = process.umask(0o022);
    try {
      resolveMasterKey(parseEnv({ DATA_DIR: dataDir }));
    } finally {
      process.umask(previous);
    }
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('answers 404 to a path that does not decode, and keeps answering', async () => {
    const dataDir = mkdtempSync(path.join(parent, 'socket-'));
    const getDb = () =>
      Promise.reject(new Error('no command should reach the database')) as Promise<Db>;
    const socket = await startControlSocket(dataDir, getDb);
    try {
      expect(statSync(controlSocketPath(dataDir)).mode & 0o777).toBe(0o600);
      const bad = await post(socket.path, '/commands/%E0');
      expect(bad.status).toBe(404);
      expect((await post(socket.path, '/commands/no-such-command')).status).toBe(404);
    } finally {
      await socket.close();
    }
  });
});
