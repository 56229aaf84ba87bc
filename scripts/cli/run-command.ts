import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ADMIN_COMMANDS,
  type AdminCommand,
  CommandRefused,
  sendToControlSocket,
  type AdminCommandName,
  type CommandValues,
} from '@/lib/admin';
import { getEnv } from '@/lib/config';
import { DataDirBusyError, startDatabase, stopDatabase } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { failureMessage } from './failure-message';

/**
 * Runs an administration command (lib/admin) from the command line: on the configured database,
 * or, when the app is running on the embedded one (it holds the data folder), through the app's
 * control socket. Prints the result as `key: value` lines, or as one JSON object with --json;
 * refusals exit 1 with a plain message.
 */
export async function runCommand(name: AdminCommandName) {
  let json = process.argv.includes('--json');
  try {
    const command: AdminCommand = ADMIN_COMMANDS[name];
    const { values, positionals } = parseArgs({
      options: command.options,
      strict: true,
      allowPositionals: command.fileArgument !== undefined,
    });
    json = values.json === true;
    const given = { ...values } as CommandValues;
    // The running app may have another working folder: it gets the file's full path.
    if (command.fileArgument && positionals[0])
      given[command.fileArgument] = path.resolve(positionals[0]);
    const result = await runSomewhere(name, given);
    if (json) console.log(JSON.stringify(result));
    else
      for (const [key, value] of Object.entries(result))
        console.log(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    process.exit(0);
  } catch (error) {
    const message = failureMessage(error);
    const fields =
      error instanceof DomainError || error instanceof CommandRefused ? error.fields : undefined;
    if (json) console.log(JSON.stringify({ error: message, ...(fields ? { fields } : {}) }));
    else
      console.error(
        `${name}: ${message}${
          fields
            ? `\n${Object.entries(fields)
                .map(([k, v]) => `  ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
                .join('\n')}`
            : ''
        }`,
      );
    await stopDatabase().catch(() => undefined);
    process.exit(1);
  }
}

async function runSomewhere(
  name: AdminCommandName,
  values: CommandValues,
): Promise<Record<string, unknown>> {
  const env = getEnv();
  let database;
  try {
    database = await startDatabase(`npm run ${name}`);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    return sendToControlSocket(env.dataDir, name, values).catch((sent: unknown) => {
      // No app answers there (another command holds the folder): the lock's own message says what to do.
      throw sent instanceof CommandRefused ? sent : error;
    });
  }
  try {
    return await ADMIN_COMMANDS[name].run(database.db, values);
  } finally {
    await stopDatabase();
  }
}
