import { OpenAPIHono } from '@hono/zod-openapi';
import type { Db } from '@/lib/db';
import type { ApiPrincipal } from '@/lib/workspaces';
import { problemResponse } from './problem';

export type ApiEnv = { Variables: { db: Db; principal: ApiPrincipal } };

/** A router whose request validation failures answer 422 problem+json naming each bad field. */
export function newRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const unknown =
        result.target === 'query'
          ? 'is not a parameter of this endpoint'
          : 'is not a field of this request';
      const fields = Object.fromEntries(
        result.error.issues.flatMap((i) =>
          i.code === 'unrecognized_keys'
            ? i.keys.map((k) => [[...i.path, k].join('.'), unknown])
            : [[i.path.join('.') || 'body', i.message]],
        ),
      );
      return problemResponse(c, 422, 'The request has invalid fields.', fields);
    },
  });
}

export const bearerSecurity = [{ bearerAuth: [] }];
