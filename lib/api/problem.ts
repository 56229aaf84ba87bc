import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from '@hono/zod-openapi';

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: 'https://arca-registration.dev/problems/validation' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string().optional().openapi({ description: 'Invopop-compatible machine code' }),
    message: z.string().optional().openapi({ description: 'Invopop-compatible human message' }),
    fields: z.record(z.string(), z.string()).optional().openapi({ description: 'Invopop-compatible field errors' }),
  })
  .openapi('Problem');

export type Problem = z.infer<typeof ProblemSchema>;

const TITLES: Record<number, { title: string; code: string }> = {
  400: { title: 'Bad request', code: 'bad_request' },
  401: { title: 'Unauthorized', code: 'unauthorized' },
  404: { title: 'Not found', code: 'not_found' },
  405: { title: 'Method not allowed', code: 'method_not_allowed' },
  409: { title: 'Conflict', code: 'conflict' },
  413: { title: 'Payload too large', code: 'payload_too_large' },
  415: { title: 'Unsupported media type', code: 'unsupported_media_type' },
  422: { title: 'Validation failed', code: 'validation' },
  429: { title: 'Too many requests', code: 'too_many_requests' },
  500: { title: 'Internal server error', code: 'internal' },
};

/** Builds an RFC 9457 problem that also carries Invopop's `code`, `message` and `fields`. */
export function problem(status: number, detail?: string, fields?: Record<string, string>): Problem {
  const known = TITLES[status] ?? { title: 'Error', code: 'error' };
  return {
    type: `about:blank#${known.code}`,
    title: known.title,
    status,
    ...(detail ? { detail } : {}),
    code: known.code,
    message: detail ?? known.title,
    ...(fields ? { fields } : {}),
  };
}

export function problemResponse(c: Context, status: number, detail?: string, fields?: Record<string, string>) {
  return c.body(JSON.stringify(problem(status, detail, fields)), status as ContentfulStatusCode, {
    'content-type': 'application/problem+json',
  });
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
