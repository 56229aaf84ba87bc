import { expect, it } from 'vitest';
import { DomainError } from '@/lib/errors';
import { createEntry, listEntries } from '@/lib/silo';
import { createWorkflow, listJobs, listWorkflows } from '@/lib/transform';
import { createWorkspace } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';

const party = (name: string) => ({
  $schema: 'https://gobl.org/draft-0/org/party',
  name,
  tax_id: { country: 'AR', code: '30-71234567-1' },
});

/** The DomainError a call refuses with, or a failure naming what it did instead. */
async function refusal(call: () => Promise<unknown>): Promise<DomainError> {
  const error = await call().then(
    () => new Error('resolved instead of refusing'),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describeEachDatabase('list verbs refuse what they never returned', (database) => {
  it('listEntries and listJobs refuse a made-up cursor and one of the other order as invalid, on the cursor field', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'cursors' });
    await Promise.all(
      [1, 2, 3].map((i) =>
        createEntry(db, ws.id, { body: { folder: 'suppliers', data: party(`Proveedor ${i}`) } }),
      ),
    );
    const { nextCursor } = await listEntries(db, ws.id, { limit: 1 });
    expect(nextCursor).toEqual(expect.any(String));
    expect((await listEntries(db, ws.id, { limit: 1, cursor: nextCursor })).list).toHaveLength(1);

    const otherOrder = await refusal(() =>
      listEntries(db, ws.id, { limit: 1, cursor: nextCursor, ascending: true }),
    );
    expect({ kind: otherOrder.kind, code: otherOrder.code, fields: otherOrder.fields }).toEqual({
      kind: 'invalid',
      code: 'cursor_other_order',
      fields: { cursor: expect.stringMatching(/other order/) },
    });
    for (const call of [
      () => listEntries(db, ws.id, { limit: 1, cursor: 'bogus' }),
      () => listJobs(db, ws.id, { limit: 1, cursor: 'bogus' }),
    ]) {
      const made = await refusal(call);
      expect({
        kind: made.kind,
        code: made.code,
        messageKey: made.messageKey,
        fields: made.fields,
      }).toEqual({
        kind: 'invalid',
        code: 'invalid_cursor',
        messageKey: 'errors.invalid',
        fields: { cursor: 'invalid cursor' },
      });
    }
  });

  it('listWorkflows refuses a created_at that is not a date and time, and pages by a real one', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'workflow pages' });
    await createWorkflow(db, ws.id, { template: 'ar-supplier-registration' });
    const malformed = await refusal(() =>
      listWorkflows(db, ws.id, { limit: 10, createdAt: 'yesterday-ish' }),
    );
    expect({ kind: malformed.kind, code: malformed.code, fields: malformed.fields }).toEqual({
      kind: 'invalid',
      code: 'invalid_created_at',
      fields: { created_at: expect.any(String) },
    });
    expect(
      (
        await listWorkflows(db, ws.id, {
          limit: 10,
          createdAt: new Date(Date.now() + 60_000).toISOString(),
        })
      ).list,
    ).toHaveLength(1);
    expect(
      (await listWorkflows(db, ws.id, { limit: 10, createdAt: '2000-01-01T00:00:00Z' })).list,
    ).toHaveLength(0);
  });
});
