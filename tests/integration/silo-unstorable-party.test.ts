import { expect, it } from 'vitest';
import { DomainError } from '@/lib/errors';
import { createEntry, PARTY_SCHEMA, validateParty } from '@/lib/silo';
import { createWorkspace } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';

const party = (extra: Record<string, unknown>) => ({
  $schema: PARTY_SCHEMA,
  name: 'Panadería La Espiga SRL',
  tax_id: { country: 'AR', code: '30-71234567-1' },
  ...extra,
});

describeEachDatabase('a party the database cannot store', (database) => {
  it('is refused by createEntry (the console calls it directly, past no API edge) as a validation error naming the field', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'unstorable' });
    const refused = async (body: Record<string, unknown>) => {
      const error = await createEntry(db, ws.id, { body }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'invalid' });
      return (error as DomainError).fields;
    };
    expect(
      await refused({ folder: 'suppliers', data: party({ name: 'La Espiga\u0000 SRL' }) }),
    ).toEqual({ 'data.name': expect.stringMatching(/NUL/) });
    expect(
      await refused({
        folder: 'suppliers',
        data: party({ addresses: [{ street: 'Av. \ud800Corrientes' }] }),
      }),
    ).toEqual({ 'data.addresses.0.street': expect.stringMatching(/surrogate/) });
    expect(await refused(party({ alias: '\udc00' }))).toEqual({
      alias: expect.stringMatching(/surrogate/),
    });
    const { entry } = await createEntry(db, ws.id, {
      body: { folder: 'suppliers', data: party({ alias: 'paired 😀 is fine' }) },
    });
    expect(entry.data).toMatchObject({ alias: 'paired 😀 is fine' });
  });

  it('is refused by validateParty as the console builds it', () => {
    expect(
      validateParty(
        { $schema: PARTY_SCHEMA, name: 'A\u0000', tax_id: { country: 'AR', code: '30712345671' } },
        '',
      ),
    ).toEqual({ ok: false, fields: { name: expect.stringMatching(/NUL/) } });
  });
});
