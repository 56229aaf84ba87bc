import type { ErrorObject } from 'ajv';
import { goblValidator } from './gobl-schemas';

/** Why a field does not fit GOBL's schema. */
export type SchemaProblemCode =
  | 'unknown_field'
  | 'required'
  | 'invalid_type'
  | 'invalid_value'
  | 'invalid_decimal'
  | 'invalid_percent'
  | 'invalid_date';

export interface SchemaProblem {
  /** The field, as a reader writes it: `lines[2].item.price`. */
  path: string;
  code: SchemaProblemCode;
}

// A more specific problem at a path wins over a vaguer one at the same path.
const RANK: Record<SchemaProblemCode, number> = {
  unknown_field: 0,
  required: 1,
  invalid_type: 2,
  invalid_decimal: 3,
  invalid_percent: 3,
  invalid_date: 3,
  invalid_value: 4,
};

const FORMAT_CODES: [RegExp, SchemaProblemCode][] = [
  [/num\/amount|num\.Amount/, 'invalid_decimal'],
  [/num\/percentage|num\.Percentage/, 'invalid_percent'],
  [/cal\/date|cal\.Date/, 'invalid_date'],
];

function readablePath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, part) => {
      if (/^\d+$/.test(part)) return `${out}[${part}]`;
      return out === '' ? part : `${out}.${part}`;
    }, '');
}

function problemOf(error: ErrorObject): SchemaProblem | undefined {
  const at = readablePath(error.instancePath);
  const join = (field: string) => (at === '' ? field : `${at}.${field}`);
  switch (error.keyword) {
    case 'additionalProperties':
      return { path: join(String(error.params.additionalProperty)), code: 'unknown_field' };
    case 'required':
      return { path: join(String(error.params.missingProperty)), code: 'required' };
    case 'type':
      return { path: at, code: 'invalid_type' };
    // Which branch of a choice was meant is told by the branch's own errors.
    case 'anyOf':
    case 'oneOf':
    case 'if':
      return undefined;
    default: {
      const format = FORMAT_CODES.find(([pattern]) => pattern.test(error.schemaPath));
      return { path: at, code: format?.[1] ?? 'invalid_value' };
    }
  }
}

/**
 * Checks a document against the GOBL schema named by `schemaId`, as a client writes it (fields GOBL
 * calculates may be left out). Answers every problem, one per field, or an empty list.
 */
export function validateGoblDocument(value: unknown, schemaId: string): SchemaProblem[] {
  const validate = goblValidator(schemaId);
  if (!validate) return [{ path: '$schema', code: 'invalid_value' }];
  // The document's own `$schema` names the schema it is checked against; GOBL's types leave it out.
  const body =
    value && typeof value === 'object' && !Array.isArray(value) && '$schema' in value
      ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== '$schema'))
      : value;
  if (validate(body)) return [];
  const byPath = new Map<string, SchemaProblem>();
  for (const error of validate.errors ?? []) {
    const problem = problemOf(error);
    if (!problem) continue;
    const held = byPath.get(problem.path);
    if (!held || RANK[problem.code] < RANK[held.code]) byPath.set(problem.path, problem);
  }
  // A choice that failed with no branch saying why (a `const` list) is a bad value.
  if (byPath.size === 0)
    for (const error of validate.errors ?? [])
      byPath.set(readablePath(error.instancePath), {
        path: readablePath(error.instancePath),
        code: 'invalid_value',
      });
  return [...byPath.values()];
}
