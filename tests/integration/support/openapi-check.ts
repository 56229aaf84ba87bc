import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { RecordedResponse } from './api-harness';

type Schema = Record<string, unknown>;

export interface OpenApiDoc {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
  components?: { schemas?: Record<string, Schema> };
}

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

const COMPONENTS = 'https://openapi.test/components';
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);

/**
 * A copy of an OpenAPI 3.1 schema that Ajv can compile on its own: component references point at
 * one schema holding them all, and an object that lists its properties refuses any other (the
 * document must say everything we send, so an undocumented member is an error, not a pass).
 */
function strict(schema: Schema): Schema {
  const copy: Schema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === '$ref' && typeof value === 'string')
      copy.$ref = value.replace('#/components/schemas/', `${COMPONENTS}#/$defs/`);
    else if (SCHEMA_MAPS.has(keyword))
      copy[keyword] = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([name, s]) => [name, strict(s)]),
      );
    else if (SCHEMA_LISTS.has(keyword)) copy[keyword] = (value as Schema[]).map(strict);
    else if (SCHEMA_VALUES.has(keyword) && typeof value === 'object' && value !== null)
      copy[keyword] = strict(value as Schema);
    else copy[keyword] = value;
  }
  if (
    copy.properties &&
    copy.additionalProperties === undefined &&
    copy.unevaluatedProperties === undefined
  )
    copy.additionalProperties = false;
  return copy;
}

/** One validator per document (OpenAPI 3.1 schemas are JSON Schema 2020-12), compiled once per schema. */
const validators = new WeakMap<
  OpenApiDoc,
  { ajv: Ajv2020; compiled: Map<Schema, ValidateFunction> }
>();

function validatorFor(doc: OpenApiDoc, schema: Schema): ValidateFunction {
  let entry = validators.get(doc);
  if (!entry) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addKeyword('example');
    const components = Object.fromEntries(
      Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => [name, strict(s)]),
    );
    ajv.addSchema({ $id: COMPONENTS, $defs: components });
    entry = { ajv, compiled: new Map() };
    validators.set(doc, entry);
  }
  let validate = entry.compiled.get(schema);
  if (!validate) entry.compiled.set(schema, (validate = entry.ajv.compile(strict(schema))));
  return validate;
}

/** Every way a value breaks a documented schema, as `$/path: message`; none when it conforms. */
function checkSchema(doc: OpenApiDoc, schema: Schema, value: unknown): string[] {
  const validate = validatorFor(doc, schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => {
    const member =
      error.keyword === 'additionalProperties' ? `/${String(error.params.additionalProperty)}` : '';
    return `$${error.instancePath}${member}: ${error.message ?? error.keyword}`;
  });
}

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
  // A download documented as any type (`*/*`) is bytes: there is no schema to check them against.
  if (!response.content?.[mediaType] && response.content?.['*/*']) return [];
  const media = response.content?.[mediaType];
  if (!media)
    return [
      `${where}: content type "${mediaType}" not documented (${Object.keys(response.content ?? {}).join(', ') || 'none'})`,
    ];
  return checkSchema(doc, media.schema, record.body).map((e) => `${where}: ${e}`);
}

/** The documented operations (`METHOD template`) these records exercised. */
export function exercised(doc: OpenApiDoc, records: RecordedResponse[]): Set<string> {
  const seen = new Set<string>();
  for (const record of records) {
    const template = matchPath(doc, record.path);
    if (template && doc.paths[template]?.[record.method.toLowerCase()])
      seen.add(`${record.method.toUpperCase()} ${template}`);
  }
  return seen;
}

export function documentedOperations(doc: OpenApiDoc): string[] {
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${template}`),
  );
}

/** Fetches the app's own document and returns every disagreement with the recorded responses. */
export async function conformanceErrors(
  app: { request(path: string): Response | Promise<Response> },
  records: RecordedResponse[],
) {
  const doc = (await (await app.request('/openapi.json')).json()) as OpenApiDoc;
  return records.flatMap((record) => checkResponse(doc, record));
}
