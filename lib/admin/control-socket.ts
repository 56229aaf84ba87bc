import 'server-only';
import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ConfigError } from '@/lib/config';
import type { Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { getLogger } from '@/lib/log';
import {
  ADMIN_COMMANDS,
  isAdminCommand,
  type AdminCommandName,
  type CommandValues,
} from './commands';

const SOCKET_FILE = 'control.sock';
const MAX_BODY_BYTES = 64 * 1024;

/** Where the app that holds the embedded database listens for administration commands. */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, SOCKET_FILE);

/** A command the running app refused (bad option, validation, conflict): the CLI prints it and exits 1. */
export class CommandRefused extends Error {
  override name = 'CommandRefused';
  constructor(
    message: string,
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * Serves ADMIN_COMMANDS on a unix socket in the data folder, readable and writable by this user
 * only (the file's mode is the access control, as for PostgreSQL's own socket). Only the process
 * holding the data folder's lock calls this, so a socket file left by a killed app is replaced.
 */
export async function startControlSocket(
  dataDir: string,
  getDb: () => Promise<Db>,
): Promise<{ path: string; close(): Promise<void> }> {
  const socketPath = controlSocketPath(dataDir);
  rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => void answer(req, res, getDb));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket file is created by the (synchronous) bind: under this umask it never exists with a wider mode.
    const umask = process.umask(0o177);
    try {
      server.listen({ path: socketPath, readableAll: false, writableAll: false }, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  getDb: () => Promise<Db>,
) {
  const send = (status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  const name = commandName(req.url ?? '');
  if (req.method !== 'POST' || !isAdminCommand(name))
    return send(404, { error: `No command ${name || req.url}.` });
  try {
    const values = await readValues(req);
    send(200, { result: await ADMIN_COMMANDS[name].run(await getDb(), values) });
  } catch (error) {
    if (error instanceof DomainError || error instanceof ConfigError) {
      return send(400, {
        error: error.message,
        ...(error instanceof DomainError && error.fields ? { fields: error.fields } : {}),
      });
    }
    getLogger().error({ err: error, command: name }, 'control socket: command failed');
    send(500, { error: `${name} failed in the running app; its log has the details.` });
  }
}

/** The command a path names; '' for a path that names none (or that no command's name could decode to). */
function commandName(url: string): string {
  try {
    return decodeURIComponent(/^\/commands\/([^/?]+)$/.exec(url)?.[1] ?? '');
  } catch {
    return '';
  }
}

async function readValues(req: http.IncomingMessage): Promise<CommandValues> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      throw new DomainError({
        kind: 'invalid',
        code: 'usage',
        detail: 'The command is too large.',
      });
    chunks.push(chunk);
  }
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new DomainError({
      kind: 'invalid',
      code: 'usage',
      detail: 'The command options must be an object.',
    });
  const values: CommandValues = {};
  for (const [key, value] of Object.entries(parsed))
    if (typeof value === 'string' || typeof value === 'boolean') values[key] = value;
  return values;
}

/**
 * Asks the app running on `dataDir` to run a command. Resolves with its result, rejects with
 * CommandRefused when the app refused it, and with the connection error (ENOENT, ECONNREFUSED)
 * when no app listens there.
 */
export function sendToControlSocket(
  dataDir: string,
  name: AdminCommandName,
  values: CommandValues,
): Promise<Record<string, unknown>> {
  const body = JSON.stringify(values);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: controlSocketPath(dataDir),
        path: `/commands/${encodeURIComponent(name)}`,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              result?: Record<string, unknown>;
              error?: string;
              fields?: Record<string, unknown>;
            };
            if (res.statusCode === 200 && answer.result) resolve(answer.result);
            else
              reject(
                new CommandRefused(
                  answer.error ?? `The running app answered ${res.statusCode}.`,
                  answer.fields,
                ),
              );
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
