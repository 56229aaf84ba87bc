import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { schema } from '@/lib/db';
import { createRegistrationLink } from '@/lib/registration';
import { setEntryState } from '@/lib/silo';
import { newCuit } from '../support/new-cuit';
import { apiHarness, party } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { conformanceErrors } from './support/openapi-check';

describeEachDatabase('API silo entries', (database) => {
  const api = apiHarness(database);
  let ws: Awaited<ReturnType<typeof api.workspace>>;
  beforeAll(async () => {
    ws = await api.workspace();
  });
  const rowsWhere = async (where: ReturnType<typeof eq>) =>
    (await database().db.select({ n: count() }).from(schema.entries).where(where))[0]!.n;

  it('POST creates an entry in state empty with a normalised CUIT (200, as Invopop answers)', async () => {
    const res = await api.call('POST', '/silo/v1/entries', {
      key: ws.key,
      json: { folder: 'suppliers', data: party('Acme SA', formatted(newCuit())) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      folder: 'suppliers',
      state: 'empty',
      doc_schema: 'https://gobl.org/draft-0/org/party',
      meta: [],
      faults: [],
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.name).toBe('Acme SA');
    expect(res.body.data.tax_id.code).toMatch(/^\d{11}$/);
  });

  it('PUT creates with the client id; the same PUT again returns the same entry; another body is a 409', async () => {
    const id = randomUUID();
    const body = { folder: 'suppliers', data: party() };
    const first = await api.call('PUT', `/silo/v1/entries/${id}`, { key: ws.key, json: body });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, state: 'empty' });
    const again = await api.call('PUT', `/silo/v1/entries/${id}`, { key: ws.key, json: body });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await api.call('PUT', `/silo/v1/entries/${id}`, {
      key: ws.key,
      json: { ...body, data: party('Otra SRL') },
    });
    expect(other.status).toBe(409);
    expect(other.headers.get('content-type')).toBe('application/problem+json');
    expect(other.body).toMatchObject({ status: 409, code: 'conflict' });
  });

  it('takes the party at the top level and the folder from the query, and lists it among suppliers', async () => {
    const res = await api.call('POST', '/silo/v1/entries?folder=suppliers', {
      key: ws.key,
      json: party('Top Level SRL'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      folder: 'suppliers',
      state: 'empty',
      data: { name: 'Top Level SRL', tax_id: { country: 'AR' } },
    });
    const list = await api.call('GET', '/silo/v1/entries?folder=suppliers&limit=100', {
      key: ws.key,
    });
    expect(list.body.list.map((e: { id: string }) => e.id)).toContain(res.body.id);
  });

  it('answers 422 naming each bad field, nested like the request', async () => {
    const cases: [object, object][] = [
      [
        { data: { tax_id: { country: 'AR', code: newCuit() } } },
        { data: { name: expect.any(String) } },
      ],
      [
        { data: { name: 'X', tax_id: { country: 'UY', code: newCuit() } } },
        { data: { tax_id: { country: expect.stringMatching(/AR/) } } },
      ],
      [
        { data: { name: 'X', tax_id: { country: 'AR', code: '30-1234567-1' } } },
        { data: { tax_id: { code: expect.stringMatching(/11 digits/) } } },
      ],
      [
        { data: { name: 'X', tax_id: { country: 'AR', code: '40' + newCuit().slice(2) } } },
        { data: { tax_id: { code: expect.stringMatching(/start with/) } } },
      ],
      [
        { data: { name: 'X', tax_id: { country: 'AR', code: wrongCheckDigit(newCuit()) } } },
        { data: { tax_id: { code: expect.stringMatching(/check digit/) } } },
      ],
      [
        { tax_id: { country: 'BR', code: '123' } },
        {
          name: expect.any(String),
          tax_id: { country: expect.any(String), code: expect.any(String) },
        },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await api.call('POST', '/silo/v1/entries', { key: ws.key, json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.body).toMatchObject({
        status: 422,
        code: 'validation',
        key: 'validation',
        fields,
      });
    }
    const put = await api.call('PUT', `/silo/v1/entries/${randomUUID()}`, {
      key: ws.key,
      json: { data: { name: '', tax_id: { country: 'AR', code: newCuit() } } },
    });
    expect(put.status).toBe(422);
    expect(put.body.fields).toEqual({ data: { name: expect.any(String) } });
  });

  it('a keyed POST repeated returns the original; the same key with another body is a 409', async () => {
    const key = `supplier-${randomUUID()}`;
    const body = { key, folder: 'suppliers', data: party() };
    const first = await api.call('POST', '/silo/v1/entries', { key: ws.key, json: body });
    expect(first.status).toBe(200);
    expect(first.body.key).toBe(key);
    const again = await api.call('POST', '/silo/v1/entries', { key: ws.key, json: body });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const conflict = await api.call('POST', '/silo/v1/entries', {
      key: ws.key,
      json: { ...body, data: party('Distinta SA') },
    });
    expect(conflict.status).toBe(409);
    const putSameKey = await api.call('PUT', `/silo/v1/entries/${randomUUID()}`, {
      key: ws.key,
      json: body,
    });
    expect(putSameKey.status).toBe(409);
    expect(
      await rowsWhere(and(eq(schema.entries.ownerId, ws.id), eq(schema.entries.key, key))!),
    ).toBe(1);
  });

  it('fifty concurrent identical PUTs create exactly one row and all answer the same entry', async () => {
    const id = randomUUID();
    const body = { folder: 'suppliers', data: party() };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.call('PUT', `/silo/v1/entries/${id}`, { key: ws.key, json: body }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body.id))).toEqual(new Set([id]));
    expect(await rowsWhere(eq(schema.entries.id, id))).toBe(1);
    const states = await database()
      .db.select()
      .from(schema.entryStates)
      .where(eq(schema.entryStates.entryId, id));
    expect(states).toHaveLength(1);
  });

  it('fifty concurrent keyed POSTs create exactly one row', async () => {
    const key = `concurrent-${randomUUID()}`;
    const body = { key, data: party() };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.call('POST', '/silo/v1/entries', { key: ws.key, json: body }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(
      await rowsWhere(and(eq(schema.entries.ownerId, ws.id), eq(schema.entries.key, key))!),
    ).toBe(1);
  });

  it('GET by id returns the entry with its meta array; by key too; unknown ones are 404', async () => {
    const key = `meta-${randomUUID()}`;
    const created = await api.call('POST', '/silo/v1/entries', {
      key: ws.key,
      json: { key, folder: 'suppliers', data: party() },
    });
    const id = created.body.id as string;
    await createRegistrationLink(database().db, ws.id, id);
    const byId = await api.call('GET', `/silo/v1/entries/${id}`, { key: ws.key });
    expect(byId.status).toBe(200);
    expect(byId.body.meta).toEqual([
      expect.objectContaining({
        id: `${id}:gov-ar:link`,
        entry_id: id,
        owner_id: ws.id,
        src: 'gov-ar',
        key: 'link',
        link_scope: 'public',
        indexed: true,
        shared: true,
      }),
    ]);
    expect(byId.body.meta[0].link_url).toMatch(/\/reg\/[\w-]{20,}$/);
    expect(byId.body.meta[0].link_url.endsWith(byId.body.meta[0].ref)).toBe(true);
    const byKey = await api.call('GET', `/silo/v1/entries/key/${encodeURIComponent(key)}`, {
      key: ws.key,
    });
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual(byId.body);
    expect(
      (await api.call('GET', `/silo/v1/entries/${randomUUID()}`, { key: ws.key })).status,
    ).toBe(404);
    expect(
      (await api.call('GET', '/silo/v1/entries/key/no-such-key', { key: ws.key })).status,
    ).toBe(404);
    const notUuid = await api.call('GET', '/silo/v1/entries/not-a-uuid', { key: ws.key });
    expect(notUuid.status).toBe(422);
    expect(notUuid.body.fields).toHaveProperty('id');
  });

  it('lists newest first, limit at a time, with an opaque cursor; folder filters; limit ≤ 100; bad cursors are 422', async () => {
    const own = await api.workspace();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const folder = i % 2 === 0 ? 'suppliers' : 'customers';
      ids.unshift(
        (
          await api.call('POST', '/silo/v1/entries', {
            key: own.key,
            json: { folder, data: party(`Entry ${i}`) },
          })
        ).body.id,
      );
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    const pages: number[] = [];
    do {
      const page = await api.call(
        'GET',
        `/silo/v1/entries?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { key: own.key },
      );
      expect(page.status).toBe(200);
      expect(page.body.limit).toBe(2);
      if (cursor) expect(page.body.cursor).toBe(cursor);
      seen.push(...page.body.list.map((e: { id: string }) => e.id));
      pages.push(page.body.list.length);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(ids);

    const suppliers = await api.call('GET', '/silo/v1/entries?folder=suppliers', { key: own.key });
    expect(suppliers.body).toMatchObject({ folder: 'suppliers', limit: 20 });
    expect(suppliers.body.list.map((e: { id: string }) => e.id)).toEqual([ids[0], ids[2], ids[4]]);
    expect(suppliers.body).not.toHaveProperty('next_cursor');

    expect((await api.call('GET', '/silo/v1/entries?limit=100', { key: own.key })).status).toBe(
      200,
    );
    const tooMany = await api.call('GET', '/silo/v1/entries?limit=101', { key: own.key });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.fields).toHaveProperty('limit');
    for (const bad of ['garbage', Buffer.from('s:abc').toString('base64url')]) {
      const res = await api.call('GET', `/silo/v1/entries?cursor=${bad}`, { key: own.key });
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual({ cursor: expect.any(String) });
    }
  });

  it("returns an entry's state history, oldest first", async () => {
    const created = await api.call('POST', '/silo/v1/entries', {
      key: ws.key,
      json: { data: party() },
    });
    const id = created.body.id as string;
    const initial = await api.call('GET', `/silo/v1/entries/${id}/states`, { key: ws.key });
    expect(initial.status).toBe(200);
    expect(initial.body.list.map((s: { key: string }) => s.key)).toEqual(['empty']);
    await setEntryState(database().db, ws.id, id, 'processing');
    const later = await api.call('GET', `/silo/v1/entries/${id}/states`, { key: ws.key });
    expect(later.body.list.map((s: { key: string }) => s.key)).toEqual(['empty', 'processing']);
    expect(later.body.list[0]).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      key: 'empty',
    });
    expect((await api.call('GET', `/silo/v1/entries/${id}`, { key: ws.key })).body.state).toBe(
      'processing',
    );
    expect(
      (await api.call('GET', `/silo/v1/entries/${randomUUID()}/states`, { key: ws.key })).status,
    ).toBe(404);
  });

  it('lists envelope entries under /silo/v1/envelopes, with the same pagination', async () => {
    const own = await api.workspace();
    const plain = await api.call('POST', '/silo/v1/entries', {
      key: own.key,
      json: { data: party() },
    });
    const envelopes: string[] = [];
    for (const name of ['Sobre Uno SA', 'Sobre Dos SA']) {
      const res = await api.call('POST', '/silo/v1/entries', {
        key: own.key,
        json: {
          folder: 'suppliers',
          data: { $schema: 'https://gobl.org/draft-0/envelope', doc: party(name) },
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        env_schema: 'https://gobl.org/draft-0/envelope',
        doc_schema: 'https://gobl.org/draft-0/org/party',
      });
      envelopes.unshift(res.body.id);
    }
    const first = await api.call('GET', '/silo/v1/envelopes?limit=1', { key: own.key });
    expect(first.status).toBe(200);
    expect(first.body.list.map((e: { id: string }) => e.id)).toEqual([envelopes[0]]);
    const second = await api.call(
      'GET',
      `/silo/v1/envelopes?limit=1&cursor=${first.body.next_cursor}`,
      { key: own.key },
    );
    expect(second.body.list.map((e: { id: string }) => e.id)).toEqual([envelopes[1]]);
    expect(second.body).not.toHaveProperty('next_cursor');
    expect(
      [...first.body.list, ...second.body.list].map((e: { id: string }) => e.id),
    ).not.toContain(plain.body.id);
    const badEnvelope = await api.call('POST', '/silo/v1/entries', {
      key: own.key,
      json: { data: { $schema: 'https://gobl.org/draft-0/envelope', doc: { name: 'Sin CUIT' } } },
    });
    expect(badEnvelope.status).toBe(422);
    expect(badEnvelope.body.fields).toEqual({ data: { doc: { tax_id: expect.any(String) } } });
  });

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });
});

const formatted = (cuit: string) => `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;

function wrongCheckDigit(cuit: string): string {
  return cuit.slice(0, 10) + String((Number(cuit[10]) + 1) % 10);
}
