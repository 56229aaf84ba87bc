import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';

const CHUNK = 100_000;

/** Fills silo_entries up to `total` rows (PostgreSQL), each with a registration link meta record. */
export async function bulkInsertEntries(db: Db, ownerId: string, total: number): Promise<void> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from silo_entries`,
  );
  for (let from = (row?.n ?? 0) + 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    await db.execute(sql`
      with inserted as (
        insert into silo_entries (id, owner_id, folder, doc_schema, data, request_hash)
        select gen_random_uuid(), ${ownerId}, 'suppliers', 'https://gobl.org/draft-0/org/party',
          jsonb_build_object('$schema', 'https://gobl.org/draft-0/org/party', 'name', 'Proveedor ' || g, 'tax_id', jsonb_build_object('country', 'AR', 'code', '30714561231')),
          md5(g::text)
        from generate_series(${from}::int, ${to}::int) g
        returning id)
      insert into silo_meta (owner_id, entry_id, src, key, ref, link_url, link_scope, indexed, shared)
      select ${ownerId}, id, 'gov-ar', 'link', md5(id::text), 'http://localhost:3000/reg/' || md5(id::text), 'public', true, true from inserted`);
  }
  await db.execute(sql`analyze silo_entries`);
  await db.execute(sql`analyze silo_meta`);
}

/** Random entry ids spread over the whole table. */
export async function sampleEntryIds(db: Db, count: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from silo_entries order by random() limit ${count}`,
  );
  return rows.map((r) => r.id);
}
