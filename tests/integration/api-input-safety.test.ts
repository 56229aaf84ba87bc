import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it, vi } from 'vitest';
import { apiHarness, party } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { conformanceErrors } from './support/openapi-check';

/** Every byte percent-encoded: any text (even a lone surrogate, sent as U+FFFD) makes a valid URL. */
const pct = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const DEEP = '"__deep__"';
/** A JSON body (as text: JSON.stringify itself recurses) with `DEEP` replaced by arrays nested `depth` deep. */
const withDeep = (json: unknown, depth: number) => ({
  raw: JSON.stringify(json).replace(DEEP, `${'['.repeat(depth)}${']'.repeat(depth)}`),
  headers: { 'content-type': 'application/json' },
});

describeEachDatabase('API input the database cannot store', (database) => {
  const api = apiHarness(database);
  let ws: Awaited<ReturnType<typeof api.workspace>>;
  let entryId: string;
  beforeAll(async () => {
    ws = await api.workspace();
    entryId = (await api.call('POST', '/silo/v1/entries', { key: ws.key, json: { data: party() } }))
      .body.id;
  });

  const expect422 = (res: { status: number; body: unknown }, fields: unknown) => {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toMatchObject({ status: 422, code: 'validation', fields });
  };

  it('refuses NUL and unpaired surrogates in entry names, keys, field names and folders with a 422 naming the field', async () => {
    const cases: [unknown, unknown][] = [
      [{ data: party('Acme\u0000SA') }, { data: { name: expect.stringMatching(/NUL/) } }],
      [{ data: party('\ud800') }, { data: { name: expect.stringMatching(/surrogate/) } }],
      [{ key: 'k\u0000', data: party() }, { key: expect.stringMatching(/NUL/) }],
      [
        { data: { ...party(), 'no\u0000te': 'x' } },
        { data: { 'no\\u0000te': expect.stringMatching(/field name/) } },
      ],
      [{ folder: 'a\u0000', data: party() }, { folder: expect.stringMatching(/NUL/) }],
    ];
    for (const [json, fields] of cases)
      expect422(await api.call('POST', '/silo/v1/entries', { key: ws.key, json }), fields);
    expect422(
      await api.call('POST', '/silo/v1/entries', {
        key: ws.key,
        ...withDeep({ data: { ...party(), notes: '__deep__' } }, 10_000),
      }),
      { data: expect.stringMatching(/nested more than 64/) },
    );
    expect422(
      await api.call('PUT', `/silo/v1/entries/${uuidv7()}`, {
        key: ws.key,
        raw: `{"data":{"name":"\\udc00x","tax_id":{"country":"AR","code":"30714561231"}}}`,
        headers: { 'content-type': 'application/json' },
      }),
      {
        data: { name: expect.stringMatching(/surrogate/) },
      },
    );
    expect422(
      await api.call('POST', '/silo/v1/entries?folder=%00', {
        key: ws.key,
        json: { data: party() },
      }),
      { folder: expect.stringMatching(/NUL/) },
    );
    expect422(await api.call('GET', '/silo/v1/entries?folder=%00', { key: ws.key }), {
      folder: expect.any(String),
    });
    expect422(await api.call('GET', '/silo/v1/entries/key/a%00b', { key: ws.key }), {
      key: expect.stringMatching(/NUL/),
    });
    expect422(await api.call('GET', '/transform/v1/jobs/key/a%00b', { key: ws.key }), {
      key: expect.stringMatching(/NUL/),
    });
    const listed = await api.call('GET', '/silo/v1/entries?limit=100', { key: ws.key });
    expect(listed.body.list).toHaveLength(1);
  });

  it('parses a JSON body once, for the storable check and the route together', async () => {
    const body = JSON.stringify({ key: `once-${uuidv7()}`, data: party() });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const res = await api.call('POST', '/silo/v1/entries', {
        key: ws.key,
        raw: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(200);
      expect(parse.mock.calls.filter(([text]) => text === body)).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('refuses them in a job key, args and tags, and bounds their nesting', async () => {
    const job = { workflow_id: ws.workflowId, silo_entry_id: entryId };
    const cases: [unknown, unknown][] = [
      [{ ...job, key: '\u0000' }, { key: expect.stringMatching(/NUL/) }],
      [{ ...job, args: { lang: 'e\u0000s' } }, { args: { lang: expect.stringMatching(/NUL/) } }],
      [
        { ...job, args: { '\u0000': 'es' } },
        { args: { '\\u0000': expect.stringMatching(/field name/) } },
      ],
      [{ ...job, tags: ['ok', '\ud800'] }, { tags: { 1: expect.stringMatching(/surrogate/) } }],
    ];
    for (const [json, fields] of cases) {
      expect422(await api.call('POST', '/transform/v1/jobs', { key: ws.key, json }), fields);
      expect422(
        await api.call('PUT', `/transform/v1/jobs/${uuidv7()}`, { key: ws.key, json }),
        fields,
      );
    }
    expect422(
      await api.call('POST', '/transform/v1/jobs', {
        key: ws.key,
        ...withDeep({ ...job, args: { a: '__deep__' } }, 10_000),
      }),
      { args: expect.stringMatching(/nested/) },
    );
  });

  it('refuses times outside what can be stored in list filters, naming created_at', async () => {
    for (const path of [
      '/silo/v1/entries',
      '/silo/v1/envelopes',
      '/transform/v1/jobs',
      '/transform/v1/workflows',
    ]) {
      for (const at of ['0000-01-01T00:00:00Z', '0000-12-31T23:59:59.999Z']) {
        expect422(await api.call('GET', `${path}?created_at=${at}`, { key: ws.key }), {
          created_at: expect.stringMatching(/between 0001/),
        });
      }
      expect(
        (await api.call('GET', `${path}?created_at=0001-01-01T00:00:00Z`, { key: ws.key })).status,
      ).toBe(200);
      expect(
        (await api.call('GET', `${path}?created_at=9999-12-31T23:59:59Z`, { key: ws.key })).status,
      ).toBe(200);
    }
  });

  it('sends Cache-Control: no-store on every answer, success or problem', async () => {
    for (const [method, path, key] of [
      ['GET', '/utils/v1/ping', ws.key],
      ['GET', '/silo/v1/entries', ws.key],
      ['GET', '/silo/v1/entries/nope', ws.key],
      ['GET', '/silo/v1/entries', undefined],
      ['GET', '/nothing/v1', ws.key],
    ] as const) {
      const res = await api.call(method, path, { key });
      expect(res.headers.get('cache-control'), `${method} ${path} ${res.status}`).toBe('no-store');
    }
  });

  // Property: whatever text or JSON goes into any input, the answer is never a 5xx.
  const text = fc.oneof(
    { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '\u0000',
        '\ud800',
        'a\udc00b',
        '0000-01-01T00:00:00Z',
        '+010000-01-01T00:00:00Z',
        '1e20',
        'Infinity',
        '-1',
        '',
        'null',
        '%',
        '\\',
        "'; --",
        '9'.repeat(30),
        'org/party',
        'true',
      ),
      weight: 3,
    },
  );
  const value = fc.letrec((tie) => ({
    json: fc.oneof(
      { depthSize: 'small' },
      text,
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('json'), { maxLength: 3 }),
      fc.dictionary(text, tie('json'), { maxKeys: 3 }),
    ),
  })).json;
  const runs = { numRuns: 60 };
  const noServerError = (res: { status: number; body: unknown }) =>
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);

  it('never answers 5xx to arbitrary entry bodies, ids, keys and folders', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(text, value, { maxKeys: 4 }),
        value,
        text,
        text,
        async (top, data, key, folder) => {
          noServerError(
            await api.call('POST', `/silo/v1/entries?folder=${pct(folder)}`, {
              key: ws.key,
              json: { ...top, key, data },
            }),
          );
          noServerError(
            await api.call('POST', '/silo/v1/entries', {
              key: ws.key,
              json: { ...party(), ...top },
            }),
          );
          noServerError(
            await api.call('PUT', `/silo/v1/entries/${pct(key)}`, {
              key: ws.key,
              json: { key, folder, data: { ...party(), extra: data } },
            }),
          );
          noServerError(await api.call('GET', `/silo/v1/entries/key/${pct(key)}`, { key: ws.key }));
          noServerError(
            await api.call('GET', `/silo/v1/entries/${pct(key)}/states`, { key: ws.key }),
          );
        },
      ),
      runs,
    );
  });

  it('never answers 5xx to arbitrary job bodies and ids', async () => {
    await fc.assert(
      fc.asyncProperty(value, value, text, fc.boolean(), async (args, tags, key, known) => {
        const ids = known
          ? { workflow_id: ws.workflowId, silo_entry_id: entryId }
          : { workflow_id: key, silo_entry_id: key };
        noServerError(
          await api.call('POST', '/transform/v1/jobs', {
            key: ws.key,
            json: { ...ids, key, args, tags },
          }),
        );
        noServerError(
          await api.call('PUT', `/transform/v1/jobs/${pct(key)}`, {
            key: ws.key,
            json: { ...ids, args: { a: key }, tags: [key] },
          }),
        );
        noServerError(
          await api.call('GET', `/transform/v1/jobs/${pct(key)}?wait=${pct(key)}`, { key: ws.key }),
        );
        noServerError(await api.call('GET', `/transform/v1/jobs/key/${pct(key)}`, { key: ws.key }));
      }),
      runs,
    );
  });

  it('never answers 5xx to arbitrary list parameters', async () => {
    const params = fc.dictionary(
      fc.constantFrom(
        'folder',
        'limit',
        'cursor',
        'created_at',
        'ascending',
        'schema',
        'silo_entry_id',
        'wait',
        'x',
      ),
      text,
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(params, async (query) => {
        const search = Object.entries(query)
          .map(([k, v]) => `${k}=${pct(v)}`)
          .join('&');
        for (const path of [
          '/silo/v1/entries',
          '/silo/v1/envelopes',
          '/transform/v1/jobs',
          '/transform/v1/workflows',
        ])
          noServerError(await api.call('GET', `${path}?${search}`, { key: ws.key }));
      }),
      runs,
    );
  });

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });
});
