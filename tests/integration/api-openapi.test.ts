import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it } from 'vitest';
import { apiHarness, party } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import {
  conformanceErrors,
  documentedOperations,
  exercised,
  type OpenApiDoc,
} from './support/openapi-check';

describeEachDatabase('API OpenAPI document', (database) => {
  const api = apiHarness(database);
  let doc: OpenApiDoc;
  let ws: Awaited<ReturnType<typeof api.workspace>>;
  beforeAll(async () => {
    ws = await api.workspace();
    doc = (await api.call('GET', '/openapi.json')).body;
  });

  it('is OpenAPI 3.1 with bearer auth on every operation', () => {
    expect(doc.openapi).toBe('3.1.0');
    const full = doc as OpenApiDoc & {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(full.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    for (const [path, methods] of Object.entries(full.paths))
      for (const [method, op] of Object.entries(methods))
        expect(op.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
  });

  it('answers every documented operation as documented: success, 401, and its validation errors', async () => {
    const key = `tour-${uuidv7()}`;
    const entry = await api.call('PUT', `/silo/v1/entries/${uuidv7()}?folder=suppliers`, {
      key: ws.key,
      json: { key, ...party() },
    });
    const envelope = await api.call('POST', '/silo/v1/entries', {
      key: ws.key,
      json: { data: { $schema: 'https://gobl.org/draft-0/envelope', doc: party() } },
    });
    const jobBody = {
      workflow_id: ws.workflowId,
      silo_entry_id: entry.body.id,
      key,
      args: { lang: 'es' },
      tags: ['tour'],
    };
    const job = await api.call('POST', '/transform/v1/jobs', { key: ws.key, json: jobBody });
    const putJob = await api.call('PUT', `/transform/v1/jobs/${uuidv7()}?wait=0`, {
      key: ws.key,
      json: { ...jobBody, key: undefined },
    });
    const built = await api.call('POST', '/silo/v1/gobl/build', {
      key: ws.key,
      json: {
        data: {
          $schema: 'https://gobl.org/draft-0/bill/invoice',
          supplier: { name: 'Proveedor SA', tax_id: { country: 'AR', code: '30712345671' } },
          lines: [{ quantity: '1', item: { name: 'Pan', price: '10' } }],
        },
      },
    });
    const signed = await api.call('POST', '/silo/v1/gobl/sign', {
      key: ws.key,
      json: {
        data: {
          $schema: 'https://gobl.org/draft-0/bill/invoice',
          supplier: { name: 'Proveedor SA', tax_id: { country: 'AR', code: '30712345671' } },
          lines: [{ quantity: '1', item: { name: 'Pan', price: '10' } }],
        },
      },
    });
    const moved = await api.call('PATCH', `/silo/v1/entries/${entry.body.id}`, {
      key: ws.key,
      json: { folder: 'suppliers-moved' },
    });
    const correctOptions = await api.call('POST', '/silo/v1/gobl/correct', {
      key: ws.key,
      json: { show_options: true },
    });
    expect([
      entry.status,
      envelope.status,
      job.status,
      putJob.status,
      built.status,
      signed.status,
      moved.status,
      correctOptions.status,
    ]).toEqual([200, 200, 202, 202, 200, 200, 200, 200]);
    const files = `/silo/v1/entries/${entry.body.id}/files`;
    const fileBody = { name: 'tour.txt', data: Buffer.from('tour').toString('base64') };
    const file = await api.call('POST', files, { key: ws.key, json: fileBody });
    const putFile = await api.call('PUT', `${files}/${uuidv7()}`, { key: ws.key, json: fileBody });
    expect([entry.status, envelope.status, job.status, putJob.status, built.status]).toEqual([
      200, 200, 202, 202, 200,
    ]);
    expect([file.status, putFile.status]).toEqual([200, 200]);

    const reads: [string, number][] = [
      ['/utils/v1/ping', 200],
      ['/silo/v1/keys', 200],
      ['/utils/v1/uuid', 200],
      ['/utils/v1/uuid?v=5', 422],
      ['/silo/v1/entries?limit=1', 200],
      [`/silo/v1/entries/${entry.body.id}`, 200],
      [`/silo/v1/entries/key/${key}`, 200],
      [`/silo/v1/entries/${entry.body.id}/states`, 200],
      ['/silo/v1/envelopes?limit=1', 200],
      ['/transform/v1/workflows?limit=1', 200],
      [`/transform/v1/workflows/${ws.workflowId}`, 200],
      ['/transform/v1/jobs?limit=1', 200],
      [`/transform/v1/jobs/${job.body.id}`, 200],
      [`/transform/v1/jobs/key/${key}`, 200],
      ['/silo/v1/entries?limit=0', 422],
      [`/silo/v1/entries/key/${'k'.repeat(300)}`, 422],
      ['/silo/v1/envelopes?cursor=nope', 422],
      ['/transform/v1/workflows?limit=500', 422],
      ['/transform/v1/workflows/nope', 422],
      ['/transform/v1/jobs?silo_entry_id=nope', 422],
      [`/transform/v1/jobs/${job.body.id}?wait=61`, 422],
      [`/transform/v1/jobs/key/${key}?wait=-1`, 422],
      [`/silo/v1/entries/nope/states`, 422],
      [`${files}/${file.body.id}`, 200],
      [`${files}/nope`, 422],
    ];
    for (const [path, status] of reads)
      expect((await api.call('GET', path, { key: ws.key })).status, path).toBe(status);

    const writes: [string, string, unknown, number][] = [
      ['POST', '/silo/v1/entries?folder=Not%20A%20Folder', party(), 422],
      ['POST', '/silo/v1/entries', [1, 2], 422],
      ['PUT', '/silo/v1/entries/nope', party(), 422],
      ['POST', '/transform/v1/jobs', {}, 422],
      ['POST', '/transform/v1/jobs?wait=x', jobBody, 422],
      ['PUT', `/transform/v1/jobs/${uuidv7()}`, null, 422],
      ['POST', '/silo/v1/gobl/build', { data: { name: 'not an invoice' } }, 422],
      ['POST', '/silo/v1/gobl/sign', { data: { name: 'not an invoice' } }, 422],
      ['PATCH', `/silo/v1/entries/${entry.body.id}`, { folder: 'Not A Folder' }, 422],
      ['PATCH', `/silo/v1/entries/${entry.body.id}`, { data: party() }, 409],
      ['PATCH', `/silo/v1/entries/${uuidv7()}`, { folder: 'x' }, 404],
      ['POST', '/silo/v1/gobl/correct', { options: { type: 'credit-note' } }, 422],
      ['POST', files, { data: 'dG91cg==' }, 422],
      ['PUT', `${files}/${uuidv7()}`, { name: 'x.txt', data: '!' }, 422],
      ['POST', `/silo/v1/entries/${entry.body.id}/states`, { key: 'paid', notes: 'ok' }, 200],
      ['POST', `/silo/v1/entries/${entry.body.id}/states`, { key: 'sent' }, 422],
      ['POST', `/silo/v1/entries/${uuidv7()}/states`, { key: 'paid' }, 404],
      [
        'PUT',
        `/silo/v1/entries/${entry.body.id}/states/2026-01-01T00:00:00.000Z`,
        { key: 'paid' },
        200,
      ],
      ['PUT', `/silo/v1/entries/${entry.body.id}/states/nope`, { key: 'paid' }, 422],
      ['POST', '/transform/v1/jobs', { workflow_id: ws.workflowId, data: party() }, 202],
      ['PATCH', `/transform/v1/workflows/${ws.workflowId}`, { name: 'Registro' }, 200],
      ['PATCH', `/transform/v1/workflows/${ws.workflowId}`, { draft: true }, 422],
      ['PATCH', `/transform/v1/workflows/${uuidv7()}`, { name: 'x' }, 404],
      ['PUT', `/transform/v1/workflows/${ws.workflowId}`, { name: 'Registro de proveedores' }, 200],
      ['PUT', `/transform/v1/workflows/${uuidv7()}`, { name: 'x' }, 422],
    ];
    for (const [method, path, json, status] of writes)
      expect(
        (await api.call(method, path, { key: ws.key, json })).status,
        `${method} ${path}`,
      ).toBe(status);
    const emptyPost = await api.call('POST', '/transform/v1/jobs', { key: ws.key });
    expect(emptyPost.status).toBe(422);
    expect(emptyPost.body.fields).toEqual({
      workflow_id: expect.any(String),
      silo_entry_id: expect.any(String),
    });

    for (const operation of documentedOperations(doc)) {
      const [method, template] = operation.split(' ') as [string, string];
      const path = template
        .replace('{entry_id}', uuidv7())
        .replace('{id}', uuidv7())
        .replace('{key}', 'k');
      const res = await api.call(method, path, method === 'GET' ? {} : { json: {} });
      expect(res.status, operation).toBe(401);
    }

    expect(
      [
        ...exercised(
          doc,
          api.records.filter((r) => r.status < 300),
        ),
      ].sort(),
    ).toEqual(documentedOperations(doc).sort());
  });

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });
});
