import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite allows one process per data folder; a second one would corrupt it. The owner writes its
 * pid here; another process that finds a live owner stops with a clear message instead.
 */
export function lockDataDir(dataDir: string, purpose: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'owner.pid');
  if (existsSync(file)) {
    const [pidText, owner] = readFileSync(file, 'utf8').split('\n');
    const pid = Number(pidText);
    if (pid && pid !== process.pid && alive(pid)) {
      throw new DataDirBusyError(
        `The embedded database in ${dataDir} is in use by ${owner || 'another process'} (pid ${pid}). ` +
          'Stop it first (Ctrl+C), or use PostgreSQL (DATABASE_URL), where every command works beside running instances.',
      );
    }
  }
  writeFileSync(file, `${process.pid}\n${purpose}\n`);
  return () => {
    if (existsSync(file) && Number(readFileSync(file, 'utf8').split('\n')[0]) === process.pid)
      rmSync(file);
  };
}
