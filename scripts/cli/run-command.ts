import { ConfigError, getEnv } from '@/lib/config';
import { DataDirBusyError, startDatabase, stopDatabase, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';

/**
 * Runs a CLI command against the configured database: prints its result as `key: value` lines, or
 * as one JSON object with --json; refusals exit 1 with a plain message.
 */
export async function runCommand(name: string, json: boolean, command: (db: Db) => Promise<Record<string, unknown>>) {
  try {
    getEnv();
    const database = await startDatabase(`npm run ${name}`);
    const result = await command(database.db);
    if (json) console.log(JSON.stringify(result));
    else for (const [key, value] of Object.entries(result)) console.log(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    await stopDatabase();
    process.exit(0);
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DataDirBusyError || error instanceof DomainError || error instanceof UsageError;
    const message = known ? (error as Error).message : String((error as Error)?.stack ?? error);
    if (json) console.log(JSON.stringify({ error: message, ...(error instanceof DomainError && error.fields ? { fields: error.fields } : {}) }));
    else console.error(`${name}: ${message}${error instanceof DomainError && error.fields ? `\n${Object.entries(error.fields).map(([k, v]) => `  ${k}: ${v}`).join('\n')}` : ''}`);
    await stopDatabase().catch(() => undefined);
    process.exit(1);
  }
}

export class UsageError extends Error {}
