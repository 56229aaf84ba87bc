import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { Db } from './db-type';

/** The driver a database was opened with, as openDatabase opened it. */
export type Driver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: Pool };

// On globalThis: Next's server bundle and server.ts each load their own copy of this module but
// share one database, and both must find its driver. Keyed by the Drizzle object openDatabase made;
// a transaction's object is not in it, so its statements go through Drizzle.
const KEY = Symbol.for('arca-registration.db-drivers');
const holder = globalThis as unknown as { [KEY]?: WeakMap<Db, Driver> };
const drivers = (holder[KEY] ??= new WeakMap<Db, Driver>());

export function recordDriver(db: Db, driver: Driver): void {
  drivers.set(db, driver);
}

/** The driver behind a database openDatabase returned; undefined for a transaction. */
export const driverOf = (db: Db): Driver | undefined => drivers.get(db);
