import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parse } from 'yaml';
import { beforeAll, expect, it } from 'vitest';
import { MAX_ENTRY_FILE_BYTES } from '@/lib/silo';
import { apiHarness, party, send } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { conformanceErrors } from './support/openapi-check';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 250, 251, 252, 255])]);

describeEachDatabase('API entry files', (database) => {
  const api = apiHarness(database);
  let ws: Awaited<ReturnType<typeof api.workspace>>;
  let other: Awaited<ReturnType<typeof api.workspace>>;
  beforeAll(async () => {
    ws = await api.workspace();
    other = await api.workspace();
  });
  const newEntry = async (key = ws.key) =>
    (await api.call('POST', '/silo/v1/entries', { key, json: { data: party() } })).body
      .id as string;
  const upload = (entryId: string, json: unknown, key = ws.key) =>
    api.call('POST', `/silo/v1/entries/${entryId}/files`, { key, json });
  /** In process, for the exact bytes (the harness reads answers as UTF-8 text). */
  const download = (entryId: string, fileId: string, key = ws.key) =>
    api.app().request(`/silo/v1/entries/${entryId}/files/${fileId}`, {
      headers: { authorization: `Bearer ${key}` },
    });

  it('stores an upload, lists it on the entry as Invopop’s attachments and downloads the same bytes', async () => {
    const entryId = await newEntry();
    const before = await api.call('GET', `/silo/v1/entries/${entryId}`, { key: ws.key });
    expect(before.body.attachments).toBeUndefined();

    const res = await upload(entryId, {
      name: 'Factura 0002-00000001 «Año».pdf',
      data: PDF.toString('base64'),
      sha256: sha256(PDF),
      size: PDF.length,
      desc: 'La factura',
      meta: { source: 'test' },
    });
    expect(res.status).toBe(200);
    const origin = await api.origin();
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      entry_id: entryId,
      name: 'Factura 0002-00000001 «Año».pdf',
      category: 'attachment',
      desc: 'La factura',
      mime: 'application/pdf',
      size: PDF.length,
      hash: sha256(PDF),
      embeddable: false,
      meta: { source: 'test' },
      stored: true,
      url: `${origin}/silo/v1/entries/${entryId}/files/${res.body.id}`,
      created_at: expect.any(String),
    });

    const entry = await api.call('GET', `/silo/v1/entries/${entryId}`, { key: ws.key });
    expect(entry.body.attachments).toEqual([res.body]);

    const got = await download(entryId, res.body.id);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('etag')).toBe(`"${sha256(PDF)}"`);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('no-store');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="Factura 0002-00000001 _Ano_.pdf"; filename*=UTF-8''Factura%200002-00000001%20%C2%ABA%C3%B1o%C2%BB.pdf`,
    );
    // Over HTTP too, as a client downloads it.
    const overHttp = await api.call('GET', `/silo/v1/entries/${entryId}/files/${res.body.id}`, {
      key: ws.key,
    });
    expect(overHttp.status).toBe(200);
  });

  it('derives the type from the name, else from the content; a given type is kept', async () => {
    const entryId = await newEntry();
    const xml = Buffer.from('<?xml version="1.0"?><a/>');
    const named = await upload(entryId, { name: 'datos.csv', data: xml.toString('base64') });
    const sniffed = await upload(entryId, { name: 'sin-extension', data: xml.toString('base64') });
    const unknown = await upload(entryId, {
      name: 'x',
      data: Buffer.from('hola').toString('base64'),
    });
    const given = await upload(entryId, {
      name: 'x.bin',
      mime: 'text/plain',
      category: 'format',
      data: Buffer.from('hola').toString('base64'),
    });
    expect([named.body.mime, sniffed.body.mime, unknown.body.mime, given.body.mime]).toEqual([
      'text/csv',
      'application/xml',
      'application/octet-stream',
      'text/plain',
    ]);
    expect(given.body.category).toBe('format');
  });

  it('keeps earlier files with the same key as previous versions, still downloadable by their id', async () => {
    const entryId = await newEntry();
    const v1 = Buffer.from('%PDF- uno');
    const v2 = Buffer.from('%PDF- dos');
    const first = await upload(entryId, {
      name: 'a.pdf',
      key: 'pdf',
      category: 'format',
      data: v1.toString('base64'),
    });
    const loose = await upload(entryId, {
      name: 'nota.txt',
      data: Buffer.from('x').toString('base64'),
    });
    const second = await upload(entryId, {
      name: 'a.pdf',
      key: 'pdf',
      category: 'format',
      data: v2.toString('base64'),
    });
    const entry = await api.call('GET', `/silo/v1/entries/${entryId}`, { key: ws.key });
    expect(entry.body.attachments.map((f: { id: string }) => f.id)).toEqual([
      second.body.id,
      loose.body.id,
    ]);
    expect(entry.body.attachments[0].previous).toEqual([
      { id: first.body.id, hash: sha256(v1), size: v1.length, created_at: first.body.created_at },
    ]);
    expect(entry.body.attachments[1].previous).toBeUndefined();
    const old = await download(entryId, first.body.id);
    expect(Buffer.from(await old.arrayBuffer()).equals(v1)).toBe(true);
    const byKey = await api.call('PUT', `/silo/v1/entries/${randomUUID()}`, {
      key: ws.key,
      json: { key: `files-${entryId}`, data: party() },
    });
    expect(byKey.status).toBe(200);
  });

  it('refuses bad base64, a mismatched sha256 or size, a missing data, an unknown category, by field (422)', async () => {
    const entryId = await newEntry();
    const data = Buffer.from('hola').toString('base64');
    const cases: [unknown, string, string][] = [
      [{ name: 'a.txt', data: 'no es base64!' }, 'data', 'invalid_base64'],
      [{ name: 'a.txt', data: 'QUJDR' }, 'data', 'invalid_base64'],
      [{ name: 'a.txt', data, sha256: sha256(Buffer.from('otra')) }, 'sha256', 'sha256_mismatch'],
      [{ name: 'a.txt', data, size: 99 }, 'size', 'size_mismatch'],
      [
        { name: 'a.txt', sha256: sha256(Buffer.from('hola')), size: 4, mime: 'text/plain' },
        'data',
        'inline_data_required',
      ],
      [{ name: 'a.txt', data, category: 'version' }, 'category', 'category_not_allowed'],
      [{ name: 'a.txt', data, mime: 'pdf' }, 'mime', 'invalid_mime'],
      [{ name: 'a.txt', data: '' }, 'data', 'empty_file'],
    ];
    for (const [json, field, code] of cases) {
      const res = await upload(entryId, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body, JSON.stringify(json)).toMatchObject({
        code: 'validation',
        fields: { [field]: expect.stringMatching(new RegExp(`^${code}: `)) },
      });
    }
    const noName = await upload(entryId, { data });
    expect(noName.status).toBe(422);
    expect(noName.body.fields).toHaveProperty('name');
    const unknownField = await upload(entryId, { name: 'a.txt', data, colour: 'red' });
    expect(unknownField.status).toBe(422);
    expect(unknownField.body.fields).toHaveProperty('colour');
    const entry = await api.call('GET', `/silo/v1/entries/${entryId}`, { key: ws.key });
    expect(entry.body.attachments).toBeUndefined();
  });

  it('takes a file up to 10 MiB, refuses a larger one (422 naming data) and a body past 14 MB (413)', async () => {
    const entryId = await newEntry();
    const big = Buffer.alloc(2 * 1024 * 1024, 7);
    const accepted = await upload(entryId, { name: 'big.bin', data: big.toString('base64') });
    expect(accepted.status).toBe(200);
    expect(accepted.body.size).toBe(big.length);
    // Every other route keeps its 1 MB cap.
    const entryBody = await api.call('POST', '/silo/v1/entries', {
      key: ws.key,
      json: { data: { ...party(), notes: big.toString('base64') } },
    });
    expect(entryBody.status).toBe(413);

    const over = Buffer.alloc(MAX_ENTRY_FILE_BYTES + 1000, 1);
    const tooLarge = await upload(entryId, { name: 'over.bin', data: over.toString('base64') });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body).toMatchObject({
      code: 'validation',
      fields: { data: expect.stringMatching(/^file_too_large: The file is larger than 10 MiB/) },
    });
    const huge = Buffer.alloc(11 * 1024 * 1024, 1);
    const refused = await upload(entryId, { name: 'huge.bin', data: huge.toString('base64') });
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ status: 413, code: 'payload_too_large' });
    const chunked = await send(
      `${await api.origin()}/silo/v1/entries/${entryId}/files`,
      'POST',
      {
        authorization: `Bearer ${ws.key}`,
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      },
      JSON.stringify({ name: 'huge.bin', data: huge.toString('base64') }),
    );
    expect(chunked.status).toBe(413);
  });

  it('PUT with the same file again answers the stored one; another file or entry with that id is a 409', async () => {
    const entryId = await newEntry();
    const id = randomUUID();
    const body = { name: 'a.txt', key: 'notes', data: Buffer.from('uno').toString('base64') };
    const first = await api.call('PUT', `/silo/v1/entries/${entryId}/files/${id}`, {
      key: ws.key,
      json: body,
    });
    const again = await api.call('PUT', `/silo/v1/entries/${entryId}/files/${id.toUpperCase()}`, {
      key: ws.key,
      json: body,
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect(first.body.id).toBe(id);
    const changed = await api.call('PUT', `/silo/v1/entries/${entryId}/files/${id}`, {
      key: ws.key,
      json: { ...body, data: Buffer.from('dos').toString('base64') },
    });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('conflict');
    const renamed = await api.call('PUT', `/silo/v1/entries/${entryId}/files/${id}`, {
      key: ws.key,
      json: { ...body, name: 'b.txt' },
    });
    expect(renamed.status).toBe(409);
    const elsewhere = await api.call('PUT', `/silo/v1/entries/${await newEntry()}/files/${id}`, {
      key: ws.key,
      json: body,
    });
    expect(elsewhere.status).toBe(409);
    const concurrent = randomUUID();
    const all = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call('PUT', `/silo/v1/entries/${entryId}/files/${concurrent}`, {
          key: ws.key,
          json: body,
        }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(200));
    const entry = await api.call('GET', `/silo/v1/entries/${entryId}`, { key: ws.key });
    expect(entry.body.attachments).toHaveLength(1);
    expect(entry.body.attachments[0].previous).toHaveLength(1);
  });

  it("answers another workspace's entry or file with 404, as any unknown id", async () => {
    const mine = await newEntry();
    const theirs = await newEntry(other.key);
    const data = Buffer.from('secreto').toString('base64');
    const theirFile = (await upload(theirs, { name: 's.txt', data }, other.key)).body.id as string;
    const myFile = (await upload(mine, { name: 'm.txt', data })).body.id as string;

    expect((await upload(theirs, { name: 'x.txt', data })).status).toBe(404);
    expect((await download(theirs, theirFile)).status).toBe(404);
    // My entry with their file id, their file under my entry, my file under their entry: all unknown.
    expect((await download(mine, theirFile)).status).toBe(404);
    expect((await download(theirs, myFile)).status).toBe(404);
    expect((await download(mine, randomUUID())).status).toBe(404);
    const put = await api.call('PUT', `/silo/v1/entries/${mine}/files/${theirFile}`, {
      key: ws.key,
      json: { name: 's.txt', data },
    });
    expect(put.status).toBe(404);
    expect(
      (await api.call('GET', `/silo/v1/entries/${mine}/files/nope`, { key: ws.key })).status,
    ).toBe(422);
    expect((await api.call('GET', `/silo/v1/entries/${mine}/files/${myFile}`)).status).toBe(401);
    const entry = await api.call('GET', `/silo/v1/entries/${mine}`, { key: ws.key });
    expect(entry.body.attachments.map((f: { id: string }) => f.id)).toEqual([myFile]);
  });

  // Invopop's own document (../shared beside the repository, never copied in): every member we send
  // is one of its SiloFile's, of its type.
  const INVOPOP_SILO = path.resolve('../shared/invopop-openapi/silo_v1.yaml');
  it.skipIf(!existsSync(INVOPOP_SILO))(
    'answers files as Invopop’s SiloFile schema has them',
    async () => {
      const schemas = parse(readFileSync(INVOPOP_SILO, 'utf8')).components.schemas;
      type Schema = { properties: Record<string, { items?: unknown }> };
      const closed = (schema: Schema) => ({ ...schema, additionalProperties: false });
      const siloFile = closed(schemas.SiloFile as Schema);
      siloFile.properties.previous!.items = closed(schemas.SiloFileVersion as Schema);
      const validate = new Ajv2020({ strict: false, allErrors: true }).compile(siloFile);
      const entryId = await newEntry();
      const body = (text: string) => ({
        name: 'a.pdf',
        key: 'pdf',
        category: 'format',
        desc: 'd',
        meta: { a: 'b' },
        embeddable: true,
        data: Buffer.from(text).toString('base64'),
      });
      const uploaded = await upload(entryId, body('%PDF- 1'));
      const put = await api.call('PUT', `/silo/v1/entries/${entryId}/files/${randomUUID()}`, {
        key: ws.key,
        json: body('%PDF- 2'),
      });
      const entry = await api.call('GET', `/silo/v1/entries/${entryId}`, { key: ws.key });
      expect(entry.body.attachments[0].previous).toHaveLength(1);
      for (const file of [uploaded.body, put.body, ...entry.body.attachments]) {
        validate(file);
        expect(validate.errors ?? []).toEqual([]);
      }
    },
  );

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });
});
