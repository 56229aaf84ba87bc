import { vi } from 'vitest';
import type { Database } from '@/lib/db';

export interface Sent {
  /** A named prepared statement (runStatement), or SQL built per call (Drizzle). */
  named: boolean;
  /** The statement's name, or the SQL text. */
  what: string;
}

/** What each statement the database is sent while `run` runs: watched at the driver. */
export async function statementsDuring(database: Database, run: () => Promise<unknown>) {
  const sent: Sent[] = [];
  const { driver } = database;
  if (driver.kind === 'postgres') {
    const query = driver.pool.query.bind(driver.pool);
    vi.spyOn(driver.pool, 'query').mockImplementation(((config: unknown, ...rest: unknown[]) => {
      const named = typeof config === 'object' && config !== null && 'name' in config;
      const text = typeof config === 'string' ? config : String((config as { text: string }).text);
      sent.push({ named, what: named ? String((config as { name: string }).name) : text });
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    }) as typeof driver.pool.query);
  } else {
    const { client } = driver;
    const query = client.query.bind(client);
    const stream = client.execProtocolStream.bind(client);
    vi.spyOn(client, 'query').mockImplementation(((text: string, ...rest: unknown[]) => {
      sent.push({ named: false, what: text });
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof client.query);
    // lib/db's named statements go as protocol messages: a Bind ('B', length, portal, statement name) each.
    vi.spyOn(client, 'execProtocolStream').mockImplementation((message, ...rest) => {
      if (message[0] === 0x42) {
        const names = Buffer.from(message.subarray(5)).toString('latin1').split('\0');
        sent.push({ named: true, what: names[1]! });
      }
      return stream(message, ...rest);
    });
  }
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return sent;
}
