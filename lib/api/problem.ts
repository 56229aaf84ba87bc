import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from '@hono/zod-openapi';
import type { DomainError, ErrorKind } from '@/lib/errors';
import { currentRequestId } from '@/lib/log';

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: 'about:blank#validation' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string().optional().openapi({ description: 'Invopop-compatible machine code' }),
    key: z
      .string()
      .optional()
      .openapi({ description: 'Invopop-compatible error key (same as code)' }),
    message: z.string().optional().openapi({ description: 'Invopop-compatible human message' }),
    fields: z.record(z.string(), z.unknown()).optional().openapi({
      description:
        'Invopop-compatible field errors, nested like the request (e.g. {"data":{"tax_id":{"code":"…"}}})',
    }),
    arca_codes: z
      .record(z.string(), z.number().int())
      .optional()
      .openapi({
        description:
          'Per field (dotted path, as in `fields`), the ARCA WSFEv1 rejection code its problem prevents',
        example: { 'data.customer.tax_id.code': 10015 },
      }),
    request_id: z.string().optional().openapi({
      description:
        "The request's id, as in the X-Request-Id header and the server's log lines: quote it when reporting a problem",
      example: '0b8e4f7e-5f7c-4a61-9d1e-3a2b6c9d8e7f',
    }),
  })
  .openapi('Problem');

type Problem = z.infer<typeof ProblemSchema>;

const TITLES: Record<number, { title: string; code: string }> = {
  400: { title: 'Bad request', code: 'bad_request' },
  401: { title: 'Unauthorized', code: 'unauthorized' },
  403: { title: 'Forbidden', code: 'forbidden' },
  404: { title: 'Not found', code: 'not_found' },
  405: { title: 'Method not allowed', code: 'method_not_allowed' },
  409: { title: 'Conflict', code: 'conflict' },
  413: { title: 'Payload too large', code: 'payload_too_large' },
  415: { title: 'Unsupported media type', code: 'unsupported_media_type' },
  422: { title: 'Validation failed', code: 'validation' },
  429: { title: 'Too many requests', code: 'too_many_requests' },
  500: { title: 'Internal server error', code: 'internal' },
  503: { title: 'Service unavailable', code: 'unavailable' },
};

/**
 * Builds an RFC 9457 problem that also carries Invopop's `code`, `message` and `fields`, and the id
 * of the request being answered.
 */
export function problem(
  status: number,
  detail?: string,
  fields?: Record<string, string>,
  arcaCodes?: Record<string, number>,
): Problem {
  const known = TITLES[status] ?? { title: 'Error', code: 'error' };
  const requestId = currentRequestId();
  return {
    type: `about:blank#${known.code}`,
    title: known.title,
    status,
    ...(detail ? { detail } : {}),
    code: known.code,
    key: known.code,
    message: detail ?? known.title,
    ...(fields ? { fields: nestFields(fields) } : {}),
    ...(arcaCodes ? { arca_codes: arcaCodes } : {}),
    ...(requestId ? { request_id: requestId } : {}),
  };
}

/** `{"data.tax_id.code": "…"}` → `{data: {tax_id: {code: "…"}}}`, the shape Invopop's clients read. */
function nestFields(flat: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] === 'string') break;
      node = (node[part] ??= {}) as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    if (node[last] === undefined) node[last] = message;
  }
  return root;
}

export function problemResponse(
  c: Context,
  status: number,
  detail?: string,
  fields?: Record<string, string>,
) {
  return c.body(JSON.stringify(problem(status, detail, fields)), status as ContentfulStatusCode, {
    'content-type': 'application/problem+json',
  });
}

/** The HTTP status of each kind of refusal: the API is the only place that knows statuses. */
const STATUS_OF_KIND: Record<ErrorKind, ContentfulStatusCode> = {
  invalid: 422,
  not_found: 404,
  conflict: 409,
  precondition: 422,
  forbidden: 403,
  rate_limited: 429,
  unavailable: 503,
};

/** The one mapping of a DomainError to problem+json: the kind picks the status, the detail and fields go as they are. */
export function problemOf(error: DomainError): Problem {
  return problem(STATUS_OF_KIND[error.kind], error.message, error.fields, error.arcaCodes);
}

export function domainErrorResponse(c: Context, error: DomainError) {
  const body = problemOf(error);
  return c.body(JSON.stringify(body), body.status as ContentfulStatusCode, {
    'content-type': 'application/problem+json',
  });
}
