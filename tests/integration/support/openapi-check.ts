import type { RecordedResponse } from './api-harness';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  nullable?: boolean;
};

export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components?: { schemas?: Record<string, Schema> };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The documented path template a concrete path falls under; literal segments beat parameters. */
export function matchPath(doc: OpenApiDoc, path: string): string | undefined {
  const segments = path.split('/');
  let best: { template: string; literals: number } | undefined;
  for (const template of Object.keys(doc.paths)) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    let literals = 0;
    const fits = parts.every((part, i) => {
      if (/^\{.+\}$/.test(part)) return segments[i] !== '';
      literals++;
      return part === segments[i];
    });
    if (fits && (!best || literals > best.literals)) best = { template, literals };
  }
  return best?.template;
}

/**
 * Checks one value against a (3.1) JSON schema: $ref, type, required, properties (undocumented
 * properties are errors too: the document must say everything we send), items, enum, formats.
 */
export function checkSchema(doc: OpenApiDoc, schema: Schema, value: unknown, at = '$'): string[] {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    return target ? checkSchema(doc, target, value, at) : [`${at}: unresolved $ref ${schema.$ref}`];
  }
  if (schema.allOf) return schema.allOf.flatMap((s) => checkSchema(doc, s, value, at));
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const results = union.map((s) => checkSchema(doc, s, value, at));
    return results.some((r) => r.length === 0) ? [] : [`${at}: matches none of ${union.length} alternatives (${results.map((r) => r[0]).join(' | ')})`];
  }
  if (schema.const !== undefined && value !== schema.const) return [`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (value === null && (types.includes('null') || schema.nullable)) return [];
  if (types.length && !types.some((t) => isType(t, value))) return [`${at}: expected ${types.join('|')}, got ${JSON.stringify(value)?.slice(0, 80)}`];
  if (typeof value === 'string') {
    if (schema.format === 'uuid' && !UUID.test(value)) return [`${at}: "${value}" is not a uuid`];
    if (schema.format === 'date-time' && !DATE_TIME.test(value)) return [`${at}: "${value}" is not a date-time`];
  }
  const errors: string[] = [];
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => errors.push(...checkSchema(doc, schema.items!, item, `${at}[${i}]`)));
  if (isObject(value) && (schema.properties || schema.required || schema.additionalProperties !== undefined)) {
    for (const name of schema.required ?? []) if (!(name in value)) errors.push(`${at}.${name}: required but missing`);
    for (const [name, item] of Object.entries(value)) {
      const property = schema.properties?.[name];
      if (property) errors.push(...checkSchema(doc, property, item, `${at}.${name}`));
      else if (isObject(schema.additionalProperties)) errors.push(...checkSchema(doc, schema.additionalProperties, item, `${at}.${name}`));
      else if (schema.additionalProperties === false || (schema.properties && schema.additionalProperties !== true)) errors.push(`${at}.${name}: not documented`);
    }
  }
  return errors;
}

function isType(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every problem with a recorded response: an undocumented status, a content type the document does
 * not give for it, or a body that breaks its schema. Paths the document does not know are skipped.
 */
export function checkResponse(doc: OpenApiDoc, record: RecordedResponse): string[] {
  const template = matchPath(doc, record.path);
  const operation = template ? doc.paths[template]?.[record.method.toLowerCase()] : undefined;
  if (!operation) return [];
  const where = `${record.method} ${record.path} → ${record.status}`;
  const response = operation.responses[String(record.status)];
  if (!response) return [`${where}: status not documented for ${record.method} ${template}`];
  const mediaType = record.contentType.split(';')[0]!.trim();
  const media = response.content?.[mediaType];
  if (!media) return [`${where}: content type "${mediaType}" not documented (${Object.keys(response.content ?? {}).join(', ') || 'none'})`];
  return checkSchema(doc, media.schema, record.body).map((e) => `${where}: ${e}`);
}

/** The documented operations (`METHOD template`) these records exercised. */
export function exercised(doc: OpenApiDoc, records: RecordedResponse[]): Set<string> {
  const seen = new Set<string>();
  for (const record of records) {
    const template = matchPath(doc, record.path);
    if (template && doc.paths[template]?.[record.method.toLowerCase()]) seen.add(`${record.method.toUpperCase()} ${template}`);
  }
  return seen;
}

export function documentedOperations(doc: OpenApiDoc): string[] {
  return Object.entries(doc.paths).flatMap(([template, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${template}`));
}

/** Fetches the app's own document and returns every disagreement with the recorded responses. */
export async function conformanceErrors(app: { request(path: string): Response | Promise<Response> }, records: RecordedResponse[]) {
  const doc = (await (await app.request('/openapi.json')).json()) as OpenApiDoc;
  return records.flatMap((record) => checkResponse(doc, record));
}
