import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '@/lib/db';

/** Statements sent to the database by this process: all of them, and those made inside `within`. */
export interface StatementCount {
  total: number;
  within: number;
}

/**
 * Counts every statement the app's database receives from this process (PGlite: each query, exec,
 * prepared statement, BEGIN and COMMIT goes through its exclusive-query lock; PostgreSQL: each query
 * on the pool or on a client taken from it for a transaction), and those made inside `within`'s
 * callback (the step), by async context. A bench measure: it patches the driver's instances.
 */
export function countStatements(database: Database) {
  const count: StatementCount = { total: 0, within: 0 };
  const inside = new AsyncLocalStorage<true>();
  const counted = (marked: boolean) => {
    count.total += 1;
    if (marked) count.within += 1;
  };
  const { driver } = database;
  if (driver.kind === 'pglite') {
    const client = driver.client as unknown as {
      _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
    };
    const original = client._runExclusiveQuery.bind(client);
    client._runExclusiveQuery = (fn) => {
      counted(inside.getStore() === true);
      return original(fn);
    };
  } else {
    // pg's pool.query takes a client with pool.connect(callback) and runs client.query on it, as a
    // transaction does with pool.connect(): every statement is one client.query.
    type Client = { query(...args: unknown[]): unknown };
    type Done = (err: unknown, client?: Client, release?: unknown) => void;
    const pool = driver.pool as unknown as { connect(done?: Done): unknown };
    const connect = pool.connect.bind(pool) as (done?: Done) => unknown;
    const originals = new WeakMap<Client, Client['query']>();
    const mark = (client: Client, marked: boolean) => {
      // A pooled client is handed out again: counted for whoever took it this time.
      const own = originals.get(client) ?? client.query.bind(client);
      originals.set(client, own);
      client.query = (...args) => {
        counted(marked);
        return own(...args);
      };
      return client;
    };
    pool.connect = (done?: Done) => {
      const marked = inside.getStore() === true;
      if (done)
        return connect((err, client, release) =>
          done(err, client && mark(client, marked), release),
        );
      return (connect() as Promise<Client>).then((client) => mark(client, marked));
    };
  }
  return {
    count,
    within: <T>(work: () => Promise<T>) => inside.run(true, work),
  };
}
