import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '@/lib/db';
import { registeredSupplierByCuit } from '@/lib/registration/find-registered-supplier';
import { createWorkspace } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';

// Every invoice sent looks its supplier up by the workspace and the supplier's CUIT. With many
// suppliers in the database it must go by an index to that one supplier, not read every
// registration or every entry (what it did before silo_entries_owner_party_code_idx).

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];
class RollBack extends Error {}

describeEachDatabase('the supplier lookup of an invoice', (get) => {
  it('goes by index among 3,000 suppliers, planned as a prepared statement is', async () => {
    const { db } = get();
    const filler = await createWorkspace(db, { name: 'many suppliers' });
    const own = await createWorkspace(db, { name: 'the invoicing one' });
    let plan: PlanNode[] = [];
    // In a transaction rolled back: the suppliers and their statistics leave nothing behind.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`
          with made as (
            insert into silo_entries (id, owner_id, folder, doc_schema, data, request_hash)
            select gen_random_uuid(), ${filler.id}, 'suppliers', 'https://gobl.org/draft-0/org/party',
              jsonb_build_object('name', 'Proveedor ' || n, 'tax_id',
                jsonb_build_object('country', 'AR', 'code', (20000000000 + n)::text)), 'x'
            from generate_series(1, 3000) n
            returning id, owner_id)
          insert into registrations (entry_id, owner_id, step, authorized_at)
          select id, owner_id, 'done', now() from made`);
        await tx.execute(sql.raw('analyze silo_entries'));
        await tx.execute(sql.raw('analyze registrations'));
        await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
        await tx.execute(sql.raw(`prepare supplier_plan as ${registeredSupplierByCuit.text}`));
        const [row] = await queryRows<Record<string, unknown>>(
          tx,
          sql.raw(`explain (format json) execute supplier_plan('${own.id}', '20000000007')`),
        );
        const explained = Object.values(row!)[0];
        const json = typeof explained === 'string' ? JSON.parse(explained) : explained;
        plan = nodes((json as { Plan: PlanNode }[])[0]!.Plan);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    const seqScans = plan
      .filter((n) => n['Node Type'] === 'Seq Scan')
      .map((n) => n['Relation Name']);
    expect(seqScans).not.toContain('silo_entries');
    expect(seqScans).not.toContain('registrations');
    expect(plan.map((n) => n['Index Name'])).toContain('silo_entries_owner_party_code_idx');
  });
});
