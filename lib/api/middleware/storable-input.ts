import type { Context } from 'hono';
import type { ApiEnv } from '../context';
import { problemResponse } from '../problem';
import { findUnstorable, mayBeUnstorable, unstorableText } from '@/lib/storable';

/**
 * Refuses (422, naming the field) query parameters and JSON bodies holding text the database cannot
 * store or nesting deeper than it is sensible to process. A body that is not JSON is left to the
 * route's validator (400).
 */
export async function refuseUnstorableInput(c: Context<ApiEnv>): Promise<Response | undefined> {
  // Most requests have no query: no URL to parse then.
  const url = c.req.url;
  const query = url.indexOf('?');
  for (const [name, value] of query < 0 ? [] : new URLSearchParams(url.slice(query + 1))) {
    const problem = unstorableText(name) ?? unstorableText(value);
    if (problem) return refuse(c, JSON.stringify(name).slice(1, -1), problem);
  }
  if (BODY_METHODS.has(c.req.method)) {
    // Hono keeps the text for the route's validator, which parses it: a good body is parsed once.
    const text = await c.req.text().catch(() => undefined);
    if (text === undefined)
      return problemResponse(c, 400, 'The request body was cut off before its end.');
    const parsed = mayBeUnstorable(text) ? parseJson(text) : { ok: false as const };
    if (parsed.ok) {
      const found = findUnstorable(parsed.value);
      if (found) return refuse(c, found.path, found.message);
    }
  }
  return undefined;
}
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const refuse = (c: Context<ApiEnv>, field: string, message: string) =>
  problemResponse(c, 422, `The request has a field that cannot be stored: ${field} ${message}.`, {
    [field]: message,
  });

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
