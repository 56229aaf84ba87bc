import type { z } from 'zod';
import { goblInvoiceSchema, type GoblInvoice } from './invoice-schema';
import { formatPath } from './format-path';
import {
  isInvoiceProblemCode,
  type InvoiceProblem,
  type InvoiceProblemCode,
  type InvoiceResult,
} from './invoice-problem';

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let here = data;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

function codeOf(issue: z.core.$ZodIssue, data: unknown): InvoiceProblemCode {
  if (issue.code === 'custom' && isInvoiceProblemCode(issue.message)) return issue.message;
  if (issue.code === 'invalid_type')
    return valueAt(data, issue.path) === undefined ? 'required' : 'invalid_type';
  if (issue.code === 'too_small') return issue.origin === 'array' ? 'too_few' : 'required';
  if (issue.code === 'invalid_value' || issue.code === 'invalid_format') return 'invalid_value';
  // A union (amount as string or number) that matched neither: the type is wrong.
  if (issue.code === 'invalid_union')
    return valueAt(data, issue.path) === undefined ? 'required' : 'invalid_type';
  return 'invalid_value';
}

/** Reads a GOBL invoice; every bad or unknown field becomes one problem naming its path. */
export function parseInvoice(data: unknown): InvoiceResult<GoblInvoice> {
  const parsed = goblInvoiceSchema.safeParse(data);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems: InvoiceProblem[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        problems.push({ path: formatPath([...issue.path, key]), code: 'unknown_field' });
    } else {
      problems.push({ path: formatPath(issue.path), code: codeOf(issue, data) });
    }
  }
  return { ok: false, problems };
}
