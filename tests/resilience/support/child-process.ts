import { spawn, type ChildProcess } from 'node:child_process';
import { TS_NODE_ARGS } from '../../../scripts/ts-node-args.mjs';

export interface JsonLinesChild {
  child: ChildProcess;
  /** Every JSON line the child printed on stdout so far. */
  lines: Record<string, unknown>[];
  /** What it wrote on stderr (its logs), for a failure's message. */
  stderr(): string;
  /** Resolves with the first printed line that matches, or fails after `ms`. */
  line(
    match: (line: Record<string, unknown>) => boolean,
    ms?: number,
  ): Promise<Record<string, unknown>>;
  /** kill -9: no shutdown hook runs. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** A TypeScript script of the repository run as node runs the app's scripts, talking in JSON lines. */
export function spawnScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): JsonLinesChild {
  const child = spawn(process.execPath, [...TS_NODE_ARGS, script, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    err = (err + chunk.toString('utf8')).slice(-20_000);
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    const parts = out.split('\n');
    out = parts.pop()!;
    for (const part of parts.filter((l) => l.startsWith('{')))
      lines.push(JSON.parse(part) as Record<string, unknown>);
    for (const wake of waiters) wake();
  });
  child.once('exit', () => {
    for (const wake of waiters) wake();
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    child,
    lines,
    stderr: () => err,
    line: (match, ms = 60_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`${script} never printed the line; stderr: ${err.slice(-3_000)}`));
        }, ms);
        const look = () => {
          const found = lines.find(match);
          if (found || child.exitCode !== null || child.signalCode !== null) {
            clearTimeout(timer);
            waiters.delete(look);
            if (found) resolve(found);
            else
              reject(
                new Error(
                  `${script} exited (${child.exitCode ?? child.signalCode}); stderr: ${err.slice(-3_000)}`,
                ),
              );
          }
        };
        waiters.add(look);
        look();
      }),
    crash: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
