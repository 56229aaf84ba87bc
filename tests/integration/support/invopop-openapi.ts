import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { RecordedResponse } from './api-harness';
import { checkResponse, type OpenApiDoc } from './openapi-check';

// Invopop's published documents, read from ../shared beside the repository (never copied in).
const FOLDER = path.resolve('../shared/invopop-openapi');
const FILES = ['silo_v1.yaml', 'transform_v1.yaml', 'utils_v1.yaml'];

/** Why Invopop's documents cannot be read here, or undefined when they are all there. */
export const missingInvopopOpenApi = () =>
  FILES.every((f) => existsSync(path.join(FOLDER, f)))
    ? undefined
    : `skipped: ../shared/invopop-openapi/{${FILES.join(',')}} not found beside the repository`;

let docs: OpenApiDoc[] | undefined;

/** Invopop's OpenAPI 3.0 `nullable` said as JSON Schema, so the shared checker reads it. */
function withNulls(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNulls);
  if (!schema || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const copy = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, withNulls(v)]));
  return nullable && typeof copy.type === 'string' ? { ...copy, type: [copy.type, 'null'] } : copy;
}

/** Every way these recorded responses break Invopop's own schemas for the same operations. */
export function invopopConformanceErrors(records: RecordedResponse[]): string[] {
  docs ??= FILES.map(
    (f) => withNulls(parse(readFileSync(path.join(FOLDER, f), 'utf8'))) as OpenApiDoc,
  );
  return records.flatMap((record) => {
    // Invopop documents successes only; the errors are ours (problem+json), checked elsewhere.
    if (record.status >= 300) return [];
    return docs!.flatMap((doc) =>
      checkResponse(doc, record).filter((e) => !e.includes('status not documented')),
    );
  });
}
