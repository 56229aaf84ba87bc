import { expect, it } from 'vitest';
import { invoiceDigest } from '@/lib/invoices';
import { createEntry, getEntry, stampEnvelope, type EnvelopeStamping } from '@/lib/silo';
import { createWorkspace } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';

// Stampings of unchanged entries asked for at once go together in one statement
// (lib/silo/stamp-unchanged-together.ts): each caller still gets its own entry's answer, an entry
// changed since its read takes the locking path, and two stampings of one entry never share a
// statement (its meta record would be written twice in one statement, which PostgreSQL refuses).

const stamping = (n: number, readData?: Record<string, unknown>): EnvelopeStamping => ({
  digest: invoiceDigest,
  code: String(n),
  stamps: [{ prv: 'arca-cae', val: `7600000000000${n}` }],
  meta: { src: 'gov-ar', key: 'arca-response', value: { result: 'A', number: n } },
  readData,
});

describeEachDatabase('silo: stampings at once', (get) => {
  it('each entry stamped with its own code and meta record, a changed one too, one entry twice in turn', async () => {
    const db = get().db;
    const workspace = await createWorkspace(db, { name: 'stamp together' });
    const ids = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const data = {
          $schema: 'https://gobl.org/draft-0/org/party',
          name: `Proveedor ${i}`,
          tax_id: { country: 'AR', code: '30-71234567-1' },
        };
        return (await createEntry(db, workspace.id, { body: { folder: 'suppliers', data } })).entry
          .id;
      }),
    );
    const read = await Promise.all(ids.map((id) => getEntry(db, workspace.id, id)));
    // The last entry's read is stale: it changed after it was read.
    const stale = { ...read[5]!.data, note: 'as it was' };
    // The first call goes alone; the rest are asked for while it is on its way, so they go
    // together; the first entry's second stamping waits for a statement of its own.
    await Promise.all([
      ...[1, 2, 3, 4].map((i) =>
        stampEnvelope(db, workspace.id, ids[i]!, stamping(i + 1, read[i]!.data)),
      ),
      stampEnvelope(db, workspace.id, ids[5]!, stamping(6, stale)),
      stampEnvelope(db, workspace.id, ids[0]!, stamping(1, read[0]!.data)),
      // Its read is stale by the time it goes (the stamping before changed the entry): it takes
      // the locking path, and the later write stands.
      stampEnvelope(db, workspace.id, ids[0]!, stamping(7, read[0]!.data)),
    ]);
    const after = await Promise.all(ids.map((id) => getEntry(db, workspace.id, id)));
    const codes = after.map((e) => (e!.data.doc as { code?: string }).code);
    expect(codes).toEqual(['7', '2', '3', '4', '5', '6']);
    const numbers = after.map(
      (e) =>
        (
          e!.meta.find((m) => m.src === 'gov-ar' && m.key === 'arca-response')?.value as {
            number: number;
          }
        ).number,
    );
    expect(numbers).toEqual([7, 2, 3, 4, 5, 6]);
  });
});
