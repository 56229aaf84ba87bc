import type { PGlite } from '@electric-sql/pglite';

type Row = Record<string, unknown>;
// PGlite's query() parses, describes and plans its SQL on every call; it has no named statements.
// These are the same protocol steps with the parse done once per statement name (on a one-row read
// the parse is much of the work), under the same two locks query() takes so nothing interleaves.
interface Internals {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

// Loaded on first use, so a PostgreSQL deployment never loads PGlite.
let pglite: typeof import('@electric-sql/pglite') | undefined;
// Kept on the client itself: Next's server bundle and server.ts each load their own copy of this
// module but share one PGlite, and a name parsed twice is an error.
const PREPARED = Symbol.for('arca-registration.pglite-prepared-statements');
type WithPrepared = PGlite & { [PREPARED]?: Map<string, number[]> };
const quiet = { syncToFs: false };

export async function queryPrepared(
  client: PGlite,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const internals = client as unknown as PGlite & Internals;
  await client.waitReady;
  const pgliteModule = (pglite ??= await import('@electric-sql/pglite'));
  const { protocol, parse } = pgliteModule;
  return internals._runExclusiveTransaction(() =>
    internals._runExclusiveQuery(async () => {
      const messages = [];
      try {
        const types = await paramTypes(client, pgliteModule, name, text);
        const serialized = values.map((value, i) =>
          value === null || value === undefined
            ? null
            : (client.serializers[types[i]!] ?? String)(value),
        );
        messages.push(
          ...(await client.execProtocolStream(
            protocol.serialize.bind({ statement: name, values: serialized as string[] }),
            quiet,
          )),
        );
        messages.push(
          ...(await client.execProtocolStream(protocol.serialize.describe({ type: 'P' }), quiet)),
        );
        messages.push(...(await client.execProtocolStream(protocol.serialize.execute({}), quiet)));
      } finally {
        messages.push(...(await client.execProtocolStream(protocol.serialize.sync(), quiet)));
      }
      // As query() does outside a transaction (holding the transaction lock, we are outside one).
      await client.syncToFs();
      return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as Row[];
    }),
  );
}

async function paramTypes(
  client: PGlite,
  { protocol, parse }: typeof import('@electric-sql/pglite'),
  name: string,
  text: string,
): Promise<number[]> {
  const known = ((client as WithPrepared)[PREPARED] ??= new Map<string, number[]>());
  const cached = known.get(name);
  if (cached) return cached;
  await client.execProtocolStream(protocol.serialize.parse({ name, text }), quiet);
  const types = parse.parseDescribeStatementResults(
    await client.execProtocolStream(protocol.serialize.describe({ type: 'S', name }), quiet),
  );
  known.set(name, types);
  return types;
}
