// The API benches' baseline: a bare node:http handler running the app's statements for each measured
// endpoint with the same driver (pg or PGlite) and, like the app, as named prepared statements
// (pg's own, PGlite's through lib/db's helper), and nothing else: the ratio is the app's own cost.
// PORT and the database (DATABASE_URL, or PGLITE_DIR) come from env.
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { v7 as uuidv7 } from 'uuid';
import { entryWithMeta } from '@/lib/silo/get-entry';
import { insertEntryWithState } from '@/lib/silo/insert-entry';
import { insertJobIfReferencesExist } from '@/lib/transform/insert-job';

type Row = Record<string, unknown>;
type Query = (text: string, params: unknown[]) => Promise<Row[]>;
// Each distinct text gets its own statement name, as the app names its statements.
const names = new Map<string, string>();
const nameOf = (text: string) =>
  names.get(text) ?? (names.set(text, `baseline_${names.size}`), names.get(text)!);
interface Driver {
  query: Query;
  close(): Promise<void>;
}

async function openDriver(): Promise<Driver> {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      query: async (text, params) =>
        (await pool.query({ name: nameOf(text), text, values: params })).rows,
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { queryPrepared } = await import('@/lib/db/pglite-prepared');
  const db = await PGlite.create(process.env.PGLITE_DIR!);
  return {
    query: (text, params) => queryPrepared(db, nameOf(text), text, params),
    close: () => db.close(),
  };
}

const db = await openDriver();
const principals = new Map<string, { keyId: string; workspaceId: string }>();

async function authenticate(header: string | undefined) {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!token) return undefined;
  const hash = createHash('sha256').update(token).digest('hex');
  if (!principals.has(hash)) {
    const [row] = await db.query(
      'select id, workspace_id from api_keys where hash = $1 and revoked_at is null',
      [hash],
    );
    if (row) principals.set(hash, { keyId: String(row.id), workspaceId: String(row.workspace_id) });
  }
  return principals.get(hash);
}

// No rate-limit write per request: the app batches those (lib/ratelimit), so the comparison is the operation's own SQL.

const iso = (value: unknown) =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
const entryJson = (row: Row, meta: Row[]) => ({
  id: row.id,
  ...(row.key ? { key: row.key } : {}),
  folder: row.folder,
  state: row.state,
  doc_schema: row.doc_schema,
  data: row.data,
  meta: meta.map((m) => ({
    ...m,
    id: `${m.entry_id}:${m.src}:${m.key}`,
    created_at: iso(m.created_at),
    updated_at: iso(m.updated_at),
  })),
  faults: row.faults,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

async function route(req: http.IncomingMessage, body: string): Promise<[number, unknown]> {
  const principal = await authenticate(req.headers.authorization);
  if (!principal) return [401, { message: 'unauthorized' }];
  const owner = principal.workspaceId;
  const url = req.url ?? '/';
  if (req.method === 'POST' && url === '/silo/v1/entries') {
    const input = JSON.parse(body) as { folder?: string; data: Row };
    const id = randomUUID();
    const [row] = await db.query(insertEntryWithState.text, [
      id,
      owner,
      null,
      input.folder ?? null,
      'https://gobl.org/draft-0/org/party',
      null,
      JSON.stringify(input.data),
      createHash('sha256').update(body).digest('hex'),
    ]);
    if (!row) return [409, { message: 'conflict' }];
    return [200, entryJson(row, [])];
  }
  const entryId = /^\/silo\/v1\/entries\/([0-9a-f-]{36})$/.exec(url)?.[1];
  if (req.method === 'GET' && entryId) {
    const [row] = await db.query(entryWithMeta.text, [entryId, owner]);
    if (!row) return [404, { message: 'not found' }];
    return [200, entryJson(row, row.meta as Row[])];
  }
  if (req.method === 'POST' && url === '/transform/v1/jobs') {
    const input = JSON.parse(body) as { workflow_id: string; silo_entry_id: string };
    const [job] = await db.query(insertJobIfReferencesExist.text, [
      uuidv7(),
      owner,
      null,
      input.workflow_id,
      input.silo_entry_id,
      '{}',
      '[]',
      createHash('sha256').update(body).digest('hex'),
    ]);
    if (!job) return [422, { message: 'missing' }];
    return [
      202,
      {
        id: job.id,
        workflow_id: job.workflow_id,
        silo_entry_id: job.silo_entry_id,
        status: job.status,
        args: job.args,
        tags: job.tags,
        faults: job.faults,
        created_at: iso(job.created_at),
        updated_at: iso(job.updated_at),
        intents: [],
      },
    ];
  }
  return [404, { message: 'not found' }];
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    route(req, Buffer.concat(chunks).toString('utf8')).then(
      ([status, payload]) => {
        const text = JSON.stringify(payload);
        res
          .writeHead(status, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
          })
          .end(text);
      },
      (error: unknown) => {
        console.error(error);
        res.writeHead(500).end();
      },
    );
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void db.close().then(() => process.exit(0)));
});
