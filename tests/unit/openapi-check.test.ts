import { describe, expect, it } from 'vitest';
import { checkResponse, matchPath, type OpenApiDoc } from '../integration/support/openapi-check';

const doc: OpenApiDoc = {
  openapi: '3.1.0',
  paths: {
    '/things': {
      get: {
        responses: {
          '200': {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingList' } } },
          },
        },
      },
    },
    '/things/{id}': {
      get: {
        responses: {
          '200': {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    },
    '/things/key/{key}': {
      get: {
        responses: {
          '404': { content: { 'application/problem+json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          state: { type: 'string', enum: ['empty', 'done'] },
          tags: { type: 'array', items: { type: 'string' } },
          at: { type: 'string', format: 'date-time' },
        },
        required: ['id', 'state'],
      },
      ThingList: {
        type: 'object',
        properties: {
          items: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
          next: { type: ['string', 'null'] },
        },
        required: ['items'],
      },
    },
  },
};
const record = (body: unknown, status = 200, path = '/things/1') => ({
  method: 'GET',
  path,
  status,
  contentType: 'application/json; charset=UTF-8',
  body,
});
const id = '0c457304-eadc-4466-ac68-1a5af91ccf2d';

describe('OpenAPI response checker', () => {
  it('prefers literal path segments over parameters', () => {
    expect(matchPath(doc, '/things/key/abc')).toBe('/things/key/{key}');
    expect(matchPath(doc, '/things/abc')).toBe('/things/{id}');
    expect(matchPath(doc, '/nothing')).toBeUndefined();
  });

  it('accepts a body that follows the schema', () => {
    expect(
      checkResponse(
        doc,
        record({ id, state: 'done', tags: ['a'], at: '2026-04-30T08:39:57.933Z' }),
      ),
    ).toEqual([]);
  });

  it('names every disagreement: required, type, enum, format, items, undocumented members', () => {
    const errors = checkResponse(
      doc,
      record({ id: 'nope', state: 'lost', tags: [1], at: 'yesterday', extra: true }),
    );
    expect(errors.map((e) => e.replace(/^.*?→ 200: /, '')).sort()).toEqual([
      '$/at: must match format "date-time"',
      '$/extra: must NOT have additional properties',
      '$/id: must match format "uuid"',
      '$/state: must be equal to one of the allowed values',
      '$/tags/0: must be string',
    ]);
    expect(checkResponse(doc, record({ state: 'done' }))).toEqual([
      expect.stringContaining("$: must have required property 'id'"),
    ]);
    expect(checkResponse(doc, record([{ id, state: 'done' }]))).toEqual([
      expect.stringContaining('$: must be object'),
    ]);
  });

  it('follows references between components and lets a member be null only where the schema says so', () => {
    expect(
      checkResponse(doc, record({ items: [{ id, state: 'empty' }], next: null }, 200, '/things')),
    ).toEqual([]);
    expect(
      checkResponse(doc, record({ items: [{ id, state: 'full' }], next: 3 }, 200, '/things'))
        .map((e) => e.replace(/^.*?→ 200: /, ''))
        .sort(),
    ).toEqual([
      '$/items/0/state: must be equal to one of the allowed values',
      '$/next: must be string,null',
    ]);
  });

  it('refuses an undocumented status or content type, and ignores unknown paths', () => {
    expect(checkResponse(doc, record({}, 500))).toEqual([
      expect.stringContaining('status not documented'),
    ]);
    expect(
      checkResponse(doc, { ...record({}, 404, '/things/key/a'), contentType: 'application/json' }),
    ).toEqual([expect.stringContaining('content type "application/json" not documented')]);
    expect(checkResponse(doc, record({}, 404, '/elsewhere'))).toEqual([]);
  });
});
